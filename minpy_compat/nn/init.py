"""Parameter initialisers: ``rule(shape, config) -> Array`` (MinPy's signature).

Draws use NumPy's global random state, so ``numpy.random.seed`` makes them
reproducible. ``gaussian`` and ``uniform`` draw in their config's floating dtype
(float32 numbers give float32; Python floats float64), as ``constant`` does; a
parameter declared with ``dtype`` gets that dtype from ``Solver.init`` whatever the rule.

>>> constant((2,), {'value': 3.0})
array([3., 3.])
"""
import numbers

import numpy as onp

from ..array import to_numpy, wrap
from ..errors import message
from .options import as_shape, check_keys


def _config(rule, config, accepted):
    config = {} if config is None else config
    check_keys(f"init.{rule} config", config, accepted)
    return config


def _real(rule, config, key, default, least=None):
    """``config[key]`` (or ``default``), checked to be a real number (>= ``least``)."""
    value = config.get(key, default)
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or \
            not onp.isfinite(value) or (least is not None and value < least):
        wanted = "a finite real number" + ("" if least is None else f" >= {least}")
        raise ValueError(message(f"init.{rule} config {key!r}", wanted, repr(value)))
    return value


def _drawn(values, *numbers_):
    """Draws in the floating dtype of the config's numbers (float32 numbers: float32);
    an int or a Python float leaves them float64."""
    dtypes = [onp.asarray(n).dtype for n in numbers_ if isinstance(n, onp.floating)]
    return wrap(values.astype(onp.result_type(*dtypes)) if dtypes else values)


def xavier(shape, config=None):
    """Glorot uniform: U(-a, a) with ``a = sqrt(6 / (fan_in + fan_out))``,
    ``fan_out = shape[0]``, ``fan_in = prod(shape[1:])`` (MinPy used a Gaussian with
    ``a`` as its standard deviation, three times Glorot's spread).

    >>> import numpy
    >>> numpy.random.seed(0)
    >>> w = xavier((3, 4))
    >>> w.shape, bool(abs(w).max() <= (6 / (4 + 3)) ** 0.5)
    ((3, 4), True)
    """
    _config("xavier", config, ())
    shape = as_shape("init.xavier argument 'shape'", shape)
    if not shape:
        raise ValueError(message("init.xavier argument 'shape'", "at least one dimension",
                                 "()", "Use init.constant or init.gaussian for a scalar."))
    fan_out, fan_in = shape[0], int(onp.prod(shape[1:]))
    bound = onp.sqrt(6.0 / (fan_in + fan_out)) if fan_in + fan_out else 0.0  # (0, 0): empty
    return wrap(onp.random.uniform(-bound, bound, size=shape))


def gaussian(shape, config=None):
    """Normal draws with mean ``mu`` (default 0) and std ``stdvar`` (default 0.001).

    >>> gaussian((2,), {'mu': 1.0, 'stdvar': 0.0})
    array([1., 1.])
    """
    config = _config("gaussian", config, ("mu", "stdvar"))
    mu, std = _real("gaussian", config, "mu", 0.0), _real("gaussian", config, "stdvar", 0.001, 0)
    shape = as_shape("init.gaussian argument 'shape'", shape)
    return _drawn(onp.random.normal(mu, std, size=shape), mu, std)


def uniform(shape, config=None):
    """Uniform draws in [``low``, ``high``) (default MXNet's ``Uniform``: -0.07, 0.07).

    >>> import numpy
    >>> numpy.random.seed(0)
    >>> w = uniform((2, 3), {'low': 0.0, 'high': 0.5})
    >>> w.shape, bool(w.min() >= 0.0 and w.max() < 0.5)
    ((2, 3), True)
    """
    config = _config("uniform", config, ("low", "high"))
    low = _real("uniform", config, "low", -0.07)
    high = _real("uniform", config, "high", 0.07, low)
    shape = as_shape("init.uniform argument 'shape'", shape)
    return _drawn(onp.random.uniform(low, high, size=shape), low, high)


def constant(shape, config=None):
    """Every entry ``value`` (default 0); as in MinPy, ``value`` may also be an array
    that broadcasts to ``shape``. A floating ``value`` keeps its dtype (float32 stays
    float32); others become float64.

    >>> constant((2, 2), {'value': [1.0, 2.0]})
    array([[1., 2.],
           [1., 2.]])
    """
    config = _config("constant", config, ("value",))
    shape = as_shape("init.constant argument 'shape'", shape)
    value = onp.asarray(to_numpy(config.get("value", 0.0)))
    if value.dtype.kind not in "iuf":  # bools refused, as gaussian and uniform refuse them
        raise ValueError(message("init.constant 'value'", "a real number or an array of them",
                                 f"{config['value']!r:.60}", "Give a bool as 1.0 or 0.0."
                                 if value.dtype.kind == "b" else ""))
    value = value if value.dtype.kind == "f" else value.astype(onp.float64)
    try:
        return wrap(onp.array(onp.broadcast_to(value, shape)))
    except ValueError:
        raise ValueError(message("init.constant 'value'", f"a number or an array that "
                                 f"broadcasts to {shape}", f"shape {value.shape}")) from None


def custom(shape, config=None):
    """``function(shape)`` (default ``numpy.zeros``), checked to have the right shape.
    A floating result keeps its dtype (float32 stays float32); others become float64.

    >>> import numpy
    >>> custom((2,), {'function': numpy.ones})
    array([1., 1.])
    >>> custom((2,), {'function': lambda shape: numpy.ones(shape, numpy.float32)}).dtype
    dtype('float32')
    """
    config = _config("custom", config, ("function",))
    shape = as_shape("init.custom argument 'shape'", shape)
    function = config.get("function", onp.zeros)
    if not callable(function):
        raise TypeError(message("init.custom 'function'", "a callable such as numpy.ones",
                                f"{function!r:.60}"))
    value = onp.array(to_numpy(function(shape)))
    value = value if value.dtype.kind == "f" else value.astype(onp.float64)
    if value.shape != shape:
        raise ValueError(message("init.custom 'function'", f"an array of shape {shape}",
                                 f"shape {value.shape}"))
    return wrap(value)


RULES = {"xavier": xavier, "gaussian": gaussian, "uniform": uniform, "constant": constant,
         "custom": custom}
