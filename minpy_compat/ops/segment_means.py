"""MindSpore's ``sparse_segment_mean``: the mean of the rows ``x[indices[j]]`` that share a
segment id, one output row per id up to the largest (rows of absent ids are zero).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
>>> ops.sparse_segment_mean(x, ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 0, 2], ms.int32))
array([[2., 3.],
       [0., 0.],
       [5., 6.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .prims_mathx import _dtype_of, _kinds

_WHERE = "sparse_segment_mean"


def _ids(name, value):
    _kinds(f"{_WHERE} {name}", value, "i", "an int32 or int64 Tensor")
    data = getval(value)
    if data.ndim != 1:
        raise CellArgumentError(message(f"{_WHERE} {name}", "a 1-D Tensor",
                                        f"shape {data.shape}"))
    return data


def sparse_segment_mean(x, indices, segment_ids):
    """``output[i]``: the mean of ``x[indices[j]]`` over the ``j`` with
    ``segment_ids[j] == i`` (zero when there is none); ``segment_ids`` sorted."""
    if _dtype_of(x) not in (onp.float16, onp.float32, onp.float64):
        raise CellTypeError(message(f"{_WHERE} x", "a float16, float32 or float64 Tensor",
                                    str(_dtype_of(x) or type(getval(x)).__name__)))
    if onp.ndim(getval(x)) < 1:
        raise CellArgumentError(message(f"{_WHERE} x", "a Tensor of rank >= 1", "a 0-D Tensor"))
    rows, ids = _ids("indices", indices), _ids("segment_ids", segment_ids)
    if rows.dtype != ids.dtype:
        raise CellTypeError(message(f"{_WHERE} segment_ids", f"the dtype of indices "
                                    f"({rows.dtype})", str(ids.dtype)))
    if rows.size != ids.size:
        raise CellArgumentError(message(f"{_WHERE} segment_ids", f"{rows.size} ids, one per "
                                        "index", str(ids.size)))
    count = onp.shape(getval(x))[0]
    if rows.size and (rows.min() < 0 or rows.max() >= count):
        raise CellArgumentError(message(f"{_WHERE} indices", f"values in [0, {count})",
                                        str(rows.tolist())))
    if ids.size and (ids.min() < 0 or onp.any(onp.diff(ids) < 0)):
        raise CellArgumentError(message(f"{_WHERE} segment_ids", "sorted non-negative ids",
                                        str(ids.tolist()), "Sort the ids with their indices."))
    segments = int(ids[-1]) + 1 if ids.size else 0
    # a (segments, len(indices)) matrix of 1/count per segment sums the picked rows
    member = (onp.arange(segments)[:, None] == ids[None, :]).astype(onp.float64)
    weights = member / onp.maximum(member.sum(axis=1, keepdims=True), 1.0)
    picked = np.take(x, rows.astype(onp.int64), axis=0)
    tail = onp.shape(getval(x))[1:]
    flat = np.reshape(picked, (rows.size, int(onp.prod(tail))))
    dtype = _dtype_of(x)
    out = np.matmul(weights.astype(dtype), flat)
    return np.reshape(out, (segments,) + tail)
