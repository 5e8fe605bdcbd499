"""Row-level pipeline nodes: shuffle, repeat, take, skip, zip, concat, project, rename,
filter. ``Dataset``'s methods check the arguments and build these."""
import itertools

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from . import config
from .datasets import Dataset, unique_columns


class _Passthrough(Dataset):
    """A node with its child's columns and size."""

    def __init__(self, child, columns=None):
        super().__init__(child.get_col_names() if columns is None else columns, child)

    def _size(self):
        return self._child._size()

    def get_batch_size(self):
        return self._child.get_batch_size()


class ShuffleDataset(_Passthrough):
    """A shuffle buffer, as MindSpore's: each row out is drawn at random from the buffer."""

    def __init__(self, child, buffer_size):
        super().__init__(child)
        self._buffer, self._rng = buffer_size, None

    def _rows(self, epoch):
        if self._rng is None:
            self._rng = onp.random.default_rng(config.get_seed())
        buffer = []
        for row in self._child._rows(epoch):
            buffer.append(row)
            if len(buffer) == self._buffer:
                yield buffer.pop(int(self._rng.integers(len(buffer))))
        while buffer:
            yield buffer.pop(int(self._rng.integers(len(buffer))))


class RepeatDataset(_Passthrough):
    def __init__(self, child, count):
        super().__init__(child)
        self._count = count

    def _endless(self):
        return self._count is None or self._child._endless()

    def get_repeat_count(self):
        return -1 if self._count is None else self._count

    def _size(self):
        if self._count is None:
            raise CellArgumentError(message("Dataset.repeat().get_dataset_size",
                                            "a finite repeat count", "an endless repeat"))
        return self._child._size() * self._count

    def _rows(self, epoch):
        done = 0
        while self._count is None or done < self._count:
            yield from self._child._rows(epoch)
            done += 1


class TakeDataset(_Passthrough):
    """The first ``count`` rows (all of them for -1)."""

    def __init__(self, child, count):
        super().__init__(child)
        self._count = count

    def _endless(self):
        return self._count == -1 and self._child._endless()

    def _size(self):
        if self._count != -1 and self._child._endless():
            return self._count
        size = self._child._size()
        return size if self._count == -1 else min(size, self._count)

    def _rows(self, epoch):
        rows = self._child._rows(epoch)
        return rows if self._count == -1 else itertools.islice(rows, self._count)


class SkipDataset(_Passthrough):
    """Every row after the first ``count``."""

    def __init__(self, child, count):
        super().__init__(child)
        self._count = count

    def _size(self):
        return max(self._child._size() - self._count, 0)

    def _rows(self, epoch):
        return itertools.islice(self._child._rows(epoch), self._count, None)


class ZipDataset(Dataset):
    """Rows side by side, as long as the shortest dataset."""

    def _size(self):
        return min(child._size() for child in self._children)

    def _rows(self, epoch):
        for parts in zip(*(child._rows(epoch) for child in self._children)):
            yield tuple(value for part in parts for value in part)


def zip_datasets(datasets, where="dataset.zip 'datasets'"):
    """``mindspore.dataset.zip``: one dataset of the columns of a tuple of datasets."""
    if not isinstance(datasets, tuple) or not datasets or \
            not all(isinstance(d, Dataset) for d in datasets):
        raise CellTypeError(message(where, "a tuple of datasets", describe(datasets)))
    names = [name for d in datasets for name in d.get_col_names()]
    return ZipDataset(unique_columns(where, names), *datasets)


class ConcatDataset(Dataset):
    """Each dataset's rows in turn."""

    def __init__(self, datasets, where):
        names = datasets[0].get_col_names()
        for d in datasets[1:]:
            if d.get_col_names() != names:
                raise DatasetPipelineError(message(
                    where, f"datasets with the columns {names}", str(d.get_col_names()),
                    "Rename or project the columns so that they match."))
        super().__init__(names, *datasets)

    def _size(self):
        return sum(child._size() for child in self._children)

    def _rows(self, epoch):
        for child in self._children:
            yield from child._rows(epoch)


class ProjectDataset(_Passthrough):
    def __init__(self, child, index):
        super().__init__(child, [child.get_col_names()[i] for i in index])
        self._keep = index

    def _rows(self, epoch):
        for row in self._child._rows(epoch):
            yield tuple(row[i] for i in self._keep)


class RenameDataset(_Passthrough):
    def _rows(self, epoch):
        return self._child._rows(epoch)


class FilterDataset(_Passthrough):
    def __init__(self, child, predicate, index):
        super().__init__(child)
        self._predicate, self._inputs = predicate, index

    def _size(self):
        return sum(1 for _ in self._rows(0))

    def _rows(self, epoch):
        for row in self._child._rows(epoch):
            if bool(onp.asarray(self._predicate(*(row[i] for i in self._inputs)))):
                yield row
