"""MindSpore's statistics and extra reductions: ``logsumexp``, ``std``/``var`` (and
their ``*_mean`` pairs), ``median``, ``nansum``/``nanmean``, ``count_nonzero``,
``all``/``any``, ``aminmax`` and the running ``cummax``/``cummin``/``logcumsumexp``.

Values that pick an element (median, cummax, aminmax) carry their gradient to the
element picked, through ``take_along_axis``; index outputs are Int64.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.cummax(ms.Tensor([1.0, 3.0, 2.0]), 0)[0]
array([1., 3., 3.], dtype=float32)
"""
import builtins

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .functional import _float_like_inputs


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _check_axis(where, x, axis):
    ndim = onp.ndim(getval(x))
    for a in (axis if isinstance(axis, tuple) else (axis,)):
        if not isinstance(a, (int, onp.integer)) or isinstance(a, bool) \
                or not -builtins.max(ndim, 1) <= a < builtins.max(ndim, 1):
            raise CellArgumentError(message(where, f"an int in [-{ndim}, {ndim})", repr(a)))


def logsumexp(input, dim, keepdim=False):
    """log(sum(exp(x))) over ``dim``, shifted by the max so it does not overflow."""
    dim = _axis(dim)
    _check_axis("ops.logsumexp dim", input, dim)
    if _dtype_of(input).kind != "f":
        raise CellTypeError(message("ops.logsumexp input", "a float Tensor",
                                    str(_dtype_of(input))))
    top = onp.max(getval(input), axis=dim, keepdims=True)
    top = onp.where(onp.isfinite(top), top, 0)
    total = np.log(np.sum(np.exp(input - top), axis=dim, keepdims=True)) + top
    return _float_like_inputs(total if keepdim else np.squeeze(total, axis=dim), input)


def _moments(where, input, axis, ddof):
    if not isinstance(ddof, int) or isinstance(ddof, bool):
        raise CellTypeError(message(f"{where} ddof", "an int", repr(ddof)))
    if _dtype_of(input) is None or _dtype_of(input).kind != "f":
        raise CellTypeError(message(f"{where} input", "a float Tensor",
                                    str(_dtype_of(input) or type(input).__name__)))
    return _axis(axis) if axis not in ((), []) else None


def var(input, axis=None, ddof=0, keepdims=False):
    """The variance over ``axis`` with ``ddof`` degrees of freedom removed."""
    axis = _moments("ops.var", input, axis, ddof)
    return np.var(input, axis=axis, ddof=ddof, keepdims=keepdims)


def std(input, axis=None, ddof=0, keepdims=False):
    """The standard deviation over ``axis`` with ``ddof`` degrees of freedom removed."""
    axis = _moments("ops.std", input, axis, ddof)
    return np.sqrt(np.var(input, axis=axis, ddof=ddof, keepdims=keepdims))


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """(variance, mean) over ``axis``."""
    axis = _moments("ops.var_mean", input, axis, ddof)
    return (np.var(input, axis=axis, ddof=ddof, keepdims=keepdims),
            np.mean(input, axis=axis, keepdims=keepdims))


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """(standard deviation, mean) over ``axis``."""
    axis = _moments("ops.std_mean", input, axis, ddof)
    return (np.sqrt(np.var(input, axis=axis, ddof=ddof, keepdims=keepdims)),
            np.mean(input, axis=axis, keepdims=keepdims))


def _pick(input, index, axis, keepdims):
    """The elements of ``input`` at ``index`` (keepdims shape) along ``axis``."""
    values = np.take_along_axis(input, index, axis=axis)
    return values if keepdims else np.squeeze(values, axis=axis)


