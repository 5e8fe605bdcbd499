"""Gradients for the creation functions whose points depend on their endpoints:
``linspace``, ``logspace`` and ``geomspace``, each through a composite. autograd's
``linspace`` rule took ``start``, ``stop`` and ``num`` only (``endpoint``, ``retstep``,
``dtype`` or ``axis`` raised a TypeError in the backward pass); the others had none.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from . import derived_gradients
from .derived_gradients import composite_vjp, refuse, register

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


def _linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, **kwargs):
    """``start + t * (stop - start)`` at NumPy's fractions ``t = i / div``: each point is
    ``1 - t`` of ``start`` and ``t`` of ``stop`` (the last one ``stop`` itself)."""
    div = num - 1 if endpoint else num
    fractions = onp.arange(num) / div if div > 0 else onp.zeros(num)
    shape = onp.broadcast(getval(start), getval(stop)).shape
    delta = stop - start
    points = start + onp.reshape(fractions, (-1,) + (1,) * len(shape)) * delta
    if axis != 0:
        points = anp.moveaxis(points, 0, axis)
    if dtype is not None:
        points = points.astype(dtype)
    if retstep:  # NumPy's step is NaN where there is no step (one point and the endpoint)
        return points, delta / div if div > 0 else onp.full(shape, onp.nan)
    return points


def _logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    exponents = _linspace(start, stop, num, endpoint, axis=axis)
    if onp.ndim(getval(base)) > 0:  # one base per point of the endpoints' shape
        base = anp.expand_dims(base, axis)
    powers = anp.power(base, exponents)
    return powers if dtype is None else powers.astype(dtype)


def _geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """``sign * exp(linspace(log|start|, log|stop|))``: each point is ``|start|^(1-t)
    |stop|^t`` with the endpoints' common sign. Complex endpoints (NumPy's log spirals) and
    endpoints of opposite signs (NumPy fills NaN between them) have no gradient here."""
    raw_start, raw_stop = onp.asarray(getval(start)), onp.asarray(getval(stop))
    for argnum, raw in enumerate((raw_start, raw_stop)):
        if raw.dtype.kind == "c":
            refuse("geomspace", argnum, "real endpoints", "a complex one",
                   "Build the spiral with np.exp(np.linspace(np.log(start), np.log(stop), "
                   "num)), which is differentiable.")
    sign = onp.sign(raw_start)
    if onp.any(sign != onp.sign(raw_stop)):
        refuse("geomspace", 1, "endpoints of the same sign", "a stop whose sign differs "
               "from start's (NumPy fills NaN between them)", "Give both the same sign.")
    points = anp.exp(_linspace(anp.log(start * sign), anp.log(stop * sign), num, endpoint,
                               axis=axis))
    if onp.ndim(sign) > 0:  # one sign per point of the endpoints' shape
        sign = onp.expand_dims(onp.broadcast_to(sign, onp.broadcast(raw_start, raw_stop).shape),
                               axis)
    points = points * sign
    return points if dtype is None else points.astype(dtype)


register(["linspace"], composite_vjp(_linspace))
register(["logspace"], composite_vjp(_logspace))
register(["geomspace"], composite_vjp(_geomspace))


# Every name given a gradient here ("linspace", "logspace", "geomspace"), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
