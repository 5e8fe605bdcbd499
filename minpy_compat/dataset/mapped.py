"""``Dataset.map``: per-row operations on some columns."""
import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from .datasets import Dataset, column_list


class MapDataset(Dataset):
    def __init__(self, child, operations, input_columns, output_columns):
        super().__init__(child.get_col_names(), child)
        ops = list(operations) if isinstance(operations, (list, tuple)) else [operations]
        if not ops or not all(callable(op) for op in ops):
            raise CellTypeError(message("Dataset.map 'operations'",
                                        "a callable or a list of callables",
                                        describe(operations)))
        self._ops = ops
        inputs = [self._columns[0]] if input_columns is None else \
            column_list("Dataset.map 'input_columns'", input_columns)
        self._inputs = [self._index(name, "Dataset.map 'input_columns'") for name in inputs]
        outputs = inputs if output_columns is None else \
            column_list("Dataset.map 'output_columns'", output_columns)
        if len(outputs) != len(inputs):
            raise CellArgumentError(message(
                "Dataset.map 'output_columns'", f"{len(inputs)} names (one per input column)",
                f"{len(outputs)}"))
        self._outputs = [self._index(name, "Dataset.map 'output_columns'")
                         for name in outputs]

    def _size(self):
        return self._child.get_dataset_size()

    def _rows(self):
        for row in self._child._rows():
            values = tuple(row[i] for i in self._inputs)
            for op in self._ops:
                result = op(*values)
                values = result if isinstance(result, tuple) else (result,)
            if len(values) != len(self._outputs):
                raise CellArgumentError(message(
                    "Dataset.map: the operations' result",
                    f"{len(self._outputs)} values", f"{len(values)}"))
            row = list(row)
            for i, value in zip(self._outputs, values):
                row[i] = onp.asarray(value)
            yield tuple(row)
