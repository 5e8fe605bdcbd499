"""MindSpore 2.10's ``Linear`` and ``BiDense`` layers, the ``L1Regularizer`` and the
``TimeDistributed`` wrapper. Parameters are named as MindSpore names them (``weight``,
``bias``); gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.L1Regularizer(0.5)(ms.Tensor([1.0, -2.0]))
array(1.5, dtype=float32)
>>> nn.BiDense(3, 2, 4)(ms.Tensor([[1.0, 2, 3]]), ms.Tensor([[1.0, 0]])).shape
(1, 4)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import HeUniform, Uniform, initializer
from ..dtype import dtype_to_nptype, float32
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter, is_tensor
from .basic import _positive_int
from .cell import Cell
from .windows import check_weight_dtype


def _bool(where, value):
    if not isinstance(value, (bool, onp.bool_)):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return bool(value)


def _init_shape(where, init, shape):
    """A Tensor initial value must have the Parameter's shape (a ValueError, as MindSpore)."""
    if is_tensor(init) and tuple(onp.shape(getval(init))) != tuple(shape):
        raise CellArgumentError(message(where, f"shape {tuple(shape)}",
                                        f"shape {onp.shape(getval(init))}"))
    return init


class L1Regularizer(Cell):
    """``scale * sum(|weights|)``: a scalar of the weights' float dtype (float32 for ints)."""

    def __init__(self, scale):
        super().__init__()
        if isinstance(scale, bool) or not isinstance(scale, numbers.Real):
            raise CellTypeError(message("L1Regularizer scale", "an int or a float",
                                        describe(scale)))
        if not scale > 0 or math.isinf(scale):
            raise CellArgumentError(message("L1Regularizer scale", "a finite number > 0",
                                            repr(scale)))
        self.scale = onp.float32(scale)

    def construct(self, weights):
        if getval(weights).dtype.kind not in "iuf":
            raise CellTypeError(message("L1Regularizer weights", "a number Tensor",
                                        str(getval(weights).dtype)))
        dtype = getval(weights).dtype if getval(weights).dtype.kind == "f" \
            else onp.dtype(onp.float32)  # a dtype (it has .type), not the scalar class
        return dtype.type(self.scale) * np.sum(np.abs(weights)).astype(dtype)


class Linear(Cell):
    """``x @ weight.T + bias``, weight (out_features, in_features) ~ HeUniform(sqrt 5)."""

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None,
                 dtype=None):
        super().__init__()
        self.in_features = _positive_int("Linear in_features", in_features)
        self.out_features = _positive_int("Linear out_features", out_features)
        self.has_bias = _bool("Linear bias", bias)
        dtype = onp.float32 if dtype is None else dtype_to_nptype(dtype)
        shape = (self.out_features, self.in_features)
        weight_init = HeUniform(math.sqrt(5)) if weight_init is None else weight_init
        self.weight = Parameter(initializer(_init_shape("Linear weight_init", weight_init,
                                                        shape), shape, dtype), name="weight")
        self.bias = None
        if self.has_bias:
            bias_init = Uniform(1 / math.sqrt(in_features)) if bias_init is None else bias_init
            self.bias = Parameter(initializer(_init_shape(
                "Linear bias_init", bias_init, (self.out_features,)), (self.out_features,),
                dtype), name="bias")

    def construct(self, x):
        if onp.shape(getval(x))[-1:] != (self.in_features,):
            raise CellArgumentError(message("Linear input", f"a last dimension of "
                                            f"{self.in_features}", f"shape {onp.shape(getval(x))}"))
        check_weight_dtype("Linear", x, self.weight)
        out = np.matmul(x, np.transpose(self.weight))
        return out + self.bias if self.has_bias else out


class BiDense(Cell):
    """Bilinear layer: ``out[..., o] = x1 @ weight[o] @ x2 + bias[o]``."""

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None,
                 bias_init=None, has_bias=True, dtype=float32):
        super().__init__()
        self.in1_channels = _positive_int("BiDense in1_channels", in1_channels)
        self.in2_channels = _positive_int("BiDense in2_channels", in2_channels)
        self.out_channels = _positive_int("BiDense out_channels", out_channels)
        self.has_bias = _bool("BiDense has_bias", has_bias)
        dtype, bound = dtype_to_nptype(dtype), 1 / math.sqrt(in1_channels)
        shape = (self.out_channels, self.in1_channels, self.in2_channels)
        weight_init = Uniform(bound) if weight_init is None else weight_init
        self.weight = Parameter(initializer(_init_shape("BiDense weight_init", weight_init,
                                                        shape), shape, dtype), name="weight")
        if self.has_bias:
            bias_init = Uniform(bound) if bias_init is None else bias_init
            self.bias = Parameter(initializer(_init_shape(
                "BiDense bias_init", bias_init, (self.out_channels,)), (self.out_channels,),
                dtype), name="bias")

    def construct(self, input1, input2):
        shape1, shape2 = onp.shape(getval(input1)), onp.shape(getval(input2))
        if shape1[-1:] != (self.in1_channels,) or shape2[-1:] != (self.in2_channels,) \
                or shape1[:-1] != shape2[:-1]:
            raise CellArgumentError(message(
                "BiDense inputs", f"(..., {self.in1_channels}) and (..., {self.in2_channels}) "
                "with the same leading axes", f"shapes {shape1} and {shape2}"))
        check_weight_dtype("BiDense", input1, self.weight)
        out = np.einsum("...i,oij,...j->...o", input1, self.weight, input2)
        return out + self.bias if self.has_bias else out


class TimeDistributed(Cell):
    """``layer`` applied to each step along ``time_axis``, the results stacked there."""

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        super().__init__()
        if not isinstance(layer, Cell):
            raise CellTypeError(message("TimeDistributed layer", "a Cell", describe(layer)))
        for name, value in (("time_axis", time_axis), ("reshape_with_axis", reshape_with_axis)):
            if (value is not None or name == "time_axis") and (
                    isinstance(value, bool) or not isinstance(value, (int, onp.integer))):
                raise CellTypeError(message(f"TimeDistributed {name}", "an int",
                                            describe(value)))
        self.layer = layer
        self.time_axis, self.reshape_with_axis = time_axis, reshape_with_axis

    def construct(self, inputs):
        shape = onp.shape(getval(inputs))
        if len(shape) < 3:
            raise CellArgumentError(message("TimeDistributed inputs", "3 or more dimensions",
                                            f"shape {shape}"))
        axis = self.time_axis % len(shape)
        steps = [self.layer(np.take(inputs, t, axis=axis)) for t in range(shape[axis])]
        if not all(hasattr(getval(s), "shape") for s in steps):
            raise CellTypeError(message("TimeDistributed layer output", "a Tensor",
                                        describe(steps[0])))
        return np.stack(steps, axis=min(axis, onp.ndim(getval(steps[0]))))
