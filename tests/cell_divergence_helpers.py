"""Shared by the Cell tests split out of the second fuzzing round: ``tensor``, a Tensor of a
dtype."""
import numpy as onp

import minpy_compat as ms


def tensor(values, dtype=onp.float32):
    return ms.Tensor(onp.array(values, dtype))
