"""Recurrent layers (see ``nn.layers``): tanh RNN, LSTM and GRU steps, their loops
over time, and ``temporal_affine``. Sequences are (N, T, D); hidden states (N, H).

>>> import minpy_compat.numpy as np
>>> rnn_step(np.ones((1, 2)), np.zeros((1, 3)), np.zeros((2, 3)), np.zeros((3, 3)),
...          np.zeros(3)).shape
(1, 3)
"""
from .. import numpy as np
from ..errors import message
from .layers_common import _check_bias, _check_ndim, _check_rows, _float_dtype, _stacked
from .layers_dense import sigmoid


# ---- recurrent ---------------------------------------------------------------------
def rnn_step(x, h, Wx, Wh, b):
    """One tanh RNN step: ``tanh(x Wx + h Wh + b)``.

    >>> rnn_step(np.ones((1, 2)), np.zeros((1, 3)), np.zeros((2, 3)), np.zeros((3, 3)),
    ...          np.zeros(3))
    array([[0., 0., 0.]])
    """
    H = _check_step("rnn_step", x, h)
    _check_weights("rnn_step", x, H, 1, Wx=Wx, Wh=Wh, b=b)
    return np.tanh(np.dot(x, Wx) + np.dot(h, Wh) + b)


def rnn_temporal(x, h0, Wx, Wh, b):
    """Run ``rnn_step`` over ``x`` of shape (N, T, D); hidden states (N, T, H).

    >>> rnn_temporal(np.ones((2, 3, 4)), np.zeros((2, 5)), np.ones((4, 5)), np.ones((5, 5)),
    ...              np.zeros(5)).shape
    (2, 3, 5)
    """
    _check_sequence("rnn_temporal", x, h0, 1, Wx=Wx, Wh=Wh, b=b)
    h, states = h0, []
    for t in range(np.shape(x)[1]):
        h = rnn_step(x[:, t, :], h, Wx, Wh, b)
        states.append(h)
    return _stacked(states, x, h0)


def lstm_step(x, h, c, Wx, Wh, b):
    """One LSTM step; gates i, f, o (sigmoid) then g (tanh). Returns ``(h, c)``.
    A 1-d ``x``, ``h`` and ``c`` are one sample, as in ``rnn_step``.

    >>> h, c = lstm_step(np.ones((1, 2)), np.zeros((1, 3)), np.ones((1, 3)),
    ...                  np.zeros((2, 12)), np.zeros((3, 12)), np.zeros(12))
    >>> c.tolist()  # f * c + i * tanh(0) with every gate at sigmoid(0) = 0.5
    [[0.5, 0.5, 0.5]]
    """
    H = _check_step("lstm_step", x, h)
    if np.shape(c) != np.shape(h):
        raise ValueError(message("lstm_step argument 2 'c'", f"the shape of h, {np.shape(h)}",
                                 f"shape {np.shape(c)}"))
    _check_weights("lstm_step", x, H, 4, Wx=Wx, Wh=Wh, b=b)
    a = np.dot(x, Wx) + np.dot(h, Wh) + b
    i, f, o = sigmoid(a[..., :H]), sigmoid(a[..., H:2 * H]), sigmoid(a[..., 2 * H:3 * H])
    c = f * c + i * np.tanh(a[..., 3 * H:])
    return o * np.tanh(c), c


def lstm_temporal(x, h0, Wx, Wh, b, c0=None):
    """Run ``lstm_step`` over (N, T, D) from ``h0`` and the cell ``c0`` (default zeros,
    as in MinPy); states (N, T, H).

    >>> lstm_temporal(np.ones((2, 3, 4)), np.zeros((2, 5)), np.ones((4, 20)),
    ...               np.ones((5, 20)), np.zeros(20)).shape
    (2, 3, 5)
    """
    _check_sequence("lstm_temporal", x, h0, 4, Wx=Wx, Wh=Wh, b=b)
    c = np.zeros(np.shape(h0), dtype=_float_dtype(h0)) if c0 is None else c0
    if np.shape(c) != np.shape(h0):
        raise ValueError(message("lstm_temporal argument 'c0'", f"the shape of h0, "
                                 f"{np.shape(h0)}", f"shape {np.shape(c)}"))
    h, states = h0, []
    for t in range(np.shape(x)[1]):
        h, c = lstm_step(x[:, t, :], h, c, Wx, Wh, b)
        states.append(h)
    return _stacked(states, x, h0)


