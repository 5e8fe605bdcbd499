"""The nan-aware reductions (``nansum`` ... ``nancumprod``), ``average`` and ``ptp`` as
composites, and the small helpers every statistics composite shares (NumPy's not-given
marker, axes, the mask of the entries a nan-aware reduction ignores). Each ignored entry
(a NaN, or one ``where`` leaves out) is replaced by a neutral value, so its gradient is
exactly 0. ``statistics_gradients`` registers them.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from .reduction_gradients import drops_imaginary, real_if_dropped, root_of_variance, \
    masked_choice

NO_VALUE = onp._NoValue  # NumPy's "argument not given" marker (keepdims, initial, where...)


# ---- small helpers ------------------------------------------------------------------------
def _given(value, default):
    """``value``, or ``default`` where the caller left NumPy's not-given marker."""
    return default if value is NO_VALUE else value


def _as_array(x):
    """A traced value as it is; anything else as a NumPy array."""
    return x if isbox(x) else onp.asarray(x)


def _raw(x):
    """The plain NumPy value of ``x`` (traced or not)."""
    return onp.asarray(getval(x))


def _axes(axis, ndim):
    """``axis`` (None, an int or a tuple) as a tuple of non-negative axes, in given order."""
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if onp.ndim(axis) == 0 else tuple(axis)
    return tuple(int(ax) % ndim for ax in axes) if ndim else ()


def _reduced_shape(shape, axes, keepdims):
    """The shape of a reduction of an array of ``shape`` over ``axes``."""
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes)


def _nan_mask(raw):
    """Where ``raw`` is NaN (nothing is, for integer, boolean or object arrays)."""
    if raw.dtype.kind in "fc":
        return onp.isnan(raw)
    return onp.zeros(raw.shape, bool)


def _valid_entries(a, where, fill, dtype=None):
    """``(x, ignored)``: ``a`` (cast to ``dtype``) with ``fill`` at the entries a nan-aware
    reduction ignores (NaNs, and those ``where`` leaves out), and the mask of those."""
    a = _as_array(a)
    raw = _raw(a)
    ignored = _nan_mask(raw)
    if where is not NO_VALUE:
        ignored = ignored | ~onp.broadcast_to(onp.asarray(where, bool), raw.shape)
    x = a if dtype is None else a.astype(dtype)
    if ignored.any():
        x = anp.where(ignored, fill, x)
    return x, ignored


def _float_count(count, like):
    """An entry count as a divisor in ``like``'s float dtype (so float32 stays float32)."""
    dtype = _raw(like).dtype
    return onp.asarray(count, dtype=dtype if dtype.kind in "fc" else onp.float64)


def _merged_last(x, axes):
    """``x`` with ``axes`` moved to the end and merged into one: ``(rest..., n)``, also
    returning the ``rest`` shape and ``n``."""
    shape = _raw(x).shape
    kept = [i for i in range(len(shape)) if i not in axes]
    rest = tuple(shape[i] for i in kept)
    n = int(onp.prod([shape[i] for i in axes], dtype=onp.int64))
    return anp.reshape(anp.transpose(x, kept + list(axes)), rest + (n,)), rest, n


# ---- average, ptp -------------------------------------------------------------------------
def _weights_like(weights, shape, axes):
    """``weights`` shaped to broadcast against ``a`` (NumPy's rule: the same shape as ``a``,
    or the shape of ``a`` along ``axes``, in that order; NumPy has checked which)."""
    w = _as_array(weights)
    if _raw(w).shape == tuple(shape):
        return w
    w = anp.transpose(w, tuple(onp.argsort(axes)))
    return anp.reshape(w, tuple(n if i in axes else 1 for i, n in enumerate(shape)))


def average(a, axis=None, weights=None, returned=False, *, keepdims=NO_VALUE):
    """Composite of ``numpy.average``: ``sum(a * w) / sum(w)`` (or the mean), and with
    ``returned`` the sum of the weights broadcast to the average's shape."""
    a = _as_array(a)
    raw = _raw(a)
    keep = _given(keepdims, False)
    axes = None if axis is None else _axes(axis, raw.ndim)
    if weights is None:
        avg = anp.mean(a, axis=axes, keepdims=keep)
        scale = onp.asarray(raw.size / max(_raw(avg).size, 1), dtype=_raw(avg).dtype)
    else:
        w = _weights_like(weights, raw.shape, _axes(axis, raw.ndim))
        scale = anp.sum(w * onp.ones((), dtype=onp.result_type(raw, _raw(w), 1.0)),
                        axis=axes, keepdims=keep)
        avg = anp.sum(a * w, axis=axes, keepdims=keep) / scale
    if not returned:
        return avg
    return avg, scale + onp.zeros(_raw(avg).shape, _raw(avg).dtype)


def ptp(a, axis=None, out=None, keepdims=NO_VALUE):
    """Composite of ``numpy.ptp``: max - min (ties share the gradient evenly)."""
    keep = _given(keepdims, False)
    return anp.max(a, axis=axis, keepdims=keep) - anp.min(a, axis=axis, keepdims=keep)


