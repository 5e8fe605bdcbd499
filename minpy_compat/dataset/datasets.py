"""Dataset nodes: each yields rows (tuples of NumPy arrays) and knows its size."""
import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from . import config


def _check_count(where, value, low=1):
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", describe(value)))


def column_list(where, names):
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, (list, tuple)) or not names or \
            not all(isinstance(n, str) for n in names):
        raise CellTypeError(message(where, "a column name or a list of them", describe(names)))
    return list(names)


class Dataset:
    """The operations every dataset has; subclasses give ``_rows`` and ``_size``."""

    def __init__(self, columns, child=None):
        self._columns = list(columns)
        self._child = child

    def get_col_names(self):
        return list(self._columns)

    def get_dataset_size(self):
        """The number of rows (of batches, after ``batch``) one pass yields."""
        return self._size()

    def batch(self, batch_size, drop_remainder=False):
        _check_count(f"{type(self).__name__}.batch 'batch_size'", batch_size)
        return _Batch(self, batch_size, bool(drop_remainder))

    def shuffle(self, buffer_size):
        _check_count(f"{type(self).__name__}.shuffle 'buffer_size'", buffer_size, low=2)
        return _Shuffle(self, buffer_size)

    def repeat(self, count=None):
        if count is not None and count != -1:
            _check_count(f"{type(self).__name__}.repeat 'count'", count)
        return _Repeat(self, None if count in (None, -1) else count)

    def map(self, operations, input_columns=None, output_columns=None):
        """Run ``operations`` (a callable or a list run in turn) on ``input_columns``."""
        from .mapped import MapDataset
        return MapDataset(self, operations, input_columns, output_columns)

    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False,
                              do_copy=True):
        """Rows as lists of Tensors (NumPy arrays with ``output_numpy=True``)."""
        where = f"{type(self).__name__}.create_tuple_iterator 'columns'"
        index = [self._index(c, where) for c in column_list(where, columns)] \
            if columns is not None else list(range(len(self._columns)))
        for row in self._rows():
            yield [_output(row[i], output_numpy) for i in index]

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """Rows as dicts from column name to Tensor (or NumPy array)."""
        for row in self._rows():
            yield {name: _output(value, output_numpy)
                   for name, value in zip(self._columns, row)}

    def __iter__(self):
        return self.create_tuple_iterator()

    def __len__(self):
        return self.get_dataset_size()

    def _index(self, name, where):
        if name not in self._columns:
            raise CellArgumentError(message(where, f"a column among {self._columns}",
                                            repr(name)))
        return self._columns.index(name)


def _output(value, output_numpy):
    return value if output_numpy else Tensor(value)


def _as_columns(data, column_names):
    """MindSpore's rules: a dict gives its keys, a tuple one column per item, else one."""
    if isinstance(data, dict):
        names, columns = list(data), list(data.values())
    elif isinstance(data, tuple):
        names, columns = [f"column_{i}" for i in range(len(data))], list(data)
    else:
        names, columns = ["column_0"], [data]
    if column_names is not None:
        names = column_list("NumpySlicesDataset 'column_names'", column_names)
    columns = [onp.asarray(c) for c in columns]
    if len(names) != len(columns):
        raise CellArgumentError(message("NumpySlicesDataset 'column_names'",
                                        f"{len(columns)} names", f"{len(names)}"))
    if any(c.ndim == 0 for c in columns) or len({len(c) for c in columns}) != 1:
        raise CellArgumentError(message(
            "NumpySlicesDataset 'data'", "columns with the same first dimension",
            f"shapes {[c.shape for c in columns]}"))
    return names, columns


class NumpySlicesDataset(Dataset):
    """Rows sliced along the first axis of NumPy arrays, lists, a tuple or a dict of them."""

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None):
        names, self._data = _as_columns(data, column_names)
        super().__init__(names)
        self._order = _Order(len(self._data[0]), shuffle is not False)

    def _size(self):
        return len(self._data[0])

    def _rows(self):
        for i in self._order.next_epoch():
            yield tuple(column[i] for column in self._data)


