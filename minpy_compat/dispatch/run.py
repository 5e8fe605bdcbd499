"""The dispatcher: runs one facade call on the backend the calling thread's policy picks.

``run_op`` is what ``_switch.run`` becomes once a policy, a GPU context or op statistics
engage the dispatcher; ``getitem`` does the same for ``x[index]`` of a value in MXNet.
MXNet runs only where the op's table entry (``backends.mxnet_ops``) accepts the
arguments; otherwise NumPy runs, on plain data, if the policy allows it.
"""
import sys

import autograd.tracer as _tracer
from autograd.tracer import getval
import numpy as onp

from ..array import wrap
from ..backends.mxnet_array import MXArray
from ..errors import PolicyError, message
from . import _switch
from .policy import _DEFAULT, OnlyMXNetPolicy, _local, get_global_policy
from .numpy_views import views_of_mxarrays
from .rearranged import as_view, rearranging
from .stats import STATS

_table = None  # the MXNet op table module, imported on the first MXNet dispatch


def _mxnet_table(name=None):
    """The MXNet op table (imports MXNet). ``name``: the op a GPU context sends to MXNet
    under the default policy; without MXNet its error names the op and the context."""
    global _table
    if _table is None:
        if name is not None:
            from ..backends.mxnet_backend import require_mxnet
            from ..context import current_context
            require_mxnet(f"numpy.{name} on {current_context()} (a GPU context computes "
                          "through MXNet; use cpu() to stay in NumPy)")
        from ..backends import mxnet_ops
        _table = mxnet_ops
    return _table


def signature(name, args):
    """An op's argument signature for blacklist rules, e.g. ``dot(float32[2],float32[1])``."""
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
    runs as it is, under every policy. ``traced``: the facade's NumPy path (None: ``raw``)."""
    if raw in METADATA:
        return wrap((traced or raw)(*numpy_data(args, mxarrays=False), **kwargs))
    if not _switch.engaged:  # only MXNet is loaded: the default path, reading its NDArrays
        return _on_numpy(traced or raw, args, kwargs)
    policy = getattr(_local, "policy", _DEFAULT)
    name = raw if type(raw) is str else getattr(raw, "__name__", "op")
    adapter = None
    if policy.uses_mxnet and (policy is not _DEFAULT or _gpu()):
        adapter = (_table or _mxnet_table(name)).TABLE.get(raw)
        if adapter is not None and _higher_order(policy, name):
            adapter = None
    key = signature(name, args) if policy.learns and adapter is not None else None
    if key is not None and policy.blacklisted(key):
        adapter = None
    result = _FAILED
    if adapter is not None and policy.choose(name, True) == "mxnet":
        result = _try_mxnet(policy, adapter, args, kwargs, key)
        if type(result) is not _Failed and result is not _INVALID:
            STATS.count(name, "mxnet")
            return _viewing(raw, args, kwargs, result)
    if result is not _INVALID:
        _allow_numpy(policy, name, result)  # OnlyMXNetPolicy refuses here
    STATS.count(name, "numpy")
    return _viewing(raw, args, kwargs, _on_numpy(traced or raw, args, kwargs))


def _viewing(raw, args, kwargs, result):
    """``result``, marked as a view of ``args[0]`` where ``raw`` is one of NumPy's
    rearranging functions and one of them lives in MXNet (``rearranged``)."""
    undo_for = rearranging(raw)
    if undo_for is None or not args or (type(getval(args[0])) is not MXArray and
                                        type(getval(result)) is not MXArray):
        return result
    return as_view(undo_for, args, kwargs, result)


def _on_numpy(function, args, kwargs):
    """``function`` (NumPy's) on plain data; its views of an MXArray's data are MXArrays
    that write into it (``numpy_views``)."""
    plain, kwargs = numpy_data(args), numpy_data(kwargs, mxarrays=False)
    result = wrap(function(*plain, **kwargs))
    if plain is args:  # no MXArray, no NDArray: nothing to view
        return result
    return views_of_mxarrays(function, args, kwargs, result)


_PLAIN = frozenset((onp.ndarray, float, int, bool, complex, str, type(None), slice))
_ndarray_class = None  # mxnet.nd.NDArray, once MXNet is loaded


def _foreign(values, mxarrays):
    """Whether ``values`` (or the lists and tuples among them) hold a raw NDArray, or an
    MXArray if ``mxarrays``."""
    global _ndarray_class
    if _ndarray_class is None:
        _ndarray_class = getattr(getattr(sys.modules.get("mxnet"), "nd", None), "NDArray", ())
    for value in values:
        kind = type(value)
        if kind in _PLAIN:
            continue
        if kind is list or kind is tuple:
            if _foreign(value, mxarrays):
                return True
        elif (mxarrays and kind is MXArray) or isinstance(value, _ndarray_class):
            return True
    return False


def numpy_data(values, mxarrays=True):
    """``values`` (a call's arguments, or its keyword arguments as a dict) with each raw
    NDArray in them, in lists and tuples too, as NumPy data, and each MXArray unless
    ``mxarrays`` is False (counted copies): NumPy reads an NDArray as a nested sequence
    (an object array), and would call an MXArray's methods."""
    if not values or not _foreign(values.values() if type(values) is dict else values,
                                  mxarrays):
        return values

    def plain(value):
        kind = type(value)
        if kind is list or kind is tuple:
            return kind(plain(v) for v in value)
        if kind is MXArray:
            return onp.asarray(value) if mxarrays else value
        return onp.asarray(MXArray(value)) if isinstance(value, _ndarray_class) else value
    if type(values) is dict:
        return {key: plain(value) for key, value in values.items()}
    return tuple(plain(value) for value in values)


class _Failed:
    """MXNet cannot run these arguments: NumPy runs (if the policy allows); ``reason``
    says why (the adapter's ``Unsupported``), or is None."""

    __slots__ = ("reason",)

    def __init__(self, reason=None):
        self.reason = reason


_FAILED = _Failed()  # no MXNet implementation, or MXNet failed (a learning policy)
_INVALID = object()  # NumPy refuses them too: NumPy runs under every policy, for its error


def _allow_numpy(policy, name, failed):
    """Ask ``policy`` whether NumPy may run ``name``: OnlyMXNetPolicy refuses, naming the
    argument MXNet cannot hold where the adapter said which (``failed.reason``)."""
    if failed.reason is not None and isinstance(policy, OnlyMXNetPolicy):
        raise policy.refusal(name, failed.reason)
    policy.choose(name, False)


def _try_mxnet(policy, adapter, args, kwargs, key):
    table = _table or _mxnet_table()
    try:
        return adapter(*args, **kwargs)
    except table.Invalid:
        return _INVALID
    except table.Unsupported as unsupported:
        return _Failed(str(unsupported) or None)
    except table.mx.base.MXNetError:
        if not (policy.learns and policy.gen_rule):
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
            if type(result) is not _Failed and result is not _INVALID:
                STATS.count("getitem", "mxnet")
                return result
            if result is not _INVALID:
                _allow_numpy(policy, "getitem", result)
        else:
            policy.choose("getitem", False)
    STATS.count("getitem", "numpy")
    from .numpy_getitem import numpy_getitem
    return numpy_getitem(value, index)
