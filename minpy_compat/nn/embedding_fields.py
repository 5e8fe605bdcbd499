"""MindSpore 2.10's ``nn.MultiFieldEmbeddingLookup``: embedding rows weighted by their
values and merged per field ('SUM', 'MEAN' or 'MAX'), built on ``EmbeddingLookup`` and
one-hot field masks so gradients come from the tracer.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> cell = nn.MultiFieldEmbeddingLookup(4, 2, 2, param_init="ones")
>>> ids = ms.Tensor(numpy.array([[0, 1, 2]], numpy.int32))
>>> values = ms.Tensor(numpy.array([[1.0, 2.0, 3.0]], numpy.float32))
>>> cell(ids, values, ms.Tensor(numpy.array([[0, 0, 1]], numpy.int32))).tolist()
[[[3.0, 3.0], [3.0, 3.0]]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..ops.int_inputs import index_data
from .basic import _positive_int
from .combined_cells import EmbeddingLookup

_LOWEST = -3.402823466e38  # MindSpore's mask for the zero-valued entries of a 'MAX' field


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    """``(batch, field_size, embedding_size)``: for each field, the rows of
    ``input_indices`` whose ``field_ids`` name it, times ``input_values``, summed, averaged
    (by the values' absolute sum) or maxed (entries with value 0 left out)."""

    def __init__(self, vocab_size, embedding_size, field_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", feature_num_list=None, max_norm=None, sparse=True,
                 operator="SUM", dtype=onp.float32):
        super().__init__(vocab_size, embedding_size, param_init, target, slice_mode,
                         feature_num_list, max_norm, sparse, dtype)
        self.field_size = _positive_int("MultiFieldEmbeddingLookup field_size", field_size)
        if operator not in ("SUM", "MAX", "MEAN"):
            raise CellArgumentError(message("MultiFieldEmbeddingLookup operator",
                                            "'SUM', 'MAX' or 'MEAN'", repr(operator)))
        self.operator = operator

    def construct(self, input_indices, input_values, field_ids):
        where = "MultiFieldEmbeddingLookup"
        for name, value, kinds in (("input_indices", input_indices, "iu"),
                                   ("input_values", input_values, "f"),
                                   ("field_ids", field_ids, "iu")):
            data = index_data(value) if kinds == "iu" else getval(value)  # ints under grad
            shape, dtype = onp.shape(data), onp.result_type(data)
            if len(shape) != 2:
                raise CellArgumentError(message(f"{where} {name}", "a 2-D Tensor",
                                                f"shape {shape}"))
            if dtype.kind not in kinds:
                raise CellTypeError(message(f"{where} {name}", "an int Tensor" if kinds == "iu"
                                            else "a float Tensor", f"dtype {dtype}"))
        rows = super().construct(input_indices)  # (batch, n, embedding_size)
        values = np.asarray(input_values)
        fields = onp.asarray(index_data(field_ids))
        masks = (fields[:, None, :] == onp.arange(self.field_size)[None, :, None])
        masks = masks.astype(getval(rows).dtype)  # (batch, field, n)
        weighted = rows * values[..., None]
        if self.operator == "MAX":
            keep = (getval(values) != 0)[:, None, :] & (masks > 0)
            kind = getval(weighted).dtype.type  # typed constants: float32 stays float32
            masked = np.where(keep[..., None], weighted[:, None], kind(_LOWEST))
            merged = np.max(masked, axis=2)
            return np.where(keep.any(axis=2)[..., None], merged, kind(0))
        merged = np.einsum("bfn,bnd->bfd", masks, weighted)
        if self.operator == "SUM":
            return merged
        count = np.einsum("bfn,bn->bf", masks, np.abs(values))[..., None]
        safe = np.where(getval(count) != 0, count, 1.0)
        return np.where(getval(count) != 0, merged / safe, 0.0)
