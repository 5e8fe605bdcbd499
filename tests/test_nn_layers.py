"""nn.layers: values against plain NumPy, every gradient against finite differences (float64)."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn import conv, layers

from conftest import check_grad

rng = onp.random.RandomState(0)


def randn(*shape):
    return rng.standard_normal(shape)


def check_all_grads(f, args, argnums, rtol=1e-5, atol=1e-7):
    check_grad(f, *args, argnums=argnums, rtol=rtol, atol=atol)


def weighted(layer, weights):
    """A scalar from a layer's output, with weights so every output entry matters."""
    return lambda *args: np.sum(layer(*args) * weights)


N, D, H, C, T = 3, 4, 5, 4, 3
LABELS = onp.array([0, 3, 1])
SEQ_LABELS = rng.randint(0, C, (N, T))

CASES = {
    "affine": (layers.affine, (randn(N, 2, 2), randn(D, H), randn(H)), (0, 1, 2), True),
    "relu": (layers.relu, (randn(N, D) + 0.05,), (0,), True),
    "sigmoid": (layers.sigmoid, (randn(N, D),), (0,), True),
    "batchnorm_train": (lambda x, g, b: layers.batchnorm(x, g, b)[0],
                        (randn(N, D), randn(D), randn(D)), (0, 1, 2), True),
    "batchnorm_test": (lambda x, g, b: layers.batchnorm(
        x, g, b, mode="test", running_mean=onp.ones(D), running_var=2 * onp.ones(D))[0],
                       (randn(N, D), randn(D), randn(D)), (0, 1, 2), True),
    "dropout": (lambda x: layers.dropout(x, 0.4, seed=3), (randn(N, D),), (0,), True),
    "softmax_loss": (lambda x: layers.softmax_loss(x, LABELS), (randn(N, C),), (0,), False),
    "softmax_cross_entropy": (lambda p: layers.softmax_cross_entropy(p, LABELS),
                              (rng.uniform(0.1, 1, (N, C)),), (0,), False),
    "l2_loss": (lambda x, y: layers.l2_loss(x, y), (randn(N, C), randn(N, C)), (0,), False),
    "svm_loss": (lambda x: layers.svm_loss(x, LABELS), (randn(N, C),), (0,), False),
    "rnn_step": (layers.rnn_step, (randn(N, D), randn(N, H), randn(D, H), randn(H, H),
                                   randn(H)), range(5), True),
    "rnn_temporal": (layers.rnn_temporal, (randn(N, T, D), randn(N, H), randn(D, H),
                                           randn(H, H), randn(H)), range(5), True),
    "lstm_step": (lambda *a: np.concatenate(layers.lstm_step(*a), axis=1),
                  (randn(N, D), randn(N, H), randn(N, H), randn(D, 4 * H), randn(H, 4 * H),
                   randn(4 * H)), range(6), True),
    "lstm_temporal": (layers.lstm_temporal, (randn(N, T, D), randn(N, H), randn(D, 4 * H),
                                             randn(H, 4 * H), randn(4 * H)), range(5), True),
    "gru_step": (layers.gru_step, (randn(N, D), randn(N, H), randn(D, 2 * H), randn(H, 2 * H),
                                   randn(2 * H), randn(D, H), randn(H, H), randn(H)),
                 range(8), True),
    "temporal_affine": (layers.temporal_affine, (randn(N, T, D), randn(D, H), randn(H)),
                        range(3), True),
    "temporal_softmax_loss": (lambda x: layers.temporal_softmax_loss(
        x, SEQ_LABELS, onp.array([[1, 1, 0], [1, 0, 0], [1, 1, 1]])),
        (randn(N, T, C),), (0,), False),
    "conv2d": (lambda x, w, b: layers.conv2d(x, w, b, stride=2, pad=1),
               (randn(2, 2, 5, 5), randn(3, 2, 3, 3), randn(3)), range(3), True),
    "max_pool2d": (lambda x: layers.max_pool2d(x, 2), (randn(2, 2, 4, 4),), (0,), True),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_gradient_matches_finite_differences(name):
    layer, args, argnums, weigh = CASES[name]
    f = layer
    if weigh:
        f = weighted(layer, randn(*onp.shape(layer(*args))))
    check_all_grads(f, args, argnums)


def test_every_public_layer_has_a_gradient_case():
    public = {n for n in dir(layers) if not n.startswith("_") and callable(getattr(layers, n))
              and getattr(getattr(layers, n), "__module__", "").startswith("minpy_compat.nn")}
    covered = {name.split("_train")[0].split("_test")[0] for name in CASES}
    assert public - covered == set()


def test_the_finite_difference_check_bites():
    from minpy_compat.array import to_numpy
    wrong = lambda x: np.sum(np.sin(x)) + 0.001 * np.sum(to_numpy(x) ** 2)  # noqa: E731
    with pytest.raises(AssertionError):
        check_all_grads(wrong, (randn(3),), (0,))


# ---- values ---------------------------------------------------------------------------
def test_affine_relu_sigmoid_values():
    x, w, b = randn(N, 2, 2), randn(D, H), randn(H)
    onp.testing.assert_allclose(layers.affine(x, w, b), x.reshape(N, -1) @ w + b)
    onp.testing.assert_allclose(layers.relu(x), onp.maximum(x, 0))
    onp.testing.assert_allclose(layers.sigmoid(x), 1 / (1 + onp.exp(-x)))
    assert onp.isfinite(layers.sigmoid(onp.array([-1000.0, 1000.0]))).all()


def test_batchnorm_train_normalises_and_moves_running_stats():
    x = randn(50, D) * 3 + 2
    out, rm, rv = layers.batchnorm(x, onp.ones(D), onp.zeros(D), momentum=0.9)
    onp.testing.assert_allclose(out.mean(axis=0), 0, atol=1e-10)
    onp.testing.assert_allclose(out.std(axis=0), 1, atol=1e-4)
    onp.testing.assert_allclose(rm, 0.1 * x.mean(axis=0))
    onp.testing.assert_allclose(rv, 0.1 * x.var(axis=0))
    test_out, rm2, _ = layers.batchnorm(x, onp.ones(D), onp.zeros(D), mode="test",
                                        running_mean=rm, running_var=rv)
    onp.testing.assert_allclose(test_out, (x - rm) / onp.sqrt(rv + 1e-5))
    onp.testing.assert_allclose(rm2, rm)


def test_batchnorm_running_stats_are_constants_under_grad():
    def f(x):
        out, rm, rv = layers.batchnorm(x, onp.ones(D), onp.zeros(D))
        assert type(rm).__name__ == "Array" and type(rv).__name__ == "Array"
        return np.sum(out)
    grad(f)(randn(N, D))


def test_dropout_is_inverted_and_seeded():
    x = onp.ones((200, 50))
    a = layers.dropout(x, 0.3, seed=7)
    onp.testing.assert_array_equal(a, layers.dropout(x, 0.3, seed=7))
    assert not onp.array_equal(a, layers.dropout(x, 0.3, seed=8))
    assert set(onp.unique(a)) == {0.0, 1 / 0.7}
    assert abs(a.mean() - 1.0) < 0.03  # inverted: the expectation is kept
    onp.testing.assert_array_equal(layers.dropout(x, 0.3, mode="test"), x)


def test_softmax_losses_agree_with_plain_numpy():
    x = randn(N, C)
    p = onp.exp(x) / onp.exp(x).sum(axis=1, keepdims=True)
    expected = -onp.log(p[onp.arange(N), LABELS]).mean()
    onehot = onp.eye(C)[LABELS]
    assert float(layers.softmax_loss(x, LABELS)) == pytest.approx(expected)
    assert float(layers.softmax_loss(x, onehot)) == pytest.approx(expected)
    assert float(layers.softmax_loss(x, LABELS.astype(float))) == pytest.approx(expected)
    assert float(layers.softmax_cross_entropy(p, LABELS)) == pytest.approx(expected)
    assert onp.isfinite(float(layers.softmax_loss(x * 1e4, LABELS)))
    onp.testing.assert_allclose(grad(layers.softmax_loss)(x, LABELS), (p - onehot) / N)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 7), st.integers(2, 6), st.data())
