"""Recurrent layers (see ``nn.layers``): tanh RNN, LSTM and GRU steps, their loops
over time, and ``temporal_affine``. Sequences are (N, T, D); hidden states (N, H).

>>> import minpy_compat.numpy as np
>>> rnn_step(np.ones((1, 2)), np.zeros((1, 3)), np.zeros((2, 3)), np.zeros((3, 3)),
...          np.zeros(3)).shape
(1, 3)
"""
from .. import numpy as np
from .layers_common import _float_dtype, _stacked
from .layers_dense import sigmoid


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
