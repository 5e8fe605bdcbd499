"""MindSpore's gamma-family special functions without SciPy: ``lgamma``, ``digamma``,
``polygamma``, ``mvlgamma``, ``igamma``, ``igammac``, ``zeta`` and ``betainc`` (the
``Betainc`` primitive's function). Values come from the float64 kernels of
``fn_special_kernels`` (methods and accuracy there); float16/float32 inputs are computed
in float64 and cast back. Each op's gradient is registered next to it: lgamma' = digamma,
digamma' = polygamma(1), polygamma(n)' = polygamma(n + 1), igamma's x-gradient in closed
form; the gradients for igamma's ``a``, zeta's ``s`` and betainc's ``a``/``b`` (no closed
form) are float64 central differences of the kernel (relative error ~1e-9).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.lgamma(ms.Tensor([0.5, 3.0]))
array([0.5723649, 0.6931472], dtype=float32)
"""
import math

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, message
from ..numpy.gradients import unbroadcast
from ..primitive import customop
from . import fn_special_kernels as K
from .math_elementwise import tensor_input

FLOATS = ("float16", "float32", "float64")


def _dtype(x):
    return onp.dtype(getattr(getval(x), "dtype", onp.float64))


def check_float(where, x, allowed=FLOATS):
    """``x`` once it is a Tensor of one of the ``allowed`` dtypes (MindSpore's TypeError)."""
    tensor_input(where, x)
    if _dtype(x).name not in allowed:
        raise CellTypeError(message(where, "a Tensor of " + "/".join(allowed),
                                    _dtype(x).name, "Cast it first: x.astype(ms.float32)."))
    return x


def check_same(where, *named):
    """The dtypes of the ``(name, tensor)`` pairs agree (MindSpore's TypeError)."""
    dtypes = [_dtype(x).name for _, x in named]
    if len(set(dtypes)) > 1:
        shown = ", ".join(f"{n} {d}" for (n, _), d in zip(named, dtypes))
        raise CellTypeError(message(where, "Tensors of one dtype", shown,
                                    "Cast them to one dtype first."))


def _cast(kernel):
    """A NumPy function of float arrays computed by ``kernel`` in float64, cast back."""
    def run(*args):
        dtype = onp.result_type(*[onp.asarray(a).dtype for a in args])
        return onp.asarray(kernel(*args)).astype(dtype)
    return run


def _partial(kernel, args, i, low):
    """d kernel / d args[i] by a float64 central difference (args[i] stays above ``low``)."""
    args = [onp.asarray(a, onp.float64) for a in args]
    v = args[i]
    h = onp.minimum(1e-5 * onp.maximum(1.0, onp.abs(v)), onp.abs(v - low) / 2)
    h = onp.where(h > 0, h, 1e-5)
    up, down = list(args), list(args)
    up[i], down[i] = v + h, v - h
    with onp.errstate(all="ignore"):
        return (onp.asarray(kernel(*up)) - onp.asarray(kernel(*down))) / (2 * h)


def _pushed(g, value, shape):
    """``g * value`` summed down to ``shape`` (the gradient of a broadcast argument)."""
    return unbroadcast(g * onp.asarray(value).astype(_dtype(g)), shape)


# ---- lgamma, digamma, polygamma, mvlgamma ------------------------------------------------
@customop('numpy')
def _lgamma(x):
    return _cast(K.lgamma)(x)


@customop('numpy')
def _digamma(x):
    return _cast(K.digamma)(x)


@customop('numpy')
def _polygamma(n, x):
    return _cast(lambda v: polygamma_values(n, v))(x)


_lgamma.def_grad(lambda ans, x: lambda g: g * _digamma(x))
_digamma.def_grad(lambda ans, x: lambda g: g * _polygamma(1, x))
_polygamma.def_grad(lambda ans, n, x: lambda g: g * _polygamma(n + 1, x), argnum=1)


def polygamma_values(n, x):
    """psi^(n)(x) in float64: digamma for n = 0, (-1)^(n+1) n! zeta(n + 1, x) above, NaN
    for n < 0."""
    if n < 0:
        return onp.full(onp.shape(x), onp.nan)
    if n == 0:
        return K.digamma(x)
    return (-1) ** (n + 1) * math.factorial(n) * K.zeta(n + 1.0, x)


