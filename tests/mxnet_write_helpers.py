"""Shared by the MXNet write tests: the input ``X``."""
import numpy as onp


X = onp.array([0.3, -0.2, 0.5, 0.7])
