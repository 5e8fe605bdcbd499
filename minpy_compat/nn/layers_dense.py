"""Dense, activation, normalisation and dropout layers (see ``nn.layers``).

>>> import minpy_compat.numpy as np
>>> relu(affine(np.array([[1.0, -2.0]]), np.eye(2), np.zeros(2)))
array([[1., 0.]])
"""
import math
import numbers

import numpy as onp

from .. import numpy as np
from ..errors import message
from .layers_common import (_broadcasts_to, _check_bias, _check_mode, _check_rows,
                            _float_dtype, _plain, _running)


# ---- dense -------------------------------------------------------------------------
def affine(x, w, b):
    """``x @ w + b``; an ``x`` of more than two dimensions is flattened to ``(N, -1)``
    first (a 1-d ``x`` is one sample, as in MinPy).

    >>> affine(np.ones(2), np.eye(2), np.zeros(2))
    array([1., 1.])
    """
    shape = np.shape(x)
    if len(shape) > 2:  # an explicit width: reshape(N, -1) is ambiguous when N == 0
        x = np.reshape(x, (shape[0], int(onp.prod(shape[1:]))))
    if np.shape(x):
        _check_rows("affine", "w", w, np.shape(x)[-1], "x")
        _check_bias("affine", "b", b, np.shape(x)[:-1] + np.shape(w)[1:])
    return np.dot(x, w) + b


def relu(x):
    return np.maximum(0, x)


def sigmoid(x):
    """``1 / (1 + exp(-x))``, without overflow for large ``|x|``.

    >>> sigmoid(np.array([-1000.0, 0.0, 1000.0]))
    array([0. , 0.5, 1. ])
    """
    # tanh form: no overflow in exp for large negative x.
    return 0.5 * (np.tanh(0.5 * x) + 1.0)


# ---- normalisation and regularisation ---------------------------------------------
def batchnorm(x, gamma, beta, mode="train", eps=1e-5, momentum=0.9,
              running_mean=None, running_var=None):
    """Batch normalisation. Returns ``(out, running_mean, running_var)``.

    MinPy's form normalises each feature of ``x`` over axis 0 (``gamma`` and ``beta``
    broadcast to ``x.shape[1:]``). Images (N, C, H, W) with a ``gamma`` of shape (C,)
    get spatial batch normalisation, one mean and variance per channel over the
    axes (0, 2, 3), as convolutional nets want; running statistics are then (C,).

    ``mode='train'`` normalises with the batch's (biased) statistics and moves the
    running ones: ``rm = momentum * rm + (1 - momentum) * mean``. ``mode='test'``
    normalises with the running statistics. The running statistics are constants
    for ``grad``. ``momentum`` is a number in [0, 1] and ``eps`` one >= 0 (the others
    turn the output or the running statistics NaN); both keep float32 data float32.

    >>> out, mean, var = batchnorm(np.array([[1.0], [3.0]]), np.ones(1), np.zeros(1))
    >>> out.round(3).tolist(), mean.round(6).tolist(), var.round(6).tolist()
    ([[-1.0], [1.0]], [0.2], [0.1])
    >>> batchnorm(np.ones((2, 3, 4, 4)), np.ones(3), np.zeros(3))[1].shape
    (3,)
    """
    _check_mode("batchnorm", mode)
    momentum = _number("momentum", momentum, 1.0, "a number in [0, 1]")
    eps = _number("eps", eps, math.inf, "a finite number >= 0")
    axes, width, kept = _normalised_axes(x, gamma, beta)
    dtype = _float_dtype(x)
    running_mean = _running("batchnorm argument 'running_mean'", running_mean, width, dtype)
    running_var = _running("batchnorm argument 'running_var'", running_var, width, dtype)
    if mode == "train":
        mean = np.mean(x, axis=axes, keepdims=True)
        var = np.mean((x - mean) ** 2, axis=axes, keepdims=True)
        running_mean = momentum * running_mean + (1 - momentum) * _plain(mean).reshape(width)
        running_var = momentum * running_var + (1 - momentum) * _plain(var).reshape(width)
    else:
        mean, var = running_mean.reshape(kept), running_var.reshape(kept)
    if axes != (0,):  # spatial: (C,) parameters go along axis 1
        gamma, beta = (_along_channels(v) for v in (gamma, beta))
    out = gamma * (x - mean) / np.sqrt(var + eps) + beta
    return out, np.asarray(running_mean), np.asarray(running_var)


def _number(name, value, high, wanted):
    """A batchnorm hyperparameter in [0, ``high``] (inf excluded) as a Python float (a
    NumPy float64 scalar would make float32 data float64 under NumPy 2)."""
    if not isinstance(value, numbers.Real) or isinstance(value, bool) or \
            not 0 <= value <= high or value == math.inf:
        raise ValueError(message(f"batchnorm argument {name!r}", wanted, f"{value!r:.60}"))
    return float(value)


def _along_channels(value):
    """A (C,) or (1,) parameter as (1, C, 1, 1); a scalar broadcasts as it is."""
    return np.reshape(value, (1, -1, 1, 1)) if np.ndim(value) == 1 else value


def _normalised_axes(x, gamma, beta):
    """batchnorm's reduced axes, the running statistics' shape and the statistics'
    shape with the reduced axes kept (length 1)."""
    shape = np.shape(x)
    if len(shape) < 2:
        raise ValueError(message("batchnorm argument 0 'x'", "an (N, D) or (N, C, H, W) "
                                 "array", f"shape {shape}", "Reshape one sample with "
                                 "x.reshape(1, -1)."))
    if len(shape) == 4 and np.shape(gamma) == (shape[1],):
        axes, width = (0, 2, 3), (shape[1],)
    else:
        axes, width = (0,), tuple(shape[1:])
    for index, name, value in ((1, "gamma", gamma), (2, "beta", beta)):
        if not _broadcasts_to(np.shape(value), width):
            per_channel = f" or ({shape[1]},) per channel" if len(shape) == 4 and \
                width != (shape[1],) else ""
            raise ValueError(message(f"batchnorm argument {index} {name!r}",
                                     f"a shape that broadcasts to {width}{per_channel}",
                                     f"shape {np.shape(value)}"))
    kept = tuple(1 if axis in axes else n for axis, n in enumerate(shape))
    return axes, width, kept


def dropout(x, prob, mode="train", seed=None):
    """Inverted dropout: train keeps each unit with ``1 - prob`` and scales it by
    ``1 / (1 - prob)``; test returns ``x``. ``seed`` makes the mask reproducible
    (without it, NumPy's global random state is used).

    >>> sorted(set(dropout(np.ones(8), 0.5, seed=0).tolist()))
    [0.0, 2.0]
    >>> x = np.ones(3)
    >>> dropout(x, 0.5, mode='test') is x
    True
    """
    _check_mode("dropout", mode)
    if not 0 <= prob < 1:
        raise ValueError(message("dropout argument 'prob'", "a drop probability in [0, 1)",
                                 repr(prob), "Use prob=0 to keep every unit."))
    if mode == "test" or prob == 0:
        return x
    draw = onp.random.RandomState(seed).rand if seed is not None else onp.random.rand
    keep = draw(*np.shape(x)) >= prob
    return x * (keep / (1.0 - prob)).astype(_float_dtype(x))
