"""MindSpore's ``nn.CellDict``: Cells held by name, their Parameters registered.

Keys are non-empty strings without dots (they become the Parameters' name prefix);
insertion order is kept.

>>> from minpy_compat import nn
>>> cells = nn.CellDict({'dense': nn.Dense(2, 1), 'act': nn.ReLU()})
>>> list(cells.keys()), [p.name for p in cells.get_parameters()]
(['dense', 'act'], ['dense.weight', 'dense.bias'])
"""
from ..errors import CellTypeError, describe, message
from .cell import Cell


class CellDict(Cell):
    """An ordered mapping of names to Cells (no construct of its own)."""

    def __init__(self, *args, **kwargs):
        super().__init__()
        if args:
            self.update(args[0])

    def _checked_key(self, key):
        if not isinstance(key, str):
            raise CellTypeError(message("CellDict key", "a str", describe(key)))
        if not key or "." in key:
            raise KeyError(message("CellDict key", "a non-empty str without '.'", repr(key),
                                   "The key becomes the prefix of the Cell's Parameter names."))
        return key

    def __getitem__(self, key):
        return self._cells[key]

    def _checked_cell(self, key, cell):
        if not isinstance(cell, Cell):
            raise CellTypeError(message(f"CellDict[{key!r}]", "a Cell", describe(cell)))
        return cell

    def __setitem__(self, key, cell):
        self._checked_cell(key, cell)
        setattr(self, self._checked_key(key), cell)

    def __delitem__(self, key):
        if key not in self._cells:
            raise KeyError(key)
        self._forget(key)

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(list(self._cells))

    def __contains__(self, key):
        return key in self._cells

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def pop(self, key):
        """Remove ``key`` and return its Cell (KeyError when absent)."""
        cell = self[key]
        del self[key]
        return cell

    def clear(self):
        for key in list(self._cells):
            self._forget(key)

    def update(self, cells):
        """Add ``(key, cell)`` pairs from a dict or an iterable of pairs, in order; every pair
        is checked first, so a bad one adds none of them."""
        pairs = cells.items() if isinstance(cells, dict) else cells
        if isinstance(cells, (Cell, str)) or not hasattr(pairs, "__iter__"):
            raise CellTypeError(message("CellDict.update", "a dict or an iterable of "
                                        "(key, Cell) pairs", describe(cells)))
        checked = []
        for i, pair in enumerate(pairs):
            if type(pair) not in (tuple, list) or len(pair) != 2:
                raise CellTypeError(message(f"CellDict.update item {i}", "a (key, Cell) pair",
                                            describe(pair)))
            cell = self._checked_cell(pair[0], pair[1])
            checked.append((self._checked_key(pair[0]), cell))
        for key, cell in checked:
            setattr(self, key, cell)
