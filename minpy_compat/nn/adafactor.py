"""MindSpore 2.10's ``nn.AdaFactor``: Adafactor (Shazeer and Stern, 2018) with MindSpore's
state Parameters (``exp_avg.<name>``, ``exp_avg_sq_row_<name>``, ``exp_avg_sq_col_<name>``,
``exp_avg_sq_<name>``, ``afactor_step``) and update rule: factored second moments for
Parameters of rank >= 2, a relative step size ``min(1e-2, 1/sqrt(t))`` unless a
learning rate is given, the update clipped to RMS ``clip_threshold``.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> w = ms.Parameter(ms.Tensor([1.0, -1.0], ms.float32), name='w')
>>> opt = nn.AdaFactor([w], learning_rate=0.1, relative_step=False, scale_parameter=False,
...                    beta1=0.0)
>>> _ = opt((ms.Tensor([2.0, -2.0], ms.float32),))
>>> w.tolist()
[0.8999999761581421, -0.8999999761581421]
"""
import numbers

import numpy as onp

from ..errors import OptimizerError, OptimizerTypeError, describe, message
from ..tensor import Parameter, ParameterTuple
from .optimizer import Optimizer
from .optimizer_adaptive import _bool, _float

_WHERE = "AdaFactor"


def _rms(value):
    return onp.sqrt(onp.mean(onp.square(value)))


def _check(eps, clip_threshold, decay_rate, beta1, weight_decay):
    if not isinstance(eps, (list, tuple)):
        raise OptimizerTypeError(message(f"{_WHERE} eps", "a tuple (eps1, eps2)",
                                         describe(eps)))
    if len(eps) != 2:
        raise OptimizerError(message(f"{_WHERE} eps", "2 values (eps1, eps2)", repr(eps)))
    for i, value in enumerate(eps):
        _float(_WHERE, f"eps{i}", value, lambda v: v >= 0, "a float >= 0")
    _float(_WHERE, "clip_threshold", clip_threshold, lambda v: v >= 0, "a float >= 0")
    _float(_WHERE, "decay_rate", decay_rate, lambda v: 0 < v < 1, "a float in (0, 1)")
    if isinstance(beta1, bool) or not isinstance(beta1, numbers.Real):
        raise OptimizerTypeError(message(f"{_WHERE} beta1", "a float or an int",
                                         describe(beta1)))
    if beta1 < 0:
        raise OptimizerError(message(f"{_WHERE} beta1", "a number >= 0", repr(beta1)))
    if not 0 <= weight_decay < 1:
        raise OptimizerError(message(f"{_WHERE} weight_decay", "a number in [0, 1)",
                                     repr(weight_decay)))


def _lr_options(learning_rate, relative_step, warmup_init):
    if learning_rate is not None and relative_step:
        raise OptimizerError(message(f"{_WHERE} learning_rate", "None with relative_step=True "
                                     "(the step size is then computed)", repr(learning_rate),
                                     "Pass relative_step=False to use your learning rate."))
    if warmup_init and not relative_step:
        raise OptimizerError(message(f"{_WHERE} warmup_init", "relative_step=True with it",
                                     "relative_step=False"))
    if learning_rate is None and not relative_step:
        raise OptimizerError(message(f"{_WHERE} learning_rate", "a rate with "
                                     "relative_step=False", "None"))


