"""The rest of ``mindspore.dataset.transforms``: Concatenate, Duplicate, Mask, PadEnd,
Slice, Unique, the random RandomApply, RandomChoice and RandomOrder, and Relational; each
as MindSpore 2.10's (construction errors TypeError/ValueError, running ones RuntimeError)."""
import numbers
import operator
from enum import IntEnum

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from .transforms import Compose, TypeCast
from .vision import _checks

__all__ = ["Concatenate", "Duplicate", "Mask", "PadEnd", "RandomApply", "RandomChoice",
           "RandomOrder", "Relational", "Slice", "Unique"]


class Relational(IntEnum):
    """``Mask``'s comparisons."""
    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


# the operators, not NumPy's ufuncs: NumPy 1.23's have no loops for strings
_COMPARE = {Relational.EQ: operator.eq, Relational.NE: operator.ne, Relational.GT: operator.gt,
            Relational.GE: operator.ge, Relational.LT: operator.lt, Relational.LE: operator.le}


class Mask:
    """``data <operator> constant``, element by element, cast to ``dtype`` (bool)."""

    def __init__(self, operator, constant, dtype=onp.bool_):
        self.operator = _checks.enum_member("Mask 'operator'", operator, Relational)
        if not isinstance(constant, (str, bytes, numbers.Real)):
            raise CellTypeError(message("Mask 'constant'", "a number, str or bytes",
                                        describe(constant)))
        self.constant, self.dtype = constant, TypeCast(dtype).data_type

    def __call__(self, data):
        return onp.asarray(_COMPARE[self.operator](onp.asarray(data), self.constant)) \
            .astype(self.dtype)


class Duplicate:
    """Two copies of a column (map it to two output columns)."""

    def __call__(self, data):
        data = onp.asarray(data)
        return data, data.copy()


def _one_d(where, values):
    if values is None:
        return None
    values = onp.asarray(values)
    if values.ndim != 1:
        raise CellTypeError(message(where, "a 1-d array", f"shape {values.shape}"))
    return values


class Concatenate:
    """``prepend``, the 1-d column, then ``append`` (all of one dtype)."""

    def __init__(self, axis=0, prepend=None, append=None):
        if not _checks.is_int(axis):
            raise CellTypeError(message("Concatenate 'axis'", "an int", describe(axis)))
        if axis not in (0, -1):
            raise CellArgumentError(message("Concatenate 'axis'", "0 or -1 (1-d data only)",
                                            str(axis)))
        self.axis = axis
        self.prepend = _one_d("Concatenate 'prepend'", prepend)
        self.append = _one_d("Concatenate 'append'", append)

    def __call__(self, data):
        data = onp.asarray(data)
        if data.ndim != 1:
            raise DatasetPipelineError(message("Concatenate: the input", "a 1-d array",
                                               f"shape {data.shape}"))
        parts = [p for p in (self.prepend, data, self.append) if p is not None]
        for part in parts:
            same = part.dtype == data.dtype or part.dtype.kind == data.dtype.kind == "U"
            if not same:
                raise DatasetPipelineError(message(
                    "Concatenate: prepend and append", f"the input's dtype {data.dtype}",
                    str(part.dtype), "Cast them to the column's dtype."))
        return onp.concatenate(parts)


class PadEnd:
    """Pad (or cut) each axis at its end to ``pad_shape``, with ``pad_value``."""

    def __init__(self, pad_shape, pad_value=None):
        if not isinstance(pad_shape, list) or not all(map(_checks.is_int, pad_shape)):
            raise CellTypeError(message("PadEnd 'pad_shape'", "a list of ints",
                                        describe(pad_shape)))
        for value in pad_shape:
            _checks.number("PadEnd 'pad_shape'", value, 1, 2 ** 63 - 1, integer=True)
        if pad_value is not None and not isinstance(pad_value, (str, bytes, numbers.Real)):
            raise CellTypeError(message("PadEnd 'pad_value'", "a number, str or bytes",
                                        describe(pad_value)))
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def __call__(self, data):
        data = onp.asarray(data)
        if data.ndim != len(self.pad_shape):
            raise DatasetPipelineError(message(
                "PadEnd: the input", f"rank {len(self.pad_shape)} (pad_shape's length)",
                f"shape {data.shape}"))
        data = data[tuple(slice(0, n) for n in self.pad_shape)]
        value = self.pad_value if self.pad_value is not None else \
            "" if data.dtype.kind in "US" else 0
        spread = [(0, n - size) for n, size in zip(self.pad_shape, data.shape)]
        return onp.pad(data, spread, constant_values=value)


