"""MinPy's layers: cs231n-style functions whose gradients come from the tracer.

Every layer is written with ``minpy_compat.numpy``, so ``grad`` differentiates it
(to any order); ``conv2d`` is a custom op with its own gradient (see ``conv``).
Differences from MinPy, all bug fixes: ``affine`` flattens an ``x`` of more than
two dimensions to ``(N, -1)`` as MinPy's docstring promised, ``dropout`` is inverted
(train scales by ``1/(1-p)``, test is the identity) and its ``seed`` really seeds it,
``svm_loss`` is right for every batch size, and ``softmax_cross_entropy`` is finite
when a wrong class has probability 0. Float32 inputs give float32 outputs (running
statistics, masks and targets follow the input's dtype).

>>> import minpy_compat.numpy as np
>>> from minpy_compat.nn import layers
>>> x = np.array([[1.0, -2.0]])
>>> layers.relu(layers.affine(x, np.eye(2), np.zeros(2)))
array([[1., 0.]])
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import to_numpy
from ..errors import message
from .conv import conv2d, max_pool2d  # noqa: F401  (public here, MinPy's layout)


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


# ---- losses ------------------------------------------------------------------------
def softmax_loss(x, label):
    """Mean cross-entropy of ``softmax(x)``; ``label`` is class indices or one-hot.

    >>> round(float(softmax_loss(np.zeros((2, 3)), np.array([0, 2]))), 6)  # log(3)
    1.098612
    """
    return -_batch_mean(np.sum(_log_softmax(x) * _onehot(label, x, "softmax_loss")), x)


def softmax_cross_entropy(prob, label):
    """Mean cross-entropy of probabilities ``prob``; ``label`` is indices or one-hot.

    >>> round(float(softmax_cross_entropy(np.array([[0.5, 0.5, 0.0]]), np.array([0]))), 6)
    0.693147
    """
    onehot = _onehot(label, prob, "softmax_cross_entropy")
    # log(1) where the label weight is 0: a wrong class of probability 0 adds 0, not nan.
    return -_batch_mean(np.sum(np.log(np.where(onehot != 0, prob, 1.0)) * onehot), prob)


def l2_loss(x, label):
    """``sum((x - label) ** 2) / N``; integer class indices are one-hot encoded first.

    >>> float(l2_loss(np.array([[1.0, 2.0]]), np.array([[0.0, 0.0]])))
    5.0
    >>> float(l2_loss(np.array([[1.0, 0.0]]), np.array([0])))
    0.0
    """
    target = _plain(label)
    if target.ndim == np.ndim(x) - 1 and target.dtype.kind in "iu":
        target = _onehot(target, x, "l2_loss")
    elif target.size == onp.size(getval(x)):
        target = target.reshape(np.shape(x)).astype(_float_dtype(x), copy=False)
    else:
        raise ValueError(message("l2_loss argument 1 'label'", f"{np.shape(x)} values or "
                                 "integer class indices", f"shape {target.shape}"))
    return _batch_mean(np.sum((x - target) ** 2), x)


def svm_loss(x, label):
    """Multiclass hinge loss ``mean_i sum_{j != y_i} max(0, x_ij - x_iy_i + 1)``.

    >>> float(svm_loss(np.array([[1.0, 2.0, 0.0]]), np.array([0])))
    2.0
    """
    onehot = _onehot(label, x, "svm_loss")
    correct = np.sum(x * onehot, axis=1, keepdims=True)
    margins = np.maximum(0, x - correct + 1.0) * (1 - onehot)
    return _batch_mean(np.sum(margins), x)


# ---- recurrent ---------------------------------------------------------------------
def rnn_step(x, h, Wx, Wh, b):
    """One tanh RNN step: ``tanh(x Wx + h Wh + b)``.

    >>> rnn_step(np.ones((1, 2)), np.zeros((1, 3)), np.zeros((2, 3)), np.zeros((3, 3)),
    ...          np.zeros(3))
    array([[0., 0., 0.]])
    """
    return np.tanh(np.dot(x, Wx) + np.dot(h, Wh) + b)


def rnn_temporal(x, h0, Wx, Wh, b):
    """Run ``rnn_step`` over ``x`` of shape (N, T, D); hidden states (N, T, H).

    >>> rnn_temporal(np.ones((2, 3, 4)), np.zeros((2, 5)), np.ones((4, 5)), np.ones((5, 5)),
    ...              np.zeros(5)).shape
    (2, 3, 5)
    """
    h, states = h0, []
    for t in range(np.shape(x)[1]):
        h = rnn_step(x[:, t, :], h, Wx, Wh, b)
        states.append(h)
    return _stacked(states, h0)


def lstm_step(x, h, c, Wx, Wh, b):
    """One LSTM step; gates i, f, o (sigmoid) then g (tanh). Returns ``(h, c)``.

    >>> h, c = lstm_step(np.ones((1, 2)), np.zeros((1, 3)), np.ones((1, 3)),
    ...                  np.zeros((2, 12)), np.zeros((3, 12)), np.zeros(12))
    >>> c.tolist()  # f * c + i * tanh(0) with every gate at sigmoid(0) = 0.5
    [[0.5, 0.5, 0.5]]
    """
    H = np.shape(h)[1]
    a = np.dot(x, Wx) + np.dot(h, Wh) + b
    i, f, o = sigmoid(a[:, :H]), sigmoid(a[:, H:2 * H]), sigmoid(a[:, 2 * H:3 * H])
    c = f * c + i * np.tanh(a[:, 3 * H:])
    return o * np.tanh(c), c


def lstm_temporal(x, h0, Wx, Wh, b):
    """Run ``lstm_step`` over (N, T, D) from ``h0`` and a zero cell; states (N, T, H).

    >>> lstm_temporal(np.ones((2, 3, 4)), np.zeros((2, 5)), np.ones((4, 20)),
    ...               np.ones((5, 20)), np.zeros(20)).shape
    (2, 3, 5)
    """
    h, c, states = h0, np.zeros(np.shape(h0), dtype=_float_dtype(h0)), []
    for t in range(np.shape(x)[1]):
        h, c = lstm_step(x[:, t, :], h, c, Wx, Wh, b)
        states.append(h)
    return _stacked(states, h0)


def gru_step(x, h, Wx, Wh, b, Wxh, Whh, bh):
    """One GRU step: gates r, z from ``sigmoid(x Wx + h Wh + b)``,
    ``h~ = tanh(x Wxh + (r h) Whh + bh)``, result ``z h + (1 - z) h~``.

    >>> gru_step(np.ones((1, 2)), np.ones((1, 3)), np.zeros((2, 6)), np.zeros((3, 6)),
    ...          np.zeros(6), np.zeros((2, 3)), np.zeros((3, 3)), np.zeros(3)).tolist()
    [[0.5, 0.5, 0.5]]
    """
    H = np.shape(h)[1]
    gates = sigmoid(np.dot(x, Wx) + np.dot(h, Wh) + b)
    r, z = gates[:, :H], gates[:, H:]
    candidate = np.tanh(np.dot(x, Wxh) + np.dot(r * h, Whh) + bh)
    return z * h + (1 - z) * candidate


def temporal_affine(x, w, b):
    """``affine`` at every time step of (N, T, D); result (N, T, M).

    >>> temporal_affine(np.ones((2, 3, 4)), np.ones((4, 5)), np.zeros(5)).shape
    (2, 3, 5)
    """
    N, T, D = np.shape(x)
    return np.reshape(np.dot(np.reshape(x, (N * T, D)), w), (N, T, -1)) + b


def temporal_softmax_loss(x, y, mask=None):
    """Softmax loss over (N, T, V) scores and (N, T) labels, summed over time where
    ``mask`` is true, divided by N.

    >>> mask = np.array([[1, 1, 0], [1, 0, 0]])
    >>> loss = temporal_softmax_loss(np.zeros((2, 3, 4)), np.zeros((2, 3), dtype=int), mask)
    >>> round(float(loss), 6)  # three unmasked steps of log(4), over N = 2
    2.079442
    """
    N, T, V = np.shape(x)
    dtype = _float_dtype(x)
    flat_y = _plain(y).reshape(N * T)
    onehot = _onehot(flat_y, onp.empty((N * T, V), dtype), "temporal_softmax_loss")
    logp = np.sum(_log_softmax(np.reshape(x, (N * T, V))) * onehot, axis=1)
    weights = onp.ones(N * T, dtype) if mask is None else \
        _plain(mask).reshape(N * T).astype(dtype)
    return -_batch_mean(np.sum(logp * weights), x)


# ---- helpers -------------------------------------------------------------------------
def _plain(value):
    """A constant's plain NumPy data (running statistics and labels carry no gradient)."""
    return onp.asarray(to_numpy(value))


