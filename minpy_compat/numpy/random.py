"""``minpy_compat.numpy.random``: NumPy's global random state, results as Arrays.

Draws are NumPy's own: after ``np.random.seed(s)`` they equal ``numpy.random``'s
for the same seed. Random draws are constants for ``grad``.
"""
import numpy.random as _onp_random

from ._namespace import plain as _plain

for _name in dir(_onp_random):
    if _name.startswith("_"):
        continue
    _obj = getattr(_onp_random, _name)
    globals()[_name] = _obj if isinstance(_obj, type) or not callable(_obj) else _plain(_obj)
del _name, _obj
