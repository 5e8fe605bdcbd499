"""More of MindSpore 2.10's optimizers: ``AdaMax``, ``ProximalAdagrad``, ``ASGD``,
``Rprop``. As every ``Optimizer`` here, each checks every gradient before it writes
anything, and takes weight decay, parameter groups and a list or schedule learning rate.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> w = ms.Parameter(ms.Tensor([1.0], ms.float32), name='w')
>>> _ = nn.Rprop([w], learning_rate=0.5)((ms.Tensor([2.0], ms.float32),))
>>> w.tolist()
[0.5]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import OptimizerError, OptimizerTypeError, describe, message
from ..tensor import Parameter, ParameterTuple
from .optimizer import Optimizer
from .optimizer_adaptive import _bool, _float

_IN_01 = (lambda v: 0 < v < 1), "a float in (0, 1)"


class AdaMax(Optimizer):
    """``m = beta1 * m + (1 - beta1) * g``, ``v = max(beta2 * v, |g|)``,
    ``p -= lr / (1 - beta1**t) * m / (v + eps)``."""

    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
                 weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.beta1 = _float("AdaMax", "beta1", beta1, *_IN_01)
        self.beta2 = _float("AdaMax", "beta2", beta2, *_IN_01)
        self.eps = _float("AdaMax", "eps", eps, lambda v: v > 0, "a float > 0")
        # beta1 ** t as MindSpore keeps it: a [1]-shaped float32 Parameter (in checkpoints)
        self.beta1_power = Parameter(onp.ones(1, onp.float32), name="beta1_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")

    def construct(self, gradients):
        # beta1 ** t as MindSpore steps it: the Parameter times beta1, in float32 (a
        # Parameter, so a step undone by a later failure is undone in it too)
        power = onp.multiply(onp.asarray(getval(self.beta1_power), onp.float32),
                             onp.float32(self.beta1), dtype=onp.float32)
        correction = 1 - power[0]
        gradients, rate = self._prepared(gradients)
        b1, b2, updates = self.beta1, self.beta2, [(self.beta1_power, power)]
        for i, (param, grad, m, v) in enumerate(
                zip(self.parameters, gradients, self.moment1, self.moment2)):
            new_m = b1 * m + (1 - b1) * grad
            new_v = onp.maximum(b2 * v, onp.abs(grad))
            step = self._lr_for(i, rate) / correction * new_m / (new_v + self.eps)
            updates += [(m, new_m), (v, new_v), (param, param - step)]
        self._commit(rate, updates)
        return True


class ProximalAdagrad(Optimizer):
    """``accum += g**2``, ``a = lr / sqrt(accum)``, ``prox = p - a * g``,
    ``p = sign(prox) / (1 + a * l2) * max(|prox| - a * l1, 0)`` (the shrink uses the
    per-weight rate ``a``, as MindSpore's and TensorFlow's kernels do)."""

    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        where = "ProximalAdagrad"
        for name, value in (("accum", accum), ("l1", l1), ("l2", l2)):
            _float(where, name, value, lambda v: v >= 0, "a float >= 0")
        self.use_locking = _bool(where, "use_locking", use_locking)
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.l1, self.l2 = l1, l2
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        for slot in self.accum:
            slot.set_data(onp.full(slot.shape, accum, slot.dtype))

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        updates = []
        for i, (param, grad, accum) in enumerate(zip(self.parameters, gradients, self.accum)):
            new_accum = accum + grad * grad
            lr = self._lr_for(i, rate) / onp.sqrt(new_accum)  # per weight, as the kernels
            prox = param - lr * grad
            new_param = onp.sign(prox) / (1 + lr * self.l2) * \
                onp.maximum(onp.abs(prox) - lr * self.l1, 0)
            updates += [(accum, new_accum), (param, new_param)]
        self._commit(rate, updates)
        return True


class ASGD(Optimizer):
    """Averaged SGD: ``p = p * (1 - lambd * eta) - eta * g``; ``ax`` averages ``p`` once
    ``step > t0``; ``eta = lr / (1 + lambd * lr * step) ** alpha``,
    ``mu = 1 / max(1, step - t0)`` (``eta_<name>``, ``mu_<name>``, ``ax_.<name>``)."""

    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        for name, value in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            if not isinstance(value, float):
                raise OptimizerTypeError(message(f"ASGD {name}", "a float", describe(value)))
        self.lambd, self.alpha, self.t0 = lambd, alpha, t0
        self.mu = ParameterTuple([Parameter(onp.float32(1), name=f"mu_{p.name}")
                                  for p in self.parameters])
        self.eta = ParameterTuple([Parameter(onp.float32(0), name=f"eta_{p.name}")
                                   for p in self.parameters])
        self.ax = self.parameters.clone(prefix="ax_", init="zeros")

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        step, updates = onp.float32(int(self.global_step[0]) + 1), []
        for i, (param, grad, mu, eta, ax) in enumerate(
                zip(self.parameters, gradients, self.mu, self.eta, self.ax)):
            lr = onp.float32(self._lr_for(i, rate))
            eta_now = lr if step == 1 else onp.asarray(eta)
            new_param = param * (1 - onp.float32(self.lambd) * eta_now) - eta_now * grad
            new_ax = ax + (new_param - ax) * mu if onp.asarray(mu) != 1 else new_param
            new_eta = lr / (1 + onp.float32(self.lambd) * lr * step) ** onp.float32(self.alpha)
            new_mu = onp.float32(1) / onp.maximum(onp.float32(1), step - onp.float32(self.t0))
            updates += [(param, new_param), (ax, new_ax), (eta, new_eta), (mu, new_mu)]
        self._commit(rate, updates)
        return True


def _pair(name, value, kind):
    if not isinstance(value, tuple):
        raise OptimizerTypeError(message(f"Rprop {name}", "a tuple of 2 floats",
                                         describe(value)))
    if len(value) != 2:
        raise OptimizerError(message(f"Rprop {name}", "a tuple of 2 floats",
                                     f"{len(value)} items"))
    for item in value:
        if not isinstance(item, kind):
            raise OptimizerTypeError(message(f"Rprop {name}", "a tuple of 2 floats",
                                             describe(item)))
    return value


class Rprop(Optimizer):
    """Resilient backpropagation: each weight's step size grows by ``etas[1]`` while its
    gradient keeps its sign and shrinks by ``etas[0]`` when it flips (that step skipped),
    clipped to ``step_sizes``; ``p -= sign(g) * step_size`` (step sizes start at ``lr``)."""

    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.),
                 weight_decay=0.):
        super().__init__(learning_rate, params, weight_decay)
        _pair("etas", etas, (float, int))
        _pair("step_sizes", step_sizes, (float, int))
        if step_sizes[0] > step_sizes[1]:
            raise OptimizerError(message("Rprop step_sizes", "(min, max) with min <= max",
                                         repr(step_sizes)))
        _float("Rprop", "etas[0]", float(etas[0]), lambda v: 0 < v < 1, "a float in (0, 1)")
        _float("Rprop", "etas[1]", etas[1], lambda v: v > 1, "a float > 1")
        _float("Rprop", "step_sizes[0]", step_sizes[0], lambda v: True, "a float")
        _float("Rprop", "step_sizes[1]", step_sizes[1], lambda v: True, "a float")
        (self.etaminus, self.etaplus), (self.step_size_min, self.step_size_max) = etas, \
            step_sizes
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")

    def construct(self, gradients):
        first = int(self.global_step[0]) == 0
        gradients, rate = self._prepared(gradients)
        updates = []
        for i, (param, grad, prev, slot) in enumerate(
                zip(self.parameters, gradients, self.prev, self.step_size)):
            dtype = onp.asarray(param).dtype
            size = onp.full(slot.shape, self._lr_for(i, rate), dtype) if first \
                else onp.asarray(slot)
            sign = onp.sign(onp.asarray(grad * prev))
            factor = onp.where(sign > 0, self.etaplus, onp.where(sign < 0, self.etaminus, 1))
            factor = factor.astype(dtype)
            size = onp.clip(size * factor, self.step_size_min, self.step_size_max).astype(dtype)
            grad = onp.where(factor == factor.dtype.type(self.etaminus), 0, grad).astype(dtype)
            updates += [(param, param - onp.sign(grad) * size), (prev, grad),
                        (slot, size)]
        self._commit(rate, updates)
        return True
