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
import functools
import inspect
import threading

from ..errors import BackendError, PolicyError, PolicyTypeError, message
from . import _switch
from .stats import record_op_stat, show_op_stat

_local = threading.local()
_blacklist_lock = threading.Lock()
PrimitivePolicyError = PolicyError  # MinPy's name (a ValueError, as MinPy's was)


class Policy:
    """Base class: ``choose(name, has_mxnet) -> 'mxnet' | 'numpy'``.

    A subclass ported from MinPy may define ``decide(candidates)`` instead: it is asked
    with MinPy's candidate list (``minpy_decide``).
    """

    name = "policy"
    uses_mxnet = True  # False: MXNet is never imported for this policy
    learns = False     # True: blacklist rules apply (blacklisted(key), learn(key))
    gen_rule = True    # with learns: an MXNet failure falls back to NumPy and is learned

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "decide" in vars(cls) and "choose" not in vars(cls):
            from .minpy_decide import bridge
            bridge(cls)

    def __new__(cls, *args, **kwargs):
        if cls.choose is Policy.choose:
            raise PolicyTypeError(message(
                f"{cls.__name__}()", "a Policy subclass defining choose(name, has_mxnet) "
                "(or MinPy's decide(candidates))", "neither",
                "Define choose to return 'mxnet' or 'numpy' for op name."))
        return super().__new__(cls)

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
        where = "here" if reason is None else f"for {reason}"
        got = f"{name}, which runs only in NumPy {where}"
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


_NAMES = {"prefer_mxnet": PreferMXNetPolicy, "only_numpy": OnlyNumPyPolicy,
          "only_mxnet": OnlyMXNetPolicy, "default": DefaultPolicy}  # + auto_blacklist
_DEFAULT = DefaultPolicy()


def create(policy):
    """A policy from a name (``'prefer_mxnet'``, ...) or a Policy object."""
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, str) and policy in _NAMES:
        if policy == "auto_blacklist":  # one per process, so what it learns is kept (MinPy's
            return _shared_blacklist()  # rules were one set for every thread and scope)
        return _DEFAULT if policy == "default" else _NAMES[policy]()
    # MinPy raised TypeError for anything but a name or a policy; a bad name stays a ValueError
    error = BackendError if isinstance(policy, str) else PolicyTypeError
    raise error(message("policy", f"one of {sorted(_NAMES)} or a Policy object",
                        repr(policy), "Pass a name such as 'only_numpy', or a policy "
                        "such as OnlyNumPyPolicy()."))


_blacklist = []


def _shared_blacklist():
    with _blacklist_lock:
        if not _blacklist:
            _blacklist.append(AutoBlacklistPolicy())
        return _blacklist[0]


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
        policy = self.policy
        if inspect.isasyncgenfunction(func):
            raise PolicyTypeError(message(
                "wrap_policy", "a function, generator function or coroutine function",
                f"the async generator function {func.__qualname__}",
                "Put with wrap_policy(...) around the loop that consumes it."))
        if inspect.isgeneratorfunction(func):
            def wrapped(*args, **kwargs):
                return (yield from _held(policy, func(*args, **kwargs)))
        elif inspect.iscoroutinefunction(func):
            async def wrapped(*args, **kwargs):
                return await _Awaiting(_held(policy, func(*args, **kwargs).__await__()))
        else:
            def wrapped(*args, **kwargs):
                with policy:
                    return func(*args, **kwargs)
        return functools.wraps(func)(wrapped)


def _held(policy, steps):
    """Run a generator (or a coroutine's steps) one step at a time, each under its own
    policy state: ``policy`` and the with-blocks opened in its body, which hold across its
    yields; between steps the caller's state is back."""
    state, step, value = None, steps.send, None
    while True:
        try:
            item, state = _step_in(state, policy, step, value)
        except StopIteration as stop:
            return stop.value
        try:
            value, step = (yield item), steps.send
        except GeneratorExit:
            _step_in(state, policy, lambda unused: steps.close(), None)
            raise
        except BaseException as error:  # thrown in by the caller: into the body it goes
            value, step = error, steps.throw


def _step_in(state, policy, step, value):
    """``step(value)`` under ``state`` (None: a fresh one under ``policy``); returns its
    result and the state it leaves. StopIteration and errors pass through."""
    caller = (get_global_policy(), _scopes())
    _put_state((caller[0], []) if state is None else state)
    try:
        if state is None:
            set_global_policy(policy)
        return step(value), (get_global_policy(), _scopes())
    finally:
        _put_state(caller)


def _put_state(state):
    _local.policy, _local.scopes = state
    _switch.need("policy", state[0] is not _DEFAULT)


class _Awaiting:
    def __init__(self, steps):
        self.steps = steps

    def __await__(self):
        return self.steps


from .blacklist import AutoBlacklistPolicy  # noqa: E402  (a Policy subclass)
from .run import METADATA, getitem, run_op, signature  # noqa: E402,F401  (the dispatcher)
_NAMES["auto_blacklist"] = AutoBlacklistPolicy


__all__ = ["Policy", "PreferMXNetPolicy", "OnlyNumPyPolicy", "OnlyMXNetPolicy",
           "AutoBlacklistPolicy", "DefaultPolicy", "PrimitivePolicyError", "create",
           "get_global_policy", "set_global_policy", "wrap_policy", "record_op_stat",
           "show_op_stat", "run_op"]
