"""``minpy_compat.numpy.random``: NumPy's random functions and generators, results as Arrays.

Draws are NumPy's own: after ``np.random.seed(s)`` they equal ``numpy.random``'s
for the same seed, and ``default_rng(s)`` (a ``Generator``) and ``RandomState(s)`` draw
what NumPy's do (``random_generators``). Random draws are constants for ``grad``, except
that ``normal`` and ``uniform`` take traced parameters: they draw the standard variate
NumPy would draw (the same numbers from the same state) and shift and scale it with traced
arithmetic, so ``loc``/``scale`` and ``low``/``high`` get gradients (the
reparameterization trick); ``permutation``, ``choice`` and ``shuffle`` take traced data
(the drawn positions are constants, the values picked stay traced). Any other function
refuses a traced parameter by name.
"""
import numpy.random as _onp_random

from ._namespace import contains_box as _contains_box, plain as _plain
from .random_generators import Generator, RandomState, default_rng  # noqa: F401
from .random_generators import PICKING as _PICKING, picked_from as _picked_from, \
    refuse_traced as _refuse_traced, scaled_uniform as _scaled_uniform, \
    shifted_normal as _shifted_normal, SCRATCH_STATE as _SCRATCH_STATE

_OURS = frozenset(["Generator", "RandomState", "default_rng"])


def _refusing_traced(name, facade):
    def draw(*args, **kwargs):
        if name in _PICKING and args and _contains_box(args[0]):
            return _picked_from(getattr(_onp_random, name), f"minpy_compat.numpy.random.{name}",
                                args[0], args[1:], kwargs)
        _refuse_traced(f"minpy_compat.numpy.random.{name}", args, kwargs)
        return facade(*args, **kwargs)
    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = facade.__doc__
    draw.__wrapped__ = facade.__wrapped__
    return draw


for _name in dir(_onp_random):
    if _name.startswith("_") or _name in _OURS:
        continue
    _obj = getattr(_onp_random, _name)
    globals()[_name] = (_obj if isinstance(_obj, type) or not callable(_obj)
                        else _refusing_traced(_name, _plain(_obj)))
del _name, _obj

_plain_normal, _plain_uniform = normal, uniform  # noqa: F821  (made by the loop above)


def normal(loc=0.0, scale=1.0, size=None):
    """``numpy.random.normal``; traced ``loc``/``scale`` give ``loc + scale * z``, with
    ``z`` the standard normal draw NumPy's own call would make."""
    if not (_contains_box(loc) or _contains_box(scale)):
        return _plain_normal(loc, scale, size)
    return _shifted_normal(standard_normal, loc, scale, size,  # noqa: F821
                           _SCRATCH_STATE.normal)


def uniform(low=0.0, high=1.0, size=None):
    """``numpy.random.uniform``; traced ``low``/``high`` give ``low + (high - low) * u``,
    with ``u`` the draw in [0, 1) NumPy's own call would make."""
    if not (_contains_box(low) or _contains_box(high)):
        return _plain_uniform(low, high, size)
    return _scaled_uniform(random_sample, low, high, size,  # noqa: F821
                           _SCRATCH_STATE.uniform)


normal.__wrapped__, uniform.__wrapped__ = _onp_random.normal, _onp_random.uniform