def gru_step(x, h, Wx, Wh, b, Wxh, Whh, bh):
    """One GRU step: gates r, z from ``sigmoid(x Wx + h Wh + b)``,
    ``h~ = tanh(x Wxh + (r h) Whh + bh)``, result ``z h + (1 - z) h~``.
    A 1-d ``x`` and ``h`` are one sample.

    >>> gru_step(np.ones((1, 2)), np.ones((1, 3)), np.zeros((2, 6)), np.zeros((3, 6)),
    ...          np.zeros(6), np.zeros((2, 3)), np.zeros((3, 3)), np.zeros(3)).tolist()
    [[0.5, 0.5, 0.5]]
    """
    H = _check_step("gru_step", x, h)
    _check_weights("gru_step", x, H, 2, Wx=Wx, Wh=Wh, b=b)
    _check_weights("gru_step", x, H, 1, Wx=Wxh, Wh=Whh, b=bh, names=("Wxh", "Whh", "bh"))
    gates = sigmoid(np.dot(x, Wx) + np.dot(h, Wh) + b)
    r, z = gates[..., :H], gates[..., H:]
    candidate = np.tanh(np.dot(x, Wxh) + np.dot(r * h, Whh) + bh)
    return z * h + (1 - z) * candidate


def _check_step(where, x, h):
    """``x`` is (N, D) or one sample (D,), ``h`` (N, H) with the same N or one state (H,);
    returns H. (A 3-d ``h`` would broadcast into a batch of batches.)"""
    x_shape, h_shape = np.shape(x), np.shape(h)
    if len(x_shape) not in (1, 2):
        raise ValueError(message(f"{where} argument 0 'x'", "inputs (N, D) or one (D,)",
                                 f"shape {x_shape}", "Use the *_temporal function for (N, T, D)."))
    if len(h_shape) not in (1, 2) or (len(h_shape) == len(x_shape) == 2
                                      and h_shape[0] != x_shape[0]):
        rows = f" with N = {x_shape[0]} from x" if len(x_shape) == 2 else ""
        raise ValueError(message(f"{where} argument 1 'h'", f"hidden states (N, H){rows}, or "
                                 "one (H,)", f"shape {h_shape}"))
    return h_shape[-1]


def _check_sequence(where, x, h0, gates, **weights):
    """``x`` is (N, T, D), ``h0`` (N, H) or one state (H,) for every sequence, and the
    weights fit them, checked before the first step (so also when T is 0)."""
    _check_ndim(f"{where} argument 0 'x'", x, 3, "(N, T, D)")
    N, shape = np.shape(x)[0], np.shape(h0)
    if len(shape) not in (1, 2) or (len(shape) == 2 and shape[0] != N):
        raise ValueError(message(f"{where} argument 1 'h0'", f"hidden states (N, H) with "
                                 f"N = {N} from x, or one (H,)", f"shape {shape}"))
    _check_weights(where, x, shape[-1], gates, **weights)


def _check_weights(where, x, H, gates, Wx, Wh, b, names=("Wx", "Wh", "b")):
    """``Wx`` (D, gates * H) with D the width of ``x``, ``Wh`` (H, gates * H), ``b``
    (gates * H,); ``names`` are the arguments' names in ``where``."""
    _check_columns(where, H, gates, **dict(zip(names, (Wx, Wh, b))))
    _check_rows(where, names[0], Wx, np.shape(x)[-1] if np.shape(x) else 0, "x")
    _check_rows(where, names[1], Wh, H, "h")


def _check_columns(where, H, gates, **weights):
    """Each of ``weights`` has ``gates * H`` columns (H is the hidden state's width)."""
    for name, value in weights.items():
        shape = np.shape(value)
        if not shape or shape[-1] != gates * H:
            size = "H" if gates == 1 else f"{gates} * H = {gates * H}"
            raise ValueError(message(f"{where} argument {name!r}", f"{size} columns, with H "
                                     f"= {H} from h", f"shape {shape}"))


def temporal_affine(x, w, b):
    """``affine`` at every time step of (N, T, D); result (N, T, M).

    >>> temporal_affine(np.ones((2, 3, 4)), np.ones((4, 5)), np.zeros(5)).shape
    (2, 3, 5)
    """
    _check_ndim("temporal_affine argument 0 'x'", x, 3, "(N, T, D)",
                "Use affine for (N, D) inputs.")
    N, T, D = np.shape(x)
    _check_rows("temporal_affine", "w", w, D, "x")
    _check_bias("temporal_affine", "b", b, (N, T) + np.shape(w)[1:])
    M = np.shape(w)[1] if len(np.shape(w)) == 2 else 1  # -1 cannot be read off 0 rows
    return np.reshape(np.dot(np.reshape(x, (N * T, D)), w), (N, T, M)) + b
