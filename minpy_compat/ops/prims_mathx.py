"""MindSpore's misc math primitive classes: ``NanToNum``, ``NextAfter``,
``PopulationCount``, ``NthElement``, ``LowerBound``/``UpperBound``, ``Bincount``,
``Histogram``, ``LogSpace``, ``TrilIndices``/``TriuIndices``, ``UnravelIndex``, ``Gelu``
and ``FastGelu`` (``FillV2``, ``IdentityN`` and ``InTopK`` are in ``prims_fills.py``).

Most forward to a function op; the differentiable ones (``NthElement``, ``Gelu``,
``FastGelu``, ``NanToNum``) take their gradients from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.NthElement()(ms.Tensor([[3.0, 1.0, 2.0]]), 1)
array([2.], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, message
from . import activations as A
from . import fn_math as M
from . import fn_shaping as S
from . import nnf_activations as N
from . import selecting as SEL
from .prims_base import AttrPrimitive, check_int, check_number, forwarding


def _dtype_of(x):
    value = getval(x)
    return getattr(value, "dtype", None) if not isinstance(value, onp.generic) else None


def _kinds(where, x, kinds, wanted):
    dtype = _dtype_of(x)
    if dtype is None or dtype.kind not in kinds:
        raise CellTypeError(message(where, wanted, str(dtype) if dtype is not None
                                    else type(getval(x)).__name__))
    return x


def _sortable(where, x):
    """``x`` once it is a real Tensor MindSpore's sorting kernels take (not UInt32/UInt64)."""
    _kinds(where, x, "iuf", "a real Tensor")
    if _dtype_of(x) in (onp.uint32, onp.uint64):
        raise CellTypeError(message(where, "a real Tensor other than uint32/uint64",
                                    str(_dtype_of(x)), "Cast it with ops.cast(x, ms.int64)."))
    return x


def _first_past(table, wanted, side):
    """Per row, the first place ``i`` with ``value <= table[i]`` (``side='right'``: ``<``),
    else the row's length: MindSpore's rule, which also answers NaNs and unsorted rows (a
    NaN value lands past the end; a NaN in the table is never the place)."""
    if table.size == 0 or (table[..., 1:] >= table[..., :-1]).all():
        return onp.array([onp.searchsorted(t, w, side=side) for t, w in zip(table, wanted)])
    past = wanted[..., None] <= table[:, None] if side == "left" else \
        wanted[..., None] < table[:, None]
    return onp.where(past.any(-1), past.argmax(-1), table.shape[-1])


def _as_int(where, value):
    """An int from a Python int or a 0-d int Tensor."""
    data = getval(value)
    if isinstance(data, onp.ndarray) and data.ndim == 0 and data.dtype.kind in "iu":
        return int(data)
    return check_int(where, value)


# ---- bits and order statistics -----------------------------------------------------------
_BITS = onp.array([bin(i).count("1") for i in range(256)], onp.uint8)


def popcount(where, x):
    """The set bits of each element of the int Tensor ``x``, as UInt8."""
    _kinds(where, x, "iu", "an int Tensor (int8..int64, uint8..uint64)")
    data = onp.ascontiguousarray(getval(x))
    per_byte = _BITS[data.view(onp.uint8)].reshape(data.shape + (data.dtype.itemsize,))
    return wrap(per_byte.sum(-1, dtype=onp.uint8))


PopulationCount = forwarding("PopulationCount",
                             lambda input_x: popcount("PopulationCount input_x", input_x),
                             "The number of set bits of each element, as UInt8.")


class NthElement(AttrPrimitive):
    """``NthElement(reverse=False)(input, n)``: the n-th smallest (largest when
    ``reverse``) value along the last axis."""

    def __init__(self, reverse=False):
        super().__init__()
        self._keep(reverse=check_number("NthElement reverse", reverse, (bool,)))

    def __call__(self, input, n):
        _sortable("NthElement input", input)
        n = _as_int("NthElement n", n)
        shape = onp.shape(getval(input))
        if not shape or not 0 <= n < shape[-1]:
            raise CellArgumentError(message("NthElement n", "an int in [0, input.shape[-1])",
                                            f"{n} for shape {shape}"))
        ordered = np.sort(input, axis=-1)
        return ordered[..., shape[-1] - 1 - n if self.reverse else n]


