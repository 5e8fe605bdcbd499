"""The order statistics as composites: ``median``, ``percentile``, ``quantile`` and their
nan versions, for every ``method`` NumPy has. NumPy sorts the values (untraced) and the
chosen ones are read back from ``a`` by index (traced), so the gradient goes to the
entries NumPy picked. The continuous methods ('linear', 'weibull', 'hazen', ...) interpolate
between two neighbours at NumPy's virtual index, whose weight is traced through ``q``; the
others pick one entry (or average two), and NumPy itself says which, run on the ranks.
``overwrite_input=True`` is refused. ``statistics_gradients`` registers them.
"""
import warnings

import autograd.numpy as anp
import numpy as onp

from .derived_gradients import refuse
from .statistics_reductions import (NO_VALUE, _as_array, _axes, _given, _merged_last, _nan_mask,
                                    _raw, _reduced_shape, _valid_entries, _weights_like)

# Hyndman and Fan's (alpha, beta) of the continuous methods; 'linear' is (1, 1), computed
# as NumPy does, (n - 1) * q, for the same rounding.
CONTINUOUS = {"linear": (1.0, 1.0), "weibull": (0.0, 0.0), "hazen": (0.5, 0.5),
              "interpolated_inverted_cdf": (0.0, 1.0),
              "median_unbiased": (1 / 3.0, 1 / 3.0), "normal_unbiased": (3 / 8.0, 3 / 8.0)}


# ---- order statistics: median, percentile, quantile and the nan versions --------------------
def _checked_method(name, method, interpolation, overwrite_input, overwrite_argnum=4):
    """The quantile method to use (NumPy has checked its name), refusing
    ``overwrite_input``, whose gradient is not defined."""
    if interpolation is not None:  # NumPy 1.22-1.26's old name for ``method``
        method = interpolation
    if overwrite_input:
        refuse(name, f"{overwrite_argnum} 'overwrite_input'", "overwrite_input=False", "True",
               "It lets NumPy reorder `a` in place, so a gradient could not say which "
               "entry is which.")
    return method


def _continuous(q, counts, method):
    """``(lower, upper, weight)`` for a continuous method: the sorted positions around
    NumPy's virtual index (both the first or last one outside the range) and the traced
    interpolation weight of ``upper``, for each (quantile, slice)."""
    q = anp.reshape(q, (-1, 1))
    if method == "linear":
        spot = q * (counts - 1)
    else:
        alpha, beta = CONTINUOUS[method]
        spot = counts * q + (alpha + q * (1 - alpha - beta)) - 1
    raw = _raw(spot)
    last = onp.maximum(counts - 1, 0)
    lower = onp.clip(onp.nan_to_num(onp.floor(raw)), 0, last).astype(onp.intp)
    outside = (raw >= last) | (raw < 0)
    return lower, onp.where(outside, lower, lower + 1), spot - lower


def _picked(q, order, nans, method, skip_nan, weights):
    """``(lower, upper, weight)`` for a method that picks entries: NumPy's own answer on
    the ranks 0..n-1 of each slice is the picked rank (or, for 'midpoint' and
    'averaged_inverted_cdf', the mean of two neighbouring ones)."""
    slices, n = order.shape
    ranks = onp.empty((slices, n))
    onp.put_along_axis(ranks, order, onp.arange(n, dtype=float)[None], axis=1)
    if skip_nan:
        ranks[nans] = onp.nan
    extra = {} if weights is None else {"weights": weights}
    with warnings.catch_warnings():  # all-NaN slices: NumPy's forward pass has warned
        warnings.simplefilter("ignore", RuntimeWarning)
        function = onp.nanquantile if skip_nan else onp.quantile
        rank = function(ranks, _raw(q), axis=1, method=method, **extra)
    rank = onp.nan_to_num(onp.reshape(rank, (-1, slices)))  # an undefined slice: any rank
    lower = onp.floor(rank).astype(onp.intp)
    return lower, onp.ceil(rank).astype(onp.intp), rank - lower


def _merged_weights(weights, shape, axes):
    """``weights`` broadcast to ``a``'s shape, laid out as ``(slices, n)``."""
    full = onp.broadcast_to(_raw(_weights_like(_raw(weights), shape, axes)), shape)
    merged = _merged_last(full, axes)[0]
    return onp.reshape(merged, (-1, merged.shape[-1]))


def order_statistic(a, q, axis, method, keepdims, skip_nan, weights=None):
    """The ``q``-quantiles (fractions in [0, 1], traced or not) of ``a`` over ``axis`` by
    NumPy's rule for ``method`` (and ``weights``): NumPy sorts each slice (untraced) and the
    chosen entries are read from ``a`` by their index (traced). A slice with a NaN (or,
    with ``skip_nan``, with nothing but NaNs) gives NaN and no gradient."""
    a, q = _as_array(a), _as_array(q)
    raw = _raw(a)
    axes = _axes(axis, raw.ndim)
    positions, rest, n = _merged_last(onp.arange(raw.size).reshape(raw.shape), axes)
    positions = positions.reshape(-1, n)                      # (slices, n) flat indices
    nans = _nan_mask(raw.reshape(-1)[positions])
    order = onp.argsort(raw.reshape(-1)[positions], axis=1, kind="stable")
    ranked = onp.take_along_axis(positions, order, axis=1)
    counts = n - nans.sum(axis=1) if skip_nan else onp.full(len(positions), n)
    undefined = counts == 0 if skip_nan else nans.any(axis=1)

    if method in CONTINUOUS and weights is None:
        lower, upper, weight = _continuous(q, counts, method)
    else:
        merged = None if weights is None else _merged_weights(weights, raw.shape, axes)
        lower, upper, weight = _picked(q, order, nans, method, skip_nan, merged)
    flat = anp.reshape(_valid_entries(a, NO_VALUE, 0)[0], (-1,))
    rows = onp.arange(len(positions))
    value = flat[ranked[rows, lower]]
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
        return order_statistic(a, fraction, axis, method, _given(keepdims, False), skip_nan,
                               weights)
    composite.__name__ = name
    composite.__doc__ = f"Composite of ``numpy.{name}``, every ``method`` NumPy has."
    return composite


quantile = _quantile_composite("quantile", 1, skip_nan=False)
percentile = _quantile_composite("percentile", 100, skip_nan=False)
nanquantile = _quantile_composite("nanquantile", 1, skip_nan=True)
nanpercentile = _quantile_composite("nanpercentile", 100, skip_nan=True)
