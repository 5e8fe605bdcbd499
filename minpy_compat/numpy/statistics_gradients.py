"""Gradients for NumPy's statistics functions that autograd has none for (nan-aware
reductions, order statistics, weighted averages, covariance).

Built with the rules of ``derived_gradients``: NumPy's own forward pass, and a gradient
from a composite (or an index map) written with autograd.numpy operations.

* **nan-aware reductions** (``nansum`` ... ``nancumprod``) restate the plain reduction on
  the array with every ignored entry (a NaN, or one ``where`` leaves out) replaced by a
  neutral value, so the gradient there is exactly 0. Slices NumPy answers with NaN (all
  NaN, or no degrees of freedom left) get NaN from ``anp.where``, with a zero gradient.
* **Products** (``nanprod``, ``nancumprod``) are ``prod``/``cumprod`` of the array with
  ignored entries set to 1; their rules (``reduction_gradients``, ``arithmetic_gradients``)
  never divide where an entry is 0 (autograd's ``prod`` rule divides by the entries, which
  gives NaN there).
* **Order statistics** (``median``, ``percentile``, ``quantile`` and their nan versions)
  let NumPy sort the values (untraced) and read the chosen ones back from ``a`` by index
  (traced), so the gradient goes to the entries NumPy picked; the interpolation weight of
  ``method='linear'`` is traced through ``q``, which gives the gradient w.r.t. ``q``.
  Methods other than 'linear', 'lower', 'higher', 'midpoint' and 'nearest' (and so
  weighted quantiles, which NumPy allows only with 'inverted_cdf') and
  ``overwrite_input=True`` are refused.
* ``average``, ``ptp``, ``cov``, ``corrcoef`` and ``histogram`` are restated directly.
* **Weights** (``average``, ``cov``'s ``aweights``, ``bincount``, ``histogram``) are
  differentiable, passed by keyword too: autograd traces positional arguments only, so
  those facades move a traced weight to its position.

Composites only use autograd.numpy operations, so second-order gradients work.
"""
import inspect

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from .derived_gradients import REGISTERED, composite_vjp, define, override, refuse, register
from .reduction_gradients import root_of_variance

NO_VALUE = onp._NoValue  # NumPy's "argument not given" marker (keepdims, initial, where...)

