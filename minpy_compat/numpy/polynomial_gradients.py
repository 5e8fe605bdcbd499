"""Gradients of NumPy's polynomial functions on coefficient arrays (highest power first):
``polyval``, ``polyadd``, ``polysub``, ``polymul``, ``polyder``, ``polyint``, each a
composite of differentiable operations. Imported by ``arithmetic_gradients``.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from .derived_gradients import composite_vjp, register


def _polyval(p, x):
    result = anp.zeros_like(getval(x)) * 1.0
    for coefficient in p:
        result = result * x + coefficient
    return result


def _aligned(a1, a2):
    a1, a2 = anp.atleast_1d(a1), anp.atleast_1d(a2)
    extra = len(getval(a2)) - len(getval(a1))
    if extra > 0:
        a1 = anp.concatenate([onp.zeros(extra, getval(a1).dtype), a1])
    elif extra < 0:
        a2 = anp.concatenate([onp.zeros(-extra, getval(a2).dtype), a2])
    return a1, a2


def _polyadd(a1, a2):
    a1, a2 = _aligned(a1, a2)
    return a1 + a2


def _polysub(a1, a2):
    a1, a2 = _aligned(a1, a2)
    return a1 - a2


def _polymul(a1, a2):
    return anp.convolve(anp.atleast_1d(a1), anp.atleast_1d(a2))


def _polyder(p, m=1):
    p = anp.atleast_1d(p)
    for _ in range(m):
        order = len(getval(p)) - 1
        p = p[:-1] * onp.arange(order, 0, -1)
    return p


def _polyint(p, m=1, k=None):
    p = anp.atleast_1d(p)
    constants = onp.zeros(m) if k is None else onp.broadcast_to(onp.atleast_1d(k), (m,))
    for step in range(m):
        p = anp.concatenate([p / onp.arange(len(getval(p)), 0, -1), [constants[step]]])
    return p


register(["polyval"], composite_vjp(_polyval))
register(["polyadd"], composite_vjp(_polyadd))
register(["polysub"], composite_vjp(_polysub))
register(["polymul"], composite_vjp(_polymul))
register(["polyder"], composite_vjp(_polyder))
register(["polyint"], composite_vjp(_polyint))
