"""Cell containers: ``SequentialCell`` (Cells applied in order) and ``CellList``.

>>> import minpy_compat as ms
>>> from collections import OrderedDict
>>> from minpy_compat import nn
>>> seq = nn.SequentialCell(OrderedDict([('fc', nn.Dense(2, 1)), ('act', nn.ReLU())]))
>>> del seq[1]; [name for name, _ in seq.cells_and_names()]
['', 'fc']
"""
from collections import OrderedDict

import numpy as onp

from ..errors import CellTypeError, describe, message
from .cell import Cell


class _CellSequence(Cell):
    """What SequentialCell and CellList share: indexing, slicing, item assignment, deletion.

    As in MindSpore, deleting or inserting re-keys the Cells ``'0'..'n-1'`` (and renames
    their Parameters to match); assigning an item keeps its key.
    """

    def _check_cell(self, cell, where):
        if not isinstance(cell, Cell):
            raise CellTypeError(message(f"{type(self).__name__} {where}", "a Cell",
                                        describe(cell)))
        return cell

    def _key(self, index):
        keys = list(self._cells)
        if isinstance(index, bool) or not isinstance(index, (int, onp.integer)):
            raise CellTypeError(message(f"{type(self).__name__} index", "an int or a slice",
                                        describe(index)))
        if not -len(keys) <= index < len(keys):
            raise IndexError(message(f"{type(self).__name__} index",
                                     f"an int in [{-len(keys)}, {len(keys)})", repr(index)))
        return keys[index]

    def _reset(self, items):
        """Re-register ``(key, cell)`` pairs in this order (so Parameter names follow)."""
        for key in list(self._cells):
            self._forget(key)
        for key, cell in items:
            setattr(self, str(key), cell)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._slice(index)
        return self._cells[self._key(index)]

    def __setitem__(self, index, cell):
        key, cell = self._key(index), self._check_cell(cell, f"item {index}")
        self._reset([(k, cell if k == key else c) for k, c in self._cells.items()])

    def __delitem__(self, index):
        cells = list(self._cells.values())
        if isinstance(index, slice):
            del cells[index]
        else:
            del cells[list(self._cells).index(self._key(index))]
        self._reset(enumerate(cells))

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(list(self._cells.values()))

    def set_grad(self, requires_grad=True):
        """As in MindSpore, a container passes the flag on to its Cells (a plain Cell does not)."""
        super().set_grad(requires_grad)
        for cell in self._cells.values():
            cell.set_grad(requires_grad)
        return self

    def append(self, cell):
        """Add ``cell`` at the end (key ``str(len(self))``)."""
        self._check_cell(cell, "item")
        setattr(self, str(len(self._cells)), cell)


class SequentialCell(_CellSequence):
    """Cells applied one after another: ``SequentialCell([a, b])(x) == b(a(x))``."""

    def __init__(self, *args):
        super().__init__()
        cells = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple, dict)) else args
        items = cells.items() if isinstance(cells, dict) else enumerate(cells)
        # MindSpore keeps the names an OrderedDict gave when an item is deleted; the others
        # (from a list, or appended) are re-keyed by position
        self._named = set(map(_checked_name, cells)) if isinstance(cells, dict) else set()
        for name, cell in items:
            self._check_cell(cell, f"item {name}")
            setattr(self, str(name), cell)

    def __delitem__(self, index):
        items = list(self._cells.items())
        if isinstance(index, slice):
            del items[index]
        else:
            del items[list(self._cells).index(self._key(index))]
        self._reset([(key if key in self._named else i, cell)
                     for i, (key, cell) in enumerate(items)])

    def _slice(self, index):
        return SequentialCell(OrderedDict(list(self._cells.items())[index]))

    def append(self, cell):
        super().append(cell)
        return self

    def construct(self, x):
        for cell in self._cells.values():
            x = cell(x)
        return x


def _checked_name(key):
    """An OrderedDict key for SequentialCell: as in MindSpore, a non-empty str without '.'
    (it becomes the prefix of the Cell's Parameter names, and int keys would read as
    positions)."""
    if not isinstance(key, str):
        raise CellTypeError(message("SequentialCell key", "a str", describe(key),
                                    "Name each Cell with a str, or pass a list of Cells."))
    if not key or "." in key:
        raise KeyError(message("SequentialCell key", "a non-empty str without '.'", repr(key),
                               "The key becomes the prefix of the Cell's Parameter names."))
    return key


class CellList(_CellSequence):
    """A list of Cells whose Parameters are registered (no construct of its own)."""

    def __init__(self, cells=()):
        super().__init__()
        self.extend(cells)

    def _slice(self, index):
        return CellList(list(self._cells.values())[index])

    def extend(self, cells):
        """Append each of ``cells`` (all checked first: a bad one appends none); returns
        this CellList."""
        cells = [self._check_cell(cell, f"item {i}") for i, cell in enumerate(cells)]
        for cell in cells:
            self.append(cell)
        return self

    def __iadd__(self, cells):
        return self.extend(cells)

    def insert(self, index, cell):
        """Put ``cell`` before position ``index`` in [-len, len] (the Cells after it are
        re-keyed)."""
        cells = list(self._cells.values())
        if isinstance(index, bool) or not isinstance(index, (int, onp.integer)) \
                or not -len(cells) <= index <= len(cells):
            raise IndexError(message("CellList.insert index",
                                     f"an int in [{-len(cells)}, {len(cells)}]", repr(index),
                                     "Use append() to add at the end."))
        cells.insert(index, self._check_cell(cell, "item"))
        self._reset(enumerate(cells))
