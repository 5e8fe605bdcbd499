"""MindSpore's Bessel functions of order 0 and 1: ``bessel_j0``, ``bessel_j1``,
``bessel_y0``, ``bessel_y1``, ``bessel_i0``, ``bessel_i1``, ``bessel_k0``, ``bessel_k1``
and the exponentially scaled ``bessel_i0e``, ``bessel_i1e``, ``bessel_k0e``,
``bessel_k1e``. Values come from ``fn_special_bessel_kernels`` (float64, relative error
below ~1e-12 away from the zeros; methods there), cast back to the input's float dtype.
Each op's gradient sits next to it, written with the others (so it differentiates again):
J0' = -J1, J1' = J0 - J1/x, I0' = I1, K0' = -K1, and so on.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.bessel_j0(ms.Tensor([0.0, 1.0]))
array([1.       , 0.7651977], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..primitive import customop
from . import fn_special_bessel_kernels as B
from .fn_special import check_float


def _kernel(pick, index):
    @customop('numpy')
    def op(x):
        x = onp.asarray(x)
        return pick(x)[index].astype(x.dtype)
    return op


_j0, _j1, _y0, _y1 = (_kernel(B.bessel_jy, i) for i in range(4))
_i0, _i1 = (_kernel(B.bessel_i, i) for i in range(2))
_i0e, _i1e = (_kernel(B.bessel_i_scaled, i) for i in range(2))
_k0, _k1 = (_kernel(B.bessel_k, i) for i in range(2))
_k0e, _k1e = (_kernel(B.bessel_k_scaled, i) for i in range(2))


def _over_x(value, x):
    """value / x, 0 where x is 0 (``_zero_limit`` puts the derivative's limit there)."""
    zero = onp.asarray(getval(x)) == 0
    dtype = onp.asarray(getval(x)).dtype
    return np.where(zero, onp.zeros((), dtype), value / np.where(zero, onp.ones((), dtype), x))


def _zero_limit(derivative, x, limit):
    """``derivative`` with ``limit`` where x is 0."""
    x = onp.asarray(getval(x))
    return np.where(x == 0, onp.asarray(limit, x.dtype), derivative)


# ---- J and Y -----------------------------------------------------------------------------
_j0.def_grad(lambda ans, x: lambda g: -g * _j1(x))
_j1.def_grad(lambda ans, x: lambda g: g * _zero_limit(_j0(x) - _over_x(ans, x), x, 0.5))
_y0.def_grad(lambda ans, x: lambda g: -g * _y1(x))
_y1.def_grad(lambda ans, x: lambda g: g * (_y0(x) - ans / x))
# ---- I and its scaled form ---------------------------------------------------------------
_i0.def_grad(lambda ans, x: lambda g: g * _i1(x))
_i1.def_grad(lambda ans, x: lambda g: g * _zero_limit(_i0(x) - _over_x(ans, x), x, 0.5))
_i0e.def_grad(lambda ans, x: lambda g: g * (_i1e(x) - np.sign(x) * ans))
_i1e.def_grad(lambda ans, x: lambda g: g * _zero_limit(
    _i0e(x) - np.sign(x) * ans - _over_x(ans, x), x, 0.5))
# ---- K and its scaled form ---------------------------------------------------------------
_k0.def_grad(lambda ans, x: lambda g: -g * _k1(x))
_k1.def_grad(lambda ans, x: lambda g: g * (-_k0(x) - ans / x))
_k0e.def_grad(lambda ans, x: lambda g: g * (ans - _k1e(x)))
_k1e.def_grad(lambda ans, x: lambda g: g * (ans - _k0e(x) - ans / x))


def _public(name, op, doc):
    def function(x):
        return op(check_float(f"ops.{name} x", x))
    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


bessel_j0 = _public("bessel_j0", _j0, "J0(x), the Bessel function of the first kind, order 0.")
bessel_j1 = _public("bessel_j1", _j1, "J1(x), the Bessel function of the first kind, order 1.")
bessel_y0 = _public("bessel_y0", _y0, "Y0(x), the Bessel function of the second kind, "
                    "order 0 (-inf for x <= 0, as MindSpore).")
bessel_y1 = _public("bessel_y1", _y1, "Y1(x), the Bessel function of the second kind, "
                    "order 1 (-inf for x < 0, NaN at 0, as MindSpore).")
bessel_i0 = _public("bessel_i0", _i0, "I0(x), the modified Bessel function of the first "
                    "kind, order 0.")
bessel_i1 = _public("bessel_i1", _i1, "I1(x), the modified Bessel function of the first "
                    "kind, order 1.")
bessel_i0e = _public("bessel_i0e", _i0e, "I0(x) * exp(-|x|), the exponentially scaled I0.")
bessel_i1e = _public("bessel_i1e", _i1e, "I1(x) * exp(-|x|), the exponentially scaled I1.")
bessel_k0 = _public("bessel_k0", _k0, "K0(x), the modified Bessel function of the second "
                    "kind, order 0 (+inf for x <= 0).")
bessel_k1 = _public("bessel_k1", _k1, "K1(x), the modified Bessel function of the second "
                    "kind, order 1 (+inf for x <= 0).")
bessel_k0e = _public("bessel_k0e", _k0e, "K0(x) * exp(x), the exponentially scaled K0.")
bessel_k1e = _public("bessel_k1e", _k1e, "K1(x) * exp(x), the exponentially scaled K1.")
