"""The LSTM and GRU steps take one sample and check their weights' widths, and lstm_temporal
takes c0."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn import layers

from conftest import check_grad
from toolkit_shape_helpers import randn


# ---- recurrent layers --------------------------------------------------------------
def lstm_weights(D, H):
    return randn(D, 4 * H), randn(H, 4 * H), randn(4 * H)


def gru_weights(D, H):
    return randn(D, 2 * H), randn(H, 2 * H), randn(2 * H), randn(D, H), randn(H, H), randn(H)


def test_lstm_and_gru_steps_take_one_sample_like_rnn_step():
    x, h, c = randn(3), randn(4), randn(4)
    weights = lstm_weights(3, 4)
    one = layers.lstm_step(x, h, c, *weights)  # raised IndexError
    batch = layers.lstm_step(x[None], h[None], c[None], *weights)
    for single, batched in zip(one, batch):
        assert single.shape == (4,)
        onp.testing.assert_allclose(single, batched[0], rtol=1e-14)
    gweights = gru_weights(3, 4)
    onp.testing.assert_allclose(layers.gru_step(x, h, *gweights),
                                layers.gru_step(x[None], h[None], *gweights)[0], rtol=1e-14)
    check_grad(lambda x, h, c: layers.lstm_step(x, h, c, *weights)[1], x, h, c)
    check_grad(lambda x, h: layers.gru_step(x, h, *gweights), x, h)


def sigmoid(a):
    return 1 / (1 + onp.exp(-a))


def lstm_reference(x, h, c, Wx, Wh, b):
    H, states = h.shape[1], []
    for t in range(x.shape[1]):
        a = x[:, t] @ Wx + h @ Wh + b
        i, f, o = sigmoid(a[:, :H]), sigmoid(a[:, H:2 * H]), sigmoid(a[:, 2 * H:3 * H])
        c = f * c + i * onp.tanh(a[:, 3 * H:])
        h = o * onp.tanh(c)
        states.append(h)
    return onp.stack(states, axis=1)


def test_lstm_temporal_starts_from_a_given_cell():
    x, h0, c0, weights = randn(2, 3, 2), randn(2, 4), randn(2, 4), lstm_weights(2, 4)
    out = layers.lstm_temporal(x, h0, *weights, c0=c0)  # c0 was not an argument
    onp.testing.assert_allclose(out, lstm_reference(x, h0, c0, *weights), rtol=1e-12)
    onp.testing.assert_allclose(layers.lstm_temporal(x, h0, *weights),
                                lstm_reference(x, h0, onp.zeros((2, 4)), *weights), rtol=1e-12)
    check_grad(lambda x, h0, c0, Wx: layers.lstm_temporal(x, h0, Wx, *weights[1:], c0=c0),
               x, h0, c0, weights[0])
    f32 = [a.astype(onp.float32) for a in (x, h0, c0) + weights]
    assert layers.lstm_temporal(*f32[:2], *f32[3:], c0=f32[2]).dtype == onp.float32
    grads = grad(lambda c0: np.sum(layers.lstm_temporal(*f32[:2], *f32[3:], c0=c0)))(f32[2])
    assert grads.dtype == onp.float32


@pytest.mark.parametrize("call, match", [
    (lambda: layers.lstm_step(onp.ones((2, 3)), onp.ones((2, 4)), onp.ones((2, 4)),
                              onp.ones((3, 17)), onp.ones((4, 16)), onp.ones(16)),
     r"lstm_step argument 'Wx': expected 4 \* H = 16 columns, with H = 4 from h, got shape "
     r"\(3, 17\)"),
    (lambda: layers.gru_step(onp.ones((2, 3)), onp.ones((2, 4)), onp.ones((3, 8)),
                             onp.ones((4, 8)), onp.ones(8), onp.ones((3, 4)), onp.ones((4, 5)),
                             onp.ones(4)),
     r"gru_step argument 'Whh': expected H columns, with H = 4 from h, got shape \(4, 5\)"),
    (lambda: layers.lstm_temporal(onp.ones((2, 3, 3)), onp.ones((2, 4)), onp.ones((3, 16)),
                                  onp.ones((4, 16)), onp.ones(16), c0=onp.ones((1, 4))),
     r"lstm_temporal argument 'c0': expected the shape of h0, \(2, 4\), got shape \(1, 4\)"),
    (lambda: layers.rnn_temporal(onp.ones((2, 3)), onp.ones((2, 4)), onp.ones((3, 4)),
                                 onp.ones((4, 4)), onp.ones(4)),
     r"rnn_temporal argument 0 'x': expected a 3-d array \(N, T, D\), got shape \(2, 3\)"),
    (lambda: layers.temporal_affine(onp.ones((2, 3)), onp.ones((3, 4)), onp.ones(4)),
     r"temporal_affine argument 0 'x': expected a 3-d array \(N, T, D\), got shape \(2, 3\)\. "
     r"Use affine"),
])
def test_recurrent_layers_name_shape_mistakes(call, match):
    with pytest.raises(ValueError, match=match):
        call()
