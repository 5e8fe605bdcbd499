"""MindSpore 2.10's short function names over existing ops: ``bias_add``, ``dense``,
``addn``, ``assign_add``/``assign_sub``, ``reduce_max``/``reduce_min``/``reduce_mean``,
``view_as``, ``pows``, the ``tensor_*`` arithmetic and comparison aliases, ``is_tensor``
and ``is_nonzero``.

Where MindSpore's name is a primitive instance (``ops.tensor_add`` is ``Add()``,
``ops.reduce_max`` is ``ReduceMax()``), ours is the same instance of our class.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.tensor_add(ms.Tensor([1.0]), ms.Tensor([2.0]))
array([3.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..tensor import is_tensor as _is_tensor
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import functional as FN
from . import primitives as P
from . import prims_array as A
from . import prims_conv as C
from . import prims_elementwise as E
from . import prims_writes as WR
from . import reductions as RD

reduce_max, reduce_min, reduce_mean = RD.ReduceMax(), RD.ReduceMin(), RD.ReduceMean()
pows = tensor_pow = P.Pow()
tensor_add, tensor_sub, tensor_mul, tensor_div = P.Add(), P.Sub(), P.Mul(), P.RealDiv()
tensor_exp, tensor_expm1 = P.Exp(), E.Expm1()
tensor_floordiv, tensor_mod = E.FloorDiv(), E.FloorMod()
tensor_ge, tensor_le = P.GreaterEqual(), P.LessEqual()
tensor_range, tensor_slice = A.Range(), A.Slice()


def tensor_gt(input, other):
    """``input > other`` elementwise (``ops.gt``)."""
    return FN.gt(input, other)


def tensor_lt(input, other):
    """``input < other`` elementwise (``ops.lt``)."""
    return FN.lt(input, other)


def tensor_muls(input, other):
    """``input * other`` for a Tensor and a Python number."""
    if _is_tensor(other) or not isinstance(other, (int, float, bool)):
        raise CellTypeError(message("ops.tensor_muls other", "a Python number",
                                    describe(other), "Use ops.mul for two Tensors."))
    return FN.mul(input, other)


def bias_add(input_x, bias):
    """``input_x`` plus the 1-D ``bias`` along axis 1 (``BiasAdd()``)."""
    return C.BiasAdd()(input_x, bias)


def dense(input, weight, bias=None):
    """``input @ weight.T + bias``; a 1-D ``weight`` gives one output per row."""
    w_shape, x_shape = onp.shape(getval(weight)), onp.shape(getval(input))
    if len(w_shape) not in (1, 2) or not x_shape or x_shape[-1] != w_shape[-1]:
        raise CellArgumentError(message("ops.dense weight", f"shape (out, {x_shape[-1:]}) or "
                                        f"{x_shape[-1:]}", f"shape {w_shape} for input of "
                                        f"shape {x_shape}"))
    out = np.matmul(input, weight if len(w_shape) == 1 else np.swapaxes(weight, 0, 1))
    return out if bias is None else out + bias


def addn(x):
    """The elementwise sum of a tuple or list of same-shaped Tensors (``AddN()``)."""
    return E.AddN()(x)


def _same_shape(where, variable, value):
    """MindSpore's assign_add/assign_sub refuse a value of another shape (no broadcasting)."""
    want, got = onp.shape(getval(variable)), onp.shape(getval(value))
    if _is_tensor(value) and got != want:
        raise CellArgumentError(message(f"{where} value", f"variable's shape {want}",
                                        f"shape {got}"))
    return value


def assign_add(variable, value):
    """``variable += value`` on a Parameter, in place; returns ``variable``."""
    return WR.AssignAdd()(variable, _same_shape("ops.assign_add", variable, value))


def assign_sub(variable, value):
    """``variable -= value`` on a Parameter, in place; returns ``variable``."""
    return WR.AssignSub()(variable, _same_shape("ops.assign_sub", variable, value))


def view_as(input, other):
    """``input`` reshaped to ``other``'s shape."""
    shape, size = onp.shape(getval(other)), onp.size(getval(input))
    if int(onp.prod(shape)) != size:
        raise CellArgumentError(message("ops.view_as other", f"a shape of {size} elements "
                                        "(input's size)", f"shape {shape}"))
    return np.reshape(input, shape)


def is_tensor(obj):
    """Whether ``obj`` is a Tensor (a Parameter included)."""
    return _is_tensor(obj)


def is_nonzero(input):
    """Whether the one element of ``input`` is nonzero, as a Python bool."""
    data = onp.asarray(getval(input))
    if not _is_tensor(input):
        raise CellTypeError(message("ops.is_nonzero input", "a Tensor", describe(input)))
    if data.size != 1:
        raise CellArgumentError(message("ops.is_nonzero input", "a Tensor of one element",
                                        f"{data.size} elements"))
    return bool(data.reshape(()))
