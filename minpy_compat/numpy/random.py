"""``minpy_compat.numpy.random``: NumPy's global random state, results as Arrays.

Draws are NumPy's own: after ``np.random.seed(s)`` they equal ``numpy.random``'s
for the same seed. Random draws are constants for ``grad``, except that ``normal``
and ``uniform`` take traced parameters: they draw the standard variate NumPy would
draw (the same numbers from the same state) and shift and scale it with traced
arithmetic, so ``loc``/``scale`` and ``low``/``high`` get gradients (the
reparameterization trick). Any other function refuses a traced parameter by name.
"""
import numpy as _onp
import numpy.random as _onp_random
from autograd.tracer import getval as _getval

from ..errors import TracedValueError as _TracedValueError, message as _message
from ._namespace import contains_box as _contains_box, plain as _plain


def _refusing_traced(name, facade):
    def draw(*args, **kwargs):
        if _contains_box(args) or _contains_box(tuple(kwargs.values())):
            raise _TracedValueError(_message(
                f"minpy_compat.numpy.random.{name}", "constant parameters (normal and uniform "
                "also take traced ones)", "a traced parameter",
                "Draw a standard variate and transform it with traced arithmetic, or pass "
                "x.asnumpy() if no gradient should flow."))
        return facade(*args, **kwargs)
    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = facade.__doc__
    draw.__wrapped__ = facade.__wrapped__
    return draw


for _name in dir(_onp_random):
    if _name.startswith("_"):
        continue
    _obj = getattr(_onp_random, _name)
    globals()[_name] = (_obj if isinstance(_obj, type) or not callable(_obj)
                        else _refusing_traced(_name, _plain(_obj)))
del _name, _obj

_plain_normal, _plain_uniform = normal, uniform  # noqa: F821  (made by the loop above)


def _variate_shape(size, *parameters):
    if size is not None:
        return size
    shape = _onp.broadcast_shapes(*(_onp.shape(_getval(p)) for p in parameters))
    return shape or None  # scalar parameters, no size: NumPy draws a Python float


def normal(loc=0.0, scale=1.0, size=None):
    """``numpy.random.normal``; traced ``loc``/``scale`` give ``loc + scale * z``, with
    ``z`` the standard normal draw NumPy's own call would make."""
    if not (_contains_box(loc) or _contains_box(scale)):
        return _plain_normal(loc, scale, size)
    from . import asarray
    if _onp.any(_onp.asarray(_getval(scale)) < 0):
        raise ValueError("scale < 0")
    z = standard_normal(_variate_shape(size, loc, scale))  # noqa: F821
    return asarray(loc) + asarray(scale) * z


def uniform(low=0.0, high=1.0, size=None):
    """``numpy.random.uniform``; traced ``low``/``high`` give ``low + (high - low) * u``,
    with ``u`` the draw in [0, 1) NumPy's own call would make."""
    if not (_contains_box(low) or _contains_box(high)):
        return _plain_uniform(low, high, size)
    from . import asarray
    u = random_sample(_variate_shape(size, low, high))  # noqa: F821
    low = asarray(low)
    return low + (asarray(high) - low) * u


normal.__wrapped__, uniform.__wrapped__ = _onp_random.normal, _onp_random.uniform
