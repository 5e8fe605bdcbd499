"""MindSpore 2.10's gradient wrappers: ``ForwardValueAndGrad`` (the network's value and
its ``GradOperation`` gradients in one call), ``WithGradCell`` (the gradients of a
network's loss for its trainable Parameters) and ``GradAccumulationCell`` (the sum of a
network's outputs over ``micro_size`` slices of the batch).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> net = nn.Dense(3, 2)
>>> loss, grads = nn.ForwardValueAndGrad(net, get_all=True)(ms.Tensor([[1.0, 2, 3]]))
>>> grads[0].shape
(1, 3)
"""
import types

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.grad_operation import GradOperation
from ..tensor import ParameterTuple
from .cell import Cell
from .wrappers import WithLossCell


class ForwardValueAndGrad(Cell):
    """``(network(*inputs), gradients)`` with ``GradOperation``'s options; with
    ``sens_param`` the last input is the sensitivity."""

    _runs_gradients = True  # set_grad() on it records nothing (ops/forward_record)

    def __init__(self, network, weights=None, get_all=False, get_by_list=False,
                 sens_param=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, types.FunctionType, types.MethodType)):
            raise CellTypeError(message("ForwardValueAndGrad network", "a Cell or a function",
                                        describe(network)))
        for name, value in (("get_all", get_all), ("get_by_list", get_by_list)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"ForwardValueAndGrad {name}", "a bool",
                                            describe(value)))
        if get_by_list and not isinstance(weights, (ParameterTuple, tuple, list)):
            raise CellTypeError(message("ForwardValueAndGrad weights", "a ParameterTuple "
                                        "with get_by_list=True", describe(weights),
                                        "Pass net.trainable_params()."))
        self.network, self.weights = network, weights
        if isinstance(network, Cell):  # as MindSpore: its gradient reuses the forward it ran
            network.set_grad()
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        self.grad = GradOperation(get_all=get_all, get_by_list=get_by_list,
                                  sens_param=sens_param)

    def construct(self, *inputs):
        loss = self.network(*(inputs[:-1] if self.sens_param else inputs))
        if self.get_by_list:
            return loss, self.grad(self.network, self.weights)(*inputs)
        return loss, self.grad(self.network)(*inputs)


class WithGradCell(Cell):
    """The gradients of ``loss_fn(network(data), label)`` (or of ``network(*inputs)`` with
    no ``loss_fn``) for the network's trainable Parameters, scaled by ``sens``."""

    _runs_gradients = True  # set_grad() on it records nothing (ops/forward_record)

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise CellTypeError(message("WithGradCell network", "a Cell", describe(network)))
        self.network, self.loss_fn, self.sens = network, loss_fn, sens
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs):
        grad = self.grad(self.network_with_loss, self.weights)
        return grad(*inputs) if self.sens is None else grad(*inputs, self.sens)


class GradAccumulationCell(Cell):
    """``network``'s outputs summed over ``micro_size`` equal slices of axis 0 of every
    input (the batch), so gradients accumulate over the micro-batches."""

    def __init__(self, network, micro_size):
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            raise CellTypeError(message("GradAccumulationCell network", "a Cell",
                                        describe(network)))
        if isinstance(micro_size, bool) or not isinstance(micro_size, int):
            raise CellTypeError(message("GradAccumulationCell micro_size", "an int",
                                        describe(micro_size)))
        if micro_size <= 0:
            raise CellArgumentError(message("GradAccumulationCell micro_size", "an int > 0",
                                            repr(micro_size)))
        self.network, self.micro_size = network, micro_size

    def construct(self, *inputs):
        total = None
        for i in range(self.micro_size):
            micro = []
            for x in inputs:
                batch = onp.shape(getval(x))[0] if onp.ndim(getval(x)) else 0
                if batch % self.micro_size:
                    raise CellArgumentError(message(
                        "GradAccumulationCell inputs", f"a batch (axis 0) divisible by "
                        f"micro_size={self.micro_size}", f"shape {onp.shape(getval(x))}"))
                size = batch // self.micro_size
                micro.append(x[i * size:(i + 1) * size])
            out = self.network(*micro)
            total = out if total is None else total + out
        return total
