"""Learning-rate schedules (MindSpore 2.10's): list-returning functions (one rate per
step, for an optimizer's ``learning_rate``) and ``LearningRateSchedule`` Cells called
with the step number.

>>> from minpy_compat import nn
>>> nn.piecewise_constant_lr([2, 5], [0.1, 0.05])
[0.1, 0.1, 0.05, 0.05, 0.05]
>>> [round(r, 4) for r in nn.warmup_lr(0.1, 4, 1, 2)]
[0.0, 0.05, 0.1, 0.1]
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .cell import Cell


def _int(where, name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(f"{where} {name}", "an int", describe(value)))
    if value <= 0:
        raise CellArgumentError(message(f"{where} {name}", "an int > 0", repr(value)))
    return int(value)


def _float(where, name, value, positive=True):
    if not isinstance(value, float):
        raise CellTypeError(message(f"{where} {name}", "a float", describe(value),
                                    f"Write {value!r}.0 (say)." if isinstance(value, int) else ""))
    if not (value > 0 if positive else value >= 0):
        raise CellArgumentError(message(f"{where} {name}", "a float > 0" if positive
                                        else "a float >= 0", repr(value)))
    return value


def _bool(where, name, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(f"{where} {name}", "a bool", describe(value)))
    return value


def _decay_inputs(where, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                  is_stair):
    _int(where, "total_step", total_step)
    _int(where, "step_per_epoch", step_per_epoch)
    _int(where, "decay_epoch", decay_epoch)
    _float(where, "learning_rate", learning_rate)
    _float(where, "decay_rate", decay_rate)
    _bool(where, "is_stair", is_stair)


def piecewise_constant_lr(milestone, learning_rates):
    """``learning_rates[i]`` for the steps up to ``milestone[i]`` (milestones increasing)."""
    where = "piecewise_constant_lr"
    for name, value in (("milestone", milestone), ("learning_rates", learning_rates)):
        if not isinstance(value, (list, tuple)):
            raise CellTypeError(message(f"{where} {name}", "a list or tuple", describe(value)))
    if len(milestone) != len(learning_rates):
        raise CellArgumentError(message(f"{where} learning_rates", f"{len(milestone)} rates, "
                                        "one per milestone", f"{len(learning_rates)}"))
    rates, last = [], 0
    for i, (item, rate) in enumerate(zip(milestone, learning_rates)):
        _int(where, f"milestone[{i}]", item)
        _float(where, f"learning_rates[{i}]", rate, positive=False)
        if item < last:
            raise CellArgumentError(message(f"{where} milestone[{i}]", f"at least "
                                            f"milestone[{i - 1}] ({last})", repr(item)))
        rates += [rate] * (item - last)
        last = item
    return rates


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """``learning_rate * decay_rate ** (epoch / decay_epoch)`` (floored if ``is_stair``)."""
    _decay_inputs("exponential_decay_lr", learning_rate, decay_rate, total_step,
                  step_per_epoch, decay_epoch, is_stair)
    rates = []
    for i in range(total_step):
        p = math.floor(i / step_per_epoch) / decay_epoch
        rates.append(learning_rate * decay_rate ** (math.floor(p) if is_stair else p))
    return rates


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """``learning_rate * e ** (-decay_rate * epoch)`` (epoch floored to a multiple of
    ``decay_epoch`` if ``is_stair``)."""
    _decay_inputs("natural_exp_decay_lr", learning_rate, decay_rate, total_step,
                  step_per_epoch, decay_epoch, is_stair)
    rates = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if is_stair:
            epoch = math.floor(epoch / decay_epoch) * decay_epoch
        rates.append(learning_rate * math.e ** (-decay_rate * epoch))
    return rates


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                     is_stair=False):
    """``learning_rate / (1 + decay_rate * epoch / decay_epoch)`` (floored if ``is_stair``)."""
    _decay_inputs("inverse_decay_lr", learning_rate, decay_rate, total_step,
                  step_per_epoch, decay_epoch, is_stair)
    rates = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        p = math.floor(epoch / decay_epoch) if is_stair else epoch / decay_epoch
        rates.append(learning_rate / (1 + decay_rate * p))
    return rates


def _min_max(where, min_lr, max_lr):
    _float(where, "min_lr", min_lr, positive=False)
    _float(where, "max_lr", max_lr)
    if min_lr >= max_lr:
        raise CellArgumentError(message(f"{where} max_lr", f"more than min_lr ({min_lr})",
                                        repr(max_lr)))


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """From ``max_lr`` down to ``min_lr`` along half a cosine over ``decay_epoch`` epochs."""
    where = "cosine_decay_lr"
    _min_max(where, min_lr, max_lr)
    for name, value in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                        ("decay_epoch", decay_epoch)):
        _int(where, name, value)
    delta = 0.5 * (max_lr - min_lr)
    return [min_lr + delta * (1 + math.cos(math.pi * min(math.floor(i / step_per_epoch),
                                                         decay_epoch) / decay_epoch))
            for i in range(total_step)]


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch,
                        decay_epoch, power, update_decay_epoch=False):
    """``(learning_rate - end) * (1 - epoch / decay_epoch) ** power + end``; with
    ``update_decay_epoch`` the decay span grows by whole ``decay_epoch``s instead of
    stopping."""
    where = "polynomial_decay_lr"
    _float(where, "learning_rate", learning_rate)
    _float(where, "end_learning_rate", end_learning_rate, positive=False)
    _float(where, "power", power)
    for name, value in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                        ("decay_epoch", decay_epoch)):
        _int(where, name, value)
    _bool(where, "update_decay_epoch", update_decay_epoch)
    rates, delta = [], learning_rate - end_learning_rate
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if update_decay_epoch:
            span = decay_epoch * max(math.ceil(epoch / decay_epoch), 1)
        else:
            span, epoch = decay_epoch, min(epoch, decay_epoch)
        rates.append(delta * (1 - epoch / span) ** power + end_learning_rate)
    return rates


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """``learning_rate * min(epoch, warmup_epoch) / warmup_epoch``."""
    where = "warmup_lr"
    _float(where, "learning_rate", learning_rate, positive=False)
    for name, value in (("warmup_epoch", warmup_epoch), ("total_step", total_step),
                        ("step_per_epoch", step_per_epoch)):
        _int(where, name, value)
    return [learning_rate * min(math.floor(i / step_per_epoch), warmup_epoch) / warmup_epoch
            for i in range(total_step)]


class LearningRateSchedule(Cell):
    """A Cell called with the step number (an int Tensor) that returns the rate (a 0-d
    float32 Tensor, as MindSpore's; a ``construct`` returning NumPy values is wrapped)."""

    def __call__(self, *args, **kwargs):
        rate = super().__call__(*args, **kwargs)
        return Tensor(rate) if isinstance(rate, (onp.ndarray, onp.generic)) else rate

    def construct(self, global_step):
        raise NotImplementedError(message(
            f"{type(self).__name__}.construct", "an override returning the rate", "none",
            "Define construct(self, global_step)."))


def _step(global_step):
    return onp.asarray(getval(global_step)).astype(onp.float32)


class ExponentialDecayLR(LearningRateSchedule):
    """``learning_rate * decay_rate ** (step / decay_steps)`` (floored if ``is_stair``)."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        where = "ExponentialDecayLR"
        _int(where, "decay_steps", decay_steps)
        _float(where, "learning_rate", learning_rate)
        _float(where, "decay_rate", decay_rate)
        _bool(where, "is_stair", is_stair)
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair

    def construct(self, global_step):
        p = _step(global_step) / onp.float32(self.decay_steps)
        p = onp.floor(p) if self.is_stair else p
        return (onp.float32(self.learning_rate) * onp.power(onp.float32(self.decay_rate), p)) \
            .astype(onp.float32)


class CosineDecayLR(LearningRateSchedule):
    """``min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(step, decay_steps) /
    decay_steps))``."""

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        _min_max("CosineDecayLR", min_lr, max_lr)
        self.decay_steps = _int("CosineDecayLR", "decay_steps", decay_steps)
        self.min_lr, self.max_lr = min_lr, max_lr

    def construct(self, global_step):
        p = onp.minimum(_step(global_step), onp.float32(self.decay_steps)) / \
            onp.float32(self.decay_steps)
        delta = onp.float32(0.5 * (self.max_lr - self.min_lr))
        # MindSpore writes cos(pi p) as sin(pi (p + 0.5)), in float32
        wave = onp.sin(onp.float32(math.pi) * (p + onp.float32(0.5)))
        return (onp.float32(self.min_lr) + delta * (onp.float32(1) + wave)).astype(onp.float32)


class PolynomialDecayLR(LearningRateSchedule):
    """``(learning_rate - end) * (1 - step / decay_steps) ** power + end``; with
    ``update_decay_steps`` the span grows by whole ``decay_steps`` instead of stopping."""

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power,
                 update_decay_steps=False):
        super().__init__()
        where = "PolynomialDecayLR"
        _float(where, "learning_rate", learning_rate)
        _float(where, "end_learning_rate", end_learning_rate, positive=False)
        self.decay_steps = _int(where, "decay_steps", decay_steps)
        self.update_decay_steps = _bool(where, "update_decay_steps", update_decay_steps)
        self.power = _float(where, "power", power)
        self.learning_rate, self.end_learning_rate = learning_rate, end_learning_rate

    def construct(self, global_step):
        step, span = _step(global_step), onp.float32(self.decay_steps)
        if self.update_decay_steps:
            span = span * onp.maximum(onp.ceil(step / span), onp.float32(1))
        else:
            step = onp.minimum(step, span)
        diff = onp.float32(self.learning_rate - self.end_learning_rate)
        return (diff * onp.power(onp.float32(1) - step / span, onp.float32(self.power))
                + onp.float32(self.end_learning_rate)).astype(onp.float32)


class WarmUpLR(LearningRateSchedule):
    """``learning_rate * min(step, warmup_steps) / warmup_steps``."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        self.learning_rate = _float("WarmUpLR", "learning_rate", learning_rate, positive=False)
        self.warmup_steps = _int("WarmUpLR", "warmup_steps", warmup_steps)

    def construct(self, global_step):
        steps = onp.float32(self.warmup_steps)
        return (onp.float32(self.learning_rate) * (onp.minimum(_step(global_step), steps)
                                                   / steps)).astype(onp.float32)
