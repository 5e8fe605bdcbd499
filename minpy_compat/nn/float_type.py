"""``Cell.to_float``'s casts: float inputs into the Cell's float type while it runs, and float64
results back to it. ``nn/cell.py`` casts at a Cell's edge; a Cell with ``bprop`` casts inside its
op (``nn/bprop.py``), so that ``bprop`` gets the inputs as they were given, as in MindSpore.

>>> import numpy as onp
>>> from minpy_compat import Tensor
>>> state = {"_float_type": onp.dtype(onp.float16)}
>>> in_float_type(state, Tensor(onp.ones(2, onp.float32)), running=True).dtype
dtype('float16')
>>> out_of_float_type(onp.dtype(onp.float16), (Tensor(onp.ones(1)), 3))[0].dtype
dtype('float16')
"""
import numpy as onp

from ..tensor import is_tensor


def in_float_type(state, value, running=False):
    """``value`` cast to the Cell's ``to_float`` type while the Cell runs, if it is a float
    Tensor (ints, bools and non-Tensors stay as they are). ``state`` is the Cell's __dict__."""
    dtype = state.get("_float_type")
    if dtype is None or not (running or state.get("_running")) or not is_tensor(value) \
            or value.dtype.kind != "f" or value.dtype == dtype:
        return value
    return value.astype(dtype)


def out_of_float_type(dtype, output):
    """A to_float Cell's float64 outputs in its float type: NumPy widens an int Tensor meeting
    a float16/float32 one (``x_int32 * self.w``) to float64, where MindSpore's ops in such a
    Cell compute in that type (Float16 or Float32)."""
    if type(output) in (tuple, list):
        return type(output)(out_of_float_type(dtype, item) for item in output)
    if is_tensor(output) and output.dtype == onp.float64:
        return output.astype(dtype)
    return output
