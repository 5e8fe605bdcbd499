"""Gradients for complex numbers that autograd's table lacks: NumPy 2's ``sign`` of a
complex number (``z / |z|``, no longer a step function: autograd traced none of it, so
its gradient was silently 0), and ``sort_complex`` (the sort's order, as ``sort``'s).
"""
import autograd.numpy as anp
import numpy as onp
from autograd.extend import primitive
from autograd.tracer import getval, isbox

from .. import registry
from ..array import wrap
from . import derived_gradients
from ._namespace import Ufunc
from .derived_gradients import composite_vjp, override, register
from .shape_gradients import _reorder_vjp

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)
UNIT_SIGN = onp.sign(1j) == 1j  # NumPy 2: sign(z) = z / |z|; NumPy 1: sign(z.real)


def _unit(z):
    """``z / |z|`` (0 at 0), the composite of NumPy 2's complex ``sign``."""
    at_zero = getval(z) == 0
    return anp.where(at_zero, 0.0, z / anp.where(at_zero, 1.0, anp.abs(z)))


complex_sign = primitive(lambda z: onp.sign(z))  # NumPy's values, traced
complex_sign.__name__ = "sign"


def _traced_complex_sign(facade):
    def sign(x, *args, **kwargs):
        """``numpy.sign``; a traced complex ``x`` (NumPy 2) goes through ``complex_sign``,
        which has the gradient of ``z / |z|``."""
        if isbox(x) and not args and not kwargs and onp.iscomplexobj(getval(x)):
            return wrap(complex_sign(x))
        return facade(x, *args, **kwargs)
    return Ufunc(onp.sign, sign)


if UNIT_SIGN:
    registry.define_vjp_argnums(complex_sign, composite_vjp(_unit)(complex_sign))
    override("sign", _traced_complex_sign)  # numpy.sign(traced) too: __array_ufunc__ runs it
register(["sort_complex"],
         _reorder_vjp(lambda raw, rest, kwargs: (-1, onp.argsort(raw, axis=-1))))


# Every name given a gradient here ("sign" on NumPy 2, "sort_complex"), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