class LowerBound(AttrPrimitive):
    """``LowerBound(out_type=int32)(sorted_x, values)``: for each row, the first position
    in ``sorted_x`` whose value is not less than each value."""
    _side = "left"

    def __init__(self, out_type=onp.int32):
        super().__init__()
        name = type(self).__name__
        if onp.dtype(out_type) not in (onp.int32, onp.int64):
            raise CellTypeError(message(f"{name} out_type", "int32 or int64", str(out_type)))
        self._keep(out_type=onp.dtype(out_type))

    def __call__(self, sorted_x, values):
        name = type(self).__name__
        for arg, x in (("sorted_x", sorted_x), ("values", values)):
            _sortable(f"{name} {arg}", x)
        table, wanted = getval(sorted_x), getval(values)
        if table.dtype != wanted.dtype:  # MindSpore checks the dtypes before the ranks
            raise CellTypeError(message(f"{name} values", f"sorted_x's dtype {table.dtype}",
                                        str(wanted.dtype)))
        for arg, x in (("sorted_x", table), ("values", wanted)):
            if x.ndim != 2:
                raise CellArgumentError(message(f"{name} {arg}", "a 2-D Tensor",
                                                f"shape {x.shape}"))
        if table.shape[0] != wanted.shape[0]:
            raise CellArgumentError(message(f"{name} values", f"{table.shape[0]} rows "
                                            "(sorted_x's)", f"shape {wanted.shape}"))
        rows = _first_past(onp.asarray(table), onp.asarray(wanted), self._side)
        return wrap(rows.astype(self.out_type).reshape(wanted.shape))


class UpperBound(LowerBound):
    """``UpperBound(out_type=int32)(sorted_x, values)``: for each row, the first position
    in ``sorted_x`` whose value is greater than each value."""
    _side = "right"


# ---- counting ------------------------------------------------------------------------------
def _bincount(array, size, weights):
    _kinds("Bincount array", array, "i", "an int32 Tensor")
    size = _as_int("Bincount size", size)
    if size < 0:
        raise CellArgumentError(message("Bincount size", "an int >= 0", str(size)))
    values = getval(array).ravel()
    if values.size and values.min() < 0:
        raise CellArgumentError(message("Bincount array", "values >= 0", str(values.min())))
    _kinds("Bincount weights", weights, "iuf", "a real Tensor")
    weight = getval(weights)
    if weight.size and weight.shape != getval(array).shape:
        raise CellArgumentError(message("Bincount weights", f"shape {getval(array).shape} "
                                        "or empty", f"shape {weight.shape}"))
    keep = values < size
    weight = weight.ravel()[keep] if weight.size else onp.ones(int(keep.sum()), weight.dtype)
    return wrap(onp.bincount(values[keep], weight, size).astype(weights.dtype))


Bincount = forwarding("Bincount", _bincount,
                      "Bincount()(array, size, weights): the weighted count of each value "
                      "below size (empty weights: each counts 1).")


class Histogram(AttrPrimitive):
    """``Histogram(bins=100, min=0.0, max=0.0)(x)``: counts in equal bins over
    [min, max] (the data's range when both are 0)."""

    def __init__(self, bins=100, min=0.0, max=0.0):
        super().__init__()
        self._keep(bins=check_int("Histogram bins", bins),
                   min=float(check_number("Histogram min", min, (int, float))),
                   max=float(check_number("Histogram max", max, (int, float))))
        if self.bins <= 0:
            raise CellArgumentError(message("Histogram bins", "an int > 0", str(bins)))
        if self.min > self.max:
            raise CellArgumentError(message("Histogram min", f"<= max {self.max}",
                                            str(self.min)))

    def __call__(self, x):
        counts = SEL.histc(x, self.bins, self.min, self.max)
        return counts.astype(onp.float32) if counts.dtype == onp.float16 else counts  # as MS


