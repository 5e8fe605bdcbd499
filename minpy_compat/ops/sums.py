"""MindSpore's oldest summing function ops: ``ops.matmul``, ``ops.reduce_sum`` and
``ops.sum``, with MindSpore's dtypes (ints keep theirs in ``reduce_sum``, become Int64 in
``sum``; an int matrix meeting a float one gives the float's dtype).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.sum(ms.Tensor([[1, 2], [3, 4]]), dim=1)
array([3, 7])
"""
import numpy as onp

from .. import numpy as np
from .promotion import _dtype_of, _float_like_inputs


def matmul(input, other):
    """The matrix product of ``input`` and ``other`` (batched over leading axes)."""
    return _float_like_inputs(np.matmul(input, other), input, other)


def reduce_sum(input, axis=(), keep_dims=False):
    """``ReduceSum(keep_dims)(input, axis)``: ints keep their dtype, as the primitive's do."""
    result, dtype = np.sum(input, axis=_axis(axis), keepdims=keep_dims), _dtype_of(input)
    return result.astype(dtype) if dtype is not None and dtype.kind in "iu" else result


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum over ``dim``; bools and ints (unsigned too) give Int64, as in MindSpore."""
    result = np.sum(input, axis=_axis(dim), keepdims=keepdim)
    if dtype is None and _dtype_of(input) is not None and _dtype_of(input).kind in "iub":
        dtype = onp.int64
    return result if dtype is None else result.astype(dtype)


def _axis(axis):
    if axis is None or axis == ():
        return None
    return tuple(axis) if isinstance(axis, list) else axis