# ---- nan-aware sums, means, variances -----------------------------------------------------
def nansum(a, axis=None, dtype=None, out=None, keepdims=NO_VALUE, initial=NO_VALUE,
           where=NO_VALUE):
    """Composite of ``numpy.nansum``: the sum with ignored entries set to 0."""
    x, _ = _valid_entries(a, where, 0, dtype)
    total = anp.sum(x, axis=axis, keepdims=_given(keepdims, False))
    return total if initial is NO_VALUE else total + initial


def nanmean(a, axis=None, dtype=None, out=None, keepdims=NO_VALUE, *, where=NO_VALUE):
    """Composite of ``numpy.nanmean``: the sum of the valid entries over their count
    (NaN for a slice without any)."""
    keep = _given(keepdims, False)
    x, ignored = _valid_entries(a, where, 0, dtype)
    count = onp.sum(~ignored, axis=axis, keepdims=keep)
    total = anp.sum(x, axis=axis, keepdims=keep)
    return anp.where(count > 0, total / _float_count(onp.maximum(count, 1), total), onp.nan)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=NO_VALUE, *, where=NO_VALUE,
           mean=NO_VALUE, correction=NO_VALUE):
    """Composite of ``numpy.nanvar``: squared deviations of the valid entries from their
    mean (or ``mean``), summed, over ``count - ddof`` (NaN where that is not positive)."""
    keep = _given(keepdims, False)
    ddof = _given(correction, ddof)
    dropped = drops_imaginary(a, dtype)  # a complex a, a real mean: deviations stay complex
    x, ignored = _valid_entries(a, where, 0, None if dropped else dtype)
    full_count = onp.sum(~ignored, axis=axis, keepdims=True)
    if mean is NO_VALUE:
        mean = anp.sum(real_if_dropped(x, dtype), axis=axis, keepdims=True) / _float_count(
            onp.maximum(full_count, 1), x)
    deviation = x - mean
    if ignored.any():
        deviation = anp.where(ignored, 0, deviation)
    if _raw(deviation).dtype.kind == "c":
        squares = anp.real(deviation * anp.conj(deviation))
    else:
        squares = deviation * deviation
    total = anp.sum(squares, axis=axis, keepdims=keep)
    dof = onp.sum(~ignored, axis=axis, keepdims=keep) - ddof
    return anp.where(dof > 0, total / _float_count(onp.where(dof > 0, dof, 1), total), onp.nan)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=NO_VALUE, *, where=NO_VALUE,
           mean=NO_VALUE, correction=NO_VALUE):
    """Composite of ``numpy.nanstd``: the square root of ``nanvar``, with no gradient where
    that is 0 (one valid entry), as ``std`` of one element has none."""
    return root_of_variance(nanvar(a, axis, dtype, out, ddof, keepdims, where=where,
                                   mean=mean, correction=correction))


# ---- nan-aware max, min ----------------------------------------------------------------------
def _nan_extreme(choose, fill):
    """Composite of ``nanmax``/``nanmin`` from ``choose`` (``anp.max``) and ``fill`` (the
    value that never wins); ``initial`` is one more candidate in each slice, as in
    ``max``'s (``k`` elements tied with it share ``g`` with it, ``g / (k + 1)`` each)."""
    def composite(a, axis=None, out=None, keepdims=NO_VALUE, initial=NO_VALUE,
                  where=NO_VALUE):
        keep = _given(keepdims, False)
        x, ignored = _valid_entries(a, where, fill)
        if initial is not NO_VALUE:
            return masked_choice(choose, fill)(x, axis, None, keep, initial)
        best = choose(x, axis=axis, keepdims=keep)
        return anp.where(onp.all(ignored, axis=axis, keepdims=keep), onp.nan, best)
    return composite


nanmax = _nan_extreme(anp.max, -onp.inf)
nanmax.__name__ = "nanmax"
nanmax.__doc__ = "Composite of ``numpy.nanmax``: the max with NaNs set to -inf (ties split)."
nanmin = _nan_extreme(anp.min, onp.inf)
nanmin.__name__ = "nanmin"
nanmin.__doc__ = "Composite of ``numpy.nanmin``: the min with NaNs set to +inf (ties split)."


# ---- nan-aware products and cumulative reductions -------------------------------------------
def nanprod(a, axis=None, dtype=None, out=None, keepdims=NO_VALUE, initial=NO_VALUE,
            where=NO_VALUE):
    """Composite of ``numpy.nanprod``: the product with ignored entries set to 1."""
    x, _ = _valid_entries(a, where, 1, dtype)
    product = anp.prod(x, axis=axis, keepdims=_given(keepdims, False))
    return product if initial is NO_VALUE else product * initial


def _flat_if_no_axis(x, axis):
    """``(x, axis)``, flattened to ``(x.ravel(), 0)`` where ``axis`` is None."""
    return (anp.reshape(x, (-1,)), 0) if axis is None else (x, axis)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Composite of ``numpy.nancumsum``: the running sum with NaNs set to 0."""
    x, _ = _valid_entries(a, NO_VALUE, 0, dtype)
    x, axis = _flat_if_no_axis(x, axis)
    return anp.cumsum(x, axis=axis)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Composite of ``numpy.nancumprod``: the running product with NaNs set to 1."""
    x, _ = _valid_entries(a, NO_VALUE, 1, dtype)
    x, axis = _flat_if_no_axis(x, axis)
    return anp.cumprod(x, axis=axis)
