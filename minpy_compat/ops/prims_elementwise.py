"""MindSpore's elementwise primitive classes: ``ops.Sin()(x)``, ``ops.Atan2()(x, y)``,
``ops.IsClose(rtol=1e-3)(x, y)``, ...

Each forwards to a function op (``math_elementwise.py``, ``math_special.py``, ...); the
few MindSpore has no function for (``Xdivy``, ``DivNoNan``, ``TruncateDiv``, ...) are
written here on the differentiable facade, so every gradient is the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.DivNoNan()(ms.Tensor([1.0, 2.0]), ms.Tensor([0.0, 4.0]))
array([0. , 0.5], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from . import activations as A
from . import functional as F
from . import math_elementwise as E
from . import math_special as S
from .functional import _float_like_inputs
from .prims_base import AttrPrimitive, check_number, forwarding


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _kinds(where, kinds, wanted, *inputs):
    """Refuse a Tensor whose dtype kind is not in ``kinds`` (Python numbers pass)."""
    for i, x in enumerate(inputs):
        dtype = _dtype_of(x)
        if dtype is not None and dtype.kind not in kinds:
            raise CellTypeError(message(f"{where} input {i}", wanted, str(dtype)))


def _one_float(where, x, y):
    """Refuse unless one input is a float Tensor and the other a float or int one
    (MindSpore gives the float's dtype for float32 with int32)."""
    kinds = [d.kind for d in (_dtype_of(x), _dtype_of(y)) if d is not None]
    if "f" not in kinds:
        _kinds(where, "f", "a float Tensor", x, y)
    _kinds(where, "fiu", "a float or int Tensor", x, y)


# ---- unary -----------------------------------------------------------------------------
Sin = forwarding("Sin", F.sin, "sin(x), elementwise.")
Cos = forwarding("Cos", F.cos, "cos(x), elementwise.")
Tan = forwarding("Tan", E.tan, "tan(x), elementwise.")
Asin = forwarding("Asin", E.asin, "The inverse sine, elementwise.")
ACos = forwarding("ACos", E.acos, "The inverse cosine, elementwise.")
Atan = forwarding("Atan", E.atan, "The inverse tangent, elementwise.")
Sinh = forwarding("Sinh", E.sinh, "The hyperbolic sine, elementwise.")
Cosh = forwarding("Cosh", E.cosh, "The hyperbolic cosine, elementwise.")
Asinh = forwarding("Asinh", E.asinh, "The inverse hyperbolic sine, elementwise.")
Acosh = forwarding("Acosh", E.acosh, "The inverse hyperbolic cosine, elementwise.")
Atanh = forwarding("Atanh", E.atanh, "The inverse hyperbolic tangent, elementwise.")
Erf = forwarding("Erf", A.erf, "The error function, elementwise.")
Erfc = forwarding("Erfc", S.erfc, "1 - erf(x), elementwise.")
Erfinv = forwarding("Erfinv", S.erfinv, "The inverse error function, elementwise.")
Expm1 = forwarding("Expm1", E.expm1, "exp(x) - 1, accurate near 0.")
Log1p = forwarding("Log1p", E.log1p, "log(1 + x), accurate near 0.")
Floor = forwarding("Floor", E.floor, "The largest integer <= x, elementwise.")
Ceil = forwarding("Ceil", E.ceil, "The smallest integer >= x, elementwise.")
Trunc = forwarding("Trunc", E.trunc, "x rounded toward 0, elementwise.")
Sign = forwarding("Sign", E.sign, "-1, 0 or 1 by the sign of x.")
Reciprocal = forwarding("Reciprocal", E.reciprocal, "1 / x, elementwise.")
Sinc = forwarding("Sinc", S.sinc, "sin(pi x) / (pi x), 1 at 0.")
IsNan = forwarding("IsNan", E.isnan, "Whether x is NaN (Bool).")
IsInf = forwarding("IsInf", E.isinf, "Whether x is +-inf (Bool).")
IsFinite = forwarding("IsFinite", E.isfinite, "Whether x is neither inf nor NaN (Bool).")
LogicalNot = forwarding("LogicalNot", S.logical_not, "not x, as Bool.")


class Round(AttrPrimitive):
    """``Round()(x, decimals=0)``: x rounded half to even."""

    def __call__(self, input, decimals=0):
        return E.round(input, decimals=decimals)


def _rint(input):
    _kinds("Rint", "f", "a float Tensor", input)
    return np.rint(input)


Rint = forwarding("Rint", _rint, "x rounded to the nearest integer, half to even (floats).")


def _inv(input):
    data = getval(input)
    if _dtype_of(input) is not None and data.dtype.kind in "iu":
        with onp.errstate(divide="ignore"):
            return onp.floor_divide(onp.ones_like(data), data)
    return np.reciprocal(input)


Inv = forwarding("Inv", _inv, "1 / x, elementwise; ints stay ints (1 // x).")


def _invert(input):
    _kinds("Invert", "iub", "an int Tensor", input)
    return np.invert(getval(input))


Invert = forwarding("Invert", _invert, "The bitwise not of an int Tensor.")


# ---- binary ----------------------------------------------------------------------------
Atan2 = forwarding("Atan2", E.atan2, "The angle of the point (y, x) for Atan2()(x, y).")
Xlogy = forwarding("Xlogy", S.xlogy, "x * log(y), 0 where x is 0.")
FloorDiv = forwarding("FloorDiv", E.floor_divide, "floor(x / y), elementwise.")
FloorMod = forwarding("FloorMod", E.remainder, "x - floor(x / y) * y (the sign of y).")
Hypot = forwarding("Hypot", E.hypot, "sqrt(x**2 + y**2), elementwise.")
NotEqual = forwarding("NotEqual", F.ne, "x != y (Bool).")
LogicalAnd = forwarding("LogicalAnd", S.logical_and, "x and y, as Bool.")
LogicalOr = forwarding("LogicalOr", S.logical_or, "x or y, as Bool.")
LogicalXor = forwarding("LogicalXor", S.logical_xor, "x xor y, as Bool.")
BitwiseAnd = forwarding("BitwiseAnd", S.bitwise_and, "The bitwise and of two int Tensors.")
BitwiseOr = forwarding("BitwiseOr", S.bitwise_or, "The bitwise or of two int Tensors.")
BitwiseXor = forwarding("BitwiseXor", S.bitwise_xor, "The bitwise xor of two int Tensors.")
Lerp = forwarding("Lerp", S.lerp, "start + weight * (end - start).")


def _safe(y, zero):
    return np.where(zero, 1, y)


def _xdivy(x, y):
    _one_float("Xdivy", x, y)
    zero = getval(x) == 0
    return _float_like_inputs(np.where(zero, 0, x / _safe(y, zero)), x, y)


def _div_no_nan(x, y):
    _one_float("DivNoNan", x, y)
    zero = getval(y) == 0
    return _float_like_inputs(np.where(zero, 0, x / _safe(y, zero)), x, y)


def _mul_no_nan(x, y):
    zero = getval(y) == 0
    product = np.where(zero, 0, np.where(zero, 0, x) * y)
    if onp.result_type(getval(x), getval(y)).kind != "f":
        return product.astype(onp.result_type(getval(x), getval(y)))
    return _float_like_inputs(product.astype(onp.result_type(getval(x), getval(y))), x, y)


def _truncate_div(x, y):
    data_x, data_y = getval(x), getval(y)
    if onp.result_type(data_x, data_y).kind in "iub":
        quotient = onp.abs(data_x) // onp.abs(data_y) * onp.sign(data_x) * onp.sign(data_y)
        return onp.asarray(quotient, onp.result_type(data_x, data_y))
    quotient = np.trunc(getval(x) / getval(y)).astype(onp.result_type(data_x, data_y))
    return _float_like_inputs(quotient, x, y)


def _squared_difference(x, y):
    return _float_like_inputs((x - y) * (x - y), x, y)


def _fmax(x, y):
    return _float_like_inputs(np.fmax(x, y), x, y)


def _fmin(x, y):
    return _float_like_inputs(np.fmin(x, y), x, y)


def _heaviside(x, values):
    data, at_zero = getval(x), getval(values)
    # a NaN input is not above 0: 0, as MindSpore (NumPy's heaviside keeps the NaN)
    return onp.where(data == 0, at_zero, data > 0).astype(_dtype_of(x))


def _shift(where, shift):
    def op(x, y):
        _kinds(where, "iu", "an int Tensor", x, y)
        return shift(getval(x), getval(y))
    return op


def _int_pair(where, fn):
    def op(x, y):
        _kinds(where, "iu", "an int Tensor", x, y)
        return fn(getval(x), getval(y))
    return op


Xdivy = forwarding("Xdivy", _xdivy, "x / y, 0 where x is 0 (floats).")
DivNoNan = forwarding("DivNoNan", _div_no_nan, "x / y, 0 where y is 0 (floats).")
MulNoNan = forwarding("MulNoNan", _mul_no_nan, "x * y, 0 where y is 0 even if x is inf or NaN.")
Mod = forwarding("Mod", E.fmod, "x - trunc(x / y) * y (the sign of x).")
TruncateDiv = forwarding("TruncateDiv", _truncate_div, "x / y rounded toward 0.")
TruncateMod = forwarding("TruncateMod", E.fmod, "x - trunc(x / y) * y (the sign of x).")
SquaredDifference = forwarding("SquaredDifference", _squared_difference, "(x - y) ** 2.")
Fmax = forwarding("Fmax", _fmax, "max(x, y) elementwise, ignoring a NaN.")
Fmin = forwarding("Fmin", _fmin, "min(x, y) elementwise, ignoring a NaN.")
Heaviside = forwarding("Heaviside", _heaviside, "0 below 0, values at 0, 1 above 0.")
LeftShift = forwarding("LeftShift", _shift("LeftShift", onp.left_shift), "x << y (ints).")
RightShift = forwarding("RightShift", _shift("RightShift", onp.right_shift), "x >> y (ints).")
Gcd = forwarding("Gcd", _int_pair("Gcd", onp.gcd), "The greatest common divisor (ints).")
Lcm = forwarding("Lcm", _int_pair("Lcm", onp.lcm), "The least common multiple (ints).")
Addcdiv = forwarding("Addcdiv", S.addcdiv, "input + value * tensor1 / tensor2.")
Addcmul = forwarding("Addcmul", S.addcmul, "input + value * tensor1 * tensor2.")


# ---- with constructor arguments --------------------------------------------------------
class Logit(AttrPrimitive):
    """``Logit(eps=-1.0)(x)``: log(x / (1 - x)), x clamped to [eps, 1 - eps] when eps >= 0."""

    def __init__(self, eps=-1.0):
        super().__init__()
        self._keep(eps=check_number("Logit eps", eps, (float, int)))

    def __call__(self, input):
        return S.logit(input, self.eps if self.eps >= 0 else None)


class IsClose(AttrPrimitive):
    """``IsClose(rtol, atol, equal_nan)(x, y)``: |x - y| <= atol + rtol * |y| (Bool)."""

    def __init__(self, rtol=1e-05, atol=1e-08, equal_nan=False):
        super().__init__()
        self._keep(rtol=check_number("IsClose rtol", rtol),
                   atol=check_number("IsClose atol", atol),
                   equal_nan=check_number("IsClose equal_nan", equal_nan))

    def __call__(self, input, other):
        return E.isclose(input, other, self.rtol, self.atol, self.equal_nan)


class ApproximateEqual(AttrPrimitive):
    """``ApproximateEqual(tolerance=1e-05)(x, y)``: |x - y| < tolerance (Bool)."""

    def __init__(self, tolerance=1e-05):
        super().__init__()
        self._keep(tolerance=check_number("ApproximateEqual tolerance", tolerance, (float,)))

    def __call__(self, x, y):
        return onp.abs(getval(x) - getval(y)) < self.tolerance


def _add_n(inputs, where="AddN"):
    if not isinstance(inputs, (tuple, list)):
        raise CellTypeError(message(f"{where} inputs", "a non-empty tuple or list of Tensors",
                                    type(inputs).__name__))
    if not inputs:
        raise CellArgumentError(message(f"{where} inputs", "at least one Tensor",
                                        "an empty sequence"))
    for i, x in enumerate(inputs[1:], 1):  # MindSpore neither broadcasts nor promotes
        if onp.shape(getval(x)) != onp.shape(getval(inputs[0])):
            raise CellArgumentError(message(
                f"{where} input {i}", f"input 0's shape {onp.shape(getval(inputs[0]))}",
                f"shape {onp.shape(getval(x))}"))
        if _dtype_of(x) != _dtype_of(inputs[0]):
            raise CellTypeError(message(f"{where} input {i}", f"input 0's dtype "
                                        f"{_dtype_of(inputs[0])}", str(_dtype_of(x)),
                                        "Cast them to one dtype first."))
    total = inputs[0]
    for x in inputs[1:]:
        total = total + x
    return total


AddN = forwarding("AddN", _add_n, "The elementwise sum of a tuple of Tensors.")
AccumulateNV2 = forwarding("AccumulateNV2", lambda inputs: _add_n(inputs, "AccumulateNV2"),
                           "The elementwise sum of a tuple of Tensors.")
