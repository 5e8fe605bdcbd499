"""The MXNet backend: custom ops see ``mxnet.nd.NDArray``s. MXNet loads on first use.

This is the only module that imports MXNet (``require_mxnet``); everything else
asks it for the module object. It converts values at the edges of MXNet code:

* ``to_backend`` gives an op its arguments as NDArrays on the current context,
  keeping the dtype (``mx.nd.array`` would make float64 data float32). Values
  that already live in MXNet (``MXArray``) are handed over without a copy.
* ``from_backend`` turns an op's NDArray results into ``MXArray``s, so the next
  MXNet op takes them as they are: a chain of MXNet ops never visits NumPy.
* Every NumPy<->MXNet copy goes through ``copy_to_mxnet`` / ``copy_to_numpy`` and is
  counted (and timed) in ``COPIES``; ``show_op_stat()`` reports it.

MXNet's legacy NDArrays have no 0-d shape and no bool comparisons, so an op
may return ``logical(nd, shape=(), dtype=bool)``; the ``MXArray`` then reports
NumPy's shape and dtype while the NDArray keeps MXNet's.
"""
import sys
import time

import numpy as onp
from autograd.tracer import getval, isbox

from ..errors import MXNET_INSTALL, BackendError, ContextError, MXNetUnavailableError, message

NAME = "mxnet"
FLOATS = frozenset(map(onp.dtype, (onp.float16, onp.float32, onp.float64)))  # MXNet's floats
_NUMBERS = (bool, int, float, complex)  # Python's: an op returning one gives a 0-d array
_mx = None


def require_mxnet(where="minpy_compat"):
    """Import MXNet, or raise an ImportError that gives the install command."""
    global _mx
    if _mx is None:
        try:
            import mxnet
        except ImportError as err:
            raise MXNetUnavailableError(message(
                where, "MXNet to be importable", f"ImportError ({err})",
                f"Install it with: {MXNET_INSTALL}")) from None
        _mx = mxnet
    return _mx


_MXNET_CONTEXTS = {}  # our cpu contexts -> MXNet's (asked for on every MXNet op)


def mxnet_context(ctx):
    """``ctx`` as an ``mxnet.Context``; a GPU context without a GPU is refused here."""
    if ctx.device_type == "cpu":
        known = _MXNET_CONTEXTS.get(ctx)
        if known is None:
            known = _MXNET_CONTEXTS[ctx] = require_mxnet("Context.as_mxnet_context").cpu(
                ctx.device_id)
        return known
    mx = require_mxnet("Context.as_mxnet_context")
    _check_gpu(mx, ctx)
    return mx.gpu(ctx.device_id)


def _check_gpu(mx, ctx):
    if not mx.runtime.Features().is_enabled("CUDA"):
        raise ContextError(message(
            f"computing on {ctx}", "an MXNet build with CUDA",
            f"a CPU-only build (mxnet {mx.__version__}): no GPU is available",
            "Compute on cpu(), or on a machine with an NVIDIA GPU install MXNet's CUDA build "
            f"for your CUDA version (pip install mxnet-cu112=={mx.__version__}) in place of "
            "mxnet."))
    have = mx.context.num_gpus()
    if ctx.device_id >= have:
        raise ContextError(message(
            f"computing on {ctx}", f"a GPU with id {ctx.device_id}",
            "no GPU is available to MXNet" if have == 0 else f"only {have} GPU(s)",
            f"Compute on cpu(){'' if have == 0 else f' or gpu(0)..gpu({have - 1})'}, or "
            "check CUDA_VISIBLE_DEVICES and the GPU driver."))


def current_mxnet_context():
    return mxnet_context(_context.current_context())


