"""Gradients for differences, derivatives, integrals and interpolation: ``diff``,
``ediff1d``, ``gradient``, ``trapezoid`` and ``interp``, each through a composite; and
``unwrap``, whose corrections are whole periods (a step function of ``p``): its gradient
passes ``g`` through.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from ..array import wrap
from . import derived_gradients
from .derived_gradients import composite_vjp, define, override, refuse, register
from .axis_index import _along

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


# ---- differences and integrals ------------------------------------------------------------
def _trapezoid(y, x=None, dx=1.0, axis=-1):
    ndim = onp.ndim(getval(y))
    later, earlier = _along(axis, ndim, slice(1, None)), _along(axis, ndim, slice(None, -1))
    if x is None:
        widths = dx
    elif onp.ndim(getval(x)) == 1:
        widths = x[1:] - x[:-1]
        view = [1] * ndim
        view[axis] = -1
        widths = anp.reshape(widths, view)
    else:
        widths = x[later] - x[earlier]
    return anp.sum(widths * (y[later] + y[earlier]) / 2.0, axis=axis)


def _ediff1d(ary, to_end=None, to_begin=None):
    flat = anp.ravel(ary)
    parts = [flat[1:] - flat[:-1]]
    if to_begin is not None:
        parts.insert(0, anp.ravel(to_begin))
    if to_end is not None:
        parts.append(anp.ravel(to_end))
    return anp.concatenate(parts) if len(parts) > 1 else parts[0]


register(["trapezoid", "trapz"], composite_vjp(_trapezoid))
register(["ediff1d"], composite_vjp(_ediff1d))


def _diff(a, n=1, axis=-1, prepend=onp._NoValue, append=onp._NoValue):
    """NumPy's ``diff``: ``prepend``/``append`` joined along ``axis`` (a scalar as one
    slice), then ``n`` differences; autograd's rule took neither."""
    ndim = onp.ndim(getval(a))
    axis = axis % ndim
    parts = [a]
    for position, edge in ((0, prepend), (1, append)):
        if edge is not onp._NoValue:
            if onp.ndim(getval(edge)) == 0:
                shape = list(onp.shape(getval(a)))
                shape[axis] = 1
                edge = anp.broadcast_to(edge, tuple(shape))
            parts.insert(len(parts) * position, edge)
    a = anp.concatenate(parts, axis) if len(parts) > 1 else a
    for _ in range(n):
        a = a[_along(axis, ndim, slice(1, None))] - a[_along(axis, ndim, slice(None, -1))]
    return a


def _diff_facade(facade):
    def diff(a, *args, **kwargs):
        """``numpy.diff``; a traced ``prepend`` or ``append`` goes through the composite, as
        the primitive traces positional arguments only."""
        if any(isbox(v) for v in args[2:] + tuple(kwargs.values())):
            return wrap(_diff(a, *args, **kwargs))
        return facade(a, *args, **kwargs)
    return diff


register(["diff"], composite_vjp(_diff))
override("diff", _diff_facade)


def _uniform_derivative(part, h, edge_order):
    """``numpy.gradient`` along one axis with spacing ``h``; ``part(start, stop)`` slices."""
    inside = (part(2, None) - part(None, -2)) / (2.0 * h)
    if edge_order == 1:
        return (part(1, 2) - part(0, 1)) / h, inside, (part(-1, None) - part(-2, -1)) / h
    first = (-1.5 * part(0, 1) + 2.0 * part(1, 2) - 0.5 * part(2, 3)) / h
    last = (0.5 * part(-3, -2) - 2.0 * part(-2, -1) + 1.5 * part(-1, None)) / h
    return first, inside, last


def _uneven_derivative(part, dx, edge_order, view):
    """The same for coordinate steps ``dx`` (NumPy's second-order formulas)."""
    d1, d2 = anp.reshape(dx[:-1], view), anp.reshape(dx[1:], view)
    inside = (-d2 / (d1 * (d1 + d2)) * part(None, -2) + (d2 - d1) / (d1 * d2) * part(1, -1)
              + d1 / (d2 * (d1 + d2)) * part(2, None))
    if edge_order == 1:
        return (part(1, 2) - part(0, 1)) / dx[0], inside, (part(-1, None) - part(-2, -1)) / dx[-1]
    d1, d2 = dx[0], dx[1]
    first = (-(2.0 * d1 + d2) / (d1 * (d1 + d2)) * part(0, 1) + (d1 + d2) / (d1 * d2) *
             part(1, 2) - d1 / (d2 * (d1 + d2)) * part(2, 3))
    d1, d2 = dx[-2], dx[-1]
    last = (d2 / (d1 * (d1 + d2)) * part(-3, -2) - (d2 + d1) / (d1 * d2) * part(-2, -1) +
            (2.0 * d2 + d1) / (d2 * (d1 + d2)) * part(-1, None))
    return first, inside, last


