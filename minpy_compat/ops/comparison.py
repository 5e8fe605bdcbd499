"""MindSpore's elementwise comparisons: ``ops.gt``, ``ops.ge``, ``ops.lt``, ``ops.le``,
``ops.eq``, ``ops.ne`` and their long names (``ops.greater``, ...). Each gives a Bool
Tensor, so none has a gradient; as in MindSpore, ``eq`` and
``lt`` take no Python number as ``input`` (the others do).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.gt(ms.Tensor([1.0, 3.0]), 2.0)
array([False,  True])
"""
from .. import numpy as np
from .checks import tensor_first


def gt(input, other):
    """``input > other`` elementwise, as Bool (Tensors or numbers, broadcast)."""
    return np.greater(input, other)


def ge(input, other):
    """``input >= other`` elementwise, as Bool (Tensors or numbers, broadcast)."""
    return np.greater_equal(input, other)


def lt(input, other):
    """``input < other`` elementwise, as Bool (Tensors or numbers, broadcast)."""
    tensor_first("ops.less", input)
    return np.less(input, other)


def le(input, other):
    """``input <= other`` elementwise, as Bool (Tensors or numbers, broadcast)."""
    return np.less_equal(input, other)


def eq(input, other):
    """``input == other`` elementwise, as Bool (Tensors or numbers, broadcast)."""
    tensor_first("ops.equal", input)
    return np.equal(input, other)


def ne(input, other):
    """``input != other`` elementwise, as Bool (Tensors or numbers, broadcast)."""
    return np.not_equal(input, other)


greater, greater_equal, less, less_equal, equal, not_equal = gt, ge, lt, le, eq, ne
