"""``unique`` and NumPy 2's ``unique_*`` with traced values: duplicates share their
value's gradient evenly (``max``'s tie rule). Those return tuples (named ones autograd
cannot box), so the facade's function is replaced (``override``): NumPy's result on the
value, with only ``values`` traced, by one primitive for all five. ``shape_gradients``
imports this module where its table registers ``unique``.
"""
import inspect

import autograd.numpy as anp
import numpy as onp
from autograd.extend import primitive
from autograd.tracer import getval, isbox

from .. import registry
from ..array import wrap
from .axis_index import _along
from .derived_gradients import override


def _unique_values(x, values, inverse, axis):
    """``values``, which NumPy computed from ``x``, unchanged: a primitive only so that
    they are traced as a function of ``x``."""
    return values


unique_values_of = primitive(_unique_values)
unique_values_of.__name__ = "unique"  # the name users know it by (messages, package_vjps)


def _unique_values_grad(ans, x, values, inverse, axis):
    """Each unique value is the value of every element (every slice along ``axis``) equal
    to it, so its gradient is split evenly among them, as ``max`` splits it among ties:
    element ``i`` gets ``g[inverse[i]] / counts[inverse[i]]``. Indexing and dividing ``g``
    keeps the rule differentiable (second order)."""
    shape = onp.shape(getval(x))
    counts = onp.bincount(inverse, minlength=onp.shape(values)[0 if axis is None else axis])
    if axis is None:
        share = counts[inverse]
        return lambda g: anp.reshape(g[inverse] / share.astype(getval(g).dtype), shape)
    view = [1] * len(shape)
    view[axis] = -1
    share, index = counts[inverse].reshape(view), _along(axis, len(shape), inverse)
    return lambda g: g[index] / share.astype(getval(g).dtype)


registry.define_vjp(unique_values_of, _unique_values_grad)


def _inverse(value, values, axis, equal_nan):
    """Which entry of ``values`` (NumPy's unique values, in the order it gave them) each
    element of ``value`` is, or each slice along ``axis``. NumPy's own ``return_inverse``,
    so the grouping (NaNs, -0.0) is NumPy's; it numbers the sorted values, so ``values``
    in another order (``sorted=False``, ``unique_values`` of complex numbers) is renumbered."""
    found, inverse = onp.unique(value, return_inverse=True, axis=axis, equal_nan=equal_nan)
    inverse = inverse.reshape(-1)
    if not onp.array_equal(found, values, equal_nan=True):
        position = onp.unique(values, return_inverse=True, axis=axis, equal_nan=equal_nan)[1]
        inverse = onp.argsort(position.reshape(-1))[inverse]
    return inverse


_UNIQUE_PARAMETERS = inspect.signature(onp.unique)


def _unique(facade):
    def unique(ar, *args, **kwargs):
        """``numpy.unique``. A traced ``ar`` gets traced unique values; the index,
        inverse and counts are NumPy's, untraced (integers carry no gradient)."""
        if not isbox(ar):
            return facade(ar, *args, **kwargs)
        options = _UNIQUE_PARAMETERS.bind(ar, *args, **kwargs)
        options.apply_defaults()
        options = options.arguments
        value = getval(ar)
        result = facade(value, *args, **kwargs)  # exactly the call asked for, on the value
        values = onp.asarray(result[0] if type(result) is tuple else result)
        axis = options["axis"]
        axis = None if axis is None else axis % onp.ndim(value)
        if options["return_inverse"]:  # its shape depends on the NumPy version
            inverse = onp.reshape(result[1 + bool(options["return_index"])], -1)
        else:
            inverse = _inverse(value, values, axis, options["equal_nan"])
        traced = unique_values_of(ar, values, inverse, axis)
        return wrap((traced,) + result[1:]) if type(result) is tuple else traced
    return unique


def _array_api_unique(facade):
    def unique_named(x):
        """NumPy 2's ``unique_*``: the named tuple NumPy returns (or the values) with
        ``values`` traced when ``x`` is. Every NaN is its own value here."""
        if not isbox(x):
            return facade(x)
        value = getval(x)
        result = facade(value)
        named = isinstance(result, tuple)
        values = onp.asarray(result.values if named else result)
        inverse = getattr(result, "inverse_indices", None)
        inverse = _inverse(value, values, None, False) if inverse is None else \
            onp.reshape(inverse, -1)
        traced = unique_values_of(x, values, inverse, None)
        return wrap(result._replace(values=traced)) if named else traced
    return unique_named


override("unique", _unique)
for _name in ("unique_values", "unique_counts", "unique_inverse", "unique_all"):
    override(_name, _array_api_unique)
