"""``nn.Adam``: Adam with bias correction, optionally AMSGrad, on the ``Optimizer`` base.

Like MindSpore's, it keeps ``beta1_power`` and ``beta2_power`` (``beta ** t``) as float32
Parameters next to ``moment1.*`` and ``moment2.*``, so a checkpoint of the training cell
holds the whole state. As MindSpore does, each step multiplies them by ``beta`` in float32
(``0.8 ** 3`` comes out as 0.51200002, not 0.512), so a checkpoint's powers, and a run resumed
from it, match MindSpore's.
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import OptimizerTypeError, describe, message
from ..tensor import Parameter
from .optimizer import Optimizer, _number
from .optimizer_in_place import adam_scalars, adam_step, goes_in_place


class Adam(Optimizer):
    """Adam with bias correction: ``p -= lr_t * m / (sqrt(v) + eps)``.

    ``use_amsgrad=True`` divides by the running maximum of ``v`` instead (kept in the
    Parameters ``vhat.<name>``); MindSpore 2.10 then ignores ``use_nesterov``, and so do we.
    ``use_lazy`` and ``use_offload`` (MindSpore's keyword arguments) are taken and kept:
    with dense gradients, the only ones here, MindSpore's lazy and offloaded Adam step
    as the plain one does.
    """

    # the beta powers' shape: 0-d for ``Adam``; MindSpore's LazyAdam and AdamOffload use [1]
    _power_shape = ()

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0,
                 use_amsgrad=False, use_lazy=False, use_offload=False):
        for name, flag in (("use_lazy", use_lazy), ("use_offload", use_offload)):
            if not isinstance(flag, bool):
                raise OptimizerTypeError(message(f"Adam {name}", "a bool", describe(flag)))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.use_lazy, self.use_offload = use_lazy, use_offload
        between = (lambda v: 0 < v < 1), "a number in (0, 1)"
        self.beta1 = _number("Adam", "beta1", beta1, *between)
        self.beta2 = _number("Adam", "beta2", beta2, *between)
        self.eps = _number("Adam", "eps", eps, lambda v: v > 0, "a number > 0")
        self.use_nesterov = bool(use_nesterov)
        # beta ** t, kept as MindSpore keeps them: float32 Parameters saved in checkpoints
        self.beta1_power = Parameter(onp.ones(self._power_shape, onp.float32),
                                     name="beta1_power")
        self.beta2_power = Parameter(onp.ones(self._power_shape, onp.float32),
                                     name="beta2_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")
        if not isinstance(use_amsgrad, bool):
            raise OptimizerTypeError(message("Adam use_amsgrad", "a bool", describe(use_amsgrad)))
        self.use_amsgrad = use_amsgrad
        self.vhat = self.parameters.clone(prefix="vhat", init="zeros") if use_amsgrad else None

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        # beta ** t as MindSpore steps it: the float32 Parameters times beta, in float32 (a
        # step undone by a later failure, a hook raising after TrainOneStepCell's update, is
        # undone in them too, as they are Parameters)
        powers = next_beta_powers(self)
        if adam_step(self, gradients, rate, powers):
            return True
        updates = []
        vhats = self.vhat if self.use_amsgrad else [None] * len(self.parameters)
        for i, (param, grad, m, v, vhat) in enumerate(
                zip(self.parameters, gradients, self.moment1, self.moment2, vhats)):
            b1, b2, lr_t = adam_scalars(self, self._lr_for(i, rate), powers, param.dtype)
            new_m, new_v = b1 * m + (1 - b1) * grad, b2 * v + (1 - b2) * grad * grad
            if vhat is not None:
                new_v = onp.maximum(vhat, new_v)  # AMSGrad: the largest v so far
                updates.append((vhat, new_v))
            direction = (b1 * new_m + (1 - b1) * grad) \
                if self.use_nesterov and vhat is None else new_m
            step = lr_t * direction / (onp.sqrt(new_v) + self.eps)
            updates += [(m, new_m), (v, b2 * v + (1 - b2) * grad * grad), (param, param - step)]
        updates += [(self.beta1_power, powers[0]), (self.beta2_power, powers[1])]
        self._commit(rate, updates)
        return True


def next_beta_powers(optimizer):
    """This step's ``beta1_power`` and ``beta2_power``: each float32 Parameter times its beta
    in float32, as MindSpore's ``beta_power * beta`` (arrays of the Parameters' shape)."""
    return [onp.multiply(onp.asarray(getval(power), onp.float32), onp.float32(beta),
                         dtype=onp.float32)
            for power, beta in ((optimizer.beta1_power, optimizer.beta1),
                                (optimizer.beta2_power, optimizer.beta2))]


goes_in_place(Adam)
