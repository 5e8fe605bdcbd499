"""MindSpore 2.10's optimizer-step primitives: ``ApplyAdagrad``, ``ApplyRMSProp``,
``ApplyCenteredRMSProp``, ``ApplyAdaMax``, ``ApplyAdadelta`` and
``ApplyProximalGradientDescent``. Each computes every new value first and writes through
``writes.assign_all``, so a bad argument leaves every Parameter (slots included) as it
was; the write is not differentiated.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> var = ms.Parameter(ms.Tensor([1.0]), name='var')
>>> accum = ms.Parameter(ms.Tensor([0.0]), name='accum')
>>> [t.tolist() for t in ops.ApplyAdagrad()(var, accum, 0.5, ms.Tensor([2.0]))]
[[0.5], [4.0]]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from .primitives import Primitive
from .prims_writes import _data, _param
from .writes import assign_all


def _params(where, names, values):
    """The Parameters ``values`` (named ``names``), all of the first one's shape."""
    params = [_param(f"{where} {n}", v) for n, v in zip(names, values)]
    for name, p in zip(names[1:], params[1:]):
        if p.shape != params[0].shape:
            raise CellArgumentError(message(f"{where} {name}", f"the shape of {names[0]} "
                                            f"{params[0].shape}", f"shape {p.shape}"))
    return [p.view(onp.ndarray) for p in params], params


def _grad(where, grad, var, name="grad"):
    data = onp.asarray(getval(grad))
    if data.shape != var.shape:
        raise CellArgumentError(message(f"{where} {name}", f"the shape of var {var.shape}",
                                        f"shape {data.shape}"))
    if data.dtype.kind not in "f" or data.dtype != var.dtype:
        raise CellTypeError(message(f"{where} {name}", f"a {var.dtype} Tensor like var",
                                    describe(grad)))
    return data


def _scalar(where, value, var):
    data = _data(where, value, var)
    if data.size != 1:
        raise CellArgumentError(message(where, "a scalar", f"shape {data.shape}"))
    return data.reshape(())


class ApplyAdagrad(Primitive):
    """``ApplyAdagrad(update_slots=True)(var, accum, lr, grad)``: ``accum += grad ** 2``,
    ``var -= lr * grad / sqrt(accum)``; returns ``(var, accum)``."""

    def __init__(self, update_slots=True):
        super().__init__()
        if not isinstance(update_slots, bool):
            raise CellTypeError(message("ApplyAdagrad update_slots", "a bool",
                                        describe(update_slots)))
        self.update_slots = update_slots

    def __call__(self, var, accum, lr, grad):
        (v, a), params = _params("ApplyAdagrad", ("var", "accum"), (var, accum))
        g = _grad("ApplyAdagrad", grad, v)
        lr = _scalar("ApplyAdagrad lr", lr, v)
        a = a + g * g if self.update_slots else a
        assign_all([(params[0], v - lr * g / onp.sqrt(a)), (params[1], a)])
        return tuple(params)


class ApplyRMSProp(Primitive):
    """``ApplyRMSProp()(var, mean_square, moment, learning_rate, grad, decay, momentum,
    epsilon)``: ``mean_square = decay * mean_square + (1 - decay) * grad ** 2``, ``moment =
    momentum * moment + lr * grad / sqrt(mean_square + epsilon)``, ``var -= moment``;
    returns ``var``."""

    def __init__(self, use_locking=False):
        super().__init__()
        if not isinstance(use_locking, bool):
            raise CellTypeError(message("ApplyRMSProp use_locking", "a bool",
                                        describe(use_locking)))
        self.use_locking = use_locking

    def __call__(self, var, mean_square, moment, learning_rate, grad, decay, momentum,
                 epsilon):
        w = "ApplyRMSProp"
        (v, ms, mom), params = _params(w, ("var", "mean_square", "moment"),
                                       (var, mean_square, moment))
        g = _grad(w, grad, v)
        lr, rho, mu, eps = (_scalar(f"{w} {n}", x, v) for n, x in (
            ("learning_rate", learning_rate), ("decay", decay), ("momentum", momentum),
            ("epsilon", epsilon)))
        ms = rho * ms + (1 - rho) * g * g
        mom = mu * mom + lr * g / onp.sqrt(ms + eps)
        assign_all([(params[0], v - mom), (params[1], ms), (params[2], mom)])
        return params[0]


