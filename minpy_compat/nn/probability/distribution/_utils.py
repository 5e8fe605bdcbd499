"""Checks shared by the distributions (MindSpore's ``distribution/_utils``), worded the
house way: a parameter becomes a Tensor of the parameter dtype, per-call parameters must
be Tensors, scales must be positive, ``dist`` names must match."""
import numbers

import numpy as onp
from autograd.tracer import getval  # noqa: F401 (used by the distributions)

from ....errors import message
from ....tensor import Parameter, as_tensor, is_tensor

FLOAT_TYPES = (onp.float16, onp.float32, onp.float64)


def check_float_dtype(cls_name, dtype):
    """``dtype`` as a NumPy float dtype class, or MindSpore's TypeError naming the class."""
    if dtype not in FLOAT_TYPES:
        raise TypeError(message(f"{cls_name} dtype", "float16, float32 or float64",
                                repr(dtype), "Pass dtype=ms.float32 (the default)."))
    return dtype


def param_type(cls_name, values, hint):
    """The dtype the parameters are kept in: the Tensors' common float dtype, else ``hint``."""
    kinds = {onp.dtype(getval(v).dtype).type for v in values
             if v is not None and is_tensor(v) and getval(v).dtype.kind == "f"}
    if len(kinds) > 1:
        raise TypeError(message(f"{cls_name} parameters", "one float dtype",
                                sorted(k.__name__ for k in kinds),
                                "Cast the parameter Tensors to one dtype."))
    return kinds.pop() if kinds else hint


def to_param(cls_name, name, value, dtype):
    """An init parameter (number, list, array or Tensor) as a Tensor of ``dtype``; a
    Parameter is kept as it is (as in MindSpore: the distribution then trains it)."""
    if isinstance(value, Parameter):
        return value
    if isinstance(value, bool) or not (is_tensor(value) or isinstance(
            value, (numbers.Real, list, tuple))):
        raise TypeError(message(f"{cls_name} {name}", "a number, list or Tensor",
                                type(value).__name__))
    return as_tensor(value, dtype)


def check_tensor(where, value):
    """``value`` itself when a Tensor, else MindSpore's TypeError naming ``where``."""
    if not is_tensor(value):
        raise TypeError(message(where, "a Tensor", type(value).__name__,
                                "Wrap the value: ms.Tensor(value, ms.float32)."))
    return value


def check_positive(cls_name, name, value, strict=True):
    """MindSpore's ValueError when a (constant) parameter is not > 0 (or >= 0)."""
    data = onp.asarray(getval(value))
    bad = (data <= 0) if strict else (data < 0)
    if bad.any():
        wanted = "values > 0" if strict else "values >= 0"
        raise ValueError(message(f"{cls_name} {name}", wanted, f"min {data.min()}",
                                 f"Pass a positive {name}."))


def check_less(cls_name, low_name, low, high_name, high):
    """MindSpore's ValueError when ``low < high`` fails anywhere."""
    if not (onp.asarray(getval(low)) < onp.asarray(getval(high))).all():
        raise ValueError(message(f"{cls_name} {low_name}", f"less than {high_name}",
                                 f"{onp.asarray(getval(low))} and {onp.asarray(getval(high))}"))


def check_dist_name(where, dist, expected):
    """MindSpore's ValueError when ``dist`` (kl_loss / cross_entropy) names another class."""
    if dist != expected:
        raise ValueError(message(f"{where} dist", repr(expected), repr(dist),
                                 f"Compare with another {expected} distribution."))


def check_shape(where, shape):
    """A sample shape: a tuple of ints (MindSpore's TypeError otherwise)."""
    if not isinstance(shape, tuple) or not all(
            isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in shape):
        raise TypeError(message(f"{where} shape", "a tuple of ints", repr(shape),
                                "Pass shape=(n,) or ()."))
    return shape


def const(number, like):
    """``number`` as a 0-d constant of ``like``'s dtype (a ``where`` branch that carries no
    gradient, so a ``log`` of the result gets no NaN from the masked side)."""
    return onp.array(number, onp.asarray(getval(like)).dtype)
