"""The order statistics as composites: ``median``, ``percentile``, ``quantile`` and their
nan versions. NumPy sorts the values (untraced) and the chosen ones are read back from
``a`` by index (traced), so the gradient goes to the entries NumPy picked; the
interpolation weight of ``method='linear'`` is traced through ``q``. Other methods and
``overwrite_input=True`` are refused. ``statistics_gradients`` registers them.
"""
import autograd.numpy as anp
import numpy as onp

from .derived_gradients import refuse
from .statistics_reductions import (NO_VALUE, _as_array, _axes, _given, _merged_last, _nan_mask,
                                    _raw, _reduced_shape, _valid_entries)

ORDER_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")  # have a gradient here


# ---- order statistics: median, percentile, quantile and the nan versions --------------------
def _checked_method(name, method, interpolation, overwrite_input, overwrite_argnum=4):
    """The quantile method to use, refusing the arguments these gradients do not cover.
    (NumPy itself allows ``weights`` only with 'inverted_cdf', which is refused here.)"""
    if interpolation is not None:  # NumPy 1.22-1.26's old name for ``method``
        method = interpolation
    if method not in ORDER_METHODS:
        refuse(name, "5 'method'", "one of " + ", ".join(map(repr, ORDER_METHODS)),
               repr(method), "The other methods have no gradient in minpy_compat; compute "
               "this one on x.asnumpy() if no gradient should flow through it.")
    if overwrite_input:
        refuse(name, f"{overwrite_argnum} 'overwrite_input'", "overwrite_input=False", "True",
               "It lets NumPy reorder `a` in place, so a gradient could not say which "
               "entry is which.")
    return method


def _picked_indices(spot, counts, method):
    """``(lower, upper, weight)`` for the virtual sorted positions ``spot``: the two
    neighbouring sorted positions (clipped to each slice's ``counts``) and the traced
    interpolation weight of the upper one (None where only ``lower`` is used)."""
    raw = _raw(spot)
    last = onp.maximum(counts - 1, 0)
    if method == "linear":
        lower = onp.clip(onp.floor(raw), 0, last).astype(onp.intp)
        return lower, onp.minimum(lower + 1, last), spot - lower
    if method == "midpoint":
        lower = onp.clip(onp.floor(raw), 0, last).astype(onp.intp)
        return lower, onp.clip(onp.ceil(raw), 0, last).astype(onp.intp), 0.5
    rounding = {"lower": onp.floor, "higher": onp.ceil, "nearest": onp.around}[method]
    return onp.clip(rounding(raw), 0, last).astype(onp.intp), None, None


def order_statistic(a, q, axis, method, keepdims, skip_nan):
    """The ``q``-quantiles (fractions in [0, 1], traced or not) of ``a`` over ``axis`` by
    NumPy's rule for ``method``: NumPy sorts each slice (untraced) and the chosen entries are
    read from ``a`` by their index (traced). A slice with a NaN (or, with ``skip_nan``,
    with nothing but NaNs) gives NaN and no gradient."""
    a, q = _as_array(a), _as_array(q)
    raw = _raw(a)
    axes = _axes(axis, raw.ndim)
    positions, rest, n = _merged_last(onp.arange(raw.size).reshape(raw.shape), axes)
    positions = positions.reshape(-1, n)                      # (slices, n) flat indices
    nans = _nan_mask(raw.reshape(-1)[positions])
    ranked = onp.take_along_axis(positions, onp.argsort(raw.reshape(-1)[positions], axis=1,
                                                        kind="stable"), axis=1)
    counts = n - nans.sum(axis=1) if skip_nan else onp.full(len(positions), n)
    undefined = counts == 0 if skip_nan else nans.any(axis=1)

    spot = anp.reshape(q, (-1, 1)) * (counts - 1)            # (quantiles, slices)
    lower, upper, weight = _picked_indices(spot, counts, method)
    flat = anp.reshape(_valid_entries(a, NO_VALUE, 0)[0], (-1,))
    rows = onp.arange(len(positions))
    value = flat[ranked[rows, lower]]
    if upper is not None:
        value = value + (flat[ranked[rows, upper]] - value) * weight
    value = anp.where(undefined, onp.nan, value)
    return anp.reshape(value, _raw(q).shape + _reduced_shape(raw.shape, axes, keepdims))


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Composite of ``numpy.median``: the 0.5-quantile, 'linear'."""
    _checked_method("median", "linear", None, overwrite_input, overwrite_argnum=3)
    return order_statistic(a, 0.5, axis, "linear", keepdims, skip_nan=False)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=NO_VALUE):
    """Composite of ``numpy.nanmedian``: the 0.5-quantile of the non-NaN entries."""
    _checked_method("nanmedian", "linear", None, overwrite_input, overwrite_argnum=3)
    return order_statistic(a, 0.5, axis, "linear", _given(keepdims, False), skip_nan=True)


def _quantile_composite(name, scale, skip_nan):
    """Composite of ``numpy.<name>`` (``q`` in units of ``scale``: 1, or 100 for the
    percentiles)."""
    def composite(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=NO_VALUE, *, weights=None, interpolation=None):
        method = _checked_method(name, method, interpolation, overwrite_input)
        fraction = _as_array(q) if scale == 1 else _as_array(q) / scale
        return order_statistic(a, fraction, axis, method, _given(keepdims, False), skip_nan)
    composite.__name__ = name
    composite.__doc__ = f"Composite of ``numpy.{name}`` (methods {', '.join(ORDER_METHODS)})."
    return composite


quantile = _quantile_composite("quantile", 1, skip_nan=False)
percentile = _quantile_composite("percentile", 100, skip_nan=False)
nanquantile = _quantile_composite("nanquantile", 1, skip_nan=True)
nanpercentile = _quantile_composite("nanpercentile", 100, skip_nan=True)
