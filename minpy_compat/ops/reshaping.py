"""MindSpore's oldest shape function ops: ``ops.reshape``, ``ops.transpose``,
``ops.expand_dims``, ``ops.shape``, ``ops.concat`` and ``ops.stack`` (the newer ones live in
``shaping.py``, ``rearranging.py`` and ``fn_shaping.py``).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.reshape(ms.Tensor([1.0, 2.0, 3.0, 4.0]), (2, -1)).shape
(2, 2)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellTypeError, describe, message
from .promotion import one_dtype


def reshape(input, shape):
    """``input`` in ``shape``, a tuple or list of ints (-1 once for the inferred size);
    MindSpore 2.10 refuses a bare int (``Reshape()(input=Tensor, shape=int)``)."""
    if not isinstance(shape, (tuple, list)) or any(
            isinstance(n, bool) or not isinstance(n, (int, onp.integer)) for n in shape):
        hint = f"Pass a tuple: ({shape},)." if isinstance(shape, (int, onp.integer)) \
            else "Pass a tuple of ints such as (2, -1)."
        raise CellTypeError(message("ops.reshape shape", "a tuple or list of ints",
                                    describe(shape), hint))
    return np.reshape(input, tuple(int(n) for n in shape))


def transpose(input, input_perm):
    """``input`` with its axes in the order ``input_perm`` (a tuple of all its axes)."""
    return np.transpose(input, tuple(input_perm))


def expand_dims(input_x, axis):
    """``input_x`` with a new axis of length 1 inserted at ``axis``."""
    return np.expand_dims(input_x, axis)


def shape(input_x):
    """The shape of ``input_x`` as a tuple of ints."""
    return tuple(onp.shape(getval(input_x)))


def concat(tensors, axis=0):
    """The Tensors of ``tensors`` (one dtype) joined along the existing ``axis``."""
    return np.concatenate(one_dtype("ops.concat", tensors), axis=axis)


def stack(tensors, axis=0):
    """The Tensors of ``tensors`` (one dtype and shape) stacked along a new ``axis``."""
    return np.stack(one_dtype("ops.stack", tensors), axis=axis)
