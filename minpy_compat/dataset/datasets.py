"""The operations every dataset has. A node yields rows (tuples of NumPy arrays) for one
epoch from ``_rows(epoch)`` and knows how many from ``_size()``; the node classes live in
``sources`` (NumpySlicesDataset, GeneratorDataset), ``pipeline`` (shuffle, repeat, take,
skip, zip, concat, project, rename, filter), ``batching`` and ``mapped``."""
import numbers

from ..errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message


def check_count(where, value, low=1, minus_one=False):
    """An int count >= ``low`` (or -1 where ``minus_one``): TypeError, else ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, "an int", describe(value)))
    if value < low and not (minus_one and value == -1):
        raise CellArgumentError(message(
            where, f"an int >= {low}" + (" or -1" if minus_one else ""), str(value)))
    return int(value)


def column_list(where, names):
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise CellTypeError(message(where, "a column name or a list of them", describe(names)))
    if not names:
        raise CellArgumentError(message(where, "at least one column name", "an empty list"))
    return list(names)


def unique_columns(where, names):
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise DatasetPipelineError(message(where, "distinct column names",
                                           f"{repeated} more than once",
                                           "Rename the columns first."))
    return names


class Dataset:
    """A dataset node; ``children`` are the datasets it reads."""

    def __init__(self, columns, *children):
        self._columns = list(columns)
        self._children = children
        self._child = children[0] if children else None

    def _where(self, operation, argument=None):
        where = f"{type(self).__name__}.{operation}"
        return f"{where} '{argument}'" if argument else where

    def get_col_names(self):
        return list(self._columns)

    def _endless(self):
        """Whether an epoch never ends (an endless ``repeat`` below, with no ``take``)."""
        return any(child._endless() for child in self._children)

    def get_dataset_size(self):
        """The number of rows (of batches, after ``batch``) one epoch yields."""
        return self._size()

    def __len__(self):
        return self.get_dataset_size()

    def _index(self, name, where):
        if name not in self._columns:
            raise DatasetPipelineError(message(where, f"a column among {self._columns}",
                                               repr(name)))
        return self._columns.index(name)

    # ---- pipeline operations (each returns a new dataset) ----------------------------
    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        """Rows stacked ``batch_size`` at a time (an int, or a function of ``BatchInfo``);
        ``per_batch_map(*columns, batch_info)`` rewrites the lists of rows of
        ``input_columns`` into ``output_columns`` first."""
        from .batching import BatchDataset
        return BatchDataset(self, batch_size, drop_remainder, **kwargs)

    def shuffle(self, buffer_size):
        from .pipeline import ShuffleDataset
        return ShuffleDataset(self, check_count(self._where("shuffle", "buffer_size"),
                                                buffer_size, low=2))

    def repeat(self, count=None):
        from .pipeline import RepeatDataset
        if count is not None:
            count = check_count(self._where("repeat", "count"), count, minus_one=True)
        return RepeatDataset(self, None if count in (None, -1) else count)

    def take(self, count=-1):
        from .pipeline import TakeDataset
        return TakeDataset(self, check_count(self._where("take", "count"), count,
                                             minus_one=True))

    def skip(self, count):
        from .pipeline import SkipDataset
        return SkipDataset(self, check_count(self._where("skip", "count"), count, low=0))

    def zip(self, datasets):
        """Rows side by side: this dataset's columns, then each of ``datasets``'s."""
        from .pipeline import zip_datasets
        if isinstance(datasets, Dataset):
            datasets = (datasets,)
        elif not isinstance(datasets, tuple):
            raise CellTypeError(message(self._where("zip", "datasets"),
                                        "a dataset or a tuple of them", describe(datasets)))
        return zip_datasets((self,) + datasets, self._where("zip", "datasets"))

    def concat(self, datasets):
        """This dataset's rows, then each of ``datasets``'s (the same columns)."""
        from .pipeline import ConcatDataset
        where = self._where("concat", "datasets")
        datasets = [datasets] if isinstance(datasets, Dataset) else datasets
        if not isinstance(datasets, list) or not all(isinstance(d, Dataset) for d in datasets):
            raise CellTypeError(message(where, "a dataset or a list of them",
                                        describe(datasets)))
        return ConcatDataset([self] + datasets, where)

    def __add__(self, other):
        return self.concat(other)

    def project(self, columns):
        """Only ``columns``, in that order."""
        from .pipeline import ProjectDataset
        where = self._where("project", "columns")
        return ProjectDataset(self, [self._index(n, where) for n in column_list(where, columns)])

    def rename(self, input_columns, output_columns):
        from .pipeline import RenameDataset
        where = self._where("rename")
        old = column_list(f"{where} 'input_columns'", input_columns)
        new = column_list(f"{where} 'output_columns'", output_columns)
        if len(old) != len(new):
            raise CellArgumentError(message(f"{where} 'output_columns'",
                                            f"{len(old)} names, one per input column",
                                            str(len(new))))
        names = list(self._columns)
        for name, renamed in zip(old, new):
            names[self._index(name, f"{where} 'input_columns'")] = renamed
        return RenameDataset(self, unique_columns(f"{where} 'output_columns'", names))

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        """The rows for which ``predicate(*input_columns)`` is true (all columns by default)."""
        from .pipeline import FilterDataset
        if not callable(predicate):
            raise CellTypeError(message(self._where("filter", "predicate"), "a callable",
                                        describe(predicate)))
        where = self._where("filter", "input_columns")
        names = self._columns if input_columns is None else column_list(where, input_columns)
        return FilterDataset(self, predicate, [self._index(n, where) for n in names])

    def map(self, operations, input_columns=None, output_columns=None,
            num_parallel_workers=None, **kwargs):
        """Run ``operations`` (a callable or a list run in turn) on ``input_columns``
        (the first column by default); their results become ``output_columns``."""
        from .mapped import MapDataset
        return MapDataset(self, operations, input_columns, output_columns)

    # ---- what one row looks like -----------------------------------------------------
    def _first_row(self):
        for row in self._rows(0):
            return row
        raise DatasetPipelineError(message(self._where("output_shapes"), "at least one row",
                                           "an empty dataset"))

    def output_shapes(self, estimate=False):
        """The shape of each column of the first row, as lists."""
        return [list(value.shape) for value in self._first_row()]

    def output_types(self):
        """The NumPy dtype of each column of the first row."""
        return [value.dtype for value in self._first_row()]

    def get_batch_size(self):
        """The batch size of the last ``batch`` (1 without one; -1 for a function)."""
        return 1

    def get_repeat_count(self):
        """The count of the last ``repeat`` (1 without one; -1 for an endless one)."""
        return self._child.get_repeat_count() if self._child is not None else 1

    # ---- iterators -------------------------------------------------------------------
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False,
                              do_copy=True):
        """Rows as lists of Tensors (NumPy arrays with ``output_numpy=True``), for
        ``num_epochs`` passes (-1: any number): each ``for`` loop over it is one epoch."""
        from .iterators import TupleIterator
        where = self._where("create_tuple_iterator", "columns")
        index = None if columns is None else \
            [self._index(c, where) for c in column_list(where, columns)]
        return TupleIterator(self, index, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """Rows as dicts from column name to Tensor (or NumPy array)."""
        from .iterators import DictIterator
        return DictIterator(self, None, num_epochs, output_numpy)

    def __iter__(self):
        return self.create_tuple_iterator()
