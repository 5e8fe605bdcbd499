"""The in-memory sources: NumpySlicesDataset and GeneratorDataset, read through a sampler."""
import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from .datasets import Dataset, check_count, column_list, unique_columns
from .samplers import select_sampler


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
    return unique_columns("NumpySlicesDataset 'column_names'", names), columns


class NumpySlicesDataset(Dataset):
    """Rows sliced along the first axis of NumPy arrays, lists, a tuple or a dict of them;
    ``sampler`` (or ``shuffle``, ``num_samples``, ``num_shards`` with ``shard_id``) picks
    which rows each epoch reads, as MindSpore's."""

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None):
        names, self._data = _as_columns(data, column_names)
        super().__init__(names)
        self._length = len(self._data[0])
        self._sampler = select_sampler("NumpySlicesDataset", True, num_samples, shuffle,
                                       sampler, num_shards, shard_id)
        self._sampler._bind(self._length, "NumpySlicesDataset")

    def _size(self):
        return self._sampler._count(self._length)

    def _rows(self, epoch):
        for i in self._sampler._indices(self._length):
            yield tuple(column[i] for column in self._data)


class GeneratorDataset(Dataset):
    """Rows from a generator function, an iterable, or a random-access source (``[i]`` and
    ``len``); only a random-access source takes a sampler, shards or ``shuffle``."""

    def __init__(self, source, column_names=None, column_types=None, schema=None,
                 num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True,
                 max_rowsize=None):
        if column_names is None:
            raise CellArgumentError(message("GeneratorDataset 'column_names'",
                                            "a list of column names", "None"))
        names = column_list("GeneratorDataset 'column_names'", column_names)
        super().__init__(unique_columns("GeneratorDataset 'column_names'", names))
        if not (callable(source) or hasattr(source, "__iter__")
                or hasattr(source, "__getitem__")):
            raise CellTypeError(message("GeneratorDataset 'source'",
                                        "a generator function, an iterable or [i] access",
                                        describe(source)))
        if not callable(source) and hasattr(source, "__next__"):
            source = list(source)  # a one-shot iterator: read once, so sizing does not eat it
        self._source = source
        if hasattr(source, "__getitem__") and hasattr(source, "__len__"):
            self._sampler = select_sampler("GeneratorDataset", True, num_samples, shuffle,
                                           sampler, num_shards, shard_id)
            self._sampler._bind(len(source), "GeneratorDataset")
            return
        self._sampler = None
        for name, value in (("sampler", sampler), ("num_shards", num_shards),
                            ("shard_id", shard_id)):
            if value is not None:
                raise CellArgumentError(message(
                    f"GeneratorDataset '{name}'", "a source with [i] access and len()",
                    describe(source), f"Drop '{name}', or give a random-access source."))
        self._limit = None if num_samples is None else \
            check_count("GeneratorDataset 'num_samples'", num_samples, low=0) or None

    def _size(self):
        if self._sampler is not None:
            return self._sampler._count(len(self._source))
        return sum(1 for _ in self._raw())

    def _raw(self):
        if self._sampler is not None:
            return (self._source[int(i)] for i in self._sampler._indices(len(self._source)))
        items = iter(self._source() if callable(self._source) else self._source)
        return items if self._limit is None else \
            (item for _, item in zip(range(self._limit), items))

    def _rows(self, epoch):
        for item in self._raw():
            row = item if isinstance(item, tuple) else (item,)
            if len(row) != len(self._columns):
                raise CellArgumentError(message(
                    "GeneratorDataset: a row", f"{len(self._columns)} values "
                    f"{self._columns}", f"{len(row)}",
                    "Yield one value per column name."))
            yield tuple(onp.asarray(v) for v in row)
