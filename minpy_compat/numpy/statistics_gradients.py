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
  (traced), so the gradient goes to the entries NumPy picked, for every ``method`` (and
  ``weights=``, which NumPy 2 allows with 'inverted_cdf'); the interpolation weight of the
  continuous methods is traced through ``q``, which gives the gradient w.r.t. ``q``.
  ``overwrite_input=True`` is refused.
* ``average``, ``ptp``, ``cov``, ``corrcoef`` and ``histogram`` are restated directly.
* **Weights** (``average``, ``cov``'s ``aweights``, ``bincount``, ``histogram``,
  ``histogram2d``/``histogramdd`` in ``statistics_histograms``) are
  differentiable, passed by keyword too: autograd traces positional arguments only, so
  those facades move a traced weight to its position.

Composites only use autograd.numpy operations, so second-order gradients work. They live
by family: ``statistics_reductions`` (the shared helpers, ``average``, ``ptp``, the nan-aware
reductions), ``statistics_quantiles`` (the order statistics) and ``statistics_weighted``
(``cov``, ``corrcoef``, ``histogram``, the weights); this module registers them, in one table.
"""
import numpy as onp

from ..array import Array
from ..lean_call import contains_box
from .discrete_results import constant_values
from .derived_gradients import REGISTERED, composite_vjp, define, override, register
from .statistics_quantiles import (median, nanmedian, nanpercentile, nanquantile, percentile,
                                   quantile)
from .statistics_reductions import (average, nancumprod, nancumsum, nanmax, nanmean, nanmin,
                                    nanprod, nanstd, nansum, nanvar, ptp)
from .statistics_histograms import OVERRIDES as HISTOGRAMS
from .statistics_weighted import (_weights_by_position, bincount_weights_grad, corrcoef, cov,
                                  histogram)


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
for _name, _make in HISTOGRAMS.items():  # histogram2d, histogramdd: traced weights
    override(_name, _make)


def _as_a_plain_ndarray(facade):
    """``make(facade)`` for ``nanmax``/``nanmin``: NumPy takes its fast path (``fmax.reduce``)
    only for an exact ``ndarray``, and the slow one (``amax``) picks the other of two signed
    zeros, so an Array goes in as the ndarray it is: ``nanmin(np.array([0., -0.]))`` is 0.0."""
    def call(*args, **kwargs):
        if args and type(args[0]) is Array:
            args = (onp.ndarray.view(args[0], onp.ndarray),) + args[1:]
        elif type(kwargs.get("a")) is Array:
            kwargs = dict(kwargs, a=onp.ndarray.view(kwargs["a"], onp.ndarray))
        return facade(*args, **kwargs)
    return call


for _name in ("nanmax", "nanmin"):
    override(_name, _as_a_plain_ndarray)


def _weights_as_values(facade):
    """``make(facade)`` for the quantiles: ``weights=`` (NumPy 2, 'inverted_cdf') only says
    which entry is picked, so the result is piecewise constant in it; a traced one (or a
    list holding traced values) goes in as its values, and its gradient is zero."""
    def call(*args, **kwargs):
        weights = kwargs.get("weights")
        if contains_box(weights):
            kwargs = dict(kwargs, weights=constant_values(
                weights, f"minpy_compat.numpy.{facade.__name__} argument 'weights'"))
        return facade(*args, **kwargs)
    return call


for _name in ("quantile", "percentile", "nanquantile", "nanpercentile"):
    override(_name, _weights_as_values)

# The names given a gradient here (those this NumPy has), for the tests.
NAMES = tuple(name for name in COMPOSITES if name in REGISTERED)
