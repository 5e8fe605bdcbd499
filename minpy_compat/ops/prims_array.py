"""MindSpore's array primitive classes that make, slice and reshape Tensors:
``ops.Range()(start, end, step)``, ``ops.StridedSlice(begin_mask, ...)(x, begin, end,
strides)``, ``ops.Pack(axis)(tensors)``, ``ops.Size()(x)``, ...

Slicing goes through the facade's indexing, so gradients are the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.StridedSlice()(ms.Tensor([[1, 2, 3], [4, 5, 6]]), (0, 0), (2, 3), (1, 2))
array([[1, 3],
       [4, 6]], dtype=int32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..tensor import is_tensor
from . import creation as C
from . import functional as F
from . import rearranging as G
from . import shaping as S
from .combining import meshgrid
from .prims_base import AttrPrimitive, check_int, check_ints, forwarding


def _ints(where, value):
    """A tuple of Python ints from a tuple/list of ints or an int Tensor."""
    if is_tensor(value):
        value = onp.asarray(getval(value)).tolist()
    value = list(value) if isinstance(value, (tuple, list)) else [value]
    check_ints(where, value)
    return tuple(int(v) for v in value)


def _scalar(value):
    return getval(value).item() if is_tensor(value) else value


class Range(AttrPrimitive):
    """``Range(maxlen=1000000)(start, end, step)``: start, start + step, ... below end;
    Int64 for int inputs, Float32 for float ones (as MindSpore's CPU kernel gives)."""

    def __init__(self, maxlen=1000000):
        super().__init__()
        self._keep(maxlen=check_int("Range maxlen", maxlen))

    def __call__(self, start, end, step):
        kinds = [onp.asarray(getval(v)).dtype.kind for v in (start, end, step)]
        dtype = onp.float32 if "f" in kinds else onp.int64
        start, end, step = _scalar(start), _scalar(end), _scalar(step)
        if step == 0 or (end - start) * step < 0:
            raise CellArgumentError(message("Range step", "a nonzero step toward end",
                                            f"start {start}, end {end}, step {step}"))
        values = onp.arange(start, end, step)
        if values.size > self.maxlen:
            raise CellArgumentError(message("Range", f"at most maxlen={self.maxlen} values",
                                            str(values.size), "Raise maxlen."))
        return values.astype(dtype)


def _linspace(start, stop, num):
    num = check_int("LinSpace num", _scalar(num))
    if num <= 0:
        raise CellArgumentError(message("LinSpace num", "an int > 0", str(num)))
    return C.linspace(start, stop, num)


def _slice(x, begin, size):
    shape = onp.shape(getval(x))
    begin, size = _ints("Slice begin", begin), _ints("Slice size", size)
    if len(begin) != len(shape) or len(size) != len(shape):
        raise CellArgumentError(message("Slice begin/size", f"{len(shape)} values each",
                                        f"{len(begin)} and {len(size)}"))
    ends = [n if s == -1 else b + s for b, s, n in zip(begin, size, shape)]
    if any(b < 0 or e > n or e < b for b, e, n in zip(begin, ends, shape)):
        raise CellArgumentError(message("Slice begin/size", f"a window inside shape {shape}",
                                        f"begin {begin}, size {size}"))
    return x[tuple(slice(b, e) for b, e in zip(begin, ends))]


class StridedSlice(AttrPrimitive):
    """``StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask,
    shrink_axis_mask)(x, begin, end, strides)``: x[begin:end:strides], the masks' bit i
    changing the i-th index as in MindSpore (and TensorFlow)."""

    def __init__(self, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                 shrink_axis_mask=0):
        super().__init__()
        masks = dict(begin_mask=begin_mask, end_mask=end_mask, ellipsis_mask=ellipsis_mask,
                     new_axis_mask=new_axis_mask, shrink_axis_mask=shrink_axis_mask)
        for name, value in masks.items():
            if check_int(f"StridedSlice {name}", value) < 0:
                raise CellArgumentError(message(f"StridedSlice {name}", "an int >= 0",
                                                repr(value)))
        if bin(ellipsis_mask).count("1") > 1:
            raise CellArgumentError(message("StridedSlice ellipsis_mask", "at most one bit set",
                                            bin(ellipsis_mask)))
        self._keep(**masks)

    def _key(self, begin, end, strides):
        key = []
        for i, (b, e, s) in enumerate(zip(begin, end, strides)):
            if s == 0:
                raise CellArgumentError(message("StridedSlice strides", "nonzero strides",
                                                str(strides)))
            if self.ellipsis_mask >> i & 1:
                key.append(Ellipsis)
            elif self.new_axis_mask >> i & 1:
                key.append(None)
            elif self.shrink_axis_mask >> i & 1:
                key.append(b)
            else:
                key.append(slice(None if self.begin_mask >> i & 1 else b,
                                 None if self.end_mask >> i & 1 else e, s))
        return tuple(key)

    def __call__(self, input_x, begin, end, strides):
        begin, end = _ints("StridedSlice begin", begin), _ints("StridedSlice end", end)
        strides = _ints("StridedSlice strides", strides)
        if not len(begin) == len(end) == len(strides):
            raise CellArgumentError(message("StridedSlice begin/end/strides", "equal lengths",
                                            f"{len(begin)}, {len(end)}, {len(strides)}"))
        return input_x[self._key(begin, end, strides)]


class ReverseV2(AttrPrimitive):
    """``ReverseV2(axis)(x)``: x reversed along each axis in the tuple/list axis."""

    def __init__(self, axis):
        super().__init__()
        if not isinstance(axis, (tuple, list)):
            raise CellTypeError(message("ReverseV2 axis", "a tuple or list of ints",
                                        repr(axis)))
        self._keep(axis=check_ints("ReverseV2 axis", tuple(axis)))

    def __call__(self, input):
        return G.flip(input, self.axis) if self.axis else input


class Roll(AttrPrimitive):
    """``Roll(shifts, dims=None)(x)``: x rolled by shifts along dims (flattened if None)."""

    def __init__(self, shifts, dims=None):
        super().__init__()
        self._keep(shifts=check_ints("Roll shifts", shifts),
                   dims=dims if dims is None else check_ints("Roll dims", dims))

    def __call__(self, input):
        return G.roll(input, self.shifts, self.dims)


class Meshgrid(AttrPrimitive):
    """``Meshgrid(indexing='xy')(inputs)``: coordinate grids from a tuple of 1-D Tensors."""

    def __init__(self, indexing="xy"):
        super().__init__()
        if indexing not in ("xy", "ij"):
            raise CellArgumentError(message("Meshgrid indexing", "'xy' or 'ij'",
                                            repr(indexing)))
        self._keep(indexing=indexing)

    def __call__(self, inputs):
        return meshgrid(*inputs, indexing=self.indexing)


class Pack(AttrPrimitive):
    """``Pack(axis=0)(tensors)``: the tensors stacked along a new axis (``Stack``)."""

    def __init__(self, axis=0):
        super().__init__()
        self._keep(axis=check_int(f"{type(self).__name__} axis", axis))

    def __call__(self, x):
        rank = onp.ndim(getval(x[0])) + 1 if isinstance(x, (tuple, list)) and x else None
        if rank is not None and not -rank <= self.axis < rank:
            raise CellArgumentError(message(f"{type(self).__name__} axis",
                                            f"an axis in [{-rank}, {rank})", str(self.axis)))
        return F.stack(x, self.axis)


class Unpack(Pack):
    """``Unpack(axis=0)(x)``: x split along axis into a tuple (``Unstack``)."""

    def __call__(self, x):
        return S.unstack(x, self.axis)


def _expand(x, shape):
    return S.broadcast_to(x, _ints("Expand shape", shape))


def _size(x):
    return int(onp.size(getval(x)))


def _rank(x):
    return int(onp.ndim(getval(x)))


def _tensor_shape(input_x):
    return onp.asarray(onp.shape(getval(input_x)), dtype=onp.int64)


def _identity(input_x):
    if not is_tensor(input_x):
        raise CellTypeError(message("Identity input_x", "a Tensor", type(input_x).__name__))
    return input_x + np.zeros_like(getval(input_x))


LinSpace = forwarding("LinSpace", _linspace, "LinSpace()(start, stop, num): num even steps.")
Slice = forwarding("Slice", _slice, "Slice()(x, begin, size): a window (size -1: to the end).")
Expand = forwarding("Expand", _expand, "Expand()(x, shape): x broadcast to shape.")
Size = forwarding("Size", _size, "The number of elements of x, as an int.")
Rank = forwarding("Rank", _rank, "The number of axes of x, as an int.")
TensorShape = forwarding("TensorShape", _tensor_shape, "x's shape as an Int64 Tensor.")
Identity = forwarding("Identity", _identity, "A copy of x.")
