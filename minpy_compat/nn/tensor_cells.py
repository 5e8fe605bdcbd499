"""MindSpore 2.10's small tensor-utility Cells: ``Tril``, ``Triu``, ``Roll``, ``OneHot``,
``Pad``, ``Norm``, ``ClipByNorm``, ``Moments``, ``MatMul``, ``Range`` and
``ReduceLogSumExp``. Each is a few facade calls, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Range(1, 8, 2)()
array([1, 3, 5, 7], dtype=int32)
>>> nn.Norm()(ms.Tensor([3.0, 4.0]))
array(5., dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..dtype import dtype_to_nptype, float32
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops import functional as F
from ..ops.checks import keeps_float_dtype
from ..ops.int_inputs import index_data
from .cell import Cell


def _is_int(value):
    return isinstance(value, (int, onp.integer)) and not isinstance(value, bool)


def _bool(where, value):
    if not isinstance(value, (bool, onp.bool_)):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return bool(value)


def _axes(where, axis):
    """An int or a tuple of ints (``()`` for every axis) as a tuple."""
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if not all(_is_int(a) for a in axes):
        raise CellTypeError(message(where, "an int or a tuple of ints", describe(axis)))
    return tuple(int(a) for a in axes)


def _reduced(x, axes, where):
    """``axes`` normalised for ``x`` (all of them for ``()``), as NumPy's ``axis``; an axis
    outside [-rank, rank) is refused (``%`` would wrap it onto another axis)."""
    ndim = onp.ndim(getval(x))
    rank = max(ndim, 1)
    for a in axes:
        if not -rank <= a < rank:
            raise CellArgumentError(message(f"{where} axis", f"an axis in [{-rank}, {rank})",
                                            str(a)))
    return tuple(range(ndim)) if not axes else tuple(a % rank for a in axes)


def _matrices(where, x):
    """Refuse x of rank < 2 (NumPy's tril/triu would build a matrix from a vector)."""
    if onp.ndim(getval(x)) < 2:
        raise CellArgumentError(message(f"{where} x", "a Tensor of rank >= 2",
                                        f"shape {onp.shape(getval(x))}"))


class Tril(Cell):
    """The lower triangle of the last two axes, from diagonal ``k`` down."""

    def __init__(self):
        super().__init__()

    def construct(self, x, k=0):
        if not _is_int(k):
            raise CellTypeError(message("Tril k", "an int", describe(k)))
        _matrices("Tril", x)
        return np.tril(x, k=int(k))


class Triu(Cell):
    """The upper triangle of the last two axes, from diagonal ``k`` up."""

    def __init__(self):
        super().__init__()

    def construct(self, x, k=0):
        if not _is_int(k):
            raise CellTypeError(message("Triu k", "an int", describe(k)))
        _matrices("Triu", x)
        return np.triu(x, k=int(k))


class Roll(Cell):
    """``input_x`` rolled by ``shift`` along ``axis`` (ints, or tuples of one length)."""

    def __init__(self, shift, axis):
        super().__init__()
        self.shift = _axes("Roll shift", shift)
        self.axis = _axes("Roll axis", axis)
        if len(self.shift) != len(self.axis):
            raise CellArgumentError(message("Roll", "shift and axis of one length",
                                            f"{len(self.shift)} and {len(self.axis)}"))

    def construct(self, input_x):
        return np.roll(input_x, self.shift, self.axis)


class OneHot(Cell):
    """``on_value`` where a new ``axis`` equals the index, ``off_value`` elsewhere."""

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=float32):
        super().__init__()
        if not _is_int(axis) or not _is_int(depth):
            raise CellTypeError(message("OneHot axis and depth", "ints",
                                        f"{describe(axis)} and {describe(depth)}"))
        if axis < -1 or depth < 0:
            raise CellArgumentError(message("OneHot", "axis >= -1 and depth >= 0",
                                            f"axis={axis}, depth={depth}"))
        self.axis, self.depth = int(axis), int(depth)
        self.on_value, self.off_value = on_value, off_value
        self.dtype = onp.dtype(dtype_to_nptype(dtype))

    def construct(self, indices):
        index = onp.asarray(getval(index_data(indices)))  # the ints under a gradient pass
        if index.dtype.kind not in "iu":
            raise CellTypeError(message("OneHot indices", "an int Tensor", str(index.dtype)))
        if self.axis > index.ndim:
            raise CellArgumentError(message("OneHot axis", f"-1..{index.ndim}", self.axis))
        hit = index[..., None] == onp.arange(self.depth)
        out = onp.where(hit, self.on_value, self.off_value).astype(self.dtype)
        return np.array(onp.moveaxis(out, -1, self.axis))