def _float_dtype(x):
    """``x``'s dtype when it is floating, else float64 (the dtype constants should take)."""
    dtype = onp.dtype(getattr(getval(x), "dtype", onp.float64))
    return dtype if dtype.kind == "f" else onp.dtype(onp.float64)


def _batch_mean(total, x):
    """``total / N`` in ``x``'s float dtype (NumPy 1.x makes a 0-d float32 / int float64)."""
    N = np.shape(x)[0]
    return total * onp.asarray(1.0 / N if N else onp.nan, _float_dtype(x))


def _running(stat, width, dtype):
    """A running statistic as plain data of ``dtype``; None starts at zeros."""
    return onp.zeros(width, dtype) if stat is None else _plain(stat).astype(dtype)


def _stacked(states, h0):
    """Hidden states (N, T, H) from T states (N, H); T may be 0."""
    if not states:
        return np.zeros((np.shape(h0)[0], 0, np.shape(h0)[1]), dtype=_float_dtype(h0))
    return np.stack(states, axis=1)


def _check_mode(where, mode):
    if mode not in ("train", "test"):
        raise ValueError(message(f"{where} argument 'mode'", "'train' or 'test'", repr(mode)))


def _log_softmax(x):
    shifted = x - onp.max(getval(x), axis=1, keepdims=True)  # a constant shift: stability only
    return shifted - np.log(np.sum(np.exp(shifted), axis=1, keepdims=True))


def _onehot(label, scores, where):
    """``label`` as a one-hot matrix shaped like ``scores`` (N, C); one-hot passes through."""
    label, dtype = _plain(label), _float_dtype(scores)
    N, C = onp.shape(getval(scores))
    if label.shape == (N, C):
        return label.astype(dtype)
    if label.shape != (N,):
        raise ValueError(message(f"{where} argument 1 'label'", f"{N} class indices or a "
                                 f"({N}, {C}) one-hot matrix", f"shape {label.shape}"))
    index = label.astype(onp.int64)
    if not onp.array_equal(index, label) or index.min(initial=0) < 0 or \
            index.max(initial=0) >= C:
        raise ValueError(message(f"{where} argument 1 'label'", f"integer class indices "
                                 f"in 0..{C - 1}", f"values from {label.min()} to {label.max()}"))
    onehot = onp.zeros((N, C), dtype=dtype)
    onehot[onp.arange(N), index] = 1
    return onehot
