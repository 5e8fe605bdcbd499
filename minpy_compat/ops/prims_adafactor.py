"""MindSpore 2.10's ``FusedAdaFactor`` and ``FusedAdaFactorWithGlobalNorm``: one Adafactor
step on a Parameter and its state, with every rate an input. The rule is ``nn.AdaFactor``'s
(factored second moments for a Parameter of rank >= 2, the update clipped to RMS
``clip_threshold``, the step scaled by the Parameter's RMS, first moment and weight decay
when enabled); every new value is written through ``writes.assign_all`` (all or none).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> p = ms.Parameter(ms.Tensor([1.0, -1.0]), name='p')
>>> slots = [ms.Parameter(ms.Tensor(v), name=n) for n, v in (
...     ('m', [0.0, 0.0]), ('r', [0.0]), ('c', [0.0]), ('v', [0.0, 0.0]))]
>>> rates = [ms.Tensor(x) for x in ([1e-30, 1e-3], 1.0, 0.9, 0.8, 0.0, 0.1)]
>>> _ = ops.FusedAdaFactor()(*rates, ms.Tensor([2.0, -2.0]), p, *slots)
>>> p.tolist()
[0.8999999761581421, -0.8999999761581421]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..nn.adafactor import AdaFactor
from .prims_apply import _params, _scalar
from .prims_apply2 import _flag
from .prims_base import AttrPrimitive
from .writes import assign_all

_SLOTS = ("exp_avg", "exp_avg_sq_row", "exp_avg_sq_col", "exp_avg_sq")


class _Rule:
    """``nn.AdaFactor``'s rule (its own methods) on one Parameter's state."""

    _second_moment, _update = AdaFactor._second_moment, AdaFactor._update

    def __init__(self, prim, slots, eps, clip, beta1, decay):
        self.exp_avg, self.exp_avg_sq_row, self.exp_avg_sq_col, self.exp_avg_sq = (
            [s] for s in slots)
        self.eps, self.clip_threshold, self.beta1 = eps, clip, beta1
        self.scale_parameter = prim.enable_scale_parameter
        self.use_first_moment = prim.enable_first_moment
        self._decay = decay if prim.enable_weight_decay else 0.0


class FusedAdaFactor(AttrPrimitive):
    """``FusedAdaFactor(enable_scale_parameter=False, enable_first_moment=False,
    enable_weight_decay=False)(epsilon, clip_threshold, beta1, beta2t, weight_decay,
    learning_rate, gradient, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)``:
    one Adafactor step (``epsilon`` is the pair ``(eps1, eps2)``); returns ``param``."""

    def __init__(self, enable_scale_parameter=False, enable_first_moment=False,
                 enable_weight_decay=False):
        super().__init__()
        w = type(self).__name__
        self._keep(enable_scale_parameter=_flag(f"{w} enable_scale_parameter",
                                                enable_scale_parameter),
                   enable_first_moment=_flag(f"{w} enable_first_moment", enable_first_moment),
                   enable_weight_decay=_flag(f"{w} enable_weight_decay", enable_weight_decay))

    def __call__(self, epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate,
                 gradient, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq):
        return self._step(epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate,
                          gradient, param, (exp_avg, exp_avg_sq_row, exp_avg_sq_col,
                                            exp_avg_sq), 1.0)

    def _step(self, epsilon, clip, beta1, beta2t, decay, lr, gradient, param, slots, norm):
        w = type(self).__name__
        (p,), (target,) = _params(w, ("param",), (param,))
        _, slot_params = _params(w, ("exp_avg",), slots[:1])
        slot_params += [_params(w, (n,), (s,))[1][0] for n, s in zip(_SLOTS[1:], slots[1:])]
        eps = onp.asarray(getval(epsilon), onp.float32)
        if eps.shape != (2,):
            raise CellArgumentError(message(f"{w} epsilon", "a Tensor (eps1, eps2) of shape "
                                            "(2,)", describe(epsilon)))
        grad = onp.asarray(getval(gradient))
        if grad.dtype.kind != "f":
            raise CellTypeError(message(f"{w} gradient", "a float Tensor", describe(gradient)))
        if grad.shape != p.shape:
            raise CellArgumentError(message(f"{w} gradient", f"param's shape {p.shape}",
                                            f"shape {grad.shape}"))
        like = onp.zeros((), onp.float32)
        clip, beta1, beta2t, decay, lr, norm = (_scalar(f"{w} {n}", s, like) for n, s in (
            ("clip_threshold", clip), ("beta1", beta1), ("beta2t", beta2t),
            ("weight_decay", decay), ("learning_rate", lr), ("global_norm", norm)))
        rule = _Rule(self, slot_params, tuple(eps), clip, beta1, decay)
        writes = rule._update(0, target, grad.astype(onp.float32) / norm, lr, beta2t)
        assign_all(writes)
        return target


class FusedAdaFactorWithGlobalNorm(FusedAdaFactor):
    """``FusedAdaFactorWithGlobalNorm(...)(..., exp_avg_sq, global_norm)``:
    ``FusedAdaFactor`` with ``gradient / global_norm``; returns ``param``."""

    def __call__(self, epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate,
                 gradient, param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq,
                 global_norm):
        return self._step(epsilon, clip_threshold, beta1, beta2t, weight_decay, learning_rate,
                          gradient, param, (exp_avg, exp_avg_sq_row, exp_avg_sq_col,
                                            exp_avg_sq), global_norm)
