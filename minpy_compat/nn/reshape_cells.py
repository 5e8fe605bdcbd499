"""``Identity`` and ``Unflatten``, MindSpore 2.10's shape-only Cells.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Unflatten(1, (2, 3))(ms.Tensor([[0.0, 1, 2, 3, 4, 5]])).shape
(1, 2, 3)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .cell import Cell


class Identity(Cell):
    """The input itself; takes (and ignores) any constructor arguments, as MindSpore's."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):
        return input


class Unflatten(Cell):
    """Axis ``axis`` split into ``unflattened_size`` (one entry may be -1, inferred)."""

    def __init__(self, axis, unflattened_size):
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, (int, onp.integer)):
            raise CellTypeError(message("Unflatten axis", "an int", describe(axis)))
        if not isinstance(unflattened_size, (list, tuple)) or any(
                isinstance(n, bool) or not isinstance(n, (int, onp.integer))
                for n in unflattened_size):
            raise CellTypeError(message("Unflatten unflattened_size", "a tuple or list of ints",
                                        describe(unflattened_size), "Pass sizes such as (2, 3)."))
        self.axis, self.unflattened_size = int(axis), tuple(int(n) for n in unflattened_size)

    def construct(self, input):
        shape = onp.shape(getval(input))
        if not -len(shape) <= self.axis < len(shape):
            raise CellArgumentError(message(
                "Unflatten axis", f"an axis in [{-len(shape)}, {len(shape)}) for input shape "
                f"{shape}", repr(self.axis)))
        axis = self.axis % len(shape)
        sizes, length = self.unflattened_size, shape[axis]
        known = int(onp.prod([n for n in sizes if n != -1], dtype=onp.int64))
        inferred = sizes.count(-1) == 1 and known > 0 and length % known == 0
        if not (inferred or (-1 not in sizes and known == length)) or any(
                n < -1 for n in sizes):
            raise CellArgumentError(message(
                "Unflatten unflattened_size", f"sizes whose product is {length} (axis {axis} "
                f"of input shape {shape}; at most one -1)", repr(sizes)))
        sizes = tuple(length // known if n == -1 else n for n in sizes)
        return np.reshape(input, shape[:axis] + sizes + shape[axis + 1:])

    def extend_repr(self):
        return f"axis={self.axis}, unflattened_size={self.unflattened_size}"
