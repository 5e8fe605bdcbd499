"""MindSpore's ``nn.FTRL`` (follow-the-regularized-leader, ``ApplyFtrl``'s update rule).

Per Parameter ``w`` with gradient ``g``, accumulator ``m`` (starts at ``initial_accum``)
and linear term ``u`` (starts at 0), ``p = -lr_power``:
``m' = m + g**2``, ``u += g - (m'**p - m**p) / lr * w``,
``w = (sign(u) * l1 - u) / (m'**p / lr + 2 * l2)`` where ``|u| > l1``, else 0.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> w = ms.Parameter(ms.Tensor([1.0], ms.float32), name='w')
>>> _ = nn.FTRL([w], initial_accum=0.0, learning_rate=0.5)((ms.Tensor([2.0], ms.float32),))
>>> w.tolist()
[-0.5]
"""
import numpy as onp

from ..errors import OptimizerError, OptimizerTypeError, describe, message
from .optimizer import Optimizer


def _float(name, value, ok, expected):
    if not isinstance(value, float):
        raise OptimizerTypeError(message(f"FTRL {name}", "a float", describe(value)))
    if not ok(value):
        raise OptimizerError(message(f"FTRL {name}", expected, repr(value)))
    return value


class FTRL(Optimizer):
    """``FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0)``: one fixed learning rate, no
    groups (as MindSpore); the weight decay covers every Parameter."""

    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0,
                 l2=0.0, use_locking=False, loss_scale=1.0, weight_decay=0.0):
        if isinstance(learning_rate, (list, tuple)) or any(
                isinstance(p, dict) for p in (params if isinstance(params, list) else ())):
            raise OptimizerError(message(
                "FTRL", "one fixed learning rate and no parameter groups",
                "a learning-rate list" if isinstance(learning_rate, (list, tuple))
                else "parameter groups", "Pass a float learning_rate and a plain list."))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.initial_accum = _float("initial_accum", initial_accum, lambda v: v >= 0,
                                    "a float >= 0")
        self.lr = _float("learning_rate", learning_rate, lambda v: v > 0, "a float > 0")
        self.lr_power = _float("lr_power", lr_power, lambda v: v <= 0, "a float <= 0")
        self.l1 = _float("l1", l1, lambda v: v >= 0, "a float >= 0")
        self.l2 = _float("l2", l2, lambda v: v >= 0, "a float >= 0")
        if not isinstance(use_locking, bool):
            raise OptimizerTypeError(message("FTRL use_locking", "a bool", describe(use_locking)))
        self.use_locking = use_locking
        self._decays = [self.weight_decay] * len(self.parameters)  # beta and gamma too
        self.moments = self.parameters.clone(prefix="moments", init="zeros")
        for slot in self.moments:
            slot.set_data(onp.full(slot.shape, initial_accum, slot.dtype))
        self.linear = self.parameters.clone(prefix="linear", init="zeros")

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        power, updates = -self.lr_power, []
        for param, grad, accum, linear in zip(self.parameters, gradients, self.moments,
                                              self.linear):
            new_accum = accum + grad * grad
            new_linear = linear + grad - (new_accum ** power - accum ** power) / rate * param
            quadratic = new_accum ** power / rate + 2 * self.l2
            new_param = onp.where(onp.abs(new_linear) > self.l1,
                                  (onp.sign(new_linear) * self.l1 - new_linear) / quadratic, 0)
            updates += [(accum, new_accum), (linear, new_linear),
                        (param, onp.asarray(new_param, param.dtype))]
        self._commit(rate, updates)
        return True