def test_svm_loss_is_right_for_any_batch_size(n, c, data):
    x = onp.asarray(data.draw(st.lists(st.floats(-3, 3), min_size=n * c, max_size=n * c)))
    x = x.reshape(n, c)
    y = onp.asarray(data.draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))
    expected = sum(max(0.0, x[i, j] - x[i, y[i]] + 1) for i in range(n) for j in range(c)
                   if j != y[i]) / n
    assert float(layers.svm_loss(x, y)) == pytest.approx(expected)


def test_l2_loss_for_values_and_class_indices():
    x = randn(N, C)
    assert float(layers.l2_loss(x, onp.zeros((N, C)))) == pytest.approx((x ** 2).sum() / N)
    one_hot = onp.eye(C)[LABELS]
    assert float(layers.l2_loss(x, LABELS)) == pytest.approx(((x - one_hot) ** 2).sum() / N)
    column = randn(N, 1)
    assert float(layers.l2_loss(column, column.ravel())) == 0.0


def test_recurrent_layers_agree_with_plain_numpy():
    x, h0 = randn(N, T, D), randn(N, H)
    Wx, Wh, b = randn(D, H), randn(H, H), randn(H)
    h, states = h0, []
    for t in range(T):
        h = onp.tanh(x[:, t] @ Wx + h @ Wh + b)
        states.append(h)
    onp.testing.assert_allclose(layers.rnn_temporal(x, h0, Wx, Wh, b), onp.stack(states, 1))
    Wx4, Wh4, b4 = randn(D, 4 * H), randn(H, 4 * H), randn(4 * H)
    a = x[:, 0] @ Wx4 + h0 @ Wh4 + b4
    sig = lambda v: 1 / (1 + onp.exp(-v))  # noqa: E731
    c = sig(a[:, :H]) * onp.tanh(a[:, 3 * H:])
    hs = layers.lstm_temporal(x, h0, Wx4, Wh4, b4)
    onp.testing.assert_allclose(hs[:, 0], sig(a[:, 2 * H:3 * H]) * onp.tanh(c))
    assert hs.shape == (N, T, H)


