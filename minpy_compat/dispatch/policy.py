"""Which backend runs an op: dispatch policies (MinPy's names), per thread.

A policy is a small object with one method, ``choose(name, has_mxnet)``, that
returns ``'mxnet'`` or ``'numpy'``. ``run_op`` asks it for every facade call once
the dispatcher is engaged (see ``_switch``); MXNet runs only where the op has an
MXNet implementation that gives NumPy's answer for these arguments.

>>> import minpy_compat.numpy as np
>>> from minpy_compat.dispatch.policy import wrap_policy
>>> with wrap_policy('only_numpy'):
...     float(np.sum(np.ones(3)))
3.0
"""
import json
import os
import threading

from ..errors import BackendError, PolicyError, PolicyTypeError, message
from . import _switch
from .stats import record_op_stat, show_op_stat

_local = threading.local()
PrimitivePolicyError = PolicyError  # MinPy's name (a ValueError, as MinPy's was)


class Policy:
    """Base class: ``choose(name, has_mxnet) -> 'mxnet' | 'numpy'``."""

    name = "policy"
    uses_mxnet = True  # False: MXNet is never imported for this policy
    learns = False     # True: an MXNet failure falls back to NumPy and is remembered

    def choose(self, name, has_mxnet):
        raise NotImplementedError

    def __repr__(self):
        return f"<{type(self).__name__} {self.name!r}>"

    # MinPy put the op statistics on the policy too.
    record_op_stat = staticmethod(record_op_stat)
    show_op_stat = staticmethod(show_op_stat)

    def __enter__(self):
        previous = get_global_policy()
        set_global_policy(self)  # may refuse (no MXNet): then no scope is left to unwind
        _scopes().append(previous)
        return self

    def __exit__(self, *exc):
        set_global_policy(_scopes().pop())
        return False


class PreferMXNetPolicy(Policy):
    """MXNet where it has the op for these arguments, NumPy otherwise."""

    name = "prefer_mxnet"

    def choose(self, name, has_mxnet):
        return "mxnet" if has_mxnet else "numpy"


class OnlyNumPyPolicy(Policy):
    """Always NumPy (MXNet is never imported)."""

    name = "only_numpy"
    uses_mxnet = False

    def choose(self, name, has_mxnet):
        return "numpy"


class OnlyMXNetPolicy(Policy):
    """Always MXNet; an op MXNet cannot run here is refused, naming the op."""

    name = "only_mxnet"

    def choose(self, name, has_mxnet):
        if not has_mxnet:
            raise self.refusal(name)
        return "mxnet"

    @staticmethod
    def refusal(name, reason=None):
        """The PolicyError refusing ``numpy.name``; ``reason``: why MXNet cannot run these
        arguments (``'argument 1 of dtype uint16; ...'``), where the op has an MXNet
        implementation for others."""
        got = f"{name}, which runs only in NumPy " + ("here" if reason is None else
                                                       f"for {reason}")
        error = PolicyError(message(
            f"numpy.{name} under the only_mxnet policy",
            "an op with an MXNet implementation for these arguments", got,
            "Use set_global_policy('prefer_mxnet') to fall back to NumPy, or "
            "wrap_policy('only_numpy') around this call."))
        error.op = name  # a call made of ops (np.add.at) names itself, and this one
        return error


class DefaultPolicy(Policy):
    """NumPy on a CPU context (NumPy's speed and exact results), MXNet first on a GPU."""

    name = "default"

    def choose(self, name, has_mxnet):
        from ..context import current_context
        gpu = current_context().device_type == "gpu"
        return "mxnet" if gpu and has_mxnet else "numpy"


