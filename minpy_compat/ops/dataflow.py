"""MindSpore's value-passing function ops: ``ops.cast`` (a new dtype), ``ops.stop_gradient``
(no gradient flows back) and ``ops.depend`` (an ordering hint, a no-op when run eagerly).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.grad(lambda x: x * ops.stop_gradient(x))(ms.Tensor([3.0]))
array([3.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellTypeError, describe, message
from ..tensor import as_tensor


def cast(input, dtype):
    """``input`` in ``dtype``; a Python number becomes a 0-d Tensor, as in MindSpore."""
    if isinstance(input, (bool, int, float)):
        input = as_tensor(input)
    elif not hasattr(input, "astype"):
        raise CellTypeError(message("ops.cast input", "a Tensor or a number", describe(input),
                                    "Make it a Tensor first: ms.Tensor(values)."))
    # NaN and inf become the target's extreme value, as in MindSpore, without NumPy 2's
    # "invalid value encountered in cast" warning
    with onp.errstate(invalid="ignore"):
        return input.astype(dtype)


def stop_gradient(value):
    """``value`` itself, through which no gradient flows back (a constant to the tracer)."""
    return as_tensor(getval(value)) if hasattr(getval(value), "shape") else getval(value)


def depend(value, expr):
    """``value``, after ``expr`` in graph mode; run eagerly, ``expr`` has already run."""
    return value