class GeneratorDataset(Dataset):
    """Rows from a generator function, an iterable, or a random-access source (``[i]``)."""

    def __init__(self, source, column_names=None, column_types=None, schema=None,
                 num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True,
                 max_rowsize=None):
        if column_names is None:
            raise CellArgumentError(message("GeneratorDataset 'column_names'",
                                            "a list of column names", "None"))
        super().__init__(column_list("GeneratorDataset 'column_names'", column_names))
        if not (callable(source) or hasattr(source, "__iter__")
                or hasattr(source, "__getitem__")):
            raise CellTypeError(message("GeneratorDataset 'source'",
                                        "a generator function, an iterable or [i] access",
                                        describe(source)))
        if not callable(source) and hasattr(source, "__next__"):
            source = list(source)  # a one-shot iterator: read once, so sizing does not eat it
        self._source = source
        random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        self._order = _Order(len(source), shuffle is not False) if random_access else None

    def _size(self):
        if self._order is not None:
            return len(self._source)
        return sum(1 for _ in self._raw())

    def _raw(self):
        if self._order is not None:
            return (self._source[i] for i in self._order.next_epoch())
        return iter(self._source() if callable(self._source) else self._source)

    def _rows(self):
        for item in self._raw():
            row = item if isinstance(item, tuple) else (item,)
            if len(row) != len(self._columns):
                raise CellArgumentError(message(
                    "GeneratorDataset: a row", f"{len(self._columns)} values "
                    f"{self._columns}", f"{len(row)}",
                    "Yield one value per column name."))
            yield tuple(onp.asarray(v) for v in row)


class _Order:
    """Row order per epoch: fixed, or a fresh permutation from a seeded generator."""

    def __init__(self, length, shuffle):
        self._length, self._shuffle, self._rng = length, shuffle, None

    def next_epoch(self):
        if not self._shuffle:
            return range(self._length)
        if self._rng is None:
            self._rng = onp.random.default_rng(config.get_seed())
        return self._rng.permutation(self._length)


class _Batch(Dataset):
    def __init__(self, child, size, drop_remainder):
        super().__init__(child.get_col_names(), child)
        self._batch, self._drop = size, drop_remainder

    def _size(self):
        full, rest = divmod(self._child.get_dataset_size(), self._batch)
        return full + (1 if rest and not self._drop else 0)

    def _rows(self):
        pending = []
        for row in self._child._rows():
            pending.append(row)
            if len(pending) == self._batch:
                yield self._stack(pending)
                pending = []
        if pending and not self._drop:
            yield self._stack(pending)

    def _stack(self, rows):
        try:
            return tuple(onp.stack(column) for column in zip(*rows))
        except ValueError as err:
            raise CellArgumentError(message(
                "Dataset.batch", "rows of one shape per column",
                f"shapes {[[onp.shape(v) for v in row] for row in rows[:2]]}",
                "Pad or resize the rows before batching.")) from err


class _Shuffle(Dataset):
    """A shuffle buffer, as MindSpore's: each row out is drawn at random from the buffer."""

    def __init__(self, child, buffer_size):
        super().__init__(child.get_col_names(), child)
        self._buffer, self._rng = buffer_size, None

    def _size(self):
        return self._child.get_dataset_size()

    def _rows(self):
        if self._rng is None:
            self._rng = onp.random.default_rng(config.get_seed())
        buffer = []
        for row in self._child._rows():
            buffer.append(row)
            if len(buffer) == self._buffer:
                yield buffer.pop(int(self._rng.integers(len(buffer))))
        while buffer:
            yield buffer.pop(int(self._rng.integers(len(buffer))))


class _Repeat(Dataset):
    def __init__(self, child, count):
        super().__init__(child.get_col_names(), child)
        self._count = count

    def _size(self):
        if self._count is None:
            raise CellArgumentError(message("Dataset.repeat().get_dataset_size",
                                            "a finite repeat count", "an endless repeat"))
        return self._child.get_dataset_size() * self._count

    def _rows(self):
        done = 0
        while self._count is None or done < self._count:
            yield from self._child._rows()
            done += 1
