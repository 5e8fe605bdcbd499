"""MindSpore's special-function primitives: ``Lgamma``, ``Digamma``, ``Polygamma``,
``Igamma``, ``Igammac``, ``Zeta``, ``Betainc``, ``Mvlgamma(p)`` and the Bessel classes
``BesselI0`` .. ``BesselY1``, each calling its function in ``fn_special`` /
``fn_special_bessel`` (values, dtypes, errors and gradients are those).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.Digamma()(ms.Tensor([1.0]))
array([-0.5772157], dtype=float32)
"""
from ..errors import CellArgumentError, message
from . import fn_special as S
from . import fn_special_bessel as B
from .prims_base import AttrPrimitive, check_int, forwarding

Lgamma = forwarding("Lgamma", S.lgamma, "Lgamma()(x): log |Gamma(x)|.")
Digamma = forwarding("Digamma", S.digamma, "Digamma()(x): psi(x), the derivative of lgamma.")
Polygamma = forwarding("Polygamma", S.polygamma,
                       "Polygamma()(a, x): the a-th derivative of digamma (a a 0-D int Tensor).")
Igamma = forwarding("Igamma", S.igamma, "Igamma()(a, x): the regularized lower incomplete gamma.")
Igammac = forwarding("Igammac", S.igammac,
                     "Igammac()(a, x): the regularized upper incomplete gamma.")
Zeta = forwarding("Zeta", S.zeta, "Zeta()(x, q): the Hurwitz zeta function.")
Betainc = forwarding("Betainc", S.betainc,
                     "Betainc()(a, b, x): the regularized incomplete beta function.")

_BESSEL = {"BesselI0": B.bessel_i0, "BesselI0e": B.bessel_i0e, "BesselI1": B.bessel_i1,
           "BesselI1e": B.bessel_i1e, "BesselJ0": B.bessel_j0, "BesselJ1": B.bessel_j1,
           "BesselK0": B.bessel_k0, "BesselK0e": B.bessel_k0e, "BesselK1": B.bessel_k1,
           "BesselK1e": B.bessel_k1e, "BesselY0": B.bessel_y0, "BesselY1": B.bessel_y1}
BesselI0, BesselI0e, BesselI1, BesselI1e, BesselJ0, BesselJ1, BesselK0, BesselK0e, BesselK1, \
    BesselK1e, BesselY0, BesselY1 = (
        forwarding(name, fn, f"{name}()(x): {fn.__doc__}") for name, fn in _BESSEL.items())


class Mvlgamma(AttrPrimitive):
    """``Mvlgamma(p)(x)``: the multivariate log-gamma of dimension ``p`` (an int > 0)."""

    def __init__(self, p):
        super().__init__()
        if check_int("Mvlgamma p", p) < 1:
            raise CellArgumentError(message("Mvlgamma p", "an int > 0", repr(p)))
        self._keep(p=p)

    def __call__(self, x):
        return S.mvlgamma(x, self.p)