_PAD_MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}


class Pad(Cell):
    """``x`` padded by ``paddings`` (a tuple of ``(before, after)`` pairs, one per axis)
    with zeros, a reflection or a mirror copy (``mode``)."""

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        if not isinstance(paddings, tuple) or not all(
                isinstance(p, tuple) and len(p) == 2 and all(_is_int(v) for v in p)
                for p in paddings):
            raise CellTypeError(message("Pad paddings", "a tuple of (before, after) pairs of "
                                        "ints >= 0", describe(paddings),
                                        "Pass ((1, 1), (2, 2)) for a matrix."))
        if any(v < 0 for p in paddings for v in p):  # MindSpore: ValueError
            raise CellArgumentError(message("Pad paddings", "ints >= 0", repr(paddings),
                                            "Crop with slicing instead of a negative pad."))
        if mode not in _PAD_MODES:
            raise CellArgumentError(message("Pad mode", f"one of {list(_PAD_MODES)}",
                                            repr(mode)))
        self.paddings, self.mode = paddings, mode

    def construct(self, x):
        shape = onp.shape(getval(x))
        if len(self.paddings) != len(shape):
            raise CellArgumentError(message("Pad paddings", f"{len(shape)} pairs (the input's "
                                            "rank)", f"{len(self.paddings)}"))
        if self.mode == "CONSTANT":
            return np.pad(x, self.paddings)
        for axis, pair in enumerate(self.paddings):  # an index per output place: differentiable
            limit = shape[axis] - (self.mode == "REFLECT")
            if max(pair) > limit:
                raise CellArgumentError(message("Pad paddings", f"at most {limit} on axis "
                                                f"{axis} in mode {self.mode}", repr(pair)))
            index = onp.pad(onp.arange(shape[axis]), pair, mode=_PAD_MODES[self.mode])
            x = np.take(x, index, axis=axis)
        return x


class Norm(Cell):
    """The Euclidean norm over ``axis`` (``()``: all of them); float32 for ints."""

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        self.axis = _axes("Norm axis", axis)
        self.keep_dims = _bool("Norm keep_dims", keep_dims)

    def construct(self, x):
        if getval(x).dtype.kind in "iub":  # MindSpore: Float32 for int Tensors
            x = x.astype(onp.float32)
        axes = _reduced(x, self.axis, "Norm")
        out = np.sqrt(np.sum(np.square(x), axis=axes, keepdims=True))
        if self.keep_dims:
            return out
        if not self.axis:  # MindSpore's Squeeze(()) drops every axis of length 1
            axes = tuple(i for i, n in enumerate(onp.shape(getval(out))) if n == 1)
        return np.squeeze(out, axis=axes)


class ClipByNorm(Cell):
    """``x`` scaled down to an L2 norm (over ``axis``; None for all) of ``clip_norm``;
    float32 for a float16 ``x``, as MindSpore's (documented: its output is float32)."""

    def __init__(self, axis=None):
        super().__init__()
        self.axis = None if axis is None else _axes("ClipByNorm axis", axis)

    def construct(self, x, clip_norm):
        if not hasattr(getval(x), "dtype") or not hasattr(getval(clip_norm), "dtype"):
            raise CellTypeError(message("ClipByNorm x and clip_norm", "Tensors",
                                        f"{describe(x)} and {describe(clip_norm)}",
                                        "Pass clip_norm as ms.Tensor(1.0)."))
        x = F.float_only("ClipByNorm x", x)
        x = x.astype(onp.float32) if getval(x).dtype == onp.float16 else x
        axes = None if self.axis is None else _reduced(x, self.axis, "ClipByNorm")
        norm = np.sqrt(np.sum(np.square(x), axis=axes, keepdims=True))
        limit = clip_norm.astype(getval(x).dtype)
        return x * limit / np.maximum(norm, limit)