def lgamma(input):
    """log |Gamma(input)| (+inf at the poles); an int32 input gives float32."""
    check_float("ops.lgamma input", input, FLOATS + ("int32",))
    if _dtype(input).kind == "i":
        input = input.astype(onp.float32)
    return _lgamma(input)


def digamma(input):
    """psi(input), the derivative of lgamma (NaN at the negative integers)."""
    return _digamma(check_float("ops.digamma input", input))


def polygamma(n, input):
    """The n-th derivative of digamma; ``n`` is a 0-D int32/int64 Tensor (NaN for n < 0)."""
    if not hasattr(getval(n), "dtype") or isinstance(getval(n), onp.generic):
        raise CellTypeError(message("ops.polygamma n", "a 0-D int Tensor", repr(n),
                                    "Wrap it: ms.Tensor(1, ms.int64)."))
    if _dtype(n).name not in ("int32", "int64"):
        raise CellTypeError(message("ops.polygamma n", "an int32/int64 Tensor",
                                    _dtype(n).name, "Cast it: n.astype(ms.int64)."))
    if onp.ndim(getval(n)) != 0:
        raise CellArgumentError(message("ops.polygamma n", "a 0-D Tensor",
                                        f"shape {onp.shape(getval(n))}", "Pass one order."))
    check_float("ops.polygamma input", input)
    return _polygamma(int(getval(n)), input)


def mvlgamma(input, p):
    """The multivariate log-gamma of dimension ``p``: sum over j < p of
    lgamma(input - j/2) plus p (p-1)/4 log(pi); every element must exceed (p-1)/2."""
    check_float("ops.mvlgamma input", input, ("float32", "float64"))
    if not isinstance(p, int) or isinstance(p, bool):
        raise CellTypeError(message("ops.mvlgamma p", "an int", repr(p)))
    if p < 1:
        raise CellArgumentError(message("ops.mvlgamma p", "an int > 0", repr(p)))
    if not onp.all(getval(input) > (p - 1) / 2):
        raise CellArgumentError(message(
            "ops.mvlgamma input", f"every element > (p - 1) / 2 = {(p - 1) / 2}",
            f"minimum {onp.min(getval(input))}", "Pass larger values or a smaller p."))
    out = _lgamma(input)
    for j in range(1, p):
        out = out + _lgamma(input - onp.asarray(j / 2, _dtype(input)))
    return out + onp.asarray(p * (p - 1) / 4 * math.log(math.pi), _dtype(input))


# ---- igamma, igammac ---------------------------------------------------------------------
def _lower(a, x):
    return K.igamma_pair(a, x)[0]


def _upper(a, x):
    return K.igamma_pair(a, x)[1]


def _density(a, x):
    """dP(a, x)/dx = x^(a-1) e^-x / Gamma(a) in float64 (0 where x <= 0)."""
    a, x = onp.asarray(a, onp.float64), onp.asarray(x, onp.float64)
    with onp.errstate(all="ignore"):
        out = onp.exp((a - 1) * onp.log(x) - x - K.lgamma(a))
    return onp.where(x > 0, out, onp.where((x == 0) & (a == 1), 1.0, 0.0))


@customop('numpy')
def _igamma(a, x):
    return _cast(_lower)(a, x)


@customop('numpy')
def _igammac(a, x):
    return _cast(_upper)(a, x)


_igamma.def_grad(lambda ans, a, x: lambda g: _pushed(g, _partial(_lower, (a, x), 0, 0.0),
                                                     onp.shape(a)), argnum=0)
_igamma.def_grad(lambda ans, a, x: lambda g: _pushed(g, _density(a, x), onp.shape(x)),
                 argnum=1)
_igammac.def_grad(lambda ans, a, x: lambda g: _pushed(g, _partial(_upper, (a, x), 0, 0.0),
                                                      onp.shape(a)), argnum=0)
_igammac.def_grad(lambda ans, a, x: lambda g: _pushed(g, -_density(a, x), onp.shape(x)),
                  argnum=1)


