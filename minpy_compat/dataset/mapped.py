"""``Dataset.map``: per-row operations from some columns into others, placed as MindSpore
places them."""
import numpy as onp

from ..errors import CellTypeError, DatasetPipelineError, describe, message
from .datasets import Dataset, column_list, unique_columns


def column_plan(names, inputs, outputs, where):
    """Where results go: as many outputs as inputs replace the inputs in place; otherwise
    the outputs come first, then the columns that were not inputs, in their order.
    Returns the new column names and ``place(row, results) -> new row``."""
    if len(outputs) == len(inputs):
        columns = list(names)
        for i, name in zip(inputs, outputs):
            columns[i] = name

        def place(row, results):
            row = list(row)
            for i, value in zip(inputs, results):
                row[i] = value
            return row
    else:
        kept = [i for i in range(len(names)) if i not in inputs]
        columns = list(outputs) + [names[i] for i in kept]

        def place(row, results):
            return list(results) + [row[i] for i in kept]
    return unique_columns(where, columns), place


class MapDataset(Dataset):
    def __init__(self, child, operations, input_columns, output_columns):
        where = f"{type(child).__name__}.map"
        ops = list(operations) if isinstance(operations, (list, tuple)) else [operations]
        if not ops or not all(callable(op) for op in ops):
            raise CellTypeError(message(f"{where} 'operations'",
                                        "a callable or a list of callables",
                                        describe(operations)))
        self._ops = ops
        names = child.get_col_names()
        inputs = [names[0]] if input_columns is None else \
            column_list(f"{where} 'input_columns'", input_columns)
        self._inputs = [child._index(name, f"{where} 'input_columns'") for name in inputs]
        outputs = inputs if output_columns is None else \
            column_list(f"{where} 'output_columns'", output_columns)
        columns, self._place = column_plan(names, self._inputs, outputs,
                                           f"{where} 'output_columns'")
        self._outputs, self._label = len(outputs), where
        super().__init__(columns, child)

    def _size(self):
        return self._child._size()

    def get_batch_size(self):
        return self._child.get_batch_size()

    def _rows(self, epoch):
        for row in self._child._rows(epoch):
            values = tuple(row[i] for i in self._inputs)
            for op in self._ops:
                result = op(*values)
                values = result if isinstance(result, tuple) else (result,)
            if len(values) != self._outputs:
                raise DatasetPipelineError(message(
                    f"{self._label}: the operations' result",
                    f"{self._outputs} values (one per output column)", f"{len(values)}"))
            yield tuple(self._place(row, [onp.asarray(v) for v in values]))