def _derivative_along(f, h, axis, edge_order):
    """One output of ``numpy.gradient``: ``f`` differentiated along ``axis`` with spacing
    ``h`` (a step, or the coordinates along the axis)."""
    ndim = onp.ndim(getval(f))

    def part(start, stop):
        return f[_along(axis, ndim, slice(start, stop))]
    if type(h) in (list, tuple):  # coordinates given as a list
        h = onp.asarray(h, dtype=float)
    if onp.ndim(getval(h)) == 1:
        dx = h[1:] - h[:-1]
        h = dx[0] if onp.all(getval(dx) == getval(dx)[0]) else dx  # as NumPy does
    if onp.ndim(getval(h)) == 0:
        pieces = _uniform_derivative(part, h, edge_order)
    else:
        view = [1] * ndim
        view[axis] = -1
        pieces = _uneven_derivative(part, h, edge_order, view)
    return anp.concatenate(pieces, axis=axis)


def _gradient(f, *varargs, axis=None, edge_order=1):
    """NumPy's ``gradient``, linear in ``f`` (and differentiable in the spacings);
    autograd's rule took 1-d arrays without spacing only."""
    ndim = onp.ndim(getval(f))
    axes = list(range(ndim)) if axis is None else \
        [ax % ndim for ax in ((axis,) if onp.ndim(axis) == 0 else axis)]
    if not varargs:
        varargs = (1.0,)
    spacings = varargs * len(axes) if len(varargs) == 1 else varargs  # NumPy checked these
    derivatives = [_derivative_along(f, h, ax, edge_order) for ax, h in zip(axes, spacings)]
    return derivatives[0] if len(axes) == 1 else tuple(derivatives)


register(["gradient"], composite_vjp(_gradient))


# unwrap(p) = p + k * period, k piecewise constant in p (and in discont, period)
define("unwrap", lambda ans, p, *options, **keywords: lambda g: g)


def _unwrap(p, discont=None, axis=-1, *, period=2 * onp.pi):
    """NumPy's ``unwrap`` for a float ``period`` (its steps, in order): ``anp.mod`` carries
    the gradient in ``period``, k = the number of periods added at each point."""
    ndim = onp.ndim(getval(p))
    dd = anp.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    high = period / 2
    low = -high
    ddmod = anp.mod(dd - low, period) + low
    ddmod = anp.where((getval(ddmod) == getval(low)) & (getval(dd) > 0), high, ddmod)
    correct = anp.where(onp.abs(getval(dd)) < getval(discont), 0.0, ddmod - dd)
    first, rest = _along(axis, ndim, slice(None, 1)), _along(axis, ndim, slice(1, None))
    head = p[first] * onp.ones((), onp.result_type(getval(dd), getval(period)))
    return anp.concatenate([head, p[rest] + anp.cumsum(correct, axis=axis)], axis=axis)


def _unwrap_facade(facade):
    def unwrap(p, discont=None, axis=-1, *, period=2 * onp.pi):
        """``numpy.unwrap``; ``discont`` is only compared with (its gradient is 0), and a
        traced ``period`` (a keyword the primitive cannot trace) goes through the
        composite."""
        discont = getval(discont)
        if isbox(period):
            return wrap(_unwrap(p, discont, axis, period=period))
        return facade(p, discont, axis, period=period)
    return unwrap


override("unwrap", _unwrap_facade)


# ---- interpolation ------------------------------------------------------------------------
def _interp(x, xp, fp, left=None, right=None, period=None):
    """Linear interpolation, differentiable in ``x``, ``xp`` and ``fp``: in ``x`` the slope
    of its segment (0 outside ``xp``'s range, where the value is an end value)."""
    if period is not None:
        refuse("interp", 0, "period=None for a gradient", f"period={period!r}")
    xp, fp = (v if isbox(v) else onp.asarray(v) for v in (xp, fp))  # lists index as arrays
    points, grid = onp.asarray(getval(x)), onp.asarray(getval(xp))
    if len(grid) == 1:
        return anp.where(points == points, fp[0], 0.0)
    low = onp.clip(onp.searchsorted(grid, points, side="right") - 1, 0, len(grid) - 2)
    fraction = (x - xp[low]) / (xp[low + 1] - xp[low])
    inside = fp[low] + fraction * (fp[low + 1] - fp[low])
    below = fp[0] if left is None else left
    above = fp[-1] if right is None else right
    return anp.where(points < grid[0], below, anp.where(points > grid[-1], above, inside))


register(["interp"], composite_vjp(_interp))


# Every name given a gradient here ("diff", "gradient", "interp", ...), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
