"""Two more of MindSpore 2.10's learning-rate schedule Cells: ``NaturalExpDecayLR`` and
``InverseDecayLR`` (each called with the step, returning a float32 rate).

>>> from minpy_compat import nn
>>> import numpy as onp
>>> float(nn.InverseDecayLR(0.1, 0.5, 2)(onp.array(4, onp.int32)))
0.05000000074505806
"""
import math

import numpy as onp

from .learning_rates import LearningRateSchedule, _bool, _float, _int, _step


def _check(where, learning_rate, decay_rate, decay_steps, is_stair):
    _int(where, "decay_steps", decay_steps)
    _float(where, "learning_rate", learning_rate)
    _float(where, "decay_rate", decay_rate)
    _bool(where, "is_stair", is_stair)


class NaturalExpDecayLR(LearningRateSchedule):
    """``learning_rate * e ** (-decay_rate * step)``; with ``is_stair`` the step is floored
    to a multiple of ``decay_steps`` (MindSpore 2.10's code: the step is not divided by
    ``decay_steps``, whatever its formula says)."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check("NaturalExpDecayLR", learning_rate, decay_rate, decay_steps, is_stair)
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair

    def construct(self, global_step):
        p = _step(global_step)
        if self.is_stair:
            steps = onp.float32(self.decay_steps)
            p = onp.floor(p / steps) * steps
        power = onp.power(onp.float32(math.e), onp.float32(-self.decay_rate) * p)
        return (onp.float32(self.learning_rate) * power).astype(onp.float32)


class InverseDecayLR(LearningRateSchedule):
    """``learning_rate / (1 + decay_rate * step / decay_steps)`` (the ratio floored if
    ``is_stair``)."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check("InverseDecayLR", learning_rate, decay_rate, decay_steps, is_stair)
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair

    def construct(self, global_step):
        p = _step(global_step) / onp.float32(self.decay_steps)
        p = onp.floor(p) if self.is_stair else p
        rate = onp.float32(self.learning_rate) / (onp.float32(1) + onp.float32(self.decay_rate) * p)
        return onp.asarray(rate, onp.float32)