# ---- creation ------------------------------------------------------------------------------
class LogSpace(AttrPrimitive):
    """``LogSpace(steps=10, base=10, dtype=float32)(start, end)``: ``steps`` points
    base ** linspace(start, end)."""

    def __init__(self, steps=10, base=10, dtype=onp.float32):
        super().__init__()
        self._keep(steps=check_int("LogSpace steps", steps), base=check_int("LogSpace base",
                                                                            base),
                   dtype=dtype)
        if self.steps < 0 or self.base < 0:
            raise CellArgumentError(message("LogSpace steps/base", "ints >= 0",
                                            f"steps {steps}, base {base}"))
        if onp.dtype(dtype) not in (onp.float16, onp.float32, onp.float64):
            raise CellTypeError(message("LogSpace dtype", "float16, float32 or float64",
                                        str(dtype)))

    def __call__(self, start, end):
        return M.logspace(start, end, self.steps, self.base, dtype=self.dtype)


class TrilIndices(AttrPrimitive):
    """``TrilIndices(row, col, offset=0, dtype=int32)()``: the (2, n) indices of the
    lower triangle of a row x col matrix."""
    _function = staticmethod(S.tril_indices)

    def __init__(self, row, col, offset=0, dtype=onp.int32):
        super().__init__()
        name = type(self).__name__
        self._keep(row=check_int(f"{name} row", row), col=check_int(f"{name} col", col),
                   offset=check_int(f"{name} offset", offset), dtype=dtype)
        if row < 0 or col < 0:
            raise CellArgumentError(message(f"{name} row/col", "ints >= 0",
                                            f"row {row}, col {col}"))
        self._function(row, col, offset, dtype=dtype)  # the dtype check

    def __call__(self):
        return self._function(self.row, self.col, self.offset, dtype=self.dtype)


class TriuIndices(TrilIndices):
    """``TriuIndices(row, col, offset=0, dtype=int32)()``: the (2, n) indices of the
    upper triangle of a row x col matrix."""
    _function = staticmethod(S.triu_indices)


def _unravel_index(indices, dims):
    _kinds("UnravelIndex indices", indices, "i", "an int32 or int64 Tensor")
    _kinds("UnravelIndex dims", dims, "i", "an int32 or int64 Tensor")
    flat, shape = getval(indices), getval(dims)
    if flat.dtype != shape.dtype or shape.ndim != 1 or flat.ndim > 1:
        raise CellTypeError(message("UnravelIndex dims", "a 1-D Tensor of indices' dtype "
                                    "(indices 0-D or 1-D)", f"{shape.dtype}{list(shape.shape)}"
                                    f" for indices {flat.dtype}{list(flat.shape)}"))
    if (shape <= 0).any() or (flat < 0).any() or (flat >= onp.prod(shape)).any():
        raise CellArgumentError(message("UnravelIndex indices", f"values in [0, "
                                        f"{int(onp.prod(shape))}) and dims > 0",
                                        f"{flat.tolist()} for dims {shape.tolist()}"))
    return wrap(onp.stack(onp.unravel_index(flat, tuple(shape))).astype(flat.dtype))


UnravelIndex = forwarding("UnravelIndex", _unravel_index,
                          "UnravelIndex()(indices, dims): the coordinates of flat indices "
                          "into shape dims, one row per dim.")


# ---- activations and NaN/infinity replacement ------------------------------------------
Gelu = forwarding("Gelu", lambda x: A.gelu(x, approximate="tanh"),
                  "GeLU (MindSpore's tanh approximation), elementwise.")
FastGelu = forwarding("FastGelu", lambda x: N.fast_gelu(x),
                      "x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|)), elementwise.")


class NanToNum(AttrPrimitive):
    """``NanToNum(nan=None, posinf=None, neginf=None)(x)``: x with NaN and infinities
    replaced (by 0 and the dtype's extremes when not given)."""

    def __init__(self, nan=None, posinf=None, neginf=None):
        super().__init__()
        for name, value in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
            if value is not None:
                check_number(f"NanToNum {name}", value, (int, float))
        self._keep(nan=nan, posinf=posinf, neginf=neginf)

    def __call__(self, x):
        _kinds("NanToNum x", x, "f", "a float Tensor")
        return M.nan_to_num(x, self.nan, self.posinf, self.neginf)


NextAfter = forwarding("NextAfter", lambda x1, x2: M.nextafter(x1, x2),
                       "The next float after x1 toward x2 (one float dtype).")
