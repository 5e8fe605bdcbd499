"""``mint.optim.Adam``, ``AdamW`` and ``FusedAdamW`` (MindSpore 2.10's PyTorch-style Adams).

``Adam`` adds ``weight_decay * param`` to the gradient (L2); ``AdamW`` and ``FusedAdamW``
shrink the Parameter by ``1 - lr * weight_decay`` first (decoupled decay). Their state is
the Parameters ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``state_step`` and, with
``amsgrad``, ``max_exp_avg_sq.<name>`` (the running maximum of ``exp_avg_sq``, which
MindSpore 2.10's ``Adam`` computes but never stores: kept here).

>>> import minpy_compat as ms
>>> from minpy_compat.mint import optim
>>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
>>> opt = optim.Adam([w], lr=0.125)
>>> opt((ms.Tensor([3.0]),)); w.tolist()  # the first step moves lr against the sign
True
[0.875]
"""
import numpy as onp

from ...errors import OptimizerError, message
from ...tensor import Parameter, ParameterTuple
from .base import Optimizer, check_at_least, check_betas, check_type, _scalar


def _check_adam(where, lr, betas, eps, weight_decay, amsgrad, maximize, beta_types=(tuple,)):
    """MindSpore's checks, in its order: types first (TypeError), then ranges (ValueError)."""
    check_type(where, "betas", betas, beta_types, "a tuple of two floats")
    for name, value in (("eps", eps), ("weight_decay", weight_decay), ("lr", lr)):
        check_type(where, name, value, (float,), "a float")
    check_type(where, "amsgrad", amsgrad, (bool,), "a bool")
    check_type(where, "maximize", maximize, (bool,), "a bool")
    check_at_least(where, "lr", lr)
    check_at_least(where, "eps", eps)
    check_betas(where, betas, beta_types)
    check_at_least(where, "weight_decay", weight_decay)


class _AdamBase(Optimizer):
    """The shared step; ``_decoupled`` picks AdamW's decay, ``_first_step`` the value of
    ``state_step`` before the first step (MindSpore's: 0 for Adam, -1 for the AdamWs)."""
    _decoupled = False
    _first_step = 0.0
    _beta_types = (tuple,)

    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize):
        _check_adam(type(self).__name__, lr, betas, eps, weight_decay, amsgrad, maximize,
                    self._beta_types)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "amsgrad": amsgrad,
                                  "maximize": maximize})
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.state_step = Parameter(onp.array([self._first_step], onp.float32),
                                    name="state_step")

    def _prepare_group(self, group, params):
        if group.get("amsgrad"):
            group["max_exp_avg_sq"] = params.clone(prefix="max_exp_avg_sq", init="zeros")

    def _grow_state(self, params):
        if getattr(self, "exp_avg", None) is not None:  # a group added after construction
            self.exp_avg = ParameterTuple(tuple(self.exp_avg) + tuple(
                params.clone(prefix="exp_avg", init="zeros")))
            self.exp_avg_sq = ParameterTuple(tuple(self.exp_avg_sq) + tuple(
                params.clone(prefix="exp_avg_sq", init="zeros")))

    def construct(self, gradients):
        groups = self._groups(gradients)
        step = _scalar(self.state_step) + 1.0
        t = step - self._first_step  # the number of this step, 1 first
        updates = [(self.state_step, onp.array([step], onp.float32))]
        for group, grads, span in groups:
            updates += self._group_updates(group, grads, span, t)
        self.commit(updates)
        return True

    def _group_updates(self, group, grads, span, t):
        beta1, beta2 = group["betas"]
        lr, decay, eps = _scalar(group["lr"]), group["weight_decay"], group["eps"]
        correction1, root2 = 1.0 - beta1 ** t, onp.sqrt(1.0 - beta2 ** t)
        maxima = group.get("max_exp_avg_sq") if group.get("amsgrad") else None
        updates = []
        for i, (param, grad, m, v) in enumerate(zip(
                self.parameters[span], grads, self.exp_avg[span], self.exp_avg_sq[span])):
            p = onp.asarray(param)
            grad = (-grad if group["maximize"] else grad).astype(p.dtype)
            if self._decoupled:
                p = p * (1.0 - lr * decay)
            elif decay:
                grad = grad + decay * p
            new_m = beta1 * onp.asarray(m) + (1.0 - beta1) * grad
            new_v = beta2 * onp.asarray(v) + (1.0 - beta2) * grad * grad
            updates += [(m, new_m), (v, new_v)]
            if maxima is not None:
                new_v = onp.maximum(onp.asarray(maxima[i]), new_v)
                updates.append((maxima[i], new_v))
            denom = onp.sqrt(new_v) / root2 + eps
            updates.append((param, p - (lr / correction1) * new_m / denom))
        return updates


class Adam(_AdamBase):
    """``mint.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
    amsgrad=False, *, maximize=False)``: Adam with L2 weight decay added to the gradient."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)


class AdamW(_AdamBase):
    """``mint.optim.AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
    amsgrad=False, *, maximize=False)``: Adam with decoupled weight decay."""
    _decoupled = True
    _first_step = -1.0

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)


class FusedAdamW(AdamW):
    """``mint.optim.FusedAdamW``: ``AdamW``'s arguments and update (MindSpore fuses each
    group's Parameters into one buffer; the values are AdamW's). ``betas`` may be a list;
    ``amsgrad`` is one setting for every group, its state the Parameters
    ``max_exp_avg_sq.<name>``."""
    _beta_types = (tuple, list)

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False):
        if isinstance(params, (list, tuple)) and params and isinstance(params[0], dict):
            flags = [bool(group.get("amsgrad", amsgrad)) for group in params]
            if len(set(flags)) != 1:
                raise OptimizerError(message(
                    "FusedAdamW params", "one amsgrad setting for every group",
                    f"amsgrad per group {flags}", "Keep amsgrad the same in every group."))
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
        if amsgrad:
            self.max_exp_avg_sq = ParameterTuple(
                p for group in self.param_groups for p in group["max_exp_avg_sq"])