def median(input, axis=-1, keepdims=False):
    """(lower median, its index) along ``axis``."""
    _check_axis("ops.median axis", input, axis)
    data = getval(input)
    if data.ndim == 0:
        return input, onp.zeros((), onp.int64)
    count = data.shape[axis]
    order = onp.argsort(data, axis=axis, kind="stable")
    index = onp.take(order, [(count - 1) // 2], axis=axis).astype(onp.int64)
    if data.dtype.kind == "f":  # a NaN makes the median NaN, at the first NaN (MindSpore)
        nan = onp.isnan(data)
        first = onp.expand_dims(onp.argmax(nan, axis=axis), axis)
        index = onp.where(nan.any(axis=axis, keepdims=True), first, index).astype(onp.int64)
    return _pick(input, index, axis, keepdims), index if keepdims else index.squeeze(axis)


def nansum(input, axis=None, keepdims=False, *, dtype=None):
    """The sum over ``axis`` with NaNs counted as 0."""
    result = np.nansum(input, axis=_axis(axis), keepdims=keepdims)
    if dtype is None and _dtype_of(input).kind in "iu":
        dtype = _dtype_of(input)
    return result.astype(dtype) if dtype is not None else result


def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    """The mean over ``axis`` of the values that are not NaN."""
    if _dtype_of(input).kind != "f":
        raise CellTypeError(message("ops.nanmean input", "a float Tensor",
                                    str(_dtype_of(input))))
    data = getval(input)
    kept = onp.sum(~onp.isnan(data), axis=_axis(axis), keepdims=keepdims)
    result = np.nansum(input, axis=_axis(axis), keepdims=keepdims) / kept.astype(data.dtype)
    return result.astype(dtype) if dtype is not None else result


def count_nonzero(x, axis=(), keep_dims=False, dtype=onp.int32):
    """How many elements along ``axis`` (all axes for ``()``) are not zero."""
    axis = None if axis in ((), []) else _axis(axis)
    counts = onp.count_nonzero(getval(x), axis=axis)
    if keep_dims:
        counts = onp.reshape(counts, onp.sum(getval(x) != 0, axis=axis, keepdims=True).shape)
    return onp.asarray(counts).astype(dtype)


def all(input, axis=None, keep_dims=False):
    """Whether every element along ``axis`` is true, as Bool."""
    axis = None if axis in ((), []) else _axis(axis)
    return onp.all(getval(input), axis=axis, keepdims=keep_dims)


def any(input, axis=None, keep_dims=False):
    """Whether some element along ``axis`` is true, as Bool."""
    axis = None if axis in ((), []) else _axis(axis)
    return onp.any(getval(input), axis=axis, keepdims=keep_dims)


def aminmax(input, *, axis=0, keepdims=False):
    """(min, max) along ``axis``."""
    if axis is None:
        return (np.min(input, keepdims=keepdims), np.max(input, keepdims=keepdims))
    _check_axis("ops.aminmax axis", input, axis)
    return (np.min(input, axis=axis, keepdims=keepdims),
            np.max(input, axis=axis, keepdims=keepdims))


def _cumulative(where, input, axis, better, index_dtype):
    _check_axis(f"{where} axis", input, axis)
    data = getval(input)
    moved = onp.moveaxis(data, axis, -1)
    index = onp.zeros(moved.shape, onp.int64)
    best = moved[..., :1].copy() if moved.shape[-1] else moved
    for i in range(1, moved.shape[-1]):
        take = better(moved[..., i], best[..., 0]) | onp.isnan(moved[..., i])
        take &= ~onp.isnan(best[..., 0]) if data.dtype.kind == "f" else take
        best[..., 0] = onp.where(take, moved[..., i], best[..., 0])
        index[..., i] = onp.where(take, i, index[..., i - 1])
    index = onp.moveaxis(index, -1, axis).astype(index_dtype)
    return np.take_along_axis(input, index, axis=axis), index


def cummax(input, axis):
    """(running max, its Int64 index) along ``axis``; ties take the latest index."""
    return _cumulative("ops.cummax", input, axis, onp.greater_equal, onp.int64)


def cummin(input, axis):
    """(running min, its Int32 index, as in MindSpore) along ``axis``; ties take the
    latest index."""
    return _cumulative("ops.cummin", input, axis, onp.less_equal, onp.int32)


def logcumsumexp(input, axis):
    """log(cumsum(exp(x))) along ``axis``, shifted by the max so it does not overflow."""
    _check_axis("ops.logcumsumexp axis", input, axis)
    if _dtype_of(input).kind != "f":
        raise CellTypeError(message("ops.logcumsumexp input", "a float Tensor",
                                    str(_dtype_of(input))))
    data = getval(input)
    top = onp.max(data, axis=axis, keepdims=True) if data.size else 0
    top = onp.where(onp.isfinite(top), top, 0).astype(data.dtype)
    return np.log(np.cumsum(np.exp(input - top), axis=axis)) + top
