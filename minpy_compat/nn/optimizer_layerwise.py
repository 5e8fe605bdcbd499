"""MindSpore 2.10's layer-wise optimizers: ``Lamb``, ``LARS`` (which wraps another
optimizer) and ``LazyAdam`` (Adam; its lazy rows matter only for sparse gradients, which
this library does not make).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> w = ms.Parameter(ms.Tensor([3.0, 4.0], ms.float32), name='w')
>>> _ = nn.Lamb([w], learning_rate=0.1)((ms.Tensor([1.0, 1.0], ms.float32),))
>>> [round(v, 4) for v in w.tolist()]
[2.6464, 3.6464]
"""
import numpy as onp

from ..errors import OptimizerError, OptimizerTypeError, describe, message
from .adam import Adam
from .optimizer import Optimizer
from .optimizer_adaptive import _bool, _float
from .optimizer_in_place import goes_in_place

_IN_01 = (lambda v: 0 < v < 1), "a float in (0, 1)"


def _norm(x):
    return onp.sqrt(onp.sum(onp.square(onp.asarray(x, onp.float32))))


class Lamb(Optimizer):
    """Adam's bias-corrected ratio ``r = m_hat / (sqrt(v_hat) + eps) + weight_decay * p``,
    scaled per Parameter by the trust ratio ``||p|| / ||r||`` (1 where either is 0):
    ``p -= lr * trust * r``."""

    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        self.beta1 = _float("Lamb", "beta1", beta1, *_IN_01)
        self.beta2 = _float("Lamb", "beta2", beta2, *_IN_01)
        self.eps = _float("Lamb", "eps", eps, lambda v: v > 0, "a float > 0")
        self.moments1 = self.parameters.clone(prefix="lamb_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="lamb_v", init="zeros")

    def decay_weight(self, gradients):
        return tuple(gradients)  # the decay is in the ratio, not the gradient

    def construct(self, gradients):
        t = int(self.global_step[0]) + 1
        gradients, rate = self._prepared(gradients)
        b1, b2, updates = self.beta1, self.beta2, []
        for i, (param, grad, m, v, decay) in enumerate(zip(
                self.parameters, gradients, self.moments1, self.moments2, self._decays)):
            new_m, new_v = b1 * m + (1 - b1) * grad, b2 * v + (1 - b2) * grad * grad
            ratio = (new_m / (1 - b1 ** t)) / (onp.sqrt(new_v / (1 - b2 ** t)) + self.eps)
            if decay:
                ratio = ratio + decay * param
            w_norm, r_norm = _norm(param), _norm(ratio)
            trust = w_norm / r_norm if w_norm > 0 and r_norm > 0 else 1.0
            updates += [(m, new_m), (v, new_v),
                        (param, param - self._lr_for(i, rate) * trust * ratio)]
        self._commit(rate, updates)
        return True


def _default_filter(param):
    return "LayerNorm" not in param.name and "bias" not in param.name


class LARS(Optimizer):
    """Layer-wise adaptive rate scaling around ``optimizer``: for each Parameter that
    ``lars_filter`` keeps, the gradient becomes ``trust * (g + wd * p)`` with
    ``trust = coefficient * ||p|| / (||g|| + wd * ||p|| + epsilon)`` (1 where a norm is 0;
    ``use_clip`` caps ``trust / lr`` at 1), then ``optimizer`` steps; the weight decay and
    loss scale move from ``optimizer`` to here."""

    def __init__(self, optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
                 lars_filter=_default_filter):
        if not isinstance(optimizer, Optimizer):
            raise OptimizerTypeError(message("LARS optimizer", "an nn.Optimizer",
                                             describe(optimizer)))
        self_epsilon = _float("LARS", "epsilon", epsilon, lambda v: True, "a float")
        self_coefficient = _float("LARS", "coefficient", coefficient, lambda v: True, "a float")
        _bool("LARS", "use_clip", use_clip)
        if use_clip and (optimizer._lr_schedule is not None or len(optimizer._schedule) > 1) \
                and any(lr is not None for lr in optimizer._group_lr):
            raise OptimizerError(message("LARS use_clip=True", "one learning rate per step or "
                                         "per group, not both", "a dynamic learning rate with "
                                         "group rates", "Pass use_clip=False."))
        super().__init__(0.0, list(optimizer.parameters))
        self.opt = optimizer
        self.epsilon, self.coefficient, self.use_clip = self_epsilon, self_coefficient, use_clip
        self.lars_flag = tuple(bool(lars_filter(p)) for p in self.parameters)
        self._lars_decays, self._lars_scale = list(optimizer._decays), optimizer.loss_scale
        optimizer._decays = [0.0] * len(optimizer._decays)  # LARS applies the decay
        optimizer.loss_scale = 1.0

    def construct(self, gradients):
        gradients = tuple(gradients)
        if len(gradients) != len(self.parameters):
            raise OptimizerError(message("LARS", f"{len(self.parameters)} gradients, one per "
                                         "parameter", f"{len(gradients)}"))
        if self._lars_scale != 1.0:
            gradients = tuple(g / self._lars_scale for g in gradients)
        step = int(self.opt.global_step[0])
        if self.opt._lr_schedule is not None:
            rate = self.opt._scheduled_rate()
        else:
            rate = self.opt._schedule[min(step, len(self.opt._schedule) - 1)]
        scaled = []
        for i, (param, grad) in enumerate(zip(self.parameters, gradients)):
            if not self.lars_flag[i]:
                scaled.append(grad)
                continue
            decay = self._lars_decays[i]
            w_norm, g_norm = _norm(param), _norm(grad)
            trust = self.coefficient * w_norm / (g_norm + decay * w_norm + self.epsilon) \
                if w_norm > 0 and g_norm > 0 else 1.0
            if self.use_clip:
                trust = min(trust / self.opt._lr_for(i, rate), 1.0)
            scaled.append(onp.float32(trust) * (grad + decay * param))
        return self.opt(tuple(scaled))


class LazyAdam(Adam):
    """Adam (``nn.Adam``'s update rule on dense gradients)."""

    _power_shape = (1,)  # MindSpore's LazyAdam keeps its beta powers in shape [1]

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        where = "LazyAdam"
        _float(where, "beta1", beta1, *_IN_01)
        _float(where, "beta2", beta2, *_IN_01)
        _float(where, "eps", eps, lambda v: v > 0, "a float > 0")
        _float(where, "weight_decay", weight_decay, lambda v: v >= 0, "a float >= 0")
        _bool(where, "use_locking", use_locking)
        _bool(where, "use_nesterov", use_nesterov)
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov,
                         weight_decay, loss_scale)


goes_in_place(LazyAdam)
