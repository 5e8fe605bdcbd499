"""Shared by the test_bridge_* files: the input ``X``."""
import numpy as onp


X = onp.array([0.3, -0.2, 0.5])
