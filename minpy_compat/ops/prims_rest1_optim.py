"""MindSpore 2.10's ``Adam``, ``AdamWeightDecay`` and ``SGD`` step primitives, and
``ScatterAddWithAxis``. As in ``prims_apply``, the steps compute every new value first and
write through ``writes.assign_all``, so a bad argument leaves every Parameter as it was.
``ScatterAddWithAxis`` writes nothing: on MindSpore 2.10's CPU it returns a new Tensor and
leaves its input (even a Parameter) as it was.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> p = ms.Parameter(ms.Tensor([1.0]), name='p')
>>> acc = ms.Parameter(ms.Tensor([0.0]), name='acc')
>>> stat = ms.Parameter(ms.Tensor([1.0]), name='stat')
>>> lr, mu = ms.Tensor(0.5), ms.Tensor(0.9)
>>> ops.SGD()(p, ms.Tensor([2.0]), lr, acc, mu, stat).tolist(), acc.tolist(), stat.tolist()
([0.0], [2.0], [0.0])
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from .prims_apply import _grad, _params
from .prims_apply2 import _flag, _scalars
from .prims_base import AttrPrimitive
from .writes import assign_all


def _adam_moments(m, v, g, b1, b2):
    return b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g


class Adam(AttrPrimitive):
    """``Adam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, gradient)``: one bias-corrected Adam step; returns ``(var, m,
    v)``."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        self._keep(use_locking=_flag("Adam use_locking", use_locking),
                   use_nesterov=_flag("Adam use_nesterov", use_nesterov))

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                 gradient):
        w = "Adam"
        (x, m_, v_), params = _params(w, ("var", "m", "v"), (var, m, v))
        g = _grad(w, gradient, x, "gradient")
        b1p, b2p, lr, b1, b2, eps = _scalars(w, x, beta1_power=beta1_power,
                                             beta2_power=beta2_power, lr=lr, beta1=beta1,
                                             beta2=beta2, epsilon=epsilon)
        m_, v_ = _adam_moments(m_, v_, g, b1, b2)
        step = lr * onp.sqrt(1 - b2p) / (1 - b1p)
        direction = b1 * m_ + (1 - b1) * g if self.use_nesterov else m_
        new = x - step * direction / (onp.sqrt(v_) + eps)
        assign_all([(params[0], new), (params[1], m_), (params[2], v_)])
        return tuple(params)


class AdamWeightDecay(AttrPrimitive):
    """``AdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient)``: Adam without bias correction and with decoupled weight decay (``var -= lr
    * (m / (sqrt(v) + epsilon) + decay * var)``); returns ``(var, m, v)``."""

    def __init__(self, use_locking=False):
        super().__init__()
        self._keep(use_locking=_flag("AdamWeightDecay use_locking", use_locking))

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
        w = "AdamWeightDecay"
        (x, m_, v_), params = _params(w, ("var", "m", "v"), (var, m, v))
        g = _grad(w, gradient, x, "gradient")
        lr, b1, b2, eps, decay = _scalars(w, x, lr=lr, beta1=beta1, beta2=beta2,
                                          epsilon=epsilon, decay=decay)
        m_, v_ = _adam_moments(m_, v_, g, b1, b2)
        new = x - lr * (m_ / (onp.sqrt(v_) + eps) + decay * x)
        assign_all([(params[0], new), (params[1], m_), (params[2], v_)])
        return tuple(params)


def _real(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value)))
    return float(value)


def _tensor_scalar(where, value, var):
    data = onp.asarray(getval(value))
    if not hasattr(value, "shape") or data.dtype.kind != "f":
        raise CellTypeError(message(where, "a float Tensor", describe(value),
                                    "Wrap it: ms.Tensor(0.1)."))
    if data.size != 1:
        raise CellArgumentError(message(where, "a one-element Tensor", f"shape {data.shape}"))
    return data.reshape(()).astype(var.dtype)


class SGD(AttrPrimitive):
    """``SGD(dampening=0.0, weight_decay=0.0, nesterov=False)(parameters, gradient,
    learning_rate, accum, momentum, stat)``: momentum SGD (where ``stat`` is nonzero the
    momentum buffer ``accum`` starts at the gradient; ``stat`` is then zeroed); returns
    ``parameters``."""

    def __init__(self, dampening=0.0, weight_decay=0.0, nesterov=False):
        super().__init__()
        self._keep(dampening=_real("SGD dampening", dampening),
                   weight_decay=_real("SGD weight_decay", weight_decay),
                   nesterov=_flag("SGD nesterov", nesterov))
        if nesterov and dampening != 0:
            raise CellArgumentError(message("SGD dampening", "0 when nesterov is True",
                                            repr(dampening), "Drop dampening or nesterov."))

    def __call__(self, parameters, gradient, learning_rate, accum, momentum, stat):
        w = "SGD"
        (x, acc, st), params = _params(w, ("parameters", "accum", "stat"),
                                       (parameters, accum, stat))
        g = _grad(w, gradient, x, "gradient") + self.weight_decay * x
        lr = _tensor_scalar(f"{w} learning_rate", learning_rate, x)
        mu = _tensor_scalar(f"{w} momentum", momentum, x)
        acc = onp.where(st != 0, g, mu * acc + (1 - self.dampening) * g)
        new = x - lr * (g + mu * acc if self.nesterov else acc)
        assign_all([(params[0], new), (params[1], acc), (params[2], onp.zeros_like(st))])
        return params[0]


class ScatterAddWithAxis(AttrPrimitive):
    """``ScatterAddWithAxis(axis=0)(input_x, indices, updates)``: a copy of ``input_x`` with
    ``updates[i][j]`` added at ``indices[i][j]`` along ``axis`` (negative indices count from
    the end; repeats add up)."""

    def __init__(self, axis=0):
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
            raise CellTypeError(message("ScatterAddWithAxis axis", "an int", describe(axis)))
        self._keep(axis=axis)

    def __call__(self, input_x, indices, updates):
        from .scattering import tensor_scatter_elements
        x, u = onp.asarray(getval(input_x)), onp.asarray(getval(updates))
        if u.dtype != x.dtype:
            raise CellTypeError(message("ScatterAddWithAxis updates",
                                        f"a {x.dtype} Tensor like input_x", describe(updates)))
        if u.shape != onp.shape(getval(indices)):
            raise CellArgumentError(message("ScatterAddWithAxis updates",
                                            f"the shape of indices {onp.shape(getval(indices))}",
                                            f"shape {u.shape}"))
        return tensor_scatter_elements(input_x, indices, updates, self.axis, "add")
