"""MindSpore 2.10's special-function Cells: ``LGamma``, ``DiGamma``, ``IGamma`` and
``LBeta``, over the ops of ``ops/fn_special.py`` (gradients from their registrations).
As in MindSpore, ``LGamma``, ``DiGamma`` and ``LBeta`` take float16/float32 Tensors and
``IGamma`` float32 ones.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.LBeta()(ms.Tensor([1.0]), ms.Tensor([2.0]))
array([-0.6931472], dtype=float32)
"""
from ..ops import fn_special as S
from .cell import Cell

_HALF_SINGLE = ("float16", "float32")


class LGamma(Cell):
    """``LGamma()(x)``: log |Gamma(x)| elementwise."""

    def construct(self, x):
        return S.lgamma(S.check_float("LGamma x", x, _HALF_SINGLE))


class DiGamma(Cell):
    """``DiGamma()(x)``: psi(x), the derivative of log Gamma, elementwise."""

    def construct(self, x):
        return S.digamma(S.check_float("DiGamma x", x, _HALF_SINGLE))


class IGamma(Cell):
    """``IGamma()(a, x)``: the regularized lower incomplete gamma P(a, x)."""

    def construct(self, a, x):
        S.check_float("IGamma a", a, ("float32",))
        S.check_float("IGamma x", x, ("float32",))
        return S.igamma(a, x)


class LBeta(Cell):
    """``LBeta()(x, y)``: log |B(x, y)| = lgamma(x) + lgamma(y) - lgamma(x + y)."""

    def construct(self, x, y):
        S.check_float("LBeta x", x, _HALF_SINGLE)
        S.check_float("LBeta y", y, _HALF_SINGLE)
        S.check_same("LBeta", ("x", x), ("y", y))
        return S.lgamma(x) + S.lgamma(y) - S.lgamma(x + y)
