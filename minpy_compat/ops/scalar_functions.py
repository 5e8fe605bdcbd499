"""MindSpore's scalar functions (``scalar_add`` ... ``scalar_usub``, ``scalar_cast``,
``scalar_to_tensor``, ``tuple_to_array``) and their primitive classes ``ScalarCast``,
``ScalarToTensor`` and ``TupleToArray``: Python arithmetic on Python numbers, as MindSpore
2.10 runs them in PyNative mode.

>>> from minpy_compat import ops
>>> ops.scalar_floordiv(-7, 2), ops.scalar_div(7, 2)
(-4, 3.5)
>>> ops.tuple_to_array((1, 2.5))
array([1, 2], dtype=int32)
"""
import math
import numbers
import operator

import numpy as onp
from autograd.tracer import getval

from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, message
from . import arithmetic
from .fn_math import floor_mod
from .math_elementwise import floor_div
from .prims_base import forwarding

_NUMBER = "a bool, int, float or Tensor"


def _operand(where, value):
    """``value`` once it is a Python number or a Tensor (arithmetic MindSpore runs as is)."""
    if isinstance(value, numbers.Number) or hasattr(getval(value), "dtype"):
        return value
    raise CellTypeError(message(where, _NUMBER, type(value).__name__))


def _nonzero(where, value):
    if isinstance(value, numbers.Number) and value == 0:
        raise CellArgumentError(message(where, "a non-zero divisor", repr(value),
                                        "Check the divisor before the call."))
    return value


def _binary(name, combine, doc, divides=False, on_tensors=None):
    """``combine(x, y)``; ``on_tensors(x, y)`` in its place when one is a Tensor (the op
    that keeps a float32 Tensor float32 beside a Python float)."""
    def scalar_op(x, y):
        _operand(f"{name} x", x)
        _operand(f"{name} y", y)
        if divides:
            _nonzero(f"{name} y", y)
        both_numbers = isinstance(x, numbers.Number) and isinstance(y, numbers.Number)
        return combine(x, y) if both_numbers or on_tensors is None else on_tensors(x, y)
    scalar_op.__name__ = scalar_op.__qualname__ = name
    scalar_op.__doc__ = doc
    return scalar_op


scalar_add = _binary("scalar_add", operator.add, "``x + y`` of two scalars.",
                     on_tensors=arithmetic.add)
scalar_sub = _binary("scalar_sub", operator.sub, "``x - y`` of two scalars.",
                     on_tensors=arithmetic.sub)
scalar_mul = _binary("scalar_mul", operator.mul, "``x * y`` of two scalars.",
                     on_tensors=arithmetic.mul)
scalar_div = _binary("scalar_div", operator.truediv,
                     "``x / y`` of two scalars (true division: a float).", divides=True,
                     on_tensors=arithmetic.div)
scalar_floordiv = _binary("scalar_floordiv", operator.floordiv,
                          "``x // y`` of two scalars (rounded toward -inf).", divides=True,
                          on_tensors=floor_div)
scalar_mod = _binary("scalar_mod", operator.mod,
                     "``x % y`` of two scalars (the sign of ``y``).", divides=True,
                     on_tensors=floor_mod)
scalar_pow = _binary("scalar_pow", operator.pow, "``x ** y`` of two scalars.",
                     on_tensors=arithmetic.pow)
scalar_eq = _binary("scalar_eq", operator.eq, "Whether scalar ``x`` equals ``y``.")
scalar_lt = _binary("scalar_lt", operator.lt, "Whether scalar ``x < y``.")
scalar_le = _binary("scalar_le", operator.le, "Whether scalar ``x <= y``.")
scalar_gt = _binary("scalar_gt", operator.gt, "Whether scalar ``x > y``.")
scalar_ge = _binary("scalar_ge", operator.ge, "Whether scalar ``x >= y``.")
scalar_max = _binary("scalar_max", max, "The larger of two scalars (``x`` on a tie).")
scalar_min = _binary("scalar_min", min, "The smaller of two scalars (``x`` on a tie).")


def scalar_log(x):
    """The natural logarithm of a positive scalar, as a float."""
    _operand("scalar_log x", x)
    if isinstance(x, numbers.Number) and not x > 0:
        raise CellArgumentError(message("scalar_log x", "a positive number", repr(x)))
    return math.log(x)


def scalar_uadd(x):
    """``+x`` of a scalar."""
    return +_operand("scalar_uadd x", x)


