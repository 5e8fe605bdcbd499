"""Shared by the core tests split out of the second fuzzing pass: the NumPy version and an
input array."""
import numpy as onp


NUMPY_2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"
X23 = onp.arange(6.0).reshape(2, 3) * 0.7 - 1.1
