"""MindSpore's dtype rules for the function ops, where NumPy's differ: ints meeting floats
give the float Tensor's dtype (or Float32), and a concat or stack refuses mixed dtypes.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.add(ms.Tensor([1, 2]), 0.5).dtype
dtype('float32')
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellTypeError, message
from ..tensor import is_tensor


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _float_like_inputs(result, *inputs):
    """MindSpore's float result for ints meeting floats: NumPy widens ``int32 / 2``,
    ``int32 + float32`` and ``sqrt(int32)`` to float64; MindSpore keeps the widest float
    Tensor among the inputs, or float32 when only ints and Python numbers meet."""
    floats = [d for d in (_dtype_of(x) for x in inputs if is_tensor(x))
              if d is not None and d.kind == "f"]
    if _dtype_of(result) == onp.float16 and onp.float16 not in floats:
        return result.astype(onp.float32)  # NumPy gives float16 for bool and int8 inputs
    if _dtype_of(result) != onp.float64:
        return result
    if any(d == onp.float64 for d in floats):
        return result
    return result.astype(max(floats, key=lambda d: d.itemsize) if floats else onp.float32)


def one_dtype(where, tensors):
    """The Tensors of a concat or stack, as a list, once they share one dtype: MindSpore
    refuses mixed dtypes, where NumPy would widen float32 and int32 to float64."""
    tensors = list(tensors)
    dtypes = [_dtype_of(t) for t in tensors]
    for i, dtype in enumerate(dtypes):
        if dtype is not None and dtypes[0] is not None and dtype != dtypes[0]:
            raise CellTypeError(message(
                where, f"Tensors of one dtype (item 0 is {dtypes[0]})",
                f"{dtype} for item {i}", f"Cast them first: ops.cast(x, ms.{dtypes[0]})."))
    return tensors
