"""NumPy 2's promotion (NEP 50) for the arithmetic operators of ``Array`` under NumPy 1.x.

NumPy 1.x lets a 0-d array's value pick the result dtype: ``array(2, float32) * 2.5`` and
``array(2, float32) * 3`` are float64, ``float16 array + array(2, float32)`` is float16.
NumPy 2 (and MindSpore, whose Tensors are these Arrays) keeps float32 in the first two and
gives float32 in the third: the rank plays no part, and a Python number only decides its
kind. Under NumPy 1.x this module runs such an operator on the 0-d operand as a 1-element
array, then gives the result back its 0-d shape; under NumPy 2 it installs nothing.

Traced values (inside ``grad``) keep a 0-d float16/float32 dtype beside a Python number.
What is left to NumPy 1.x: a Python int too large for an int Tensor's dtype widens it (NumPy 2
raises), NumPy scalars (``numpy.float64(2.5)``) still count by value, and a traced 0-d value
beside an n-d one still counts by value.

>>> import numpy
>>> import minpy_compat as ms
>>> (ms.Tensor(numpy.float32(2.0)) * 2.5).dtype
dtype('float32')
"""
import numpy as onp

_PYTHON_NUMBERS = (bool, int, float)
_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow")


def _rank_free(numpy_op, array_type, array_op=None):
    """``numpy_op`` (an ndarray operator) with 0-d operands ranked as 1-element ones;
    ``array_op`` (the ufunc, for ``**``) stands in for it where ``other`` is an array or a
    Python number (NumPy 1.x's ``__pow__`` takes a 0-d exponent by value)."""
    array_op = array_op or numpy_op

    def method(self, other):
        kind = type(other)
        if type(self) is not array_type:
            return numpy_op(self, other)
        if kind in _PYTHON_NUMBERS:
            if self.ndim:
                return numpy_op(self, other)
            return array_op(self.reshape(1), other).reshape(())
        if kind is array_type or kind is onp.ndarray:
            if self.ndim == 0 and other.ndim:
                return array_op(self.reshape(1), other)
            if other.ndim == 0 and self.ndim:
                return array_op(self, other.reshape(1))
            return array_op(self, other)
        return numpy_op(self, other)
    method.__name__ = method.__qualname__ = numpy_op.__name__
    method.__doc__ = numpy_op.__doc__
    return method


def _keeps_float(box_op):
    """``box_op`` (a traced value's operator) with a 0-d float16/float32 value meeting a
    Python number kept in its dtype (the gradient is cast back to it anyway)."""
    def method(self, other):
        result = box_op(self, other)
        if type(other) in _PYTHON_NUMBERS and self.ndim == 0:
            dtype = self.dtype
            if dtype.kind == "f" and result.dtype != dtype:
                return result.astype(dtype)
        return result
    method.__name__ = method.__qualname__ = box_op.__name__
    return method


def install(array_type, traced_type):
    """Give ``array_type`` (``Array``) rank-free operators, and ``traced_type``'s operators
    the same dtypes for 0-d floats meeting Python numbers, under NumPy 1.x (NumPy 2 has them)."""
    if int(onp.__version__.split(".")[0]) >= 2:
        return
    powers = {"__pow__": onp.power, "__rpow__": lambda self, other: onp.power(other, self)}
    for name in _OPERATORS:
        for dunder in (f"__{name}__", f"__r{name}__"):
            setattr(array_type, dunder, _rank_free(getattr(onp.ndarray, dunder), array_type,
                                                   powers.get(dunder)))
            setattr(traced_type, dunder, _keeps_float(getattr(traced_type, dunder)))