def _pair(name, input, other):
    for arg, value in (("input", input), ("other", other)):
        check_float(f"ops.{name} {arg}", value, ("float32", "float64"))
    check_same(f"ops.{name}", ("input", input), ("other", other))
    try:
        onp.broadcast_shapes(onp.shape(getval(input)), onp.shape(getval(other)))
    except ValueError:
        raise CellArgumentError(message(
            f"ops.{name}", "input and other shapes that broadcast",
            f"{onp.shape(getval(input))} and {onp.shape(getval(other))}")) from None


def igamma(input, other):
    """P(input, other), the regularized lower incomplete gamma function (NaN for
    input <= 0 or other < 0); differentiable in both."""
    _pair("igamma", input, other)
    return _igamma(input, other)


def igammac(input, other):
    """Q(input, other) = 1 - P(input, other), the regularized upper incomplete gamma."""
    _pair("igammac", input, other)
    return _igammac(input, other)


# ---- zeta, betainc -----------------------------------------------------------------------
@customop('numpy')
def _zeta(s, q):
    return _cast(K.zeta)(s, q)


_zeta.def_grad(lambda ans, s, q: lambda g: _pushed(g, _partial(K.zeta, (s, q), 0, 1.0),
                                                   onp.shape(s)), argnum=0)
_zeta.def_grad(lambda ans, s, q: lambda g: unbroadcast(-g * s * _zeta(s + 1, q), onp.shape(q)),
               argnum=1)


def zeta(input, other):
    """The Hurwitz zeta function: the sum over k >= 0 of (other + k) ** -input; ``other``
    is a Tensor of input's dtype and shape, or a Python number."""
    check_float("ops.zeta input", input, ("float32", "float64"))
    if isinstance(other, (int, float)) and not isinstance(other, bool):
        other = onp.full(onp.shape(getval(input)), other, _dtype(input))
    check_float("ops.zeta other", other, ("float32", "float64"))
    check_same("ops.zeta", ("input", input), ("other", other))
    shape, other_shape = onp.shape(getval(input)), onp.shape(getval(other))
    if other_shape != shape:
        raise CellArgumentError(message("ops.zeta other", f"input's shape {shape}",
                                        str(other_shape), "Broadcast them to one shape first."))
    return _zeta(input, other)


@customop('numpy')
def _betainc(a, b, x):
    return _cast(K.betainc)(a, b, x)


def _beta_density(a, b, x):
    a, b, x = (onp.asarray(v, onp.float64) for v in (a, b, x))
    with onp.errstate(all="ignore"):
        log_beta = K.lgamma(a) + K.lgamma(b) - K.lgamma(a + b)
        return onp.exp((a - 1) * onp.log(x) + (b - 1) * onp.log1p(-x) - log_beta)


_betainc.def_grad(lambda ans, a, b, x: lambda g: g * _partial(K.betainc, (a, b, x), 0, 0.0)
                  .astype(_dtype(g)), argnum=0)
_betainc.def_grad(lambda ans, a, b, x: lambda g: g * _partial(K.betainc, (a, b, x), 1, 0.0)
                  .astype(_dtype(g)), argnum=1)
_betainc.def_grad(lambda ans, a, b, x: lambda g: g * _beta_density(a, b, x).astype(_dtype(g)),
                  argnum=2)


def betainc(a, b, x):
    """I_x(a, b), the regularized incomplete beta function (NaN outside 0 <= x <= 1); the
    three Tensors share one dtype (float32/float64) and one shape."""
    for name, value in (("a", a), ("b", b), ("x", x)):
        check_float(f"ops.Betainc {name}", value, ("float32", "float64"))
    check_same("ops.Betainc", ("a", a), ("b", b), ("x", x))
    shapes = {name: onp.shape(getval(v)) for name, v in (("a", a), ("b", b), ("x", x))}
    if len(set(shapes.values())) > 1:
        raise CellArgumentError(message("ops.Betainc", "a, b and x of one shape",
                                        ", ".join(f"{k} {v}" for k, v in shapes.items())))
    return _betainc(a, b, x)
