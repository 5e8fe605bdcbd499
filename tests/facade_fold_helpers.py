"""Shared by the facade tests split out of the fourth fuzzing round: the seeded rng, the input
``X`` and ``_weights``."""
import numpy as onp


rng = onp.random.RandomState(4)
X = rng.rand(3, 4) + 0.5  # positive: power, divide and logs stay defined


def _weights(shape):
    return onp.cos(1.3 * onp.arange(int(onp.prod(shape)))).reshape(shape)
