"""Gradients of ``reshape`` and ``ravel`` whose element order depends on memory layout,
and of the casts (``astype``, ``array(..., dtype=)``), which pass none into integers.

``order='A'`` reads a Fortran-contiguous array column by column, and ``ravel(order='K')``
reads elements in the order they lie in memory. autograd's rules hand the same order to
the reshape of ``g``, whose own layout (almost always C) then decides, so the gradient
of ``x.T.ravel('A')`` landed on the wrong elements and ``'K'`` raised. Here the order is
resolved against the argument when the op runs (``memory_order.py``), by the undo that
view write-backs use too (``traced_views.undo_reshape``). The rules also take NumPy 2's
``copy=``, which changes nothing about the gradient.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import vspace
from autograd.numpy import numpy_wrapper
from autograd.tracer import getval

from .. import registry
from . import derived_gradients
from ..gradient_dtypes import _carries_gradient as carries_gradient, _cast as cast_gradient
from ..traced_views import undo_reshape


# A reshape moves elements without changing them: its gradient is the move undone, the
# same rearrangement that writes a reshaped view back into its array.
# A Python number (grad of a float) is read as the 0-d array NumPy makes of it.
registry.define_vjp(anp.ravel, lambda ans, x, order="C":
                    undo_reshape(onp.asanyarray(getval(x)), order))
registry.define_vjp(anp.reshape, lambda ans, x, shape, order="C", **options:  # copy=
                    undo_reshape(onp.asanyarray(getval(x)), order))


# ---- casts ---------------------------------------------------------------------------------
def _astype_vjp_argnums(argnums, ans, args, kwargs):
    """``x.astype(dtype)``: ``g`` cast back to x's dtype (the real part for a real ``x``,
    without NumPy's ComplexWarning)."""
    dtype = getval(args[0]).dtype
    return lambda g: [cast_gradient(g, dtype)]


def _none_into_counts(fun, vjp_argnums):
    """Give ``fun`` the gradient ``vjp_argnums``, and none where its result holds integers
    or booleans: such a result is piecewise constant in the input (autograd's rules for
    ``astype`` and ``array`` cast ``g`` back, so ``x.astype(int) * 1.0`` passed a gradient
    of one)."""
    def counted_vjp_argnums(argnums, ans, args, kwargs):
        if carries_gradient(ans):
            return vjp_argnums(argnums, ans, args, kwargs)
        return lambda g: [vspace(args[argnum]).zeros() for argnum in argnums]
    registry.define_vjp_argnums(fun, counted_vjp_argnums)
    derived_gradients.REGISTERED.append(fun.__name__)  # autograd's names: "_astype", ...


# x.astype(int), numpy.asarray(x, dtype=int), numpy.array([x, y], dtype=bool)
_none_into_counts(numpy_wrapper._astype, _astype_vjp_argnums)
for _cast in (numpy_wrapper._array_from_scalar_or_array, numpy_wrapper.array_from_args):
    _none_into_counts(_cast, registry.general_vjp(_cast))
