"""Update rules (cs231n): ``rule(w, dw, config=None) -> (next_w, config)``.

``config`` holds the hyper-parameters and the rule's state (velocity, moments);
missing hyper-parameters get MinPy's defaults. A misspelt key is refused, so a
typo such as ``lr`` cannot silently train with the default learning rate, and so is
a hyper-parameter out of its range (see ``RANGES``: a NaN, a momentum above 1, an
Adam ``beta1`` of 1). The updated weight and the rule's state arrays keep ``w``'s
floating dtype (a float32 weight stays float32 even when ``dw`` or a hyper-parameter
is float64).

>>> import minpy_compat.numpy as np
>>> w, config = sgd(np.ones(2), np.ones(2), {'learning_rate': 0.5})
>>> w
array([0.5, 0.5])
"""
import math
import numbers

import numpy as onp

from ..array import to_numpy, wrap
from ..errors import describe, message
from .options import check_keys, is_int
from .reexport import reexport

DEFAULTS = {
    "sgd": {"learning_rate": 1e-2},
    "sgd_momentum": {"learning_rate": 1e-2, "momentum": 0.9},
    "rmsprop": {"learning_rate": 1e-2, "decay_rate": 0.99, "epsilon": 1e-8},
    "adam": {"learning_rate": 1e-3, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
}
STATE = {"sgd": (), "sgd_momentum": ("velocity",), "rmsprop": ("cache",),
         "adam": ("m", "v", "t")}
# (low, high, high included): outside them a step is NaN, infinite or runs away
RANGES = {"learning_rate": (0, math.inf, False), "epsilon": (0, math.inf, False),
          "momentum": (0, 1, True), "decay_rate": (0, 1, False), "beta1": (0, 1, False),
          "beta2": (0, 1, False)}


def check_config(rule, config):
    """Refuse unknown keys and hyper-parameters that are not real numbers in ``config``
    for the rule named ``rule`` (``Solver`` calls it when it is built).

    >>> check_config('sgd', {'learning_rate': '0.1'})
    Traceback (most recent call last):
    ...
    ValueError: sgd config 'learning_rate': expected a real number, got '0.1'.
    """
    check_keys(f"{rule} config", config, tuple(DEFAULTS[rule]) + STATE[rule])
    for key in DEFAULTS[rule]:
        value = config.get(key, 0.0)
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise ValueError(message(f"{rule} config {key!r}", "a real number", repr(value)))
        low, high, closed = RANGES[key]
        if not (low <= value < high or (closed and value == high)):
            wanted = f"a finite real number >= {low}" if high == math.inf else \
                f"a real number in [{low}, {high}" + ("]" if closed else ")")
            raise ValueError(message(f"{rule} config {key!r}", wanted, repr(value)))
    if "t" in STATE[rule] and "t" in config and \
            not (is_int(config["t"]) and config["t"] >= 0):
        raise ValueError(message(f"{rule} config 't'", "a step count: an int >= 0",
                                 f"{config['t']!r:.60}"))


def _config(rule, config, w, dw):
    """``config`` with the defaults filled in, once every check passed (a refused call
    leaves the caller's dict as it was)."""
    config = {} if config is None else config
    check_config(rule, config)
    _check_shape(f"{rule} argument 'dw'", onp.shape(dw), onp.shape(w),
                 "Pass the gradient of this w.")
    if onp.asarray(to_numpy(dw)).dtype.kind not in "biuf":
        raise TypeError(message(f"{rule} argument 'dw'", "real numbers", describe(dw)))
    for key in STATE[rule][:2]:  # the arrays; adam's step count t is a number
        if key in config:
            _check_shape(f"{rule} config {key!r}", onp.shape(config[key]), onp.shape(w),
                         "Keep one config per parameter.")
            if onp.asarray(to_numpy(config[key])).dtype.kind not in "biuf":
                raise TypeError(message(f"{rule} config {key!r}", "real numbers",
                                        describe(config[key])))
    for key, value in DEFAULTS[rule].items():
        config.setdefault(key, value)
    return config


def _check_shape(where, shape, w_shape, fix):
    """A gradient or state must broadcast to ``w``'s shape, which must not grow."""
    if len(shape) > len(w_shape) or \
            any(s not in (1, n) for s, n in zip(reversed(shape), reversed(w_shape))):
        raise ValueError(message(where, f"shape {w_shape}, the shape of w", f"shape {shape}",
                                 fix))


def _like(w, next_w):
    """``next_w`` as an Array of ``w``'s dtype when that is floating."""
    return wrap(_state(w, next_w))


def _state(w, value):
    """A state array (velocity, moments) in ``w``'s dtype when that is floating: a
    float64 ``dw`` or NumPy float64 hyper-parameter (NumPy 2) would make it float64."""
    dtype = onp.result_type(w)
    return onp.asarray(value).astype(dtype, copy=False) if dtype.kind == "f" else value


def sgd(w, dw, config=None):
    """``w - learning_rate * dw``. A misspelt option is refused:

    >>> import minpy_compat.numpy as np
    >>> sgd(np.ones(2), np.ones(2), {'lr': 0.5})
    Traceback (most recent call last):
    ...
    minpy_compat.errors.UnknownOptionError: sgd config: expected options among \
'learning_rate', got 'lr'. Check the spelling.
    """
    config = _config("sgd", config, w, dw)
    w = to_numpy(w)
    return _like(w, w - config["learning_rate"] * to_numpy(dw)), config


def sgd_momentum(w, dw, config=None):
    """``v = momentum * v - learning_rate * dw; w + v`` (state: ``velocity``).

    >>> import minpy_compat.numpy as np
    >>> w, config = sgd_momentum(np.ones(2), np.ones(2))
    >>> w, sorted(config)
    (array([0.99, 0.99]), ['learning_rate', 'momentum', 'velocity'])
    """
    config = _config("sgd_momentum", config, w, dw)
    w, dw = to_numpy(w), to_numpy(dw)
    v = config.get("velocity", onp.zeros_like(w))
    v = config["momentum"] * v - config["learning_rate"] * dw
    config["velocity"] = v = _state(w, v)
    return _like(w, w + v), config


def rmsprop(w, dw, config=None):
    """Divide the step by a running RMS of the gradient (state: ``cache``).

    >>> import minpy_compat.numpy as np
    >>> w, config = rmsprop(np.ones(2), np.ones(2))
    >>> w.round(6)  # the first step is learning_rate / sqrt(1 - decay_rate)
    array([0.9, 0.9])
    """
    config = _config("rmsprop", config, w, dw)
    w, dw = to_numpy(w), to_numpy(dw)
    decay = config["decay_rate"]
    cache = decay * config.get("cache", onp.zeros_like(w)) + (1 - decay) * dw ** 2
    config["cache"] = cache = _state(w, cache)
    return _like(w, w - config["learning_rate"] * dw / (onp.sqrt(cache) + config["epsilon"])), \
        config


def adam(w, dw, config=None):
    """Adam with bias correction (state: ``m``, ``v``, step count ``t``).

    >>> import minpy_compat.numpy as np
    >>> w, config = adam(np.ones(2, dtype=np.float32), np.ones(2))
    >>> w.round(4), w.dtype, config['t']
    (array([0.999, 0.999], dtype=float32), dtype('float32'), 1)
    """
    config = _config("adam", config, w, dw)
    w, dw = to_numpy(w), to_numpy(dw)
    b1, b2 = config["beta1"], config["beta2"]
    t = config.get("t", 0) + 1
    m = b1 * config.get("m", onp.zeros_like(w)) + (1 - b1) * dw
    v = b2 * config.get("v", onp.zeros_like(w)) + (1 - b2) * dw ** 2
    m, v = _state(w, m), _state(w, v)
    config.update(m=m, v=v, t=t)
    m_hat, v_hat = m / (1 - b1 ** t), v / (1 - b2 ** t)
    return _like(w, w - config["learning_rate"] * m_hat / (onp.sqrt(v_hat) + config["epsilon"])), \
        config


RULES = {"sgd": sgd, "sgd_momentum": sgd_momentum, "rmsprop": rmsprop, "adam": adam}


# MindSpore's ``nn.optim`` (``from mindspore.nn.optim import Momentum``): its optimizer
# Cells, read from ``minpy_compat.nn`` on first use, beside MinPy's update rules above
_CELL_OPTIMIZERS = ["Adadelta", "AdaFactor", "Adagrad", "Adam", "AdaMax", "AdamWeightDecay",
                    "ASGD", "FTRL", "Lamb", "LARS", "LazyAdam", "Momentum", "Optimizer",
                    "ProximalAdagrad", "RMSProp", "Rprop", "SGD",
                    "AdamOffload"]
__getattr__, _ = reexport(__name__, _CELL_OPTIMIZERS)

# MindSpore's submodules here (``nn.wrap.cell_wrapper``) come from ``module_paths``
__path__ = []
