"""Adaptive optimizers (MindSpore 2.10's update rules): ``RMSProp`` (centered too),
``Adagrad``, ``Adadelta``, ``AdamWeightDecay``. Each checks every gradient before it
writes anything (``Optimizer._prepared``/``_commit``), and takes for ``learning_rate`` a
number, a list (one per step), a 0-d Tensor or a ``LearningRateSchedule`` Cell, as every
``Optimizer`` does.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> w = ms.Parameter(ms.Tensor([1.0], ms.float32), name='w')
>>> _ = nn.Adagrad([w], accum=0.0, learning_rate=0.5)((ms.Tensor([2.0], ms.float32),))
>>> w.tolist()
[0.5]
"""
import numpy as onp

from ..errors import OptimizerError, OptimizerTypeError, describe, message
from .optimizer import Optimizer
from .optimizer_in_place import adam_weight_decay_step, goes_in_place


def _float(where, name, value, ok, expected):
    if not isinstance(value, float):
        raise OptimizerTypeError(message(f"{where} {name}", "a float", describe(value)))
    if not ok(value):
        raise OptimizerError(message(f"{where} {name}", expected, repr(value)))
    return value


def _bool(where, name, value):
    if not isinstance(value, bool):
        raise OptimizerTypeError(message(f"{where} {name}", "a bool", describe(value)))
    return value


class RMSProp(Optimizer):
    """``ms = decay * ms + (1 - decay) * g**2`` (``ms`` starts at 1), ``mom = momentum * mom
    + lr * g / sqrt(ms + epsilon)``, ``p -= mom``; ``centered`` subtracts the squared mean
    gradient ``mg`` from ``ms`` under the root."""

    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
                 use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        where = "RMSProp"
        self.decay = _float(where, "decay", decay, lambda v: v >= 0, "a float >= 0")
        self.momentum = _float(where, "momentum", momentum, lambda v: v >= 0, "a float >= 0")
        self.epsilon = _float(where, "epsilon", epsilon, lambda v: v > 0, "a float > 0")
        _bool(where, "use_locking", use_locking)
        self.centered = _bool(where, "centered", centered)
        if centered:
            self.mg = self.parameters.clone(prefix="mean_grad", init="zeros")
        self.ms = self.parameters.clone(prefix="mean_square", init="ones")
        self.moment = self.parameters.clone(prefix="moment", init="zeros")

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        d, updates = self.decay, []
        mgs = self.mg if self.centered else [None] * len(self.parameters)
        for i, (param, grad, ms, mom, mg) in enumerate(
                zip(self.parameters, gradients, self.ms, self.moment, mgs)):
            new_ms = d * ms + (1 - d) * grad * grad
            spread = new_ms
            if mg is not None:
                new_mg = d * mg + (1 - d) * grad
                spread = new_ms - new_mg * new_mg
                updates.append((mg, new_mg))
            new_mom = self.momentum * mom + \
                self._lr_for(i, rate) * grad / onp.sqrt(spread + self.epsilon)
            updates += [(ms, new_ms), (mom, new_mom), (param, param - new_mom)]
        self._commit(rate, updates)
        return True


class Adagrad(Optimizer):
    """``accum += g**2`` (if ``update_slots``; ``accum`` starts at ``accum``),
    ``p -= lr * g / sqrt(accum)``."""

    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True,
                 loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        start = _float("Adagrad", "accum", accum, lambda v: v >= 0, "a float >= 0")
        self.update_slots = _bool("Adagrad", "update_slots", update_slots)
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        for slot in self.accum:
            slot.set_data(onp.full(slot.shape, start, slot.dtype))

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        updates = []
        for i, (param, grad, accum) in enumerate(zip(self.parameters, gradients, self.accum)):
            new_accum = accum + grad * grad if self.update_slots else accum
            updates += [(accum, new_accum),
                        (param, param - self._lr_for(i, rate) * grad / onp.sqrt(new_accum))]
        self._commit(rate, updates)
        return True


class Adadelta(Optimizer):
    """``accum = rho * accum + (1 - rho) * g**2``, ``u = sqrt(accum_update + eps) /
    sqrt(accum + eps) * g``, ``accum_update = rho * accum_update + (1 - rho) * u**2``,
    ``p -= lr * u``."""

    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.rho = _float("Adadelta", "rho", rho, lambda v: 0 <= v <= 1, "a float in [0, 1]")
        self.epsilon = _float("Adadelta", "epsilon", epsilon, lambda v: v >= 0, "a float >= 0")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.accum_update = self.parameters.clone(prefix="accum_update", init="zeros")

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        rho, eps, updates = self.rho, self.epsilon, []
        for i, (param, grad, accum, accum_update) in enumerate(
                zip(self.parameters, gradients, self.accum, self.accum_update)):
            new_accum = rho * accum + (1 - rho) * grad * grad
            step = onp.sqrt(accum_update + eps) / onp.sqrt(new_accum + eps) * grad
            updates += [(accum, new_accum),
                        (accum_update, rho * accum_update + (1 - rho) * step * step),
                        (param, param - self._lr_for(i, rate) * step)]
        self._commit(rate, updates)
        return True


class AdamWeightDecay(Optimizer):
    """Adam without bias correction and with decoupled weight decay:
    ``p -= lr * (m / (sqrt(v) + eps) + weight_decay * p)`` (the decay skips Parameters named
    ``beta``/``gamma`` unless grouped, as MindSpore)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        where = "AdamWeightDecay"
        between = (lambda v: 0 < v < 1), "a float in (0, 1)"
        self.beta1 = _float(where, "beta1", beta1, *between)
        self.beta2 = _float(where, "beta2", beta2, *between)
        self.eps = _float(where, "eps", eps, lambda v: v > 0, "a float > 0")
        self.moments1 = self.parameters.clone(prefix="adam_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="adam_v", init="zeros")

    def decay_weight(self, gradients):
        return tuple(gradients)  # the decay is in the update, not the gradient

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        if adam_weight_decay_step(self, gradients, rate):
            return True
        b1, b2, updates = self.beta1, self.beta2, []
        for i, (param, grad, m, v, decay) in enumerate(
                zip(self.parameters, gradients, self.moments1, self.moments2, self._decays)):
            new_m, new_v = b1 * m + (1 - b1) * grad, b2 * v + (1 - b2) * grad * grad
            step = new_m / (onp.sqrt(new_v) + self.eps)
            if decay:
                step = step + decay * param
            updates += [(m, new_m), (v, new_v), (param, param - self._lr_for(i, rate) * step)]
        self._commit(rate, updates)
        return True


goes_in_place(AdamWeightDecay)