ORDER_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")  # have a gradient here


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
    x, ignored = _valid_entries(a, where, 0, dtype)
    full_count = onp.sum(~ignored, axis=axis, keepdims=True)
    if mean is NO_VALUE:
        mean = anp.sum(x, axis=axis, keepdims=True) / _float_count(
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
def _nan_extreme(choose, pair, fill):
    """Composite of ``nanmax``/``nanmin`` from ``choose`` (``anp.max``), ``pair``
    (``anp.maximum``, to meet ``initial``) and ``fill`` (the value that never wins)."""
    def composite(a, axis=None, out=None, keepdims=NO_VALUE, initial=NO_VALUE,
                  where=NO_VALUE):
        keep = _given(keepdims, False)
        x, ignored = _valid_entries(a, where, fill)
        best = choose(x, axis=axis, keepdims=keep)
        if initial is not NO_VALUE:
            return pair(best, initial)
        return anp.where(onp.all(ignored, axis=axis, keepdims=keep), onp.nan, best)
    return composite


nanmax = _nan_extreme(anp.max, anp.maximum, -onp.inf)
nanmax.__name__ = "nanmax"
nanmax.__doc__ = "Composite of ``numpy.nanmax``: the max with NaNs set to -inf (ties split)."
nanmin = _nan_extreme(anp.min, anp.minimum, onp.inf)
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


# ---- cov, corrcoef -----------------------------------------------------------------------
def _variables_as_rows(x, rowvar, dtype, transpose_unless):
    """``x`` as a 2-D (variables, observations) array of ``dtype``, as NumPy's ``cov``
    arranges it (``transpose_unless(shape)`` says when ``rowvar=False`` leaves it as is)."""
    x = _as_array(x).astype(dtype)
    shape = _raw(x).shape
    x = anp.reshape(x, (1,) * max(0, 2 - len(shape)) + shape)
    if not rowvar and not transpose_unless(shape, _raw(x).shape):
        x = anp.transpose(x)
    return x


def _observation_weights(fweights, aweights):
    """The product of the frequency and analytic weights (None for neither)."""
    weights = [_as_array(w) * 1.0 for w in (fweights, aweights) if w is not None]
    if not weights:
        return None
    return weights[0] if len(weights) == 1 else weights[0] * weights[1]


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """Composite of ``numpy.cov``: weighted centred products of the rows of ``m`` (and
    ``y``) over NumPy's normalisation ``fact``."""
    if dtype is None:
        others = () if y is None else (_raw(y),)
        dtype = onp.result_type(_raw(m), *others, onp.float64)
    x = _variables_as_rows(m, rowvar, dtype, lambda shape, _: len(shape) == 1)
    if _raw(x).shape[0] == 0:
        return onp.array([]).reshape(0, 0)
    if y is not None:
        y = _variables_as_rows(y, rowvar, dtype, lambda _, shape2: shape2[0] == 1)
        x = anp.concatenate([x, y], axis=0)
    if ddof is None:
        ddof = 1 if bias == 0 else 0
    w = _observation_weights(fweights, aweights)
    if w is None:
        centred = x - anp.mean(x, axis=1, keepdims=True)
        weighted, fact = centred, x.shape[1] - ddof
    else:
        w_sum = anp.sum(w)
        centred = x - anp.sum(x * w, axis=1, keepdims=True) / w_sum
        weighted = centred * w
        fact = _weighted_fact(w, w_sum, aweights, ddof)
    if getval(fact) <= 0:
        fact = 0.0
    with onp.errstate(divide="ignore", invalid="ignore"):
        return anp.squeeze(anp.dot(centred, anp.conj(anp.transpose(weighted))) * (1 / fact))


def _weighted_fact(w, w_sum, aweights, ddof):
    """NumPy's normalisation of a weighted covariance."""
    if ddof == 0:
        return w_sum
    if aweights is None:
        return w_sum - ddof
    return w_sum - ddof * anp.sum(w * _as_array(aweights)) / w_sum


def corrcoef(x, y=None, rowvar=True, bias=NO_VALUE, ddof=NO_VALUE, *, dtype=None):
    """Composite of ``numpy.corrcoef``: the covariance over the outer product of the
    standard deviations, clipped to [-1, 1] (``bias``/``ddof`` have no effect, as in
    NumPy)."""
    c = cov(x, y, rowvar, dtype=dtype)
    if _raw(c).ndim == 0:
        return c / c
    stddev = anp.sqrt(anp.real(anp.diag(c)))
    c = c / stddev[:, None] / stddev[None, :]
    if _raw(c).dtype.kind == "c":
        return anp.clip(anp.real(c), -1, 1) + 1j * anp.clip(anp.imag(c), -1, 1)
    return anp.clip(c, -1, 1)


# ---- traced weights -------------------------------------------------------------------------
# Autograd primitives trace positional arguments only, so a traced ``weights=`` keyword
# met the facade's refusal. These facades pass such calls on with the keywords moved to
# their positions: NumPy's forward pass (its checks, its values), and the gradient from
# the table, which covers the weights.
def _weights_by_position(name, weight_names, parameters=None):
    """``make(facade)`` for ``override`` of ``numpy.<name>``. ``parameters``: its positional
    parameters after the first, with their defaults, in order (default: read from NumPy's
    signature, which differs between versions: NumPy 1.x's ``histogram`` has ``normed``)."""
    if parameters is None:
        signature = inspect.signature(getattr(onp, name)).parameters.values()
        parameters = {p.name: p.default for p in list(signature)[1:]
                      if p.kind is p.POSITIONAL_OR_KEYWORD}

    def make(facade):
        def call(*args, **kwargs):
            if not any(isbox(kwargs.get(weights)) for weights in weight_names):
                return facade(*args, **kwargs)
            args = list(args)
            for parameter, default in list(parameters.items())[len(args) - 1:]:
                if not any(w in kwargs for w in weight_names):
                    break  # every traced weight has its position
                args.append(kwargs.pop(parameter, default))
            return facade(*args, **kwargs)
        return call
    return make


def histogram(a, *args, **kwargs):
    """Composite of ``numpy.histogram`` (the gradient of the weights; ``a`` has none, the
    bins being piecewise constant in it): NumPy's bin edges, each element's bin read back
    from them (half-open bins, the last one closed, as NumPy's), the weights added up."""
    options = inspect.signature(onp.histogram).bind(a, *args, **kwargs).arguments
    weights, density = options.get("weights"), options.get("density")
    if options.get("normed"):
        refuse("histogram", 3, "normed=None (NumPy 1.x deprecated it)", "normed=True",
               "Pass density=True.")
    raw = _raw(a)
    edges = onp.histogram_bin_edges(raw, options.get("bins", 10), options.get("range"),
                                    None if weights is None else _raw(weights))
    if weights is None:
        return onp.histogram(raw, edges)[0], edges
    where = onp.searchsorted(edges, raw, side="right") - 1
    where[raw == edges[-1]] = len(edges) - 2
    inside = onp.ravel((raw >= edges[0]) & (raw <= edges[-1]))
    counts = anp.bincount(onp.ravel(where)[inside], anp.ravel(weights)[inside],
                          len(edges) - 1)  # differentiable in the weights (rule below)
    if density:
        counts = counts / onp.diff(edges) / anp.sum(counts)
    return counts, edges


def bincount_weights_grad(ans, x, weights=None, minlength=0):
    """Each weight gets its bin's gradient."""
    return lambda g: g[onp.asarray(x)]


# ---- registration ----------------------------------------------------------------------------
COMPOSITES = {
    "average": average, "ptp": ptp,
    "nansum": nansum, "nanmean": nanmean, "nanvar": nanvar, "nanstd": nanstd,
    "nanmax": nanmax, "nanmin": nanmin, "nanprod": nanprod,
    "nancumsum": nancumsum, "nancumprod": nancumprod,
    "median": median, "percentile": percentile, "quantile": quantile,
    "nanmedian": nanmedian, "nanpercentile": nanpercentile, "nanquantile": nanquantile,
    "cov": cov, "corrcoef": corrcoef, "histogram": histogram,
}

for _name, _composite in COMPOSITES.items():
    register([_name], composite_vjp(_composite))

define("bincount", bincount_weights_grad, argnums=[1])
for _name, _weights, _parameters in (("average", ["weights"], None),
                                     ("cov", ["aweights", "fweights"], None),
                                     ("histogram", ["weights"], None),
                                     ("bincount", ["weights"], {"weights": None})):
    override(_name, _weights_by_position(_name, _weights, _parameters))

# The names given a gradient here (those this NumPy has), for the tests.
NAMES = tuple(name for name in COMPOSITES if name in REGISTERED)