class Moments(Cell):
    """``(mean, variance)`` over ``axis`` (None: all axes); float16 computed in float32
    (float64, which MindSpore refuses, is taken here for finite-difference checks)."""

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        self.axis = () if axis is None else _axes("Moments axis", axis)
        self.keep_dims = False if keep_dims is None else _bool("Moments keep_dims", keep_dims)

    def construct(self, x):
        dtype = getval(x).dtype
        if dtype.kind != "f":
            raise CellTypeError(message("Moments input", "a float16, float32 or float64 Tensor",
                                        str(dtype)))
        x = x.astype(onp.float32) if dtype == onp.float16 else x
        axes = _reduced(x, self.axis, "Moments")
        mean = np.mean(x, axis=axes, keepdims=True)
        variance = np.mean(np.square(x - F.stop_gradient(mean)), axis=axes,
                           keepdims=True)
        if not self.keep_dims:
            mean, variance = np.squeeze(mean, axis=axes), np.squeeze(variance, axis=axes)
        return mean.astype(dtype), variance.astype(dtype)


class MatMul(Cell):
    """``x1 @ x2`` with broadcast batch axes, either side transposed on its last two."""

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        self.transpose_x1 = _bool("MatMul transpose_x1", transpose_x1)
        self.transpose_x2 = _bool("MatMul transpose_x2", transpose_x2)

    def construct(self, x1, x2):
        dtypes = getattr(getval(x1), "dtype", None), getattr(getval(x2), "dtype", None)
        if dtypes[0] != dtypes[1]:  # MindSpore: TypeError (NumPy would promote)
            raise CellTypeError(message("MatMul x1 and x2", "Tensors of one dtype",
                                        f"{dtypes[0]} and {dtypes[1]}",
                                        "Cast one of them: x2.astype(x1.dtype)."))
        if self.transpose_x1 and onp.ndim(getval(x1)) >= 2:
            x1 = np.swapaxes(x1, -1, -2)
        if self.transpose_x2 and onp.ndim(getval(x2)) >= 2:
            x2 = np.swapaxes(x2, -1, -2)
        return np.matmul(x1, x2)


class Range(Cell):
    """``arange(start, limit, delta)``: int32, or float32 where any is a float."""

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        for name, value in (("start", start), ("limit", limit), ("delta", delta)):
            if isinstance(value, bool) or not isinstance(value, (int, float, type(None))) \
                    or (value is None and name != "limit"):
                raise CellTypeError(message(f"Range {name}", "an int or a float",
                                            describe(value)))
        if delta == 0:
            raise CellArgumentError(message("Range delta", "a nonzero number", repr(delta)))
        data = onp.arange(start, limit, delta)
        self.result = data.astype(onp.float32 if data.dtype.kind == "f" else onp.int32)

    def construct(self):
        return np.array(self.result)


@keeps_float_dtype
def _log_sum_exp(x, axes, keep_dims):
    shift = onp.max(getval(x), axis=axes, keepdims=True)
    shift = onp.where(onp.isfinite(shift), shift, 0).astype(getval(x).dtype)
    out = np.log(np.sum(np.exp(x - shift), axis=axes, keepdims=True)) + shift
    return out if keep_dims else np.squeeze(out, axis=axes)


class ReduceLogSumExp(Cell):
    """``log(sum(exp(x)))`` over ``axis`` (``()``: all), shifted so it cannot overflow."""

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        self.axis = _axes("ReduceLogSumExp axis", axis)
        self.keep_dims = _bool("ReduceLogSumExp keep_dims", keep_dims)

    def construct(self, x):
        x = F.float_only("ReduceLogSumExp input", x)
        return _log_sum_exp(x, _reduced(x, self.axis, "ReduceLogSumExp"), self.keep_dims)