def test_conv2d_matches_a_direct_loop():
    x, w, b = randn(2, 3, 6, 5), randn(4, 3, 3, 2), randn(4)
    out = layers.conv2d(x, w, b, stride=2, pad=1)
    xp = onp.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    expected = onp.zeros(out.shape)
    for i, j in onp.ndindex(out.shape[2:]):
        patch = xp[:, :, 2 * i:2 * i + 3, 2 * j:2 * j + 2]
        expected[:, :, i, j] = onp.tensordot(patch, w, axes=([1, 2, 3], [1, 2, 3])) + b
    onp.testing.assert_allclose(out, expected)


def test_max_pool2d_values_and_overlapping_windows():
    x = randn(2, 3, 5, 5)
    out = layers.max_pool2d(x, 3, stride=1)
    assert out.shape == (2, 3, 3, 3)
    assert out[1, 2, 1, 0] == x[1, 2, 1:4, 0:3].max()
    check_all_grads(weighted(lambda v: layers.max_pool2d(v, (2, 3), stride=1),
                             randn(2, 3, 4, 3)), (x,), (0,))


def test_float32_conv_keeps_float32_gradients():
    x, w, b = (randn(1, 1, 4, 4).astype("float32"), randn(2, 1, 3, 3).astype("float32"),
               onp.zeros(2, "float32"))
    grads = grad(lambda x, w, b: np.sum(layers.conv2d(x, w, b)), [0, 1, 2])(x, w, b)
    assert [g.dtype for g in grads] == [onp.float32] * 3


def test_a_registered_conv_implementation_is_used():
    calls = []

    def fake(x, w, b, stride, pad):
        calls.append((stride, pad))
        return conv.conv2d_numpy(x, w, b, stride, pad)
    conv.register_conv2d("fake", fake)
    try:
        layers.conv2d(randn(1, 1, 3, 3), randn(1, 1, 2, 2), randn(1), backend="fake")
    finally:
        del conv.IMPLEMENTATIONS["fake"]
    assert calls == [(1, 0)]


# ---- errors ---------------------------------------------------------------------------
@pytest.mark.parametrize("call, match", [
    (lambda: layers.batchnorm(randn(2, 2), 1, 0, mode="eval"), "batchnorm argument 'mode'"),
    (lambda: layers.dropout(randn(2), 1.0), r"dropout argument 'prob': expected .*\[0, 1\)"),
    (lambda: layers.dropout(randn(2), 0.5, mode="predict"), "dropout argument 'mode'"),
    (lambda: layers.softmax_loss(randn(2, 3), onp.array([0, 3])), r"softmax_loss .*0\.\.2"),
    (lambda: layers.svm_loss(randn(2, 3), onp.array([0, 1, 2])), r"svm_loss .*shape \(3,\)"),
    (lambda: layers.l2_loss(randn(2, 3), randn(4)), "l2_loss argument 1 'label'"),
    (lambda: layers.conv2d(randn(1, 3, 3), randn(1, 3, 2, 2), randn(1)), "conv2d argument 0"),
    (lambda: layers.conv2d(randn(1, 2, 3, 3), randn(1, 3, 2, 2), randn(1)),
     r"conv2d argument 1 'w': expected filters \(F, 2, HH, WW\)"),
    (lambda: layers.conv2d(randn(1, 3, 3, 3), randn(2, 3, 2, 2), randn(1)),
     "conv2d argument 2 'b'"),
    (lambda: layers.conv2d(randn(1, 1, 2, 2), randn(1, 1, 3, 3), randn(1)),
     "no larger than the padded input"),
    (lambda: layers.conv2d(randn(1, 1, 3, 3), randn(1, 1, 2, 2), randn(1), stride=0),
     "stride >= 1"),
    (lambda: layers.conv2d(randn(1, 1, 3, 3), randn(1, 1, 2, 2), randn(1), backend="torch"),
     "conv2d argument 'backend': expected one of "),
    (lambda: layers.max_pool2d(randn(1, 1, 2, 2), 3), "max_pool2d: expected a window"),
])
def test_layer_errors_name_the_layer_and_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_a_sequence_built_by_assignment_matches_rnn_temporal_gradients_included():
    x, h0, Wx, Wh, b = randn(N, T, D), randn(N, H), randn(D, H), randn(H, H), randn(H)

    def by_assignment(Wx, Wh):
        states, h = np.zeros((N, T, H)), h0
        for t in range(T):
            h = layers.rnn_step(x[:, t, :], h, Wx, Wh, b)
            states[:, t, :] = h
        return np.sum(np.sin(states))

    def by_stacking(Wx, Wh):
        return np.sum(np.sin(layers.rnn_temporal(x, h0, Wx, Wh, b)))

    ours = grad(by_assignment, [0, 1])(Wx, Wh)
    for got, expected in zip(ours, grad(by_stacking, [0, 1])(Wx, Wh)):
        onp.testing.assert_allclose(got, expected, rtol=1e-12)
    check_grad(by_assignment, Wx, Wh)
