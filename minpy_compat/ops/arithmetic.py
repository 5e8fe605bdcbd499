"""MindSpore's oldest elementwise function ops: arithmetic (``ops.add``, ``ops.sub``,
``ops.mul``, ``ops.div``, ``ops.pow``, ``ops.maximum``, ...), the basic transcendental
functions (``ops.exp``, ``ops.log``, ``ops.sqrt``, ``ops.sin``, ...), ``ops.select`` and
``ops.clamp``.

Each is a few calls into the differentiable facade, so gradients are autograd's (and can be
differentiated again); ints meeting floats follow MindSpore's dtype rule (``promotion.py``).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.div(ms.Tensor([7.0, -7.0]), 2, rounding_mode="floor")
array([ 3., -4.], dtype=float32)
"""
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from .checks import broadcasting, float_only, not_both_bool
from .checks import one_byte_as_float32 as _wide_enough
from .promotion import _dtype_of, _float_like_inputs, as_binary_dtype


# ---- unary -------------------------------------------------------------------------------
def abs(input):
    """``|input|`` elementwise; the dtype is kept."""
    return np.abs(input)


def neg(input):
    """``-input`` elementwise; the dtype is kept."""
    return np.negative(input)


def square(input):
    """``input * input`` elementwise; the dtype is kept."""
    return np.square(input)


def exp(input):
    """``e ** input`` elementwise; int and Bool inputs are refused."""
    return np.exp(float_only("ops.exp input", input))


def log(input):
    """The natural logarithm of ``input`` elementwise; int and Bool inputs are refused."""
    return np.log(float_only("ops.log input", input))


def sqrt(input):
    """The square root of ``input`` elementwise; int and Bool inputs are refused."""
    return _float_like_inputs(np.sqrt(_wide_enough(input)), input)


def sin(input):
    """The sine of ``input`` (radians) elementwise; int and Bool inputs are refused."""
    return np.sin(float_only("ops.sin input", input))


def cos(input):
    """The cosine of ``input`` (radians) elementwise; int and Bool inputs are refused."""
    return np.cos(float_only("ops.cos input", input))


def tanh(input):
    """The hyperbolic tangent of ``input`` elementwise; int and Bool inputs are refused."""
    return np.tanh(float_only("ops.tanh input", input))


# ---- binary ------------------------------------------------------------------------------
def add(input, other):
    """``input + other`` (Tensors or numbers, broadcast); two Bool Tensors are refused."""
    not_both_bool("ops.add", input, other)
    return as_binary_dtype(broadcasting("ops.add", np.add, input, other), input, other)


def sub(input, other):
    """``input - other`` (Tensors or numbers, broadcast); two Bool Tensors are refused."""
    not_both_bool("ops.sub", input, other)
    return as_binary_dtype(broadcasting("ops.sub", np.subtract, input, other), input, other)


def mul(input, other):
    """``input * other`` (Tensors or numbers, broadcast)."""
    return as_binary_dtype(broadcasting("ops.mul", np.multiply, input, other), input, other)


def div(input, other, *, rounding_mode=None):
    """``input / other``; ``rounding_mode='floor'`` or ``'trunc'`` rounds the quotient
    (its gradient is then zero) and keeps an int input's dtype."""
    if rounding_mode not in (None, "floor", "trunc"):
        raise CellArgumentError(message("ops.div rounding_mode", "None, 'floor' or 'trunc'",
                                        repr(rounding_mode)))
    quotient = as_binary_dtype(broadcasting("ops.div", np.true_divide, input, other),
                               input, other, floats=True)
    if rounding_mode is None:
        return quotient
    rounded = (np.floor if rounding_mode == "floor" else np.trunc)(quotient)
    dtype = _dtype_of(input)
    return rounded.astype(dtype) if dtype is not None and dtype.kind in "iu" else rounded


def pow(input, exponent):
    """``input ** exponent`` elementwise (Tensors or numbers, broadcast); two Bools are
    refused."""
    not_both_bool("ops.pow", input, exponent)
    return as_binary_dtype(broadcasting("ops.pow", np.power, input, exponent), input, exponent)


def maximum(input, other):
    """The larger of ``input`` and ``other`` elementwise (a NaN wins)."""
    return as_binary_dtype(broadcasting("ops.maximum", np.maximum, input, other), input, other)


def minimum(input, other):
    """The smaller of ``input`` and ``other`` elementwise (a NaN wins); two Bools are
    refused."""
    not_both_bool("ops.minimum", input, other)
    return as_binary_dtype(broadcasting("ops.minimum", np.minimum, input, other), input, other)


# ---- choosing ----------------------------------------------------------------------------
def select(cond, x, y):
    """``x`` where ``cond`` holds, else ``y`` (either may be a number; a Python float
    meeting ints gives Float32, as in MindSpore)."""
    return _float_like_inputs(np.where(cond, x, y), x, y)


def clamp(input, min=None, max=None):
    """``input`` limited to [min, max] (Tensors or numbers); the gradient is 1 on the
    closed interval, 0 outside (unlike ``clip_by_value``'s 1/2 on a bound,
    ``ops/clipping.py``)."""
    if min is None and max is None:
        raise CellArgumentError(message("ops.clamp", "min or max", "None for both",
                                        "Pass at least one bound."))
    result, data = input, getval(input)
    if max is not None:
        result = np.where(data > getval(max), max, result)
    if min is not None:
        result = np.where(data < getval(min), min, result)
    result = _float_like_inputs(result, input, min, max)
    dtype, got = _dtype_of(input), _dtype_of(result)
    if dtype.kind in "iu" and got.kind in "iu" and got != dtype:
        return result.astype(dtype)  # int bounds keep an int input's dtype
    return result


clip = clamp
