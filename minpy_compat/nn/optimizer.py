"""Optimizers: ``Optimizer`` (the base for custom ones), ``SGD``, ``Momentum``
(``Adam`` is in ``adam.py``).

An optimizer is a Cell called with the gradients (one per parameter, in order);
it updates the Parameters in place. A custom one subclasses ``Optimizer`` and
writes ``construct(self, gradients)`` with ``self.parameters``, ``self.get_lr()``
and ``ops.assign``:

>>> import minpy_compat as ms
>>> from minpy_compat import nn, ops
>>> class PlainSGD(nn.Optimizer):
...     def construct(self, gradients):
...         lr = self.get_lr()
...         for param, grad in zip(self.parameters, gradients):
...             ops.assign(param, param - lr * grad)
...         return True
>>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
>>> _ = PlainSGD(0.5, [w])((ms.Tensor([2.0]),)); w.tolist()
[0.0]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import OptimizerError, OptimizerTypeError, describe, message
from ..ops.writes import assign_all
from ..tensor import Parameter, ParameterTuple, Tensor
from .cell import Cell
from .learning_rates import LearningRateSchedule
from .optimizer_gradients import _check_gradient
from .optimizer_group_rates import (group_rate_at, group_rate_now, in_order_params,
                                    register_rates, set_rate_flags)
from .optimizer_in_place import goes_in_place, momentum_step, sgd_step


def _number(where, name, value, ok, expected):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not ok(value):
        raise OptimizerError(message(f"{where} {name}", expected, repr(value)))
    return float(value)


def _momentum_parameter(value):
    """MindSpore keeps an optimizer's momentum as a 0-d float32 Parameter, so checkpoints
    save it and ``set_data`` changes the next steps."""
    return Parameter(onp.float32(value), name="momentum")


def _value(param):
    return float(onp.asarray(getval(param)))


class Optimizer(Cell):
    """``Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)``.

    ``parameters``: Parameters, or dicts ``{'params': [...], 'lr': ..., 'weight_decay': ...}``
    for groups with their own settings. ``learning_rate``: a number >= 0, a 0-d Tensor,
    a list (one rate per step; the last one is kept), or a ``LearningRateSchedule`` Cell
    (step ``t`` runs at ``learning_rate(t)``, in float32).
    """

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        where = type(self).__name__
        # a list of Parameters and group dicts, read once (a filter() can be read only once)
        parameters = list(parameters) if not isinstance(parameters, (Parameter, dict)) \
            else [parameters]
        params, group_lr, group_decay, grouped = self._flatten(parameters, where)
        # registered in MindSpore's order: global_step, learning rate(s), then the parameters
        self.global_step = Parameter(onp.zeros(1, onp.int32), name="global_step",
                                     requires_grad=False)
        scheduled = isinstance(learning_rate, LearningRateSchedule)
        self._schedule = [0.0] if scheduled else self._rates(learning_rate, where)
        rate = Parameter(onp.float32(self._schedule[0]), name="learning_rate")
        # per Parameter: None (the optimizer's rate) or its group's rates (one per step)
        self._group_lr = [None if lr is None else lr[1] for lr in group_lr]
        self._lr_group_index = [None if lr is None else lr[0] for lr in group_lr]
        self._lr_schedule = learning_rate if scheduled else None
        self._registered = register_rates(self, rate)  # and learning_rate_group_<i> ones
        set_rate_flags(self, parameters, grouped)  # dynamic_lr, is_group, ...
        self.parameters = ParameterTuple(params)
        self.weight_decay = _number(where, "weight_decay", weight_decay, lambda v: v >= 0,
                                    "a number >= 0")
        self.loss_scale = _number(where, "loss_scale", loss_scale, lambda v: v > 0,
                                  "a number > 0")
        # MindSpore: a plain list decays every Parameter but those named *beta* or *gamma*
        # (the norms' shift and scale); groups decay by their own rate or the default, by none
        self._decays = [self.weight_decay if d is None else d for d in group_decay] if grouped \
            else [0.0 if "beta" in p.name or "gamma" in p.name else self.weight_decay
                  for p in params]

    def _flatten(self, items, where):
        if not items:
            raise OptimizerError(message(f"{where} parameters", "at least one Parameter",
                                         "an empty list", "Pass net.trainable_params()."))
        params, lrs, decays = [], [], []
        grouped = any(isinstance(item, dict) for item in items)
        for i, item in enumerate(items):
            if isinstance(item, dict):
                group = list(item.get("params", ()))
                lr, decay = item.get("lr"), item.get("weight_decay")
            else:
                group, lr, decay = [item], None, None
            for param in group:
                if not isinstance(param, Parameter):
                    raise OptimizerTypeError(message(
                        f"{where} parameters[{i}]", "a Parameter or a dict of them",
                        describe(param), "Pass net.trainable_params()."))
                if any(param is seen for seen in params):
                    raise OptimizerError(message(f"{where} parameters", "each Parameter once",
                                                 f"'{param.name}' twice"))
                params.append(param)
                lrs.append(None if lr is None else (i, lr if isinstance(
                    lr, LearningRateSchedule) else self._rates(lr, where)))
                decays.append(None if decay is None else _number(
                    where, "weight_decay", decay, lambda v: v >= 0, "a number >= 0"))
        return (*in_order_params(items, params, lrs, decays, where), grouped)

    @staticmethod
    def _rates(learning_rate, where):
        value = learning_rate
        if hasattr(value, "shape") and onp.ndim(value) == 0:
            value = float(onp.asarray(value))
        rates = list(onp.asarray(value).ravel()) if isinstance(value, (list, tuple)) or (
            hasattr(value, "shape") and onp.ndim(value) == 1) else [value]
        for rate in rates:
            if isinstance(rate, bool) or not isinstance(rate, (numbers.Real, onp.floating)) \
                    or not rate >= 0:
                raise OptimizerError(message(f"{where} learning_rate", "a number >= 0 "
                                             "(or a list of them, one per step)", repr(rate)))
        return [float(r) for r in rates]

    def get_lr(self):
        """The learning rate for this step, as MindSpore's: a fixed rate's shape-() Parameter;
        for a list or a schedule, its float32 Tensor at ``global_step``; with group rates, a
        tuple of them, one per Parameter."""
        if self._lr_schedule is not None:
            rate = Tensor(onp.float32(self._scheduled_rate()))
        elif len(self._schedule) == 1:
            rate = self.learning_rate
        else:
            step = int(self.global_step[0])
            rate = Tensor(onp.float32(self._schedule[min(step, len(self._schedule) - 1)]))
        if all(lr is None for lr in self._group_lr):
            return rate
        return tuple(rate if lr is None else self.get_lr_parameter(p) if self._registered
                     else Tensor(onp.float32(self._lr_for(i, None)))
                     for i, (p, lr) in enumerate(zip(self.parameters, self._group_lr)))

    def get_lr_parameter(self, param):
        """The Parameter holding ``param``'s learning rate (a list of Parameters: one each):
        ``learning_rate``, or for a group with its own ``lr`` a Parameter named
        ``learning_rate_group_<group index>`` holding that rate (or rates, one per step).
        A fixed group rate's is the registered Parameter the steps read (``set_data`` on it
        changes the rate, as MindSpore's); a list's is a copy (unlike MindSpore's)."""
        if isinstance(param, list):
            return [self.get_lr_parameter(p) for p in param]
        where = f"{type(self).__name__}.get_lr_parameter 'param'"
        if not isinstance(param, Parameter):
            raise OptimizerTypeError(message(where, "a Parameter or a list of them",
                                             describe(param)))
        index = next((i for i, p in enumerate(self.parameters) if p is param), None)
        if index is None:
            raise OptimizerError(message(where, "a Parameter of this optimizer",
                                         f"'{param.name}'", "Pass one of its parameters."))
        group, rates = self._lr_group_index[index], self._group_lr[index]
        if rates is None or isinstance(rates, LearningRateSchedule):  # the rate's own holder
            return self.learning_rate if rates is None else rates
        made = self.__dict__.setdefault(  # registered (fixed rates), or copies (lists)
            "_group_lr_parameters" if self._registered else "_group_lr_copies", {})
        if group not in made:
            value = onp.asarray(rates if len(rates) > 1 else rates[0], onp.float32)
            made[group] = Parameter(value, name=f"learning_rate_group_{group}")
        return made[group]

    def _scheduled_rate(self):
        step = onp.array(int(self.global_step[0]), onp.int32)
        # a 0-d rate, or a [1]-shaped one as BERT's schedule Cells give (MindSpore takes it)
        return float(onp.asarray(self._lr_schedule(step), onp.float32).reshape(()))

    def _lr_for(self, index, rate):
        """Parameter ``index``'s rate this step: its group's (a list steps on with
        ``global_step``, keeping its last rate), else ``rate``."""
        rates = self._group_lr[index]
        if rates is None:
            return rate
        if self._registered:  # a registered Parameter: read as set_data left it
            return group_rate_now(self, self._lr_group_index[index])
        return group_rate_at(rates, int(self.global_step[0]))

    def decay_weight(self, gradients):
        gradients = tuple(gradients)
        if len(gradients) == len(self._decays) and not any(self._decays):
            return gradients  # no weight decay: every gradient as it is
        return tuple(g + d * p if d else g
                     for p, g, d in zip(self.parameters, gradients, self._decays))

    def scale_grad(self, gradients):
        if self.loss_scale == 1.0:
            return tuple(gradients)
        return tuple(g / self.loss_scale for g in gradients)

    def _prepared(self, gradients):
        """This step's gradients (loss-scaled, weight-decayed) and learning rate; nothing
        changes until ``_commit`` writes every update at once."""
        where, params = type(self).__name__, self.parameters
        gradients = tuple(gradients)
        if len(gradients) != len(params):
            raise OptimizerError(message(f"{where}", f"{len(params)} "
                                         "gradients, one per parameter", f"{len(gradients)}"))
        for i, (param, grad) in enumerate(zip(params, gradients)):
            _check_gradient(where, param, grad, index=i)  # named only on an error
        step = int(self.global_step[0])
        if self._lr_schedule is not None:
            rate = self._scheduled_rate()
        elif len(self._schedule) == 1:  # a fixed rate: the Parameter, which callbacks may set
            rate = float(onp.asarray(getval(self.learning_rate), onp.float32))
        else:
            rate = float(onp.float32(self._schedule[min(step, len(self._schedule) - 1)]))
        return self.decay_weight(self.scale_grad(gradients)), rate

    def _commit(self, rate, updates):
        """Write ``(Parameter, value)`` updates, the learning rate and the next step: all
        values are checked before the first write, so a failing step changes nothing."""
        global_step = self.global_step
        step = onp.array([int(global_step[0]) + 1], onp.int32)
        assign_all(list(updates) + [(self.learning_rate, rate), (global_step, step)])

    def construct(self, gradients):
        raise NotImplementedError(message(
            f"{type(self).__name__}.construct", "an override that updates self.parameters",
            "none", "Define construct(self, gradients) in the Optimizer subclass."))


class SGD(Optimizer):
    """SGD with optional momentum, dampening and Nesterov (MindSpore's update rule)."""

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        momentum = _number("SGD", "momentum", momentum, lambda v: v >= 0, "a number >= 0")
        self.dampening = _number("SGD", "dampening", dampening, lambda v: v >= 0,
                                 "a number >= 0")
        self.nesterov = bool(nesterov)
        if self.nesterov and (momentum <= 0 or self.dampening != 0):
            raise OptimizerError(message(
                "SGD nesterov=True", "momentum > 0 and dampening == 0",
                f"momentum={momentum!r}, dampening={dampening!r}",
                "Pass momentum=0.9 (say), or nesterov=False."))
        self.momentum = _momentum_parameter(momentum)
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        # MindSpore's "first step not yet taken" flags (ones, then zeros), saved in checkpoints
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def construct(self, gradients):
        # the flags are Parameters, so a step undone by a later failure is undone here too
        gradients, rate = self._prepared(gradients)
        if sgd_step(self, gradients, rate):
            return True
        updates, momentum = [], _value(self.momentum)
        for i, (param, grad, accum, stat) in enumerate(
                zip(self.parameters, gradients, self.accum, self.stat)):
            step = grad
            first = bool(onp.asarray(getval(stat)).any())
            if first:  # the flags go to zeros once (a write of the Parameter's size)
                updates.append((stat, onp.zeros(stat.shape, stat.dtype)))
            if momentum > 0:
                new_accum = grad if first else momentum * accum + (1 - self.dampening) * grad
                updates.append((accum, new_accum))
                step = grad + momentum * new_accum if self.nesterov else new_accum
            updates.append((param, param.view(onp.ndarray) - self._lr_for(i, rate) * step))
        self._commit(rate, updates)
        return True


class Momentum(Optimizer):
    """``v = momentum * v + g; p -= lr * v`` (Nesterov: ``p -= lr * (g + momentum * v)``)."""

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
                 use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.momentum = _momentum_parameter(_number("Momentum", "momentum", momentum,
                                                    lambda v: v >= 0, "a number >= 0.0"))
        self.use_nesterov = bool(use_nesterov)
        self.moments = self.parameters.clone(prefix="moments", init="zeros")

    def construct(self, gradients):
        gradients, rate = self._prepared(gradients)
        if momentum_step(self, gradients, rate):
            return True
        updates, momentum = [], _value(self.momentum)
        for i, (param, grad, moment) in enumerate(zip(self.parameters, gradients, self.moments)):
            new_moment = momentum * moment + grad
            step = grad + momentum * new_moment if self.use_nesterov else new_moment
            updates += [(moment, new_moment), (param, param - self._lr_for(i, rate) * step)]
        self._commit(rate, updates)
        return True


goes_in_place(SGD, Momentum)