class AdaFactor(Optimizer):
    """Adafactor with MindSpore 2.10's arguments, state names and update rule."""

    def __init__(self, params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0,
                 decay_rate=0.8, beta1=0.9, weight_decay=0.0, scale_parameter=True,
                 relative_step=True, warmup_init=False, compression=False, loss_scale=1.0):
        _lr_options(learning_rate, relative_step, warmup_init)
        beta1 = 0.0 if beta1 is None else beta1
        self.scale_lr = learning_rate is None or isinstance(learning_rate, (float, int))
        super().__init__(0.0 if learning_rate is None else learning_rate, params, weight_decay,
                         loss_scale)
        _check(eps, clip_threshold, decay_rate, beta1, self.weight_decay)
        for name, value in (("scale_parameter", scale_parameter),
                            ("relative_step", relative_step), ("compression", compression)):
            _bool(_WHERE, name, value)
        self.eps, self.clip_threshold, self.decay_rate = tuple(eps), clip_threshold, decay_rate
        self.beta1, self.warmup_init, self.compression = float(beta1), warmup_init, compression
        self.relative_step = relative_step
        self.scale_parameter = scale_parameter and self.scale_lr
        # the decay is part of the rule (every Parameter, norms too), not added to the grads
        self._decay, self._decays = self.weight_decay, [0.0] * len(self.parameters)
        self.use_first_moment = self.beta1 > 0
        if self.use_first_moment:
            self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self._init_second_moments()
        self.step = Parameter(onp.zeros(1, onp.float32), name="afactor_step",
                              requires_grad=False)

    def _init_second_moments(self):
        rows, cols, full = [], [], []
        for param in self.parameters:
            shape, name = tuple(param.shape), param.name
            factored = len(shape) > 1
            full_dtype = onp.float16 if self.compression and not factored else param.dtype
            rows.append((shape[:-1] if factored else (1,), param.dtype, "row"))
            cols.append((shape[:-2] + shape[-1:] if factored else (1,), param.dtype, "col"))
            full.append(((1,) if factored else shape, full_dtype, ""))
            for slots, kind in ((rows, "_row"), (cols, "_col"), (full, "")):
                size, dtype, _ = slots[-1]
                slots[-1] = Parameter(onp.zeros(size, dtype), name=f"exp_avg_sq{kind}_{name}",
                                      requires_grad=False)
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(full)

    def _step_rate(self, step, rate):
        if self.scale_lr and self.relative_step:
            least = 1e-6 * step if self.warmup_init else 1e-2
            return onp.float32(min(least, 1.0 / onp.sqrt(step)))
        return onp.float32(rate)

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        step = onp.float32(self.step[0] + 1)
        rate = self._step_rate(step, rate)
        beta2t = onp.float32(1.0 - step ** onp.float32(-self.decay_rate))
        updates = [(self.step, onp.array([step], onp.float32))]
        for i, param in enumerate(self.parameters):
            updates += self._update(i, param, onp.asarray(gradients[i], onp.float32),
                                    self._lr_for(i, rate), beta2t)
        self._commit(rate, updates)
        return True

    def _second_moment(self, i, grad, beta2t):
        """(updates of the second-moment slots, the scaled gradient ``g / sqrt(v)``)."""
        square = onp.square(grad) + onp.float32(self.eps[0])
        if grad.ndim < 2:
            slot = self.exp_avg_sq[i]
            v = slot.astype(onp.float32) * beta2t + square * (1 - beta2t)
            return [(slot, v.astype(slot.dtype))], grad / onp.sqrt(v)
        row_slot, col_slot = self.exp_avg_sq_row[i], self.exp_avg_sq_col[i]
        row = row_slot * beta2t + square.mean(-1) * (1 - beta2t)
        col = col_slot * beta2t + square.mean(-2) * (1 - beta2t)
        r_factor = 1.0 / onp.sqrt(row / row.mean(-1, keepdims=True))
        c_factor = 1.0 / onp.sqrt(col)
        scaled = r_factor[..., None] * onp.expand_dims(c_factor, -2) * grad
        return [(row_slot, row.astype(row_slot.dtype)),
                (col_slot, col.astype(col_slot.dtype))], scaled

    def _update(self, i, param, grad, lr, beta2t):
        value = onp.asarray(param, onp.float32)
        if self.scale_parameter:
            lr = lr * max(onp.float32(self.eps[1]), _rms(value))
        writes, update = self._second_moment(i, grad, beta2t)
        update = update / max(_rms(update) / onp.float32(self.clip_threshold), 1.0) * lr
        if self.use_first_moment:
            slot = self.exp_avg[i]
            update = slot * onp.float32(self.beta1) + update * (1 - onp.float32(self.beta1))
            writes.append((slot, update.astype(slot.dtype)))
        if self._decay:
            value = value - value * onp.float32(self._decay) * lr
        return writes + [(param, (value - update).astype(param.dtype))]
