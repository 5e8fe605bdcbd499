"""The base of ``mint.optim``'s PyTorch-style optimizers (MindSpore 2.10's
``experimental.optim.Optimizer``): ``params`` are Parameters or group dicts, each group keeps
its own settings in ``param_groups``, and ``optimizer(grads)`` updates the Parameters in
place, every write of a step at once (a bad gradient changes nothing).

>>> import minpy_compat as ms
>>> from minpy_compat.mint import optim
>>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name='w')
>>> opt = optim.SGD([w], lr=0.5)
>>> opt((ms.Tensor([1.0, 1.0]),)); w.tolist()
True
[0.5, 1.5]
"""
import numbers
from collections import defaultdict

import numpy as onp
from autograd.tracer import getval

from ...errors import OptimizerError, OptimizerTypeError, describe, message
from ...ops.writes import assign_all
from ...tensor import Parameter, ParameterTuple
from ...nn.cell import Cell
from ...nn.optimizer import _check_gradient


def check_type(where, name, value, types, expected):
    """MindSpore's ``check_value_type``: a TypeError naming the optimizer and argument."""
    if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
        raise OptimizerTypeError(message(f"{where} {name}", expected, describe(value)))
    return value


def check_at_least(where, name, value, low=0.0, fix=""):
    if not value >= low:
        raise OptimizerError(message(f"{where} {name}", f"a value >= {low}", repr(value), fix))
    return value


def check_betas(where, betas, types=(tuple,)):
    """``betas``: a pair of floats, each in [0, 1)."""
    check_type(where, "betas", betas, types, "a tuple of two floats")
    if len(betas) != 2:
        raise OptimizerError(message(f"{where} betas", "2 values", f"{len(betas)}"))
    for i, beta in enumerate(betas):
        check_type(where, f"betas[{i}]", beta, (float,), "a float")
        if not 0.0 <= beta < 1.0:
            raise OptimizerError(message(f"{where} betas[{i}]", "a value in [0, 1)",
                                         repr(beta)))


def _scalar(value):
    return float(onp.asarray(getval(value)).reshape(()))


class Optimizer(Cell):
    """``Optimizer(params, defaults)``: PyTorch-style parameter groups (``param_groups``,
    ``add_param_group``, ``state``); subclasses write ``construct(gradients)``."""

    def __init__(self, params, defaults):
        super().__init__(auto_prefix=False)
        where = type(self).__name__
        if params is None:
            raise OptimizerError(message(f"{where} params", "Parameters or group dicts",
                                         "None", "Pass net.trainable_params()."))
        if isinstance(params, Parameter) or not hasattr(params, "__iter__"):
            raise OptimizerTypeError(message(f"{where} params", "an iterable of Parameters or "
                                             "group dicts", describe(params),
                                             "Pass net.trainable_params()."))
        groups = list(params)
        if not groups:
            raise OptimizerError(message(f"{where} params", "at least one Parameter",
                                         "an empty list", "Pass net.trainable_params()."))
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups, self.lrs, self.group_start_id = [], [], [0]
        self.parameters = ParameterTuple(())
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group):
        """Add a group ``{'params': [...], <setting>: value}``; settings it leaves out take the
        optimizer's defaults."""
        where = f"{type(self).__name__}.add_param_group"
        if not isinstance(param_group, dict):
            raise OptimizerTypeError(message(where, "a dict {'params': [...], ...}",
                                             describe(param_group)))
        params = param_group.get("params", ())
        if isinstance(params, set):
            raise OptimizerTypeError(message(f"{where} params", "an ordered collection",
                                             "a set", "Pass a list."))
        params = [params] if isinstance(params, Parameter) else list(params)
        for i, param in enumerate(params):
            if not isinstance(param, Parameter):
                raise OptimizerTypeError(message(
                    f"{type(self).__name__} params[{i}]", "a Parameter", describe(param),
                    "Pass net.trainable_params()."))
        if any(p is q for p in params for q in self.parameters):
            raise OptimizerError(message(where, "each Parameter in one group only",
                                         "a Parameter already in another group"))
        group = dict(param_group, params=params)
        for name, default in self.defaults.items():
            group.setdefault(name, default)
        group_id = len(self.param_groups)
        group["lr"] = self._lr_parameter(group["lr"], f"learning_rate_group_{group_id}")
        decay = check_type(type(self).__name__, "weight_decay", group.get("weight_decay", 0.0),
                           (numbers.Real,), "an int or float")
        group["weight_decay"] = check_at_least(type(self).__name__, "weight_decay",
                                               float(decay))
        self._prepare_group(group, ParameterTuple(params))
        self.param_groups.append(group)
        self.lrs.append(group["lr"])
        self.group_start_id.append(self.group_start_id[-1] + len(params))
        self.parameters = ParameterTuple(tuple(self.parameters) + tuple(params))
        self._grow_state(ParameterTuple(params))

    def _lr_parameter(self, lr, name):
        where = f"{type(self).__name__} lr"
        if hasattr(lr, "shape") and not isinstance(lr, numbers.Real):
            if onp.ndim(lr) != 0:
                raise OptimizerError(message(where, "a number or a 0-d Tensor",
                                             describe(lr)))
            lr = _scalar(lr)
        check_type(type(self).__name__, "lr", lr, (numbers.Real,), "an int, float or Tensor")
        check_at_least(type(self).__name__, "lr", float(lr))
        return Parameter(onp.float32(lr), name=name)

    def _prepare_group(self, group, params):
        """A subclass adds per-group state (``max_exp_avg_sq``) here."""

    def _grow_state(self, params):
        """A subclass adds the state Parameters of newly added ``params`` here."""

    def _groups(self, gradients):
        """``(group, slice)`` per group, once the gradients are checked: one per Parameter,
        each of its Parameter's shape."""
        where = type(self).__name__
        gradients = tuple(gradients)
        if len(gradients) != len(self.parameters):
            raise OptimizerError(message(where, f"{len(self.parameters)} gradients, one per "
                                         "Parameter", f"{len(gradients)}"))
        for i, (param, grad) in enumerate(zip(self.parameters, gradients)):
            _check_gradient(f"{where} gradient {i} (Parameter '{param.name}')", param, grad)
        data = [onp.asarray(getval(g)) for g in gradients]
        return [(group, data[start:end], slice(start, end)) for group, start, end in zip(
            self.param_groups, self.group_start_id, self.group_start_id[1:])]

    @staticmethod
    def commit(updates):
        """Write every ``(Parameter, value)`` of a step at once."""
        assign_all(updates)

    def __repr__(self):
        lines = [f"{type(self).__name__} ("]
        for i, group in enumerate(self.param_groups):
            lines.append(f"Parameter Group {i}")
            for key in sorted(k for k in group if k != "params"):
                value = onp.float32(_scalar(group[key])) if key == "lr" else group[key]
                lines.append(f"    {key}: {value}")
        return "\n".join(lines) + "\n)"

    def construct(self, gradients):
        raise NotImplementedError(message(
            f"{type(self).__name__}.construct", "an override that updates the parameters",
            "none", "Define construct(self, gradients) in the Optimizer subclass."))
