"""Shared by the toolkit tests split out of the sixth fuzzing round: the seeded rng and
``data``, a small two-class data set."""
import numpy as onp


rng = onp.random.RandomState(6)


def data(n=5, dtype=onp.float64):
    X = rng.rand(n, 2).astype(dtype)
    return X, (X[:, 0] > X[:, 1]).astype(int)
