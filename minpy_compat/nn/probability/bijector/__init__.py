"""``minpy_compat.nn.probability.bijector``: MindSpore 2.10's bijectors, invertible maps
``y = g(x)`` with ``forward``, ``inverse`` and the log-Jacobians of both directions.
Names load on first use.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability import bijector
>>> bijector.ScalarAffine(2.0, 1.0)("forward", ms.Tensor([0.5]))
array([2.], dtype=float32)
"""
from ....lazy_names import lazy_names

_EXPORTS = {
    "bijector": ["Bijector"],
    "bijectors": ["Exp", "GumbelCDF", "Invert", "PowerTransform", "ScalarAffine", "Softplus"],
}
__all__ = sorted(name for names in _EXPORTS.values() for name in names)
__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
