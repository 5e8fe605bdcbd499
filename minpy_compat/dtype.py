"""MindSpore's dtype names (``from minpy_compat import dtype as mstype``).

Each name is the NumPy scalar type itself, so ``tensor.dtype == mstype.float32``
holds and every dtype works wherever NumPy takes one.

>>> from minpy_compat import dtype as mstype
>>> import minpy_compat as ms
>>> ms.Tensor([1.0, 2.0]).dtype == mstype.float32
True
"""
import numpy as onp

float16 = half = onp.float16
float32 = single = float_ = onp.float32
float64 = double = onp.float64
int8 = onp.int8
int16 = onp.int16
int32 = onp.int32
int64 = int_ = onp.int64
uint8 = onp.uint8
uint16 = onp.uint16
uint32 = onp.uint32
uint64 = onp.uint64
bool_ = onp.bool_
complex64 = onp.complex64
complex128 = onp.complex128

number_type = (int8, int16, int32, int64, uint8, uint16, uint32, uint64,
               float16, float32, float64, complex64, complex128)
float_type = (float16, float32, float64)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
all_types = (bool_,) + number_type

# MindSpore's printed names ("Float32"), used in error messages.
_PRETTY = {onp.dtype(t): name for t, name in [
    (float16, "Float16"), (float32, "Float32"), (float64, "Float64"), (int8, "Int8"),
    (int16, "Int16"), (int32, "Int32"), (int64, "Int64"), (uint8, "UInt8"), (uint16, "UInt16"),
    (uint32, "UInt32"), (uint64, "UInt64"), (bool_, "Bool"), (complex64, "Complex64"),
    (complex128, "Complex128")]}


def pretty(dtype):
    """MindSpore's name for a dtype: ``pretty(numpy.float32) == 'Float32'``."""
    dtype = onp.dtype(dtype)
    return _PRETTY.get(dtype, str(dtype))


def dtype_to_nptype(dtype):
    """The NumPy type of a dtype (the identity here, kept for MindSpore code)."""
    return onp.dtype(dtype).type


def pytype_to_dtype(pytype):
    """MindSpore's dtype for a Python type: float -> float64, int -> int64, bool -> bool_,
    complex -> complex128; a NumPy scalar type is its own dtype."""
    if not isinstance(pytype, type):
        from .errors import CellTypeError, describe, message
        raise CellTypeError(message("pytype_to_dtype 'obj'", "a Python type (int, float, ...)",
                                    describe(pytype), "Pass type(value)."))
    return {float: float64, int: int64, bool: bool_, complex: complex128}.get(pytype, pytype)


def dtype_to_pytype(dtype):
    """The Python type a dtype's scalars convert to."""
    return type(onp.zeros((), dtype).item())


# MindSpore's dtypes that NumPy has no type for (``mstype.bfloat16``): names only, loaded on
# first use from ``common/low_precision.py``, which refuses them for data
_LOW_PRECISION = ("bfloat16", "float8_e4m3fn", "float8_e5m2", "hifloat8", "qint4x2")


def __getattr__(name):
    if name in _LOW_PRECISION:
        from .common import low_precision
        return getattr(low_precision, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LOW_PRECISION))
