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

import autograd.tracer as _tracer
import numpy as onp

from ..array import wrap
from ..errors import BackendError, PolicyError, message
from . import _switch
from .stats import STATS, record_op_stat, show_op_stat

_local = threading.local()


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
        _scopes().append(get_global_policy())
        set_global_policy(self)
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
            raise PolicyError(message(
                f"numpy.{name} under the only_mxnet policy",
                "an op with an MXNet implementation for these arguments",
                f"{name}, which runs only in NumPy here",
                "Use set_global_policy('prefer_mxnet') to fall back to NumPy, or "
                "wrap_policy('only_numpy') around this call."))
        return "mxnet"


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
        if not isinstance(rules, list):
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
    raise BackendError(message("policy", f"one of {sorted(_NAMES)} or a Policy object",
                               repr(policy)))


def _scopes():
    scopes = getattr(_local, "scopes", None)
    if scopes is None:
        scopes = _local.scopes = []
    return scopes


def get_global_policy():
    """The calling thread's policy (``DefaultPolicy`` unless set)."""
    return getattr(_local, "policy", _DEFAULT)


def set_global_policy(policy):
    """Set the calling thread's policy; a name or a Policy object (MinPy's name, per thread).

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


# ---- the dispatcher --------------------------------------------------------------------------
_table = None  # the MXNet op table module, imported on the first MXNet dispatch


def _mxnet_table():
    global _table
    if _table is None:
        from ..backends import mxnet_ops
        _table = mxnet_ops
    return _table


def signature(name, args):
    """An op's argument signature for blacklist rules, e.g. ``dot(float32[2],float32[1])``."""
    from autograd.tracer import getval

    def one(value):
        raw = getval(value)
        if type(raw) in (list, tuple):
            return "[" + ",".join(one(v) for v in raw) + "]"
        dtype = getattr(raw, "dtype", None)
        if dtype is None:
            return type(raw).__name__
        return f"{dtype}[{len(getattr(raw, 'shape', ()))}]"
    return f"{name}({','.join(one(a) for a in args)})"


# Functions that read metadata (shapes, dtypes, memory), not array data: no backend runs
# them, so every policy allows them (only_mxnet too), and they are not counted as ops.
METADATA = frozenset(getattr(onp, name) for name in (
    "shape", "ndim", "size", "alen", "result_type", "min_scalar_type", "can_cast",
    "promote_types", "common_type", "mintypecode", "find_common_type", "issubdtype",
    "issubsctype", "obj2sctype", "iscomplexobj", "isrealobj", "isscalar", "isfortran",
    "iterable", "may_share_memory", "shares_memory", "broadcast_shapes") if hasattr(onp, name))


def run_op(raw, traced, args, kwargs):
    """Run one facade call under the calling thread's policy; count it. A metadata query
    runs as it is, under every policy."""
    if raw in METADATA:
        return wrap((traced or raw)(*args, **kwargs))
    policy = getattr(_local, "policy", _DEFAULT)
    name = raw if type(raw) is str else getattr(raw, "__name__", "op")
    adapter = None
    if policy.uses_mxnet and (policy is not _DEFAULT or _gpu()):
        adapter = (_table or _mxnet_table()).TABLE.get(raw)
        if adapter is not None and _higher_order(policy, name):
            adapter = None
    key = signature(name, args) if policy.learns and adapter is not None else None
    if key is not None and policy.blacklisted(key):
        adapter = None
    result = _FAILED
    if adapter is not None and policy.choose(name, True) == "mxnet":
        result = _try_mxnet(policy, adapter, args, kwargs, key)
        if result is not _FAILED and result is not _INVALID:
            STATS.count(name, "mxnet")
            return result
    if result is not _INVALID:
        policy.choose(name, False)  # OnlyMXNetPolicy refuses here
    STATS.count(name, "numpy")
    return wrap((traced or raw)(*_numpy_data(args), **kwargs))


def _numpy_data(args):
    """MXArray and raw NDArray arguments as NumPy data (counted copies), so NumPy never calls
    their methods (NumPy reads an NDArray as a nested sequence: an object array)."""
    from ..backends.mxnet_array import MXArray
    from ..backends.mxnet_backend import _is_ndarray
    if not any(type(a) is MXArray or type(a) is list or _is_ndarray(a) for a in args):
        return args

    def plain(value):
        if type(value) is MXArray:
            return onp.asarray(value)
        return onp.asarray(MXArray(value)) if _is_ndarray(value) else value
    return tuple([plain(v) for v in a] if type(a) is list else plain(a) for a in args)


_FAILED = object()   # MXNet cannot run these arguments: NumPy runs (if the policy allows)
_INVALID = object()  # NumPy refuses them too: NumPy runs under every policy, for its error


def _try_mxnet(policy, adapter, args, kwargs, key):
    table = _table or _mxnet_table()
    try:
        return adapter(*args, **kwargs)
    except table.Invalid:
        return _INVALID
    except table.Unsupported:
        return _FAILED
    except table.mx.base.MXNetError:
        if not policy.learns:
            raise
        policy.learn(key)
        return _FAILED


def _higher_order(policy, name):
    """Whether a gradient of a gradient is being traced (two traces open on this thread):
    MXNet implementations have first-order gradients only, so NumPy runs the op (or,
    under only_mxnet, the op is refused with this reason)."""
    if _tracer.trace_stack.top < 1:
        return False
    if isinstance(policy, OnlyMXNetPolicy):
        raise PolicyError(message(
            f"numpy.{name} under the only_mxnet policy", "a first-order gradient (MXNet ops "
            "have first-order gradients only)", "a gradient of a gradient being traced",
            "Use wrap_policy('prefer_mxnet'), which runs such ops in NumPy, or 'only_numpy'."))
    return True


def _gpu():
    from ..context import current_context
    return current_context().device_type == "gpu"


def getitem(value, index):
    """``value[index]`` for values that live in MXNet (MXArray) under the policy."""
    policy = get_global_policy()
    if policy.uses_mxnet and (policy is not _DEFAULT or _gpu()) and \
            not _higher_order(policy, "getitem"):
        if policy.choose("getitem", True) == "mxnet":
            result = _try_mxnet(policy, _mxnet_table().TABLE["getitem"], (value, index), {},
                                signature("getitem", (value,)))
            if result is not _FAILED and result is not _INVALID:
                STATS.count("getitem", "mxnet")
                return result
            if result is not _INVALID:
                policy.choose("getitem", False)
        else:
            policy.choose("getitem", False)
    STATS.count("getitem", "numpy")
    from .numpy_getitem import numpy_getitem
    return numpy_getitem(value, index)


__all__ = ["Policy", "PreferMXNetPolicy", "OnlyNumPyPolicy", "OnlyMXNetPolicy",
           "AutoBlacklistPolicy", "DefaultPolicy", "create", "get_global_policy",
           "set_global_policy", "wrap_policy", "record_op_stat", "show_op_stat", "run_op"]
