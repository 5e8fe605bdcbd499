"""``mint.optim.SGD``: PyTorch's SGD (momentum, dampening, Nesterov, weight decay,
``maximize``) with MindSpore 2.10's state: ``momentum_buf.<name>`` and the int32 ``step_t``.

>>> import minpy_compat as ms
>>> from minpy_compat.mint import optim
>>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
>>> opt = optim.SGD([w], lr=0.5, momentum=0.5)
>>> for _ in range(2): _ = opt((ms.Tensor([1.0]),))
>>> w.tolist()  # 1 - 0.5 * 1 - 0.5 * (0.5 * 1 + 1)
[-0.25]
"""
import numpy as onp

from ...errors import OptimizerError, message
from ...tensor import Parameter
from .base import Optimizer, check_at_least, check_type, _scalar

_NUMBER = (float, int, bool)


class SGD(Optimizer):
    """``mint.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False,
    *, maximize=False)``: ``buf = momentum * buf + (1 - dampening) * g`` (the first step:
    ``buf = g``), ``p -= lr * (g + momentum * buf if nesterov else buf)``."""

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False,
                 *, maximize=False):
        where = "SGD"
        if not hasattr(lr, "shape"):
            check_type(where, "lr", lr, _NUMBER, "a float, int, bool or Tensor")
        for name, value in (("momentum", momentum), ("weight_decay", weight_decay),
                            ("dampening", dampening)):
            check_type(where, name, value, _NUMBER, "a float, int or bool")
        check_type(where, "nesterov", nesterov, (bool,), "a bool")
        check_type(where, "maximize", maximize, (bool,), "a bool")
        check_at_least(where, "lr", _scalar(lr))
        check_at_least(where, "momentum", momentum)
        check_at_least(where, "weight_decay", weight_decay)
        lr_float = _scalar(lr)
        if isinstance(params, (list, tuple)):  # a group's own rate is its lr_float
            params = [dict(group, lr_float=_scalar(group["lr"]))
                      if isinstance(group, dict) and "lr" in group else group
                      for group in params]
        super().__init__(params, {"lr": lr, "momentum": momentum, "weight_decay": weight_decay,
                                  "dampening": dampening, "nesterov": nesterov,
                                  "maximize": maximize, "lr_float": lr_float})
        if nesterov and (momentum <= 0 or dampening != 0):
            raise OptimizerError(message(
                "SGD nesterov=True", "momentum > 0 and dampening == 0",
                f"momentum={momentum!r}, dampening={dampening!r}",
                "Pass momentum=0.9 (say), or nesterov=False."))
        self.momentum_buf = self.parameters.clone(prefix="momentum_buf", init="zeros")
        self.step_t = Parameter(onp.array(0, onp.int32), name="step_t")

    def construct(self, gradients):
        groups = self._groups(gradients)
        first = int(onp.asarray(self.step_t)) == 0
        updates = [(self.step_t, onp.array(int(onp.asarray(self.step_t)) + 1, onp.int32))]
        for group, grads, span in groups:
            momentum, dampening = float(group["momentum"]), float(group["dampening"])
            decay, lr = float(group["weight_decay"]), float(group["lr_float"])
            for param, grad, buf in zip(self.parameters[span], grads, self.momentum_buf[span]):
                p = onp.asarray(param)
                grad = (-grad if group["maximize"] else grad).astype(p.dtype)
                if decay:
                    grad = grad + decay * p
                if momentum:
                    new_buf = grad if first else \
                        momentum * onp.asarray(buf) + (1.0 - dampening) * grad
                    updates.append((buf, new_buf))
                    grad = grad + momentum * new_buf if group["nesterov"] else new_buf
                updates.append((param, p - lr * grad))
        self.commit(updates)
        return True
