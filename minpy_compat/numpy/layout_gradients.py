"""Gradients of ``reshape`` and ``ravel`` whose element order depends on memory layout.

``order='A'`` reads a Fortran-contiguous array column by column, and ``ravel(order='K')``
reads elements in the order they lie in memory. autograd's rules hand the same order to
the reshape of ``g``, whose own layout (almost always C) then decides, so the gradient
of ``x.T.ravel('A')`` landed on the wrong elements and ``'K'`` raised. Here the order is
resolved against the argument when the op runs: 'A' becomes 'C' or 'F', and 'K' becomes
the permutation NumPy's own ``empty_like(order='K')`` gives that layout, which is the one
``ravel('K')`` reads in. The rules also take NumPy 2's ``copy=``, which changes nothing
about the gradient.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from .. import registry
from ..memory_order import concrete_order as _concrete_order, memory_order_positions


def _unravel_vjp(ans, x, order="C"):
    value, shape = getval(x), onp.shape(getval(x))
    if order == "K":
        positions = memory_order_positions(value)
        if positions is not None:
            inverse = onp.argsort(positions)
            return lambda g: anp.reshape(g[inverse], shape)
        order = "C"
    order = _concrete_order(value, order)
    return lambda g: anp.reshape(g, shape, order=order)


def _reshape_vjp(ans, x, shape, order="C", **copy):  # copy= does not change the numbers
    value = getval(x)
    order = _concrete_order(value, order)
    return lambda g: anp.reshape(g, onp.shape(value), order=order)


registry.define_vjp(anp.ravel, _unravel_vjp)
registry.define_vjp(anp.reshape, _reshape_vjp)
