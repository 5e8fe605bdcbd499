"""MindSpore's elementwise math ops: inverse and hyperbolic trigonometry, exp/log
variants, rounding, sign tests, and the float-valued binary ops (``atan2``, ``hypot``,
``fmod``, ``float_power``, ...).

All are built on the differentiable facade (gradients from the tracer); an int or Bool
input gives Float32 where the result is a float, as in MindSpore, and float16/float32
inputs keep their dtype.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.log2(ms.Tensor([1.0, 8.0]))
array([0., 3.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..tensor import is_tensor
from .functional import _float_like_inputs, div, no_bool
from .promotion import as_binary_dtype


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def tensor_input(where, x):
    """``x`` itself once it is a Tensor: MindSpore's elementwise ops refuse Python numbers
    and lists (NumPy would take them)."""
    if not is_tensor(x):
        raise CellTypeError(message(where, "a Tensor", type(x).__name__,
                                    "Wrap it first: ms.Tensor(x)."))
    return x


def _unary_float(fn, doc, name, floats=False):
    def op(input):
        tensor_input(f"ops.{name} input", input)
        if floats:
            _floats_only(f"ops.{name} input", input)
        return _float_like_inputs(fn(input), input)
    op.__doc__ = doc
    return op


acos = _unary_float(np.arccos, "The inverse cosine, elementwise.", "acos", floats=True)
asin = _unary_float(np.arcsin, "The inverse sine, elementwise.", "asin", floats=True)
atan = _unary_float(np.arctan, "The inverse tangent, elementwise.", "atan", floats=True)
acosh = _unary_float(np.arccosh, "The inverse hyperbolic cosine.", "acosh", floats=True)
asinh = _unary_float(np.arcsinh, "The inverse hyperbolic sine, elementwise.", "asinh", floats=True)
atanh = _unary_float(np.arctanh, "The inverse hyperbolic tangent, elementwise.", "atanh")
cosh = _unary_float(np.cosh, "The hyperbolic cosine, elementwise.", "cosh", floats=True)
sinh = _unary_float(np.sinh, "The hyperbolic sine, elementwise.", "sinh", floats=True)
tan = _unary_float(np.tan, "The tangent, elementwise.", "tan", floats=True)
expm1 = _unary_float(np.expm1, "exp(x) - 1, accurate near 0.", "expm1", floats=True)
exp2 = _unary_float(np.exp2, "2 ** x, elementwise.", "exp2")
log1p = _unary_float(np.log1p, "log(1 + x), accurate near 0.", "log1p", floats=True)
log2 = _unary_float(np.log2, "The base-2 logarithm, elementwise.", "log2")
log10 = _unary_float(np.log10, "The base-10 logarithm, elementwise.", "log10")
deg2rad = _unary_float(np.deg2rad, "Degrees to radians, elementwise.", "deg2rad", floats=True)
rad2deg = _unary_float(np.rad2deg, "Radians to degrees, elementwise.", "rad2deg", floats=True)
arccos, arcsin, arctan = acos, asin, atan
arccosh, arcsinh, arctanh = acosh, asinh, atanh


def _binary_float(fn, doc, name, numbers=True):
    def op(input, other):
        # MindSpore takes an int Tensor beside a float one (the result has the float's
        # dtype), but not two int Tensors
        floats = any(_dtype_of(v) is not None and _dtype_of(v).kind == "f"
                     for v in (input, other))
        for arg, value in (("input", input), ("other", other)):
            if numbers and isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and arg == "other":
                continue
            kind = _dtype_of(value).kind if _dtype_of(value) is not None else None
            if kind != "f" and not (numbers and floats and kind in ("i", "u")):
                raise CellTypeError(message(f"ops.{name} {arg}", "a float Tensor",
                                            str(_dtype_of(value) or type(value).__name__)))
        return _float_like_inputs(fn(input, other), input, other)
    op.__doc__ = doc
    return op


atan2 = _binary_float(np.arctan2, "The angle of the point (other, input).", "atan2")
logaddexp = _binary_float(np.logaddexp, "log(exp(input) + exp(other)), without overflow.",
                          "logaddexp", numbers=False)
logaddexp2 = _binary_float(np.logaddexp2, "log2(2**input + 2**other), without overflow.",
                           "logaddexp2", numbers=False)
hypot = _binary_float(np.hypot, "sqrt(input**2 + other**2), elementwise.", "hypot")
arctan2 = atan2


def _float_input(x):
    """An int or Bool Tensor as float32 (``np.floor`` of an int array is float64)."""
    return x.astype(onp.float32) if _dtype_of(x) is not None and _dtype_of(x).kind in "iub" \
        else x


def ceil(input):
    """The smallest integer not below x (float inputs only, as in MindSpore)."""
    tensor_input("ops.ceil input", input)
    return np.ceil(_floats_only("ops.ceil input", input))


def floor(input):
    """The largest integer not above x (float inputs only, as in MindSpore)."""
    tensor_input("ops.floor input", input)
    return np.floor(_floats_only("ops.floor input", input))


def trunc(input):
    """x rounded toward zero; an int or Bool input is returned as is."""
    tensor_input("ops.trunc input", input)
    return input if _dtype_of(input).kind in "iub" else np.trunc(input)


def round(input, *, decimals=0):
    """x rounded to ``decimals`` places, half to even (NumPy's and MindSpore's rule)."""
    tensor_input("ops.round input", input)
    if not isinstance(decimals, int) or isinstance(decimals, bool):
        raise CellTypeError(message("ops.round decimals", "an int", repr(decimals)))
    return np.round(input, decimals)


def frac(x):
    """The fractional part x - trunc(x), with x's sign; gradient 1."""
    tensor_input("ops.frac x", x)
    if _dtype_of(x) == onp.bool_:
        return onp.zeros(onp.shape(getval(x)), onp.int64)  # MindSpore's Int64 for Bool
    return x - np.trunc(getval(x)) if _dtype_of(x).kind == "f" else x - x