# ---- copy accounting ----------------------------------------------------------------
class CopyCounter:
    """NumPy<->MXNet copies: how many, how many bytes, how long (seconds)."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.counts = {"numpy->mxnet": 0, "mxnet->numpy": 0}
        self.nbytes = {"numpy->mxnet": 0, "mxnet->numpy": 0}
        self.seconds = {"numpy->mxnet": 0.0, "mxnet->numpy": 0.0}

    def add(self, direction, nbytes, seconds):
        self.counts[direction] += 1
        self.nbytes[direction] += nbytes
        self.seconds[direction] += seconds

    @property
    def total(self):
        return sum(self.counts.values())


COPIES = CopyCounter()


# The dtypes MXNet's NDArrays hold (bool is copied as float32, see copy_to_mxnet).
DTYPES = FLOATS | frozenset(map(onp.dtype, (onp.uint8, onp.int8, onp.int32, onp.int64,
                                            onp.bool_)))


def copy_to_mxnet(data, ctx=None):
    """A NumPy array (or scalar) as an NDArray with the same dtype (counted)."""
    mx = require_mxnet("copy to MXNet")
    ctx = ctx or current_mxnet_context()
    data = onp.asarray(data)
    if data.dtype not in DTYPES or data.size == 0:
        raise BackendError(_refusal(data, "customop('mxnet') argument"))
    if data.dtype == onp.bool_:
        data = data.astype(onp.float32)  # MXNet's legacy ops have no bool arithmetic
    start = time.perf_counter()
    nd = mx.nd.array(data.reshape(1) if data.ndim == 0 else data, ctx=ctx, dtype=data.dtype)
    COPIES.add("numpy->mxnet", data.nbytes, time.perf_counter() - start)
    return nd


def _refusal(data, where):
    names = ", ".join(sorted(str(dtype) for dtype in DTYPES))
    fix = ("MXNet 1.x cannot compute on zero-size arrays: skip the call for empty input, or "
           "use customop('numpy') for this op." if data.size == 0 and data.dtype in DTYPES
           else "Cast it first (x.astype('float64')), or use customop('numpy') for this op.")
    return message(where, f"a non-empty array of a dtype MXNet has ({names})",
                   f"shape {data.shape} {data.dtype}", fix)


def refusal(value, where):
    """The message refusing ``value`` (an op's argument, named by ``where``) when it is, or a
    list/tuple argument holds, NumPy data MXNet cannot hold (``copy_to_mxnet``); else None."""
    kind = type(value)
    if kind is list or kind is tuple:
        found = (refusal(item, f"{where} item {index}") for index, item in enumerate(value))
        return next((text for text in found if text is not None), None)
    if isinstance(value, (onp.ndarray, onp.generic)) and (
            value.dtype not in DTYPES or value.size == 0):
        return _refusal(onp.asarray(value), where)
    return None


def copy_to_numpy(nd, shape, dtype):
    """An NDArray's data as NumPy with NumPy's shape and dtype (counted)."""
    nd.wait_to_read()  # finish the computation first: only the transfer is timed
    start = time.perf_counter()
    data = nd.asnumpy()
    COPIES.add("mxnet->numpy", data.nbytes, time.perf_counter() - start)
    if data.dtype != dtype:
        data = data.astype(dtype)
    return data.reshape(shape)


# ---- the backend protocol used by Primitive and the registry --------------------------
class Logical:
    """An op result whose NumPy shape/dtype differ from its NDArray's (0-d, bool)."""

    __slots__ = ("nd", "shape", "dtype")

    def __init__(self, nd, shape=None, dtype=None):
        self.nd, self.shape, self.dtype = nd, shape, dtype


def logical(nd, shape=None, dtype=None):
    return Logical(nd, shape, dtype)


def _is_ndarray(value):
    """Whether ``value`` is an ``mxnet.nd.NDArray``; MXNet imported by the user counts too
    (under only_numpy this module never imports it, and NumPy reads an NDArray as a
    nested sequence: an object array)."""
    mx = _mx or sys.modules.get("mxnet")
    nd = getattr(mx, "nd", None)
    return nd is not None and isinstance(value, nd.NDArray)


def to_backend(value, ctx=None):
    """An argument as an MXNet op receives it: an NDArray on the current context."""
    kind = type(value)
    if kind is _array.MXArray:
        return value.on(ctx or current_mxnet_context())
    if kind is list or kind is tuple:
        return kind(to_backend(v, ctx) for v in value)
    if kind is dict:  # the gradient of a dict result (or a dict argument)
        return {key: to_backend(item, ctx) for key, item in value.items()}
    if isinstance(value, onp.ndarray) or isinstance(value, onp.generic):
        if value.ndim == 0 and value.dtype.kind == "f":
            # A scalar (e.g. the seed 1.0 of a backward pass) is a constant, not a copy.
            return require_mxnet().nd.full(
                (1,), value.item(), ctx=ctx or current_mxnet_context(), dtype=value.dtype)
        return copy_to_mxnet(value, ctx)
    if _is_ndarray(value):
        ctx = ctx or current_mxnet_context()
        return value if value.context == ctx else value.as_in_context(ctx)
    return value  # Python scalars, None, axis tuples: constants for the op


def grad_view(value):
    """A value as a gradient maker receives it: an NDArray (first order only)."""
    if isbox(value):
        from ..errors import TracedValueError
        raise TracedValueError(message(
            "customop('mxnet') gradient", "a first-order gradient",
            "a traced value (grad of grad through an MXNet op)",
            "Use customop('numpy') for ops that need higher-order gradients."))
    return to_backend(value)


def from_backend(value, inputs=None):
    """An op's result back into the trace: NDArrays become ``MXArray``s. ``inputs``: the
    op's arguments; where each array among them is 0-d, a result of one element is 0-d
    too, as NumPy's would be (an NDArray has no 0-d shape: MXNet gives shape (1,))."""
    MXArray = _array.MXArray
    if _is_ndarray(value):
        if inputs and _all_0d(inputs) and value.shape == (1,):  # shape: a call into MXNet
            return MXArray(value, ())
        return MXArray(value)
    if type(value) is Logical:
        return MXArray(value.nd, value.shape, value.dtype)
    kind = type(value)
    if kind is tuple or kind is list and not all(type(v) in _NUMBERS for v in value):
        return kind(from_backend(v, inputs) for v in value)  # a list stays one, as on NumPy's
    if kind is dict:  # NDArrays in a dict result are MXArrays too, as in a tuple's
        return {key: from_backend(item, inputs) for key, item in value.items()}
    if kind is list or kind in _NUMBERS or isinstance(value, onp.generic):
        return onp.asarray(value)  # numbers: a 0-d array (a list of them: an array), as NumPy's
    return value


def _all_0d(inputs):
    """Whether the arrays among ``inputs`` (Python numbers and None aside) are all 0-d,
    and there is one at least."""
    found = False
    for value in inputs:
        if value is None or type(value) in (bool, int, float, complex):
            continue
        if type(value) is _array.MXArray or isinstance(value, (onp.ndarray, onp.generic)):
            if value.shape != ():
                return False
            found = True
        else:
            return False  # a raw NDArray (never 0-d), a list, ...: keep MXNet's shape
    return found


def grad_from_backend(grad, arg):
    """A gradient in the form of its argument: an ``MXArray`` for a value that lives in
    MXNet, NumPy data for a NumPy value (one counted copy: autograd adds it to the value's
    other gradients, sparse ones included), with NumPy's shape (an NDArray has no 0-d)."""
    raw = getval(arg)
    MXArray = _array.MXArray
    if _is_ndarray(grad) and type(raw) is not MXArray and not _is_ndarray(raw):
        shape = onp.shape(raw)
        if grad.shape != (shape or (1,)):
            shape = grad.shape  # a wrong shape: the caller's check names it
        return copy_to_numpy(grad, shape, onp.dtype(grad.dtype))
    result = from_backend(grad)
    if type(result) is MXArray and onp.ndim(raw) == 0 and result.shape == (1,):
        return MXArray(result.nd, ())
    return result


def zeros_like(value):
    """Zeros shaped like an op argument (``def_grad_zero`` of an MXNet op)."""
    if _is_ndarray(value):
        return _mx.nd.zeros_like(value)
    return onp.zeros_like(value)


def array(data, dtype=None):
    """Any array-like as an ``MXArray`` on the current context (one counted copy)."""
    from .mxnet_array import MXArray
    if type(data) is MXArray:
        return data if dtype is None else data.astype(dtype)
    plain = onp.asarray(data, dtype=dtype)
    return MXArray(copy_to_mxnet(plain), plain.shape, plain.dtype)


from .. import context as _context  # noqa: E402
from . import mxnet_array as _array  # noqa: E402  (it imports this module: attribute access only)
