"""MindSpore's indexing ops: ``gather``/``Gather``, ``gather_elements``/``GatherD``,
``gather_nd``, ``one_hot``/``OneHot``, ``topk``/``TopK``, ``sort``/``Sort``,
``argsort``, ``masked_fill``/``MaskedFill``, ``where``.

Values are picked with the facade's indexing, so gradients flow back to the picked
places (summed where an index repeats). Indices come back Int32, as in MindSpore;
ties keep their original order (``sort``, ``topk``).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[1.0, 5.0, 3.0, 5.0]])
>>> ops.topk(x, 2)
(array([[5., 5.]], dtype=float32), array([[1, 3]], dtype=int32))
>>> ops.one_hot(ms.Tensor([0, 2]), 3, 1.0, 0.0)
array([[1., 0., 0.],
       [0., 0., 1.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import Array
from ..errors import CellArgumentError, CellTypeError, message
from ..tensor import as_tensor, is_tensor
from .functional import _float_like_inputs
from .int_inputs import index_data
from .primitives import Primitive, _simple


def _data(x):
    return onp.asarray(getval(x))


# the index dtypes MindSpore 2.10 takes, per op (None: any int)
INT16_UP = (onp.dtype(onp.int16), onp.dtype(onp.int32), onp.dtype(onp.int64))
INT32_UP = INT16_UP[1:]


def _indices(where, index, allowed=None):
    data = index_data(index)
    if data.dtype.kind not in "iu" or (allowed and data.dtype not in allowed):
        wanted = "an int" if data.dtype.kind not in "iu" else \
            "an " + ", ".join(d.name for d in allowed[:-1]) + f" or {allowed[-1].name}"
        raise CellTypeError(message(f"{where} indices", f"{wanted} Tensor",
                                    f"dtype {data.dtype}", "Cast them with ops.cast(i, ms.int32)."))
    return data


# ---- gathering ---------------------------------------------------------------------------
def gather(input_params, input_indices, axis, batch_dims=0):
    """Slices of ``input_params`` along ``axis`` at ``input_indices`` (negative ones
    count from the end); the first ``batch_dims`` axes of both are matched up."""
    rank = onp.ndim(getval(input_params))
    if isinstance(axis, int) and not -max(rank, 1) <= axis < max(rank, 1):
        raise CellArgumentError(message("ops.gather axis", f"an axis in [{-rank}, {rank})",
                                        str(axis), "Pick an existing axis."))
    index = _indices("ops.gather", input_indices, INT16_UP)
    if batch_dims == 0:
        return np.take(input_params, index, axis=axis)
    shape = onp.shape(getval(input_params))
    axis %= len(shape)
    batch, middle, tail = shape[:batch_dims], shape[batch_dims:axis], shape[axis + 1:]
    picked = index.ndim - batch_dims
    rank = batch_dims + len(middle) + picked + len(tail)

    def grid(size, position):
        return onp.arange(size).reshape([size if d == position else 1 for d in range(rank)])
    spread = index.reshape(batch + (1,) * len(middle) + index.shape[batch_dims:]
                           + (1,) * len(tail))
    key = ([grid(n, d) for d, n in enumerate(batch)]
           + [grid(n, batch_dims + d) for d, n in enumerate(middle)] + [spread]
           + [grid(n, rank - len(tail) + d) for d, n in enumerate(tail)])
    return input_params[tuple(key)]


def gather_elements(input, dim, index):
    """``out[i][j] = input[index[i][j]][j]`` along ``dim`` (torch's ``gather``); the
    other axes of ``index`` may be shorter than the input's."""
    index = _indices("ops.gather_elements", index, INT32_UP)
    dim %= index.ndim
    region = tuple(slice(None) if d == dim else slice(0, n) for d, n in enumerate(index.shape))
    return np.take_along_axis(input[region], index, axis=dim)


def gather_d(x, dim, index):
    """``gather_elements`` under its other name."""
    return gather_elements(x, dim, index)


def gather_nd(input_x, indices):
    """The last axis of ``indices`` indexes the leading axes of ``input_x``."""
    index = _indices("ops.gather_nd", indices, INT16_UP)
    return input_x[tuple(onp.moveaxis(index, -1, 0))]


# ---- one-hot -------------------------------------------------------------------------------
def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """``on_value`` where the new axis equals the index, ``off_value`` elsewhere (out of
    range indices give a row of ``off_value``). Python ints give Int64, floats Float32."""
    if isinstance(depth, int) and depth < 0:
        raise CellArgumentError(message("ops.one_hot depth", "an int >= 0", repr(depth)))
    index = _indices("ops.one_hot", indices, INT32_UP)
    hit = index[..., None] == onp.arange(depth)
    if axis != -1:
        hit = onp.moveaxis(hit, -1, axis)
    on, off = (v if is_tensor(v) else as_tensor(v) for v in (on_value, off_value))
    return np.where(hit, on, off)


class OneHot(Primitive):
    """``OneHot(axis)(indices, depth, on_value, off_value)``: ``ops.one_hot``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def __call__(self, indices, depth, on_value, off_value):
        return one_hot(indices, depth, on_value, off_value, self.axis)


# ---- sorting -------------------------------------------------------------------------------
def _order(x, axis, descending):
    """Stable argsort: equal values keep their order, ascending or descending."""
    keys = _data(x)
    if keys.dtype.kind in "bu":
        keys = keys.astype(onp.int64)
    return onp.argsort(-keys if descending else keys, axis=axis, kind="stable")


def sort(input_x, axis=-1, descending=False):
    """``(sorted values, Int32 indices)``; equal values keep their order."""
    order = _order(input_x, axis, descending)
    return np.take_along_axis(input_x, order, axis=axis), order.astype(onp.int32).view(Array)


def argsort(input, axis=-1, descending=False):
    """Int32 indices that sort ``input`` along ``axis`` (stable: ties keep their order)."""
    return _order(input, axis, descending).astype(onp.int32).view(Array)


def topk(input, k, dim=None, largest=True, sorted=True):
    """``(the k largest values along dim (the last by default), their Int32 indices)``."""
    axis = -1 if dim is None else dim
    length = onp.shape(getval(input))[axis]
    if not 0 < k <= length:
        raise CellArgumentError(message("ops.topk k", f"a number in 1..{length} (the "
                                        f"length of axis {axis})", f"{k}"))
    order = onp.take(_order(input, axis, largest), onp.arange(k), axis=axis)
    return np.take_along_axis(input, order, axis=axis), order.astype(onp.int32).view(Array)


class TopK(Primitive):
    """``TopK()(x, k)``: the ``k`` largest values along the last axis, in descending
    order, and their Int32 indices."""

    def __init__(self, sorted=True):
        super().__init__()
        self.sorted = sorted

    def __call__(self, input_x, k):
        return topk(input_x, k)


class Sort(Primitive):
    """``Sort(axis, descending)(x)``: ``(sorted values, Int32 indices)``."""

    def __init__(self, axis=-1, descending=False):
        super().__init__()
        self.axis, self.descending = axis, descending

    def __call__(self, x):
        return sort(x, self.axis, self.descending)


# ---- masking -------------------------------------------------------------------------------
def masked_fill(input_x, mask, value):
    """``value`` where the Bool ``mask`` holds (broadcast), ``input_x`` elsewhere; the
    result keeps ``input_x``'s dtype."""
    flags = _data(mask)
    if flags.dtype != onp.bool_:
        raise CellTypeError(message("ops.masked_fill mask", "a Bool Tensor",
                                    f"dtype {flags.dtype}", "Compare first, e.g. mask = x > 0."))
    result = np.where(flags, value, input_x)
    dtype = _data(input_x).dtype
    return result.astype(dtype) if _data(result).dtype != dtype else result


def where(condition, input, other):
    """``input`` where ``condition`` holds, else ``other``; Python floats meeting ints
    give Float32."""
    return _float_like_inputs(np.where(condition, input, other), input, other)


MaskedFill = _simple("MaskedFill", masked_fill, "MaskedFill()(x, mask, value).")
GatherD = _simple("GatherD", gather_elements, "GatherD()(x, dim, index).")
GatherNd = _simple("GatherNd", gather_nd, "GatherNd()(x, indices).")


class Gather(Primitive):
    """``Gather(batch_dims)(params, indices, axis)``: ``ops.gather``."""

    def __init__(self, batch_dims=0):
        super().__init__()
        self.batch_dims = batch_dims

    def __call__(self, input_params, input_indices, axis):
        return gather(input_params, input_indices, axis, self.batch_dims)
