"""Group learning rates kept as MindSpore 2.10 keeps them: when parameter groups have their
own fixed ``lr`` (and no rate is a list or a schedule), each such group's rate is a 0-d
float32 Parameter ``learning_rate_group_<group index>``, registered with the optimizer (so
``get_parameters`` and checkpoints list it), read at every step (so ``set_data`` on it
changes the next steps) and returned by ``get_lr_parameter``.

The order is MindSpore's: ``global_step``, then one rate per group in group order (a group's
own, or ``learning_rate`` where the first group without one stands; no ``learning_rate``
when every group has its own), then the parameters.
"""
import numpy as onp
from autograd.tracer import getval

from ..tensor import Parameter


def registers_group_rates(optimizer):
    """True when the group rates are registered Parameters: some group has its own rate,
    and every rate (groups' and the optimizer's) is one fixed number."""
    rates = optimizer._group_lr
    return any(r is not None for r in rates) and optimizer._lr_schedule is None \
        and len(optimizer._schedule) == 1 \
        and all(r is None or type(r) is list and len(r) == 1 for r in rates)


def register_rates(optimizer, rate):
    """Register ``rate`` (the ``learning_rate`` Parameter) and, where ``registers_group_rates``,
    the groups' own rates in MindSpore's order, kept in ``_group_lr_parameters`` (group index
    -> Parameter). True when the group rates are registered."""
    if not registers_group_rates(optimizer):
        optimizer.learning_rate = rate
        return False
    made, default_seen = {}, False
    for group, rates in zip(optimizer._lr_group_index, optimizer._group_lr):
        if rates is None:
            if not default_seen:
                optimizer.learning_rate = rate
                default_seen = True
        elif group not in made:
            made[group] = Parameter(onp.float32(rates[0]), name=f"learning_rate_group_{group}")
            setattr(optimizer, f"learning_rate_group_{group}", made[group])
    if not default_seen:  # every group has its own: MindSpore registers no learning_rate
        object.__setattr__(optimizer, "learning_rate", rate)
    optimizer.__dict__["_group_lr_parameters"] = made
    return True


def group_rate_now(optimizer, group):
    """The float32 rate a registered group's Parameter holds now (as a Python float)."""
    param = optimizer.__dict__["_group_lr_parameters"][group]
    return float(onp.asarray(getval(param), onp.float32))


def group_rate_at(rates, step):
    """A group's own rate at ``step`` (as a float32 value): a LearningRateSchedule's
    ``rates(step)``, or from a list of rates the step's (its last one after the end)."""
    if not isinstance(rates, list):  # a LearningRateSchedule Cell
        value = rates(onp.array(step, onp.int32))
        return float(onp.asarray(getval(value), onp.float32).reshape(()))
    return rates[0] if len(rates) == 1 else float(onp.float32(rates[min(step, len(rates) - 1)]))
