"""Shared by the test_core_statistics_gradient_* files: the test points and the table of
cases."""
import warnings

import numpy as onp
import pytest


NUMPY_2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"


# ---- test points: distinct values (no ties), never 0, NaNs at a few places ------------------
def _distinct(shape, seed):
    """Values (k - n/2 + 0.5) * 0.3 in a shuffled order, plus small noise: no ties, no 0."""
    rng = onp.random.default_rng(seed)
    size = int(onp.prod(shape))
    values = (rng.permutation(size) - size / 2 + 0.5) * 0.3 + rng.uniform(0, 0.05, size)
    return values.reshape(shape)


def _with_nans(x, places):
    """A copy of ``x`` with NaN at ``places``."""
    x = x.copy()
    for place in places:
        x[place] = onp.nan
    return x


A = _distinct((3, 4), 1)
A3 = _distinct((2, 3, 4), 2)


AN = _with_nans(A, [(0, 1), (1, 3), (2, 0)])


W4 = onp.array([0.5, 1.5, 1.0, 2.5])


QV = onp.array([0.15, 0.65])


X12 = _distinct((12,), 5)  # no value within 0.05 of the histogram edges below
W12 = 0.5 + onp.abs(_distinct((12,), 6))


@pytest.fixture(autouse=True)
def _quiet():
    """All-NaN slices and zero degrees of freedom make NumPy warn; the values are checked."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        yield
