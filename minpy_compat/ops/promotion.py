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


def _strong_dtype(x):
    """A Tensor's (or NumPy array's) dtype; None for a Python or NumPy scalar number, which
    MindSpore lets the Tensor beside it decide (like NumPy 2, unlike NumPy 1 for 0-d arrays)."""
    value = getval(x)
    return None if isinstance(value, onp.generic) else getattr(value, "dtype", None)


def _number_kind(x):
    value = getval(x)
    if isinstance(value, (bool, onp.bool_)):
        return "b"
    return "f" if isinstance(value, (float, onp.floating)) else "i"


def binary_dtype(input, other):
    """MindSpore 2.10's result dtype for ``ops.add(input, other)`` and its kin, or None when
    neither is a Tensor: a float Tensor meeting an int or Bool one decides alone; two of
    one kind promote as NumPy does; a Python float gives Float32 beside an int or Bool Tensor,
    a Python int gives Int64 beside a Bool one, and otherwise the Tensor's dtype stays. The
    rank plays no part (NumPy 1.x lets a 0-d array's value narrow the result)."""
    left, right = _strong_dtype(input), _strong_dtype(other)
    if left is None and right is None:
        return None
    if left is not None and right is not None:
        if left.kind in "fc" and right.kind not in "fc":
            return left
        if right.kind in "fc" and left.kind not in "fc":
            return right
        return onp.promote_types(left, right)
    tensor, kind = (left, _number_kind(other)) if right is None else (right, _number_kind(input))
    if kind == "f" and tensor.kind not in "fc":
        return onp.dtype(onp.float32)
    if kind == "i" and tensor.kind == "b":
        return onp.dtype(onp.int64)
    return tensor


def as_binary_dtype(result, input, other, floats=False):
    """``result`` (NumPy's answer) cast to ``binary_dtype(input, other)``; with ``floats``,
    an int or Bool dtype becomes Float32 (``ops.div``)."""
    dtype = binary_dtype(input, other)
    if dtype is None:  # two numbers: a float answer is Float32, as before this rule
        return _float_like_inputs(result, input, other)
    if floats and dtype.kind not in "fc":
        dtype = onp.dtype(onp.float32)
    return result if _dtype_of(result) == dtype else result.astype(dtype)


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
