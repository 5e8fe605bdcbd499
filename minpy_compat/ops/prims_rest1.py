"""MindSpore 2.10's remaining primitives of area opsrest1: ``Orgqr``, ``MatrixLogarithm``,
``ParallelConcat``, ``RaggedRange``, ``EqualCount``, ``CheckNumerics``, ``DataFormatDimMap``
and ``DataFormatVecPermute``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.DataFormatVecPermute()(ms.Tensor([1, 2, 3, 4], ms.int32)).tolist()
[1, 4, 2, 3]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, NonFiniteError, describe, message
from .prims_base import AttrPrimitive


def _dtype(value):
    return getattr(getval(value), "dtype", None)


def _kind(where, value, kinds, words):
    dtype = _dtype(value)
    if dtype is None or dtype.kind not in kinds or dtype == onp.float16 and "h" not in kinds:
        raise CellTypeError(message(where, words, describe(value)))
    return getval(value)


class Orgqr(AttrPrimitive):
    """``Orgqr()(x, tau)``: the first n columns of the Q that ``Geqrf``'s ``(x, tau)``
    stand for (``ops.orgqr``)."""

    def __call__(self, x, tau):
        from .fn_rest1 import orgqr
        return orgqr(x, tau)


class MatrixLogarithm(AttrPrimitive):
    """``MatrixLogarithm()(x)``: the principal logarithm of each complex square matrix in
    the last two axes (through an eigendecomposition; no gradient, as MindSpore)."""

    def __call__(self, x):
        data = _kind("MatrixLogarithm x", x, "c", "a complex64 or complex128 Tensor")
        if data.ndim < 2 or data.shape[-1] != data.shape[-2]:
            raise CellArgumentError(message("MatrixLogarithm x", "square matrices (..., n, n)",
                                            f"shape {data.shape}"))
        w, v = onp.linalg.eig(data)
        logged = (v * onp.log(w)[..., None, :]) @ onp.linalg.inv(v)
        return wrap(logged.astype(data.dtype))


class ParallelConcat(AttrPrimitive):
    """``ParallelConcat()(values)``: a tuple or list of Tensors of shape (1, ...) stacked
    along axis 0."""

    def __call__(self, values):
        where = "ParallelConcat values"
        if not isinstance(values, (tuple, list)) or not values:
            raise CellTypeError(message(where, "a non-empty tuple or list of Tensors",
                                        describe(values)))
        first = values[0]
        for i, value in enumerate(values):
            if _dtype(value) != _dtype(first):
                raise CellTypeError(message(f"{where}[{i}]", f"a {_dtype(first)} Tensor like "
                                            "values[0]", describe(value)))
            shape = onp.shape(getval(value))
            if not shape or shape[0] != 1 or shape != onp.shape(getval(first)):
                raise CellArgumentError(message(f"{where}[{i}]", "shape (1, ...) like "
                                                f"values[0] {onp.shape(getval(first))}",
                                                f"shape {shape}"))
        return np.concatenate(list(values), axis=0)


class RaggedRange(AttrPrimitive):
    """``RaggedRange(Tsplits)(starts, limits, deltas)``: ``(rt_nested_splits,
    rt_dense_values)``, the ranges ``range(starts[i], limits[i], deltas[i])`` one after
    another and the offsets (of dtype ``Tsplits``) where each begins."""

    def __init__(self, Tsplits):
        super().__init__()
        if Tsplits not in (onp.int32, onp.int64):
            raise CellTypeError(message("RaggedRange Tsplits", "ms.int32 or ms.int64",
                                        repr(Tsplits)))
        self._keep(Tsplits=Tsplits)

    def __call__(self, starts, limits, deltas):
        w = "RaggedRange"
        args = {"starts": starts, "limits": limits, "deltas": deltas}
        data = {k: _kind(f"{w} {k}", v, "iuf", "an int or float Tensor") for k, v in args.items()}
        got = ", ".join(describe(v) for v in args.values())
        if len({d.dtype for d in data.values()}) != 1:
            raise CellTypeError(message(w, "starts, limits and deltas of one dtype", got))
        if len({d.shape for d in data.values()}) != 1 or data["starts"].ndim > 1:
            raise CellArgumentError(message(w, "starts, limits and deltas of one shape (a "
                                            "scalar or a vector)", got))
        s, lim, d = (onp.atleast_1d(x) for x in data.values())
        if (d == 0).any():
            raise CellArgumentError(message(f"{w} deltas", "nonzero steps", f"{d.tolist()}"))
        pieces = [onp.arange(a, b, c, dtype=s.dtype) for a, b, c in zip(s, lim, d)]
        splits = onp.concatenate([[0], onp.cumsum([len(p) for p in pieces])])
        values = onp.concatenate(pieces) if pieces else onp.zeros(0, s.dtype)
        return wrap(splits.astype(self.Tsplits)), wrap(values.astype(s.dtype))


class EqualCount(AttrPrimitive):
    """``EqualCount()(x, y)``: how many elements of ``x`` and ``y`` are equal, as a
    one-element Tensor of their dtype."""

    def __call__(self, x, y):
        a = _kind("EqualCount x", x, "iuf", "a number Tensor")
        b = _kind("EqualCount y", y, "iuf", "a number Tensor")
        if a.dtype != b.dtype:
            raise CellTypeError(message("EqualCount y", f"a {a.dtype} Tensor like x",
                                        describe(y)))
        if a.shape != b.shape:
            raise CellArgumentError(message("EqualCount y", f"the shape of x {a.shape}",
                                            f"shape {b.shape}"))
        return wrap(onp.array([onp.count_nonzero(a == b)], dtype=a.dtype))


class CheckNumerics(AttrPrimitive):
    """``CheckNumerics()(x)``: ``x`` itself when every element is finite; a NaN or an Inf
    raises (RuntimeError, as MindSpore)."""

    def __call__(self, x):
        data = _kind("CheckNumerics x", x, "fh", "a float16, float32 or float64 Tensor")
        if onp.isnan(data).any() or onp.isinf(data).any():
            found = "NaN" if onp.isnan(data).any() else "Inf"
            raise NonFiniteError(message("CheckNumerics x", "finite values", f"{found} values",
                                         "Find where the NaN or Inf first appears."))
        return x


_FORMATS = ("NHWC", "NCHW")


class _Formats(AttrPrimitive):
    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        super().__init__()
        w = type(self).__name__
        for name, value in (("src_format", src_format), ("dst_format", dst_format)):
            if value not in _FORMATS:
                raise CellArgumentError(message(f"{w} {name}", "'NHWC' or 'NCHW'", repr(value)))
        self._keep(src_format=src_format, dst_format=dst_format)
        # where each of dst's dimensions sits in src
        self.order = onp.array([src_format.index(c) for c in dst_format])

    def _ints(self, value):
        w = type(self).__name__
        data = getval(value)
        if _dtype(value) not in (onp.int32, onp.int64):
            raise CellTypeError(message(f"{w} input", "an int32 or int64 Tensor",
                                        describe(value)))
        return data


class DataFormatDimMap(_Formats):
    """``DataFormatDimMap(src_format='NHWC', dst_format='NCHW')(input_x)``: for each
    dimension index of the destination format (negative ones and those past 3 taken modulo
    4), its index in the source format."""

    def __call__(self, input_x):
        data = self._ints(input_x)
        return wrap(self.order[data % 4].astype(data.dtype))


class DataFormatVecPermute(_Formats):
    """``DataFormatVecPermute(src_format='NHWC', dst_format='NCHW')(input_x)``: a (4,) or
    (4, 2) Tensor of per-dimension values reordered from the source format to the
    destination one."""

    def __call__(self, input_x):
        data = self._ints(input_x)
        if data.shape not in ((4,), (4, 2)):
            raise CellArgumentError(message("DataFormatVecPermute input", "shape (4,) or (4, 2)",
                                            f"shape {data.shape}"))
        return wrap(data[self.order])
