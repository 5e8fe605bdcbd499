"""Dense, activation, normalisation and dropout layers (see ``nn.layers``).

>>> import minpy_compat.numpy as np
>>> relu(affine(np.array([[1.0, -2.0]]), np.eye(2), np.zeros(2)))
array([[1., 0.]])
"""
import numpy as onp

from .. import numpy as np
from ..errors import message
from .layers_common import _check_mode, _float_dtype, _plain, _running


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
    """Batch normalisation over axis 0. Returns ``(out, running_mean, running_var)``.

    ``mode='train'`` normalises with the batch's (biased) statistics and moves the
    running ones: ``rm = momentum * rm + (1 - momentum) * mean``. ``mode='test'``
    normalises with the running statistics. The running statistics are constants
    for ``grad``.

    >>> out, mean, var = batchnorm(np.array([[1.0], [3.0]]), np.ones(1), np.zeros(1))
    >>> out.round(3).tolist(), mean.round(6).tolist(), var.round(6).tolist()
    ([[-1.0], [1.0]], [0.2], [0.1])
    """
    _check_mode("batchnorm", mode)
    width, dtype = np.shape(x)[1:], _float_dtype(x)
    running_mean = _running(running_mean, width, dtype)
    running_var = _running(running_var, width, dtype)
    if mode == "train":
        mean = np.mean(x, axis=0)
        var = np.mean((x - mean) ** 2, axis=0)
        running_mean = momentum * running_mean + (1 - momentum) * _plain(mean)
        running_var = momentum * running_var + (1 - momentum) * _plain(var)
    else:
        mean, var = running_mean, running_var
    out = gamma * (x - mean) / np.sqrt(var + eps) + beta
    return out, np.asarray(running_mean), np.asarray(running_var)


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
