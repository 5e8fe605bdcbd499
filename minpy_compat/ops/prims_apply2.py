"""MindSpore 2.10's remaining optimizer-step primitives: ``ApplyAdamWithAmsgrad`` (and
``V2``), ``ApplyPowerSign``, ``ApplyAddSign``, ``ApplyAdagradV2``, ``ApplyAdagradDA``,
``ApplyFtrl``, ``ApplyKerasMomentum`` and ``ApplyProximalAdagrad``. As in
``prims_apply``, each computes every new value first and writes through
``writes.assign_all``, so a bad argument leaves every Parameter as it was.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> var = ms.Parameter(ms.Tensor([1.0]), name='var')
>>> accum = ms.Parameter(ms.Tensor([0.0]), name='accum')
>>> [t.tolist() for t in ops.ApplyAdagradV2(1e-6)(var, accum, 0.5, ms.Tensor([2.0]))]
[[0.5], [4.0]]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from .primitives import Primitive
from .prims_apply import _grad, _params, _scalar
from .writes import assign_all


def _flag(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return value


def _float(where, value):
    if not isinstance(value, float) or isinstance(value, bool):
        raise CellTypeError(message(where, "a float", describe(value)))
    return value


def _scalars(where, var, **named):
    return [_scalar(f"{where} {name}", value, var) for name, value in named.items()]


class _Locking(Primitive):
    def __init__(self, use_locking=False):
        super().__init__()
        self.use_locking = _flag(f"{type(self).__name__} use_locking", use_locking)


def _amsgrad(params, g, b1p, b2p, lr, b1, b2, eps):
    x, m, v, vhat = params
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    vhat = onp.maximum(vhat, v)
    step = lr * onp.sqrt(1 - b2p) / (1 - b1p)
    return x - step * m / (onp.sqrt(vhat) + eps), m, v, vhat


class ApplyAdamWithAmsgrad(_Locking):
    """``ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.999, epsilon=1e-8)(var, m, v, vhat,
    beta1_power, beta2_power, lr, grad)``: Adam with ``vhat = max(vhat, v)`` in the
    denominator; returns ``(var, m, v, vhat)``."""

    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False):
        super().__init__(use_locking)
        w = "ApplyAdamWithAmsgrad"
        self.beta1, self.beta2 = _float(f"{w} beta1", beta1), _float(f"{w} beta2", beta2)
        self.epsilon = _float(f"{w} epsilon", epsilon)

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, grad):
        w = "ApplyAdamWithAmsgrad"
        data, params = _params(w, ("var", "m", "v", "vhat"), (var, m, v, vhat))
        g = _grad(w, grad, data[0])
        b1p, b2p, lr = _scalars(w, data[0], beta1_power=beta1_power, beta2_power=beta2_power,
                                lr=lr)
        new = _amsgrad(data, g, b1p, b2p, lr, self.beta1, self.beta2, self.epsilon)
        assign_all(list(zip(params, new)))
        return tuple(params)


class ApplyAdamWithAmsgradV2(_Locking):
    """``ApplyAdamWithAmsgradV2()(var, m, v, vhat, beta1_power, beta2_power, lr, beta1,
    beta2, epsilon, grad)``: ``ApplyAdamWithAmsgrad`` with the rates as inputs; returns
    ``(var, m, v, vhat)``."""

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                 grad):
        w = "ApplyAdamWithAmsgradV2"
        data, params = _params(w, ("var", "m", "v", "vhat"), (var, m, v, vhat))
        g = _grad(w, grad, data[0])
        rates = _scalars(w, data[0], beta1_power=beta1_power, beta2_power=beta2_power, lr=lr,
                         beta1=beta1, beta2=beta2, epsilon=epsilon)
        assign_all(list(zip(params, _amsgrad(data, g, *rates))))
        return tuple(params)


class _SignStep(Primitive):
    """``var -= lr * scale * grad`` where ``scale`` reads whether ``grad`` and the running
    mean ``m`` agree in sign."""

    def __call__(self, var, m, lr, base, sign_decay, beta, grad):
        w = type(self).__name__
        (x, m_), params = _params(w, ("var", "m"), (var, m))
        if onp.asarray(getval(grad)).dtype.kind in "iu":  # MindSpore casts an int grad here
            grad = onp.asarray(getval(grad)).astype(x.dtype)
        g = _grad(w, grad, x)
        lr, base, decay, beta = _scalars(w, x, lr=lr, **{self.base_name: base},
                                         sign_decay=sign_decay, beta=beta)
        m_ = beta * m_ + (1 - beta) * g
        agree = onp.sign(g) * onp.sign(m_)
        assign_all([(params[0], x - lr * self._scale(base, decay * agree) * g),
                    (params[1], m_)])
        return tuple(params)


class ApplyPowerSign(_SignStep):
    """``ApplyPowerSign()(var, m, lr, logbase, sign_decay, beta, grad)``: ``m = beta * m +
    (1 - beta) * grad``, ``var -= lr * exp(logbase * sign_decay * sign(grad) * sign(m)) *
    grad``; returns ``(var, m)``."""

    base_name = "logbase"

    def _scale(self, base, signed):
        return onp.exp(base * signed)


class ApplyAddSign(_SignStep):
    """``ApplyAddSign()(var, m, lr, alpha, sign_decay, beta, grad)``: ``m = beta * m + (1 -
    beta) * grad``, ``var -= lr * (alpha + sign_decay * sign(grad) * sign(m)) * grad``;
    returns ``(var, m)``."""

    base_name = "alpha"

    def _scale(self, base, signed):
        return base + signed


class ApplyAdagradV2(Primitive):
    """``ApplyAdagradV2(epsilon, update_slots=True)(var, accum, lr, grad)``: ``accum +=
    grad ** 2``, ``var -= lr * grad / (sqrt(accum) + epsilon)``; returns ``(var, accum)``."""

    def __init__(self, epsilon, update_slots=True):
        super().__init__()
        self.epsilon = _float("ApplyAdagradV2 epsilon", epsilon)
        self.update_slots = _flag("ApplyAdagradV2 update_slots", update_slots)

    def __call__(self, var, accum, lr, grad):
        w = "ApplyAdagradV2"
        (x, a), params = _params(w, ("var", "accum"), (var, accum))
        g = _grad(w, grad, x)
        lr, = _scalars(w, x, lr=lr)
        a = a + g * g if self.update_slots else a
        assign_all([(params[0], x - lr * g / (onp.sqrt(a) + self.epsilon)), (params[1], a)])
        return tuple(params)


class ApplyAdagradDA(_Locking):
    """``ApplyAdagradDA()(var, gradient_accumulator, gradient_squared_accumulator, grad, lr,
    l1, l2, global_step)``: Adagrad's dual averaging (the accumulators grow by ``grad`` and
    ``grad ** 2``; ``var`` is solved from them); returns ``var``."""

    def __call__(self, var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1,
                 l2, global_step):
        w = "ApplyAdagradDA"
        (x, acc, sq), params = _params(w, ("var", "gradient_accumulator",
                                           "gradient_squared_accumulator"),
                                       (var, gradient_accumulator,
                                        gradient_squared_accumulator))
        g = _grad(w, grad, x)
        lr, l1, l2 = _scalars(w, x, lr=lr, l1=l1, l2=l2)
        step = onp.asarray(getval(global_step))
        if step.dtype.kind not in "iu" or step.size != 1:
            raise CellTypeError(message(f"{w} global_step", "an int scalar",
                                        describe(global_step)))
        step = step.reshape(()).astype(x.dtype)
        acc, sq = acc + g, sq + g * g
        shrunk = onp.sign(acc) * onp.maximum(onp.abs(acc) - l1 * step, 0) \
            if l1 > 0 else acc
        new = -lr * shrunk / (l2 * step * lr + onp.sqrt(sq))
        assign_all([(params[0], new), (params[1], acc), (params[2], sq)])
        return params[0]


class ApplyFtrl(_Locking):
    """``ApplyFtrl()(var, accum, linear, grad, lr, l1, l2, lr_power)``: one FTRL-proximal
    step (``accum += grad ** 2``; ``linear`` and ``var`` follow); returns ``var``."""

    def __call__(self, var, accum, linear, grad, lr, l1, l2, lr_power):
        w = "ApplyFtrl"
        (x, a, lin), params = _params(w, ("var", "accum", "linear"), (var, accum, linear))
        g = _grad(w, grad, x)
        lr, l1, l2, power = _scalars(w, x, lr=lr, l1=l1, l2=l2, lr_power=lr_power)
        new_a = a + g * g
        lin = lin + g - (new_a ** -power - a ** -power) / lr * x
        quadratic = new_a ** -power / lr + 2 * l2
        new = onp.where(onp.abs(lin) > l1, (onp.sign(lin) * l1 - lin) / quadratic, 0)
        assign_all([(params[0], new), (params[1], new_a), (params[2], lin)])
        return params[0]


class ApplyKerasMomentum(_Locking):
    """``ApplyKerasMomentum(use_locking=False, use_nesterov=False)(var, accum, lr, grad,
    momentum)``: ``accum = accum * momentum - lr * grad``, ``var += accum`` (Nesterov:
    ``var += accum * momentum - lr * grad``); returns ``(var, accum)``."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__(use_locking)
        self.use_nesterov = _flag("ApplyKerasMomentum use_nesterov", use_nesterov)

    def __call__(self, var, accum, lr, grad, momentum):
        w = "ApplyKerasMomentum"
        (x, a), params = _params(w, ("var", "accum"), (var, accum))
        g = _grad(w, grad, x)
        lr, mu = _scalars(w, x, lr=lr, momentum=momentum)
        a = a * mu - lr * g
        new = x + a * mu - lr * g if self.use_nesterov else x + a
        assign_all([(params[0], new), (params[1], a)])
        return tuple(params)


class ApplyProximalAdagrad(_Locking):
    """``ApplyProximalAdagrad()(var, accum, lr, l1, l2, grad)``: ``accum += grad ** 2``;
    with the step size ``rate = lr / sqrt(accum)``, a gradient step, then soft-thresholding
    by ``rate * l1`` and shrinking by ``1 + rate * l2`` (TensorFlow's kernel, which
    MindSpore's follows); returns ``(var, accum)``."""

    def __call__(self, var, accum, lr, l1, l2, grad):
        w = "ApplyProximalAdagrad"
        (x, a), params = _params(w, ("var", "accum"), (var, accum))
        g = _grad(w, grad, x)
        lr, l1, l2 = _scalars(w, x, lr=lr, l1=l1, l2=l2)
        a = a + g * g
        rate = lr / onp.sqrt(a)
        prox = x - rate * g
        new = onp.sign(prox) / (1 + rate * l2) * onp.maximum(onp.abs(prox) - rate * l1, 0)
        assign_all([(params[0], new), (params[1], a)])
        return tuple(params)