class ApplyCenteredRMSProp(ApplyRMSProp):
    """``ApplyCenteredRMSProp()(var, mean_gradient, mean_square, moment, grad,
    learning_rate, decay, momentum, epsilon)``: RMSProp with the running mean of ``grad``
    taken out of the running mean of its square; returns ``var``."""

    def __call__(self, var, mean_gradient, mean_square, moment, grad, learning_rate, decay,
                 momentum, epsilon):
        w = "ApplyCenteredRMSProp"
        (v, mg, ms, mom), params = _params(w, ("var", "mean_gradient", "mean_square",
                                               "moment"), (var, mean_gradient, mean_square,
                                                           moment))
        g = _grad(w, grad, v)
        lr, rho, mu, eps = (_scalar(f"{w} {n}", x, v) for n, x in (
            ("learning_rate", learning_rate), ("decay", decay), ("momentum", momentum),
            ("epsilon", epsilon)))
        mg = rho * mg + (1 - rho) * g
        ms = rho * ms + (1 - rho) * g * g
        mom = mu * mom + lr * g / onp.sqrt(ms - mg * mg + eps)
        assign_all([(params[0], v - mom), (params[1], mg), (params[2], ms), (params[3], mom)])
        return params[0]


class ApplyAdaMax(Primitive):
    """``ApplyAdaMax()(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad)``: ``m =
    beta1 * m + (1 - beta1) * grad``, ``v = max(beta2 * v, |grad|)``, ``var -= lr / (1 -
    beta1_power) * m / (v + epsilon)``; returns ``(var, m, v)``."""

    def __call__(self, var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
        w = "ApplyAdaMax"
        (x, m_, v_), params = _params(w, ("var", "m", "v"), (var, m, v))
        g = _grad(w, grad, x)
        b1p, lr, b1, b2, eps = (_scalar(f"{w} {n}", s, x) for n, s in (
            ("beta1_power", beta1_power), ("lr", lr), ("beta1", beta1), ("beta2", beta2),
            ("epsilon", epsilon)))
        m_ = b1 * m_ + (1 - b1) * g
        v_ = onp.maximum(b2 * v_, onp.abs(g))
        assign_all([(params[0], x - lr / (1 - b1p) * m_ / (v_ + eps)), (params[1], m_),
                    (params[2], v_)])
        return tuple(params)


class ApplyAdadelta(Primitive):
    """``ApplyAdadelta()(var, accum, accum_update, lr, rho, epsilon, grad)``: Adadelta's
    step; returns ``(var, accum, accum_update)``."""

    def __call__(self, var, accum, accum_update, lr, rho, epsilon, grad):
        w = "ApplyAdadelta"
        (x, a, au), params = _params(w, ("var", "accum", "accum_update"),
                                     (var, accum, accum_update))
        g = _grad(w, grad, x)
        lr, rho, eps = (_scalar(f"{w} {n}", s, x) for n, s in (
            ("lr", lr), ("rho", rho), ("epsilon", epsilon)))
        a = rho * a + (1 - rho) * g * g
        update = onp.sqrt(au + eps) / onp.sqrt(a + eps) * g
        au = rho * au + (1 - rho) * update * update
        assign_all([(params[0], x - lr * update), (params[1], a), (params[2], au)])
        return tuple(params)


class ApplyProximalGradientDescent(Primitive):
    """``ApplyProximalGradientDescent()(var, alpha, l1, l2, delta)``: a gradient step of
    size ``alpha``, then soft-thresholding by ``alpha * l1`` and shrinking by ``1 + alpha *
    l2``; returns ``var``."""

    def __call__(self, var, alpha, l1, l2, delta):
        w = "ApplyProximalGradientDescent"
        (x,), params = _params(w, ("var",), (var,))
        d = _grad(w, delta, x, "delta")
        alpha, l1, l2 = (_scalar(f"{w} {n}", s, x) for n, s in (
            ("alpha", alpha), ("l1", l1), ("l2", l2)))
        prox = x - alpha * d
        new = onp.sign(prox) / (1 + alpha * l2) * onp.maximum(onp.abs(prox) - alpha * l1, 0)
        assign_all([(params[0], new)])
        return params[0]