class AutoBlacklistPolicy(Policy):
    """Try MXNet; when it fails for an op and argument signature, use NumPy from then on.

    ``save_rules(path)`` / ``load_rules(path)`` keep the learned rules in a JSON file;
    ``AutoBlacklistPolicy(rules_file=path)`` loads them if the file exists.
    """

    name = "auto_blacklist"
    learns = True

    def __init__(self, rules_file=None):
        self.rules = set()
        if rules_file is not None and os.path.exists(rules_file):
            self.load_rules(rules_file)

    def choose(self, name, has_mxnet):
        return "mxnet" if has_mxnet else "numpy"

    def blacklisted(self, key):
        return key in self.rules

    def learn(self, key):
        self.rules.add(key)

    def save_rules(self, path):
        with open(path, "w") as file:
            json.dump({"minpy_compat_blacklist": sorted(self.rules)}, file, indent=1)

    def load_rules(self, path):
        with open(path) as file:
            data = json.load(file)
        rules = data.get("minpy_compat_blacklist") if isinstance(data, dict) else None
        if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
            raise BackendError(message(f"AutoBlacklistPolicy.load_rules({path!r})",
                                       "a file written by save_rules", "other JSON"))
        self.rules.update(rules)


_NAMES = {"prefer_mxnet": PreferMXNetPolicy, "only_numpy": OnlyNumPyPolicy,
          "only_mxnet": OnlyMXNetPolicy, "auto_blacklist": AutoBlacklistPolicy,
          "default": DefaultPolicy}
_DEFAULT = DefaultPolicy()


def create(policy):
    """A policy from a name (``'prefer_mxnet'``, ...) or a Policy object."""
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, str) and policy in _NAMES:
        return _DEFAULT if policy == "default" else _NAMES[policy]()
    # MinPy raised TypeError for anything but a name or a policy; a bad name stays a ValueError
    error = BackendError if isinstance(policy, str) else PolicyTypeError
    raise error(message("policy", f"one of {sorted(_NAMES)} or a Policy object",
                        repr(policy), "Pass a name such as 'only_numpy', or a policy "
                        "such as OnlyNumPyPolicy()."))


def _scopes():
    scopes = getattr(_local, "scopes", None)
    if scopes is None:
        scopes = _local.scopes = []
    return scopes


def get_global_policy():
    """The calling thread's policy (``DefaultPolicy`` unless set)."""
    return getattr(_local, "policy", _DEFAULT)


def set_global_policy(policy):
    """Set the calling thread's policy; a name or a Policy object (MinPy's name, per thread:
    other threads, running or started later, keep theirs, ``DefaultPolicy`` unless set).

    MXNet policies need MXNet: without it this raises ImportError with the install command.
    """
    policy = create(policy)
    if policy.uses_mxnet and not isinstance(policy, DefaultPolicy):
        from ..backends.mxnet_backend import require_mxnet
        require_mxnet(f"set_global_policy({policy.name!r})")
    _local.policy = policy
    _switch.need("policy", policy is not _DEFAULT)


class wrap_policy:  # noqa: N801  (MinPy's name; a decorator and a with-block)
    """Run a function or a ``with`` block under ``policy``; the old one comes back after.

    >>> from minpy_compat.dispatch.policy import wrap_policy
    >>> @wrap_policy('only_numpy')
    ... def f():
    ...     return get_global_policy().name
    >>> f()
    'only_numpy'
    """

    def __init__(self, policy):
        self.policy = create(policy)

    def __enter__(self):
        return self.policy.__enter__()

    def __exit__(self, *exc):
        return self.policy.__exit__(*exc)

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            with self.policy:
                return func(*args, **kwargs)
        return wrapped


from .run import METADATA, getitem, run_op, signature  # noqa: E402,F401  (the dispatcher)


__all__ = ["Policy", "PreferMXNetPolicy", "OnlyNumPyPolicy", "OnlyMXNetPolicy",
           "AutoBlacklistPolicy", "DefaultPolicy", "PrimitivePolicyError", "create",
           "get_global_policy", "set_global_policy", "wrap_policy", "record_op_stat",
           "show_op_stat", "run_op"]
