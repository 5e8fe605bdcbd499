"""Shared by the test_core_customop_* files of the fuzzing pass: the inputs X and W and the
op ``mul``, defined at module level."""
import numpy as onp
from minpy_compat import customop


rng = onp.random.RandomState(7)
X = rng.normal(size=(2, 3))
W = rng.normal(size=(2, 3))


# ---- ops (module level: the pickling test finds them by name) ---------------------------------
@customop('numpy')
def mul(x, w):
    return x * w


mul.def_grad(lambda ans, x, w: lambda g: g * w, argnum=0)
mul.def_grad(lambda ans, x, w: lambda g: g * x, argnum=1)
