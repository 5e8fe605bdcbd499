"""The statistics with weights: ``cov`` and ``corrcoef`` restated as composites,
``histogram`` (the gradient of its weights), the weights gradient of ``bincount``, and the
facades that pass a traced ``weights=`` keyword on by position (autograd traces positional
arguments only). ``statistics_gradients`` registers them.
"""
import inspect

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from .derived_gradients import refuse
from .statistics_reductions import NO_VALUE, _as_array, _raw


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
