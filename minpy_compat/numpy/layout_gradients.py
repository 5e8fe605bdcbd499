"""Gradients of ``reshape`` and ``ravel`` whose element order depends on memory layout.

``order='A'`` reads a Fortran-contiguous array column by column, and ``ravel(order='K')``
reads elements in the order they lie in memory. autograd's rules hand the same order to
the reshape of ``g``, whose own layout (almost always C) then decides, so the gradient
of ``x.T.ravel('A')`` landed on the wrong elements and ``'K'`` raised. Here the order is
resolved against the argument when the op runs (``memory_order.py``), by the undo that
view write-backs use too (``traced_views.undo_reshape``). The rules also take NumPy 2's
``copy=``, which changes nothing about the gradient.
"""
import autograd.numpy as anp
from autograd.tracer import getval

from .. import registry
from ..traced_views import undo_reshape


# A reshape moves elements without changing them: its gradient is the move undone, the
# same rearrangement that writes a reshaped view back into its array.
registry.define_vjp(anp.ravel, lambda ans, x, order="C": undo_reshape(getval(x), order))
registry.define_vjp(anp.reshape, lambda ans, x, shape, order="C", **options:  # copy=
                    undo_reshape(getval(x), order))
