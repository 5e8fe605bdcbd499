"""MindSpore 2.10's padding Cells: ``ZeroPad2d``, ``ConstantPad1d/2d/3d`` (negative
padding crops), ``ReflectionPad1d/2d`` and ``ReplicationPad1d/2d``. ``padding`` lists
(before, after) pairs from the last axis backwards, as ``ops.pad``'s; an int pads every
padded side. Each output is a gather from the input, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.ReflectionPad1d((2, 1))(ms.Tensor([[0.0, 1.0, 2.0]]))
array([[2., 1., 0., 1., 2., 1.]], dtype=float32)
>>> nn.ConstantPad1d((1, -1), 9)(ms.Tensor([[0.0, 1.0, 2.0]]))
array([[9., 0., 1.]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .cell import Cell


def _padding(where, padding, sides, exact=False):
    """``padding`` as a tuple of ints: an int for each of ``sides`` sides, or an even-length
    tuple of at most ``sides`` ints (exactly ``sides`` when ``exact``)."""
    if isinstance(padding, (int, onp.integer)) and not isinstance(padding, bool):
        return (int(padding),) * sides
    if not isinstance(padding, tuple):
        raise CellTypeError(message(f"{where} padding", "an int or a tuple of ints",
                                    describe(padding), "Pass (left, right, ...) as a tuple."))
    if len(padding) % 2 or (sides and (len(padding) > sides or exact and len(padding) != sides)):
        size = "an even length" if not sides else \
            f"length {sides}" if exact else f"an even length of at most {sides}"
        raise CellArgumentError(message(f"{where} padding", f"a tuple of {size}",
                                        f"length {len(padding)}"))
    if any(isinstance(v, bool) or not isinstance(v, (int, onp.integer)) for v in padding):
        raise CellTypeError(message(f"{where} padding", "a tuple of ints", repr(padding)))
    return tuple(int(v) for v in padding)


def _positions(where, mode, before, after, length, axis, shape):
    """The input index each output position reads on one axis (-1 outside, constant)."""
    size = length + before + after
    if size <= 0 or mode == "reflect" and max(before, after) >= length:
        need = f"padding below the axis length {length}" if mode == "reflect" else \
            "a positive size after padding"
        raise CellArgumentError(message(f"{where} input", need, f"axis {axis} of shape {shape} "
                                        f"with padding ({before}, {after})"))
    wanted = onp.arange(-before, length + after)
    if mode == "reflect":
        return onp.where(wanted < 0, -wanted, onp.where(wanted >= length,
                                                        2 * (length - 1) - wanted, wanted))
    if mode == "edge":
        return onp.clip(wanted, 0, length - 1)
    return onp.where((wanted < 0) | (wanted >= length), -1, wanted)


def pad_cell(where, x, padding, mode, value=0):
    """``x`` padded by ``padding`` ((before, after) from the last axis backwards)."""
    shape = onp.shape(getval(x))
    pairs = len(padding) // 2
    if len(shape) < pairs:
        raise CellArgumentError(message(f"{where} input", f"at least {pairs} dimensions for "
                                        f"padding {padding}", f"shape {shape}"))
    for i in range(pairs):
        axis = len(shape) - 1 - i
        index = _positions(where, mode, padding[2 * i], padding[2 * i + 1], shape[axis],
                           axis, shape)
        inside = index >= 0
        picked = np.take(x, onp.maximum(index, 0), axis=axis)
        if not inside.all():
            mask = onp.reshape(inside, (-1,) + (1,) * (len(shape) - 1 - axis))
            fill = onp.asarray(value).astype(getval(x).dtype)
            picked = np.where(mask, picked, fill)
        x = picked
    return x


class _ConstantPad(Cell):
    sides, exact = 0, False

    def __init__(self, padding, value):
        super().__init__()
        where = type(self).__name__
        self.padding = _padding(where, padding, self.sides, self.exact)
        if not isinstance(value, numbers.Real):
            raise CellTypeError(message(f"{where} value", "an int or a float", describe(value)))
        self.value = value

    def construct(self, x):
        return pad_cell(type(self).__name__, x, self.padding, "constant", self.value)

    def extend_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPad):
    """The last axis padded with ``value`` by ``padding``: an int or (left, right)."""
    sides, exact = 2, True

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad2d(_ConstantPad):
    """The last two axes padded with ``value``: an int or up to (left, right, top, bottom)."""
    sides = 4

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad3d(_ConstantPad):
    """The last three axes padded with ``value``: an int or up to six sides."""
    sides = 6

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ZeroPad2d(_ConstantPad):
    """The last two axes padded with zeros: an int or up to (left, right, top, bottom)."""
    sides = 4

    def __init__(self, padding):
        super().__init__(padding, 0)


class _IndexPad(Cell):
    mode, sides, ranks = "", 0, ()

    def __init__(self, padding):
        super().__init__()
        where = type(self).__name__
        if isinstance(padding, (int, onp.integer)) and not isinstance(padding, bool):
            padding = (int(padding),) * self.sides
        self.padding = _padding(where, padding, 0)
        if self.mode == "reflect" and any(v < 0 for v in self.padding):
            raise CellArgumentError(message(f"{where} padding", "ints >= 0", repr(padding)))

    def construct(self, x):
        where, shape = type(self).__name__, onp.shape(getval(x))
        if self.ranks and len(shape) not in self.ranks:
            raise CellArgumentError(message(f"{where} input", " or ".join(
                f"{r}-D" for r in self.ranks), f"shape {shape}"))
        return pad_cell(where, x, self.padding, self.mode)

    def extend_repr(self):
        return f"padding={self.padding}"


class ReflectionPad1d(_IndexPad):
    """The last axis padded by its mirror image (edge not repeated): an int or (left, right)."""
    mode, sides = "reflect", 2

    def __init__(self, padding):
        super().__init__(padding)


class ReflectionPad2d(_IndexPad):
    """The last two axes padded by their mirror images: an int or (left, right, top, bottom)."""
    mode, sides = "reflect", 4

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad1d(_IndexPad):
    """The last axis of a (C, W) or (N, C, W) input padded by repeating its edge values."""
    mode, sides, ranks = "edge", 2, (2, 3)

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad2d(_IndexPad):
    """The last two axes of a (C, H, W) or (N, C, H, W) input padded by repeating edges."""
    mode, sides, ranks = "edge", 4, (3, 4)

    def __init__(self, padding):
        super().__init__(padding)
