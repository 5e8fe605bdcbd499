"""``Dataset.batch``: rows stacked into batches, with MindSpore's ``per_batch_map``."""
import numbers

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from .datasets import Dataset, check_count, column_list
from .mapped import column_plan


class BatchInfo:
    """What a ``batch_size`` function and a ``per_batch_map`` learn about the batch."""

    def __init__(self, batch_num, epoch_num):
        self._batch_num, self._epoch_num = batch_num, epoch_num

    def get_batch_num(self):
        """The batch's number in its epoch, from 0."""
        return self._batch_num

    def get_epoch_num(self):
        """The epoch's number, from 0."""
        return self._epoch_num


class BatchDataset(Dataset):
    def __init__(self, child, batch_size, drop_remainder=False, per_batch_map=None,
                 input_columns=None, output_columns=None, python_multiprocessing=False,
                 max_rowsize=None):
        where = f"{type(child).__name__}.batch"
        if callable(batch_size):
            self._batch = batch_size
        elif isinstance(batch_size, numbers.Integral) and not isinstance(batch_size, bool):
            self._batch = check_count(f"{where} 'batch_size'", batch_size)
        else:
            raise CellTypeError(message(f"{where} 'batch_size'",
                                        "an int or a function of BatchInfo",
                                        describe(batch_size)))
        if per_batch_map is not None and not callable(per_batch_map):
            raise CellTypeError(message(f"{where} 'per_batch_map'", "a callable or None",
                                        describe(per_batch_map)))
        names, columns = child.get_col_names(), child.get_col_names()
        self._map, self._inputs = per_batch_map, list(range(len(names)))
        if per_batch_map is not None:
            if input_columns is not None:
                wanted = column_list(f"{where} 'input_columns'", input_columns)
                self._inputs = [child._index(n, f"{where} 'input_columns'") for n in wanted]
            outputs = [names[i] for i in self._inputs] if output_columns is None else \
                column_list(f"{where} 'output_columns'", output_columns)
            columns, self._place = column_plan(names, self._inputs, outputs,
                                               f"{where} 'output_columns'")
            self._results = len(outputs)
        elif input_columns is not None or output_columns is not None:
            raise CellArgumentError(message(f"{where} 'input_columns'",
                                            "a per_batch_map to go with it", "none"))
        if not isinstance(drop_remainder, bool):
            raise CellTypeError(message(f"{where} 'drop_remainder'", "True or False",
                                        describe(drop_remainder)))
        super().__init__(columns, child)
        self._drop, self._label = drop_remainder, where

    def get_batch_size(self):
        return self._batch if isinstance(self._batch, int) else -1

    def _size_of(self, batch_num, epoch):
        if isinstance(self._batch, int):
            return self._batch
        size = self._batch(BatchInfo(batch_num, epoch))
        return check_count(f"{self._label} 'batch_size' (the function's result)", size)

    def _size(self):
        rows = self._child._size()
        if isinstance(self._batch, int):
            full, rest = divmod(rows, self._batch)
            return full + (1 if rest and not self._drop else 0)
        count = 0
        while rows > 0:
            size = self._size_of(count, 0)
            if size > rows and self._drop:
                break
            rows, count = rows - size, count + 1
        return count

    def _rows(self, epoch):
        pending, number = [], 0
        size = self._size_of(number, epoch)
        for row in self._child._rows(epoch):
            pending.append(row)
            if len(pending) == size:
                yield self._finish(pending, number, epoch)
                pending, number = [], number + 1
                size = self._size_of(number, epoch)
        if pending and not self._drop:
            yield self._finish(pending, number, epoch)

    def _finish(self, rows, number, epoch):
        columns = [list(column) for column in zip(*rows)]
        if self._map is not None:
            result = self._map(*(columns[i] for i in self._inputs), BatchInfo(number, epoch))
            result = result if isinstance(result, tuple) else (result,)
            if len(result) != self._results:
                raise DatasetPipelineError(message(
                    f"{self._label} 'per_batch_map'", f"{self._results} columns (one per "
                    "output column)", f"{len(result)}", "Return a tuple of lists."))
            for i, values in enumerate(result):
                if not hasattr(values, "__len__") or len(values) != len(rows):
                    raise DatasetPipelineError(message(
                        f"{self._label} 'per_batch_map' output {i}",
                        f"a list of {len(rows)} rows (one per row of the batch)",
                        describe(values), "Return one list per output column."))
            columns = self._place(columns, list(result))
        return tuple(self._stack(column) for column in columns)

    def _stack(self, column):
        try:
            return onp.stack([onp.asarray(v) for v in column])
        except ValueError as err:
            raise CellArgumentError(message(
                "Dataset.batch", "rows of one shape per column",
                f"shapes {[onp.shape(v) for v in column[:3]]}",
                "Pad or resize the rows before batching.")) from err
