"""Gradients for elementwise functions autograd leaves without one: ``nextafter``
(the next float after ``x1`` towards ``x2``: a step of one ulp, so ``x1`` gets ``g`` and
``x2``, which only picks the direction, gets 0) and ``i0`` (the modified Bessel function
of order 0, whose derivative is ``i1``, a function NumPy does not have: ``bessel_i1``
computes it from its power series, itself differentiable to any order), and ``spacing``
(the distance to the next float: a step function of ``x``, so its gradient is 0); and
``kaiser``, whose window is a ratio of ``i0`` values, differentiable in ``beta``.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.extend import primitive
from autograd.tracer import getval

from .. import registry
from . import derived_gradients
from .derived_gradients import composite_vjp, define, register
from .gradients import unbroadcast

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


# ---- nextafter ---------------------------------------------------------------------------
def _nextafter_zero(ans, x1, x2, *args, **kwargs):
    shape = onp.shape(getval(x2))
    return lambda g: unbroadcast(g * 0.0, shape)


define("nextafter",
       lambda ans, x1, x2, *args, **kwargs: lambda g: unbroadcast(g, onp.shape(getval(x1))),
       _nextafter_zero)


# The ulp is constant between powers of two: piecewise constant, as floor's.
define("spacing", lambda ans, x, *args, **kwargs: lambda g: g * 0.0)


# ---- i0 and its derivative i1 --------------------------------------------------------------
def _i1_series(x):
    """``i1(x) = sum_k (x/2)^(2k+1) / (k! (k+1)!)``: every term has the sign of ``x``, so the
    sum is accurate to a few ulps in float64 wherever it is finite (|x| up to about 713,
    where ``i0`` overflows too); the terms are summed until they stop changing the total."""
    half = onp.asarray(x, dtype=onp.result_type(x, onp.float64)) / 2.0
    quarter_square = half * half
    term = half.copy()
    total = half.copy()
    k = 0
    with onp.errstate(over="ignore", invalid="ignore"):
        while onp.any(onp.abs(term) > onp.finfo(total.dtype).eps * onp.abs(total) / 4):
            k += 1
            term = term * (quarter_square / (k * (k + 1.0)))  # divide first: no early overflow
            total = total + term
    return total


bessel_i1 = primitive(_i1_series)
bessel_i1.__name__ = "i1"


def _i1_derivative(x):
    """``i1'(x) = i0(x) - i1(x) / x``, with its limit 1/2 at 0."""
    at_zero = getval(x) == 0
    safe = anp.where(at_zero, 1.0, x)
    return anp.where(at_zero, 0.5, anp.i0(x) - bessel_i1(x) / safe)


registry.define_vjp(bessel_i1, lambda ans, x: lambda g: g * _i1_derivative(x))
derived_gradients.REGISTERED.append("i1")  # not a NumPy name: i0's gradient, tested with it
define("i0", lambda ans, x: lambda g: g * bessel_i1(x))


# ---- kaiser: i0(beta * sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta) -----------------------
def _kaiser(M, beta):
    """NumPy's Kaiser window, restated with differentiable ``i0`` (``M`` is a count)."""
    M = float(getval(M))
    if M == 1:
        return onp.ones(1)  # the one-point window: constant in beta
    n = onp.arange(0, M)
    alpha = (M - 1) / 2.0
    return anp.i0(beta * onp.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / anp.i0(beta)


register(["kaiser"], composite_vjp(_kaiser))


# Every name given a gradient here ("nextafter", "spacing", "i1", "i0", "kaiser"), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
