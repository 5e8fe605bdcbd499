"""Dataset iterators: each ``for`` loop over one is an epoch, up to ``num_epochs`` of them."""
import numbers

from ..errors import CellTypeError, DatasetPipelineError, describe, message
from ..tensor import Tensor


class _Iterator:
    def __init__(self, dataset, index, num_epochs, output_numpy):
        where = f"{type(dataset).__name__}.{self._method}"
        if isinstance(num_epochs, bool) or not isinstance(num_epochs, numbers.Integral):
            raise CellTypeError(message(f"{where} 'num_epochs'", "an int",
                                        describe(num_epochs)))
        if num_epochs != -1 and num_epochs < 1:
            raise DatasetPipelineError(message(f"{where} 'num_epochs'", "-1 or an int >= 1",
                                               str(num_epochs)))
        if not isinstance(output_numpy, bool):
            raise CellTypeError(message(f"{where} 'output_numpy'", "True or False",
                                        describe(output_numpy)))
        self._dataset, self._index, self._numpy = dataset, index, output_numpy
        self._epochs = None if num_epochs == -1 else int(num_epochs)
        self._epoch, self._rows, self._label = 0, None, where

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            if self._epochs is not None and self._epoch >= self._epochs:
                raise DatasetPipelineError(message(
                    self._label, f"at most num_epochs={self._epochs} passes",
                    f"pass {self._epoch + 1}",
                    "Pass a larger num_epochs (or -1) when creating the iterator."))
            self._rows = self._dataset._rows(self._epoch)
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows, self._epoch = None, self._epoch + 1
            raise
        if self._index is not None:
            row = [row[i] for i in self._index]
        return self._convert(row)

    def _value(self, value):
        return value if self._numpy else Tensor(value)


class TupleIterator(_Iterator):
    """Rows as lists of Tensors (or NumPy arrays)."""
    _method = "create_tuple_iterator"

    def _convert(self, row):
        return [self._value(v) for v in row]


class DictIterator(_Iterator):
    """Rows as dicts from column name to Tensor (or NumPy array)."""
    _method = "create_dict_iterator"

    def _convert(self, row):
        return {name: self._value(v) for name, v in zip(self._dataset.get_col_names(), row)}
