"""Argument checks shared by the ``mint`` modules: each names ``mint.<function>`` and the
argument, in the house format."""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.checks import name_callers  # noqa: F401 (used as A.name_callers)
from ..tensor import is_tensor  # noqa: F401 (used as A.is_tensor)


def tensor(where, value):
    """``value`` if it is a Tensor (or traced array), else a CellTypeError naming ``where``."""
    if not is_tensor(value) and not hasattr(getval(value), "dtype"):
        raise CellTypeError(message(where, "a Tensor", describe(value),
                                    "Wrap it: ms.Tensor(value)."))
    return value


def ndim(value):
    return onp.ndim(getval(value))


def dim(where, value, rank, allow_none=False):
    """``value`` as an axis of a ``rank``-d Tensor (negative counts from the end)."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, "an int", describe(value)))
    span = builtin_max(rank, 1)
    if not -span <= value < span:
        raise CellArgumentError(message(where, f"an int in [{-span}, {span - 1}]",
                                        str(value)))
    return int(value) % span


def dims(where, value, rank):
    """``value`` (an int, a tuple/list of ints, or None/() for all axes) as a tuple or None."""
    if value is None or (isinstance(value, (tuple, list)) and len(value) == 0):
        return None
    if isinstance(value, (tuple, list)):
        axes = tuple(dim(where, v, rank) for v in value)
    else:
        axes = dim(where, value, rank)
    return None if rank == 0 else axes  # a 0-D Tensor's dim 0 (or -1) is all of it


def integer(where, value, low=0):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", describe(value)))
    return int(value)


def shape(where, size):
    """``size`` given as ints ``(2, 3)`` or one tuple/list ``((2, 3),)`` as a tuple of ints."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    if any(isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0 for n in size):
        raise CellTypeError(message(where, "ints >= 0 or one tuple of them", repr(size),
                                    "Pass mint.zeros(2, 3) or mint.zeros((2, 3))."))
    return tuple(int(n) for n in size)


builtin_max = max