def sign(input):
    """-1, 0 or 1 by the sign of x (gradient 0; Bool refused, as in MindSpore)."""
    tensor_input("ops.sign input", input)
    no_bool("ops.sign input", input)
    return np.sign(input)


def signbit(input):
    """Whether x's sign bit is set (True for -0.0), as Bool."""
    tensor_input("ops.signbit input", input)
    return np.signbit(getval(input))


def _floats_only(where, x):
    if _dtype_of(x) is not None and _dtype_of(x).kind not in "f":
        raise CellTypeError(message(where, "a float Tensor", str(_dtype_of(x)),
                                    "Cast it first: x.astype(ms.float32)."))
    return x


def _one_tensor(where, input, other):
    if not (is_tensor(input) or is_tensor(other)):
        raise CellTypeError(message(f"{where} input/other", "at least one Tensor",
                                    f"{type(input).__name__} and {type(other).__name__}",
                                    "Wrap one first: ms.Tensor(x)."))


def fmod(input, other):
    """The C remainder: input - trunc(input / other) * other, with input's sign."""
    _one_tensor("ops.fmod", input, other)
    return _float_like_inputs(np.fmod(input, other), input, other)


def remainder(input, other):
    """The Python remainder: input - floor(input / other) * other, with other's sign."""
    return _float_like_inputs(np.remainder(input, other), input, other)


def floor_divide(input, other):
    """floor(input / other); ints stay ints (gradient 0)."""
    return as_binary_dtype(np.floor_divide(input, other), input, other)


def floor_div(x, y):
    """floor(x / y); ints stay ints (gradient 0)."""
    return floor_divide(x, y)


def true_divide(dividend, divisor):
    """dividend / divisor as a float."""
    return div(dividend, divisor)


def divide(input, other, *, rounding_mode=None):
    """input / other, or its floor or trunc with ``rounding_mode``."""
    return div(input, other, rounding_mode=rounding_mode)


def float_power(input, exponent):
    """input ** exponent in float64 (complex inputs are not supported)."""
    _one_tensor("ops.float_power", input, exponent)

    def widen(v):
        return v.astype(onp.float64) if _dtype_of(v) is not None else float(v)
    return np.power(widen(input), widen(exponent))


def copysign(x, other):
    """|x| with the sign of ``other``; the gradient is sign-matched."""
    if _dtype_of(x) is None:
        raise CellTypeError(message("ops.copysign x", "a Tensor", type(x).__name__))
    return _float_like_inputs(np.abs(x) * np.where(np.signbit(getval(other)), -1.0, 1.0), x)


def reciprocal(input):
    """1 / x, elementwise (ints and Bool give Float32)."""
    tensor_input("ops.reciprocal input", input)
    if _dtype_of(input) is not None and _dtype_of(input).kind in "iub":
        input = input.astype(onp.float32)
    return np.reciprocal(input)


def negative(input):
    """-x, elementwise (Bool refused, as in MindSpore)."""
    tensor_input("ops.negative input", input)
    no_bool("ops.negative input", input)
    return np.negative(input)


def positive(input):
    """x itself."""
    return tensor_input("ops.positive input", input)


def isfinite(input):
    """Whether x is neither inf nor NaN, as Bool."""
    tensor_input("ops.isfinite input", input)
    return np.isfinite(getval(input))


def isinf(input):
    """Whether x is +inf or -inf, as Bool."""
    tensor_input("ops.isinf input", input)
    return np.isinf(getval(input))


def isnan(input):
    """Whether x is NaN, as Bool."""
    tensor_input("ops.isnan input", input)
    return np.isnan(getval(input))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|input - other| <= atol + rtol * |other|, as Bool."""
    for name, value in (("rtol", rtol), ("atol", atol)):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise CellTypeError(message(f"ops.isclose {name}", "a number", repr(value)))
    a, b = onp.asarray(getval(input)), onp.asarray(getval(other))
    with onp.errstate(invalid="ignore"):
        # an infinity is close only to itself (|inf - x| <= rtol * inf would say yes)
        close = (a == b) | (onp.isfinite(a) & onp.isfinite(b)
                            & (onp.abs(a - b) <= atol + rtol * onp.abs(b)))
    return close | (onp.isnan(a) & onp.isnan(b)) if equal_nan else close