def scalar_usub(x):
    """``-x`` of a scalar."""
    return -_operand("scalar_usub x", x)


def _scalar(where, value):
    if isinstance(value, (bool, int, float)):
        return value
    raise CellTypeError(message(where, "a bool, int or float", type(value).__name__))


_CASTS = {onp.int64: int, onp.float64: float, onp.bool_: bool}


def scalar_cast(input_x, input_y):
    """The scalar ``input_x`` as the Python type of dtype ``input_y`` (int64, float64 or
    bool; an int truncates toward zero)."""
    if not isinstance(input_x, numbers.Number):
        raise CellTypeError(message("scalar_cast input_x", "a bool or number",
                                    type(input_x).__name__))
    convert = _CASTS.get(input_y) if isinstance(input_y, type) else None
    if convert is None:
        raise CellArgumentError(message("scalar_cast input_y", "ms.int64, ms.float64 or ms.bool_",
                                        repr(input_y), "Cast the result further with int()."))
    if convert is int and not -2 ** 63 <= input_x < 2 ** 63:
        raise CellArgumentError(message("scalar_cast input_x", "a value in int64's range",
                                        repr(input_x), "Cast it to ms.float64."))
    return convert(input_x)


def scalar_to_tensor(input_x, dtype=onp.float32):
    """A 0-D Tensor of dtype ``dtype`` holding the scalar ``input_x`` (ints wrap around
    as a NumPy cast does)."""
    _scalar("scalar_to_tensor input_x", input_x)
    if not (isinstance(dtype, type) and issubclass(dtype, onp.number) or dtype is onp.bool_):
        raise CellTypeError(message("scalar_to_tensor dtype", "a number dtype such as "
                                    "ms.float32", repr(dtype)))
    with onp.errstate(over="ignore", invalid="ignore"):  # 1e40 -> float32 inf, as MindSpore
        return wrap(onp.asarray(input_x).astype(dtype))


def _element(value):
    if isinstance(value, tuple):
        return [_element(v) for v in value]
    data = getval(value)
    if isinstance(data, (bool, int, float)) or hasattr(data, "dtype"):
        return onp.asarray(data)
    raise CellTypeError(message("tuple_to_array input_x", "a tuple of bools, ints, floats or "
                                "Tensors", f"an item {type(value).__name__}"))


def tuple_to_array(input_x):
    """A Tensor of the tuple ``input_x``'s numbers: int32 when its first item is a bool or
    int, float32 otherwise."""
    if not isinstance(input_x, tuple):
        raise CellTypeError(message("tuple_to_array input_x", "a tuple", type(input_x).__name__,
                                    "Pass tuple(values)."))
    if not input_x:
        raise CellArgumentError(message("tuple_to_array input_x", "a non-empty tuple", "()"))
    items = [_element(v) for v in input_x]
    dtype = onp.int32 if isinstance(input_x[0], int) else onp.float32
    return wrap(onp.array(items, dtype=onp.float64 if dtype is onp.float32 else None)
                .astype(dtype))


ScalarCast = forwarding("ScalarCast", scalar_cast,
                        "ScalarCast()(input_x, input_y): ``ops.scalar_cast``.")
ScalarToTensor = forwarding("ScalarToTensor", scalar_to_tensor,
                            "ScalarToTensor()(input_x, dtype=ms.float32): "
                            "``ops.scalar_to_tensor``.")


def _same_type_tuple_to_array(input_x):
    if not isinstance(input_x, tuple):
        raise CellTypeError(message("TupleToArray input_x", "a tuple", type(input_x).__name__,
                                    "Pass tuple(values)."))
    for i, item in enumerate(input_x):
        if type(item) not in (int, float):
            raise CellTypeError(message(f"TupleToArray input_x[{i}]", "an int or float",
                                        type(item).__name__))
        if type(item) is not type(input_x[0]):
            raise CellTypeError(message(f"TupleToArray input_x[{i}]", "the type of input_x[0] "
                                        f"({type(input_x[0]).__name__})", type(item).__name__,
                                        "Use ops.tuple_to_array to mix them."))
    return tuple_to_array(input_x)


TupleToArray = forwarding("TupleToArray", _same_type_tuple_to_array,
                          "TupleToArray()(input_x): ``ops.tuple_to_array`` of a tuple of "
                          "ints or of floats (one type, no bools).")
