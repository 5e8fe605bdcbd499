"""Parameter initialisers: ``rule(shape, config) -> Array`` (MinPy's signature).

Draws use NumPy's global random state, so ``numpy.random.seed`` makes them
reproducible.

>>> constant((2,), {'value': 3.0})
array([3., 3.])
"""
import numpy as onp

from ..array import to_numpy, wrap
from ..errors import message
from .options import check_keys


def _config(rule, config, accepted):
    config = {} if config is None else config
    check_keys(f"init.{rule} config", config, accepted)
    return config


def xavier(shape, config=None):
    """Glorot uniform: U(-a, a) with ``a = sqrt(6 / (fan_in + fan_out))``,
    ``fan_out = shape[0]``, ``fan_in = prod(shape[1:])`` (MinPy used a Gaussian with
    ``a`` as its standard deviation, three times Glorot's spread).
    """
    _config("xavier", config, ())
    shape = tuple(shape)
    fan_out, fan_in = shape[0], int(onp.prod(shape[1:]))
    bound = onp.sqrt(6.0 / (fan_in + fan_out))
    return wrap(onp.random.uniform(-bound, bound, size=shape))


def gaussian(shape, config=None):
    """Normal draws with mean ``mu`` (default 0) and std ``stdvar`` (default 0.001)."""
    config = _config("gaussian", config, ("mu", "stdvar"))
    return wrap(onp.random.normal(config.get("mu", 0.0), config.get("stdvar", 0.001),
                                  size=tuple(shape)))


def constant(shape, config=None):
    """Every entry ``value`` (default 0)."""
    config = _config("constant", config, ("value",))
    return wrap(onp.full(tuple(shape), float(config.get("value", 0.0))))


def custom(shape, config=None):
    """``function(shape)`` (default ``numpy.zeros``), checked to have the right shape."""
    config = _config("custom", config, ("function",))
    value = onp.asarray(to_numpy(config.get("function", onp.zeros)(tuple(shape))),
                        dtype=onp.float64)
    if value.shape != tuple(shape):
        raise ValueError(message("init.custom 'function'", f"an array of shape {tuple(shape)}",
                                 f"shape {value.shape}"))
    return wrap(value)


RULES = {"xavier": xavier, "gaussian": gaussian, "constant": constant, "custom": custom}
