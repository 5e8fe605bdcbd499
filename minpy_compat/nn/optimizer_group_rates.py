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

from ..errors import OptimizerError, message
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


def set_rate_flags(optimizer, items, grouped):
    """MindSpore's public flags on ``optimizer`` (built from ``items``, its Parameters and
    group dicts): ``dynamic_lr`` (a rate per step, a list, a 1-d Tensor or a schedule Cell,
    for the optimizer or any group), ``is_group``, ``is_group_lr`` (some group has its own
    'lr') and ``is_group_params_ordered`` (an 'order_params' group)."""
    rates = optimizer._group_lr
    optimizer.dynamic_lr = optimizer._lr_schedule is not None or len(optimizer._schedule) > 1 \
        or any(r is not None and (not isinstance(r, list) or len(r) > 1) for r in rates)
    optimizer.is_group = grouped
    optimizer.is_group_lr = any(r is not None for r in rates)
    optimizer.is_group_params_ordered = any("order_params" in item for item in items
                                            if isinstance(item, dict))


def in_order_params(items, params, lrs, decays, where):
    """``params`` and their per-Parameter ``lrs`` and ``decays`` reordered as an
    ``{'order_params': [...]}`` item of ``items`` lists them (MindSpore's rule: the same
    Parameters as all the groups hold); unchanged without one."""
    orders = [item["order_params"] for item in items
              if isinstance(item, dict) and "order_params" in item]
    if not orders:
        return params, lrs, decays
    wanted, index = list(orders[-1]), {id(p): i for i, p in enumerate(params)}
    if sorted(map(id, wanted)) != sorted(index):
        raise OptimizerError(message(
            f"{where} order_params", f"the {len(params)} Parameters the groups hold, each once",
            f"{len(wanted)} Parameters ({', '.join(getattr(p, 'name', '?') for p in wanted)})",
            "Pass order_params=net.trainable_params() for the same net."))
    picks = [index[id(p)] for p in wanted]
    return tuple([column[i] for i in picks] for column in (params, lrs, decays))


def group_rate_at(rates, step):
    """A group's own rate at ``step`` (as a float32 value): a LearningRateSchedule's
    ``rates(step)``, or from a list of rates the step's (its last one after the end)."""
    if not isinstance(rates, list):  # a LearningRateSchedule Cell
        value = rates(onp.array(step, onp.int32))
        return float(onp.asarray(getval(value), onp.float32).reshape(()))
    return rates[0] if len(rates) == 1 else float(onp.float32(rates[min(step, len(rates) - 1)]))
