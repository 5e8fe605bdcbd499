"""MindSpore's evaluation and loss-scaled training wrappers: ``WithEvalCell``,
``TrainOneStepWithLossScaleCell`` and its scale managers ``FixedLossScaleUpdateCell`` and
``DynamicLossScaleUpdateCell``.

A loss-scaled step differentiates ``loss * scale``, divides the gradients by ``scale``,
and skips the update when any gradient is inf or NaN (an overflow); a dynamic manager then
divides the scale by ``scale_factor`` (not below 1), and multiplies it by ``scale_factor``
after ``scale_window`` steps without one.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> net = nn.Dense(1, 1, weight_init='zeros', bias_init='zeros')
>>> step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
...     nn.SGD(net.trainable_params(), 0.1), nn.FixedLossScaleUpdateCell(1024.0))
>>> [float(v) for v in step(ms.Tensor([[1.0]]), ms.Tensor([[2.0]]))]   # loss, overflow, scale
[4.0, 0.0, 1024.0]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.differentiate import differentiate
from ..ops.writes import assign_all
from ..tensor import Parameter, Tensor, is_tensor
from .cell import Cell
from .wrappers import TrainOneStepCell


class WithEvalCell(Cell):
    """``(loss_fn(network(data), label), network(data), label)``; ``add_cast_fp32`` casts the
    output and the label to float32 first."""

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        if not isinstance(add_cast_fp32, bool):
            raise CellTypeError(message("WithEvalCell add_cast_fp32", "a bool",
                                        describe(add_cast_fp32)))
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = add_cast_fp32

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:
            label, outputs = _float32(label), _float32(outputs)
        return self._loss_fn(outputs, label), outputs, label


def _float32(value):
    """Float Tensors in float32 (MindSpore's ``mixed_precision_cast``: an int label stays)."""
    if type(value) in (tuple, list):
        return type(value)(_float32(item) for item in value)
    dtype = getattr(getval(value), "dtype", None)
    cast = dtype is not None and dtype.kind == "f" and dtype != onp.float32
    return value.astype(onp.float32) if cast else value


def _positive(where, name, value, integral=False):
    kinds = numbers.Integral if integral else numbers.Real
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise CellTypeError(message(f"{where} {name}", "an int" if integral else "a number",
                                    describe(value)))
    if not value > 0:
        raise CellArgumentError(message(f"{where} {name}", "a value > 0", repr(value)))
    return value


class FixedLossScaleUpdateCell(Cell):
    """A scale manager that keeps ``loss_scale_value``: returns ``overflow`` unchanged."""

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = _positive("FixedLossScaleUpdateCell", "loss_scale_value",
                                          loss_scale_value)

    def get_loss_scale(self):
        """The loss scale this manager starts from."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        return overflow


class DynamicLossScaleUpdateCell(Cell):
    """A scale manager: on overflow ``scale = max(scale / scale_factor, 1)``; after
    ``scale_window`` steps without one, ``scale *= scale_factor``."""

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        where = "DynamicLossScaleUpdateCell"
        self.loss_scale_value = _positive(where, "loss_scale_value", loss_scale_value)
        self.scale_factor = _positive(where, "scale_factor", scale_factor)
        self.scale_window = _positive(where, "scale_window", scale_window, integral=True)
        self.cur_iter = Parameter(onp.array(1, onp.int32), name="current_iterator_step")
        self.last_overflow_iter = Parameter(onp.array(0, onp.int32),
                                            name="last_overflow_iterator_step")

    def get_loss_scale(self):
        """The loss scale this manager starts from."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        overflow = bool(onp.asarray(getval(overflow)))
        scale = onp.asarray(getval(loss_scale))
        factor = onp.float32(self.scale_factor)
        current, last = int(self.cur_iter), int(self.last_overflow_iter)
        grow = self.scale_window <= current - last
        if overflow:
            scale = onp.maximum(scale / factor, onp.float32(1.0)).astype(scale.dtype)
        elif grow:
            scale = (scale * factor).astype(scale.dtype)
        if overflow or grow:
            last = current
        assign_all([(loss_scale, scale), (self.last_overflow_iter, onp.array(last, onp.int32)),
                    (self.cur_iter, onp.array(current + 1, onp.int32))])
        return Tensor(onp.array(overflow))


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """One loss-scaled training step; returns ``(loss, overflow, scale)``. ``scale_sense``:
    a scale manager Cell, or a Tensor of shape () or (1,) (change it with
    ``set_sense_scale``). On overflow (inf or NaN gradients) the update is skipped."""

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer)
        where = "TrainOneStepWithLossScaleCell"
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            if not hasattr(scale_sense, "get_loss_scale"):
                raise CellTypeError(message(f"{where} scale_sense", "a Tensor or a scale "
                                            "manager Cell (with get_loss_scale)",
                                            describe(scale_sense)))
            self.loss_scaling_manager = scale_sense
            value = onp.array(scale_sense.get_loss_scale(), onp.float32)
        elif is_tensor(scale_sense):
            value = onp.array(getval(scale_sense))
            if value.shape not in ((), (1,)):
                raise CellArgumentError(message(f"{where} scale_sense", "shape () or (1,)",
                                                f"shape {value.shape}"))
        else:
            raise CellTypeError(message(f"{where} scale_sense", "a Tensor or a Cell",
                                        describe(scale_sense),
                                        "Pass ms.Tensor(1024.0) or a scale manager Cell."))
        self.scale_sense = Parameter(value, name="scale_sense")

    def set_sense_scale(self, sens):
        """Replace the loss scale (a Tensor like the current one)."""
        if not is_tensor(sens):
            raise CellTypeError(message("TrainOneStepWithLossScaleCell.set_sense_scale sens",
                                        "a Tensor", describe(sens)))
        self.scale_sense.set_data(sens)

    def construct(self, *inputs):
        scale = onp.asarray(getval(self.scale_sense)).reshape(())

        def scaled(*args):
            loss = self.network(*args)
            return loss * scale.astype(onp.result_type(getval(loss))), loss

        with onp.errstate(over="ignore", invalid="ignore"):  # overflow is reported, not warned
            (_, loss), _, grads, _ = differentiate(
                scaled, inputs, {}, (), self.weights, has_aux=True,
                where=f"TrainOneStepWithLossScaleCell({type(self.network).__name__})")
            inverse = onp.float32(1) / scale.astype(onp.float32)  # MindSpore: g * (1 / scale)
            grads = [g * inverse.astype(onp.result_type(getval(g))) for g in grads]
        overflow = Tensor(onp.array(not all(onp.isfinite(getval(g)).all() for g in grads)))
        if self.loss_scaling_manager is not None:
            self.loss_scaling_manager(self.scale_sense, overflow)
        if not bool(overflow):
            self.optimizer(tuple(grads))
        return loss, overflow, Tensor(onp.array(getval(self.scale_sense)))
