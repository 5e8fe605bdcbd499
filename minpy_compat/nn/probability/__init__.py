"""``minpy_compat.nn.probability``: MindSpore 2.10's ``nn.probability`` package.

``distribution`` holds the probability distributions (``Normal``, ``Gamma``, ...) as Cells;
``bijector`` the invertible transforms. Both are imported on first use.

>>> from minpy_compat import nn
>>> nn.probability.distribution.Normal(0.0, 1.0).get_dist_type()
'Normal'
"""
from ...lazy_names import lazy_names

_SUBMODULES = ("bijector", "distribution")
__getattr__, __dir__ = lazy_names(__name__, {}, globals(), submodules=_SUBMODULES)