def _index(where, item):
    """One of ``Slice``'s indices: an int (kept as an axis), a list, a slice, None (the
    whole axis) or Ellipsis."""
    if item is None or item is Ellipsis:
        return item
    if _checks.is_int(item):
        return [int(item)]
    if isinstance(item, list) and all(map(_checks.is_int, item)):
        return list(item)
    if isinstance(item, slice):
        if item.step is not None and item.step <= 0:
            raise DatasetPipelineError(message(where, "a slice with a positive step",
                                               repr(item)))
        return item
    raise CellTypeError(message(where, "an int, a list of ints, a slice, None or Ellipsis",
                                describe(item)))


class Slice:
    """Index each axis in turn: ``Slice(slice(0, 2), [1])`` keeps rows 0-1 and column 1
    (an int keeps its axis, as ``[i]``)."""

    def __init__(self, *slices):
        self.slices = [_index(f"Slice item {i}", item) for i, item in enumerate(slices)]

    def __call__(self, data):
        data = onp.asarray(data)
        items = [slice(None) if s is None else s for s in self.slices]
        if Ellipsis in items:
            at = items.index(Ellipsis)
            items[at:at + 1] = [slice(None)] * (data.ndim - len(items) + 1)
        for axis, item in enumerate(items[:data.ndim]):
            if isinstance(item, list):
                size = data.shape[axis]
                if any(not -size <= i < size for i in item):
                    raise DatasetPipelineError(message(
                        f"Slice axis {axis}", f"indices in [-{size}, {size})", str(item)))
                data = onp.take(data, item, axis=axis)
            else:
                data = data[(slice(None),) * axis + (item,)]
        return data


class Unique:
    """The distinct values of a flattened column in order of first appearance, each value's
    index into them, and their counts (int32), as three columns. MindSpore 2.10 asks for
    at least 2-d input."""

    def __call__(self, data):
        data = onp.asarray(data)
        if data.ndim < 2:
            raise DatasetPipelineError(message("Unique: the input", "at least 2-d",
                                               f"shape {data.shape}", "Reshape it first."))
        flat = data.ravel()
        values, first, inverse, counts = onp.unique(flat, return_index=True,
                                                    return_inverse=True, return_counts=True)
        order = onp.argsort(first, kind="stable")
        rank = onp.empty_like(order)
        rank[order] = onp.arange(order.size)
        return (values[order], rank[inverse.ravel()].astype(onp.int32),
                counts[order].astype(onp.int32))


class RandomApply(_checks.Random):
    """Run all of ``transforms`` in turn with probability ``prob``, else none."""

    def __init__(self, transforms, prob=0.5):
        super().__init__()
        self.transforms = _checks.transform_list("RandomApply 'transforms'", transforms)
        self.prob = _checks.probability("RandomApply 'prob'", prob)

    def __call__(self, *data):
        if self._rng.random() < self.prob:
            return Compose(self.transforms)(*data)
        return data[0] if len(data) == 1 else data


class RandomChoice(_checks.Random):
    """Run one of ``transforms``, drawn uniformly."""

    def __init__(self, transforms):
        super().__init__()
        self.transforms = _checks.transform_list("RandomChoice 'transforms'", transforms)

    def __call__(self, *data):
        return self.transforms[int(self._rng.integers(len(self.transforms)))](*data)


class RandomOrder(_checks.Random):
    """Run all of ``transforms`` in a random order."""

    def __init__(self, transforms):
        super().__init__()
        self.transforms = _checks.transform_list("RandomOrder 'transforms'", transforms)

    def __call__(self, *data):
        order = self._rng.permutation(len(self.transforms))
        return Compose([self.transforms[i] for i in order])(*data)
