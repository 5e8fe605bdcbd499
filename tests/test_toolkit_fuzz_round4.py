"""Round 4 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

Losses name a scores array that is not 2-d; batchnorm of images with a (C,) gamma
is spatial and its shape mistakes are named; temporal_softmax_loss checks y and
mask; the LSTM and GRU steps take one sample and check their weights' widths, and
lstm_temporal takes c0; the update rules check hyper-parameters and shapes; Solver
checks its number options and restores the best epoch's running statistics;
conv2d on MXNet takes integer and float16 inputs; get_logger prints each line once
when the root logger is configured; NDArrayIter and ModelBase refuse inputs they
used to mishandle.
"""
import io
import logging
import os

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn import layers, optim
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from minpy_compat.utils import log

from conftest import check_grad
from test_nn_model_solver import TwoLayerNet, blobs, make_solver

rng = onp.random.RandomState(4)


def randn(*shape, dtype=onp.float64):
    return rng.standard_normal(shape).astype(dtype)


def need_mxnet():
    return pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")


# ---- losses: scores must be (N, C) -------------------------------------------------
@pytest.mark.parametrize("loss, name", [(layers.softmax_loss, "softmax_loss argument 0 'x'"),
                                        (layers.svm_loss, "svm_loss argument 0 'x'"),
                                        (layers.softmax_cross_entropy,
                                         "softmax_cross_entropy argument 0 'prob'")])
def test_losses_name_one_dimensional_scores(loss, name):
    # A raw NumPy AxisError ("axis 1 is out of bounds") came out.
    with pytest.raises(ValueError, match=rf"{name}: expected a 2-d array of scores \(N, C\), "
                       r"got shape \(3,\)\. Reshape one sample with"):
        loss(onp.array([0.2, 0.3, 0.5]), onp.array([0]))


# ---- batchnorm: spatial for images, named shape mistakes ---------------------------
def spatial_reference(x, gamma, beta, eps=1e-5):
    mean, var = x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3))
    along = (lambda v: v.reshape(1, -1, 1, 1))
    return along(gamma) * (x - along(mean)) / onp.sqrt(along(var) + eps) + along(beta), \
        mean, var


def test_batchnorm_of_images_with_channel_gamma_is_spatial():
    x, gamma, beta = randn(3, 2, 4, 5), randn(2), randn(2)
    out, mean, var = layers.batchnorm(x, gamma, beta, momentum=0.8)  # raised a broadcast error
    expected, m, v = spatial_reference(x, gamma, beta)
    onp.testing.assert_allclose(out, expected, rtol=1e-12, atol=1e-12)
    onp.testing.assert_allclose(mean, 0.2 * m, atol=1e-15)
    onp.testing.assert_allclose(var, 0.2 * v, atol=1e-15)
    test_out, same_mean, _ = layers.batchnorm(x, gamma, beta, mode="test", running_mean=m,
                                              running_var=v)
    onp.testing.assert_allclose(test_out, expected, rtol=1e-12, atol=1e-12)
    onp.testing.assert_array_equal(same_mean, m)
    head = randn(*x.shape)
    check_grad(lambda x, g, b: layers.batchnorm(x, g, b)[0] * head, x, gamma, beta)
    check_grad(lambda x, g, b: layers.batchnorm(x, g, b, mode="test", running_mean=m,
                                                running_var=v)[0] * head, x, gamma, beta)


def test_spatial_batchnorm_keeps_float32_and_takes_scalar_beta():
    x, gamma = randn(2, 3, 2, 2, dtype=onp.float32), randn(3, dtype=onp.float32)
    outs = layers.batchnorm(x, gamma, onp.zeros(3, onp.float32))
    assert [a.dtype for a in outs] == [onp.float32] * 3 and outs[1].shape == (3,)
    grads = grad(lambda x, g: np.sum(layers.batchnorm(x, g, 0.5)[0] ** 3), [0, 1])(x, gamma)
    assert [g.dtype for g in grads] == [onp.float32, onp.float32]
    expected, _, _ = spatial_reference(x.astype(float), gamma.astype(float), onp.full(3, 0.5))
    onp.testing.assert_allclose(layers.batchnorm(x, gamma, 0.5)[0], expected, rtol=1e-4,
                                atol=1e-5)


@pytest.mark.parametrize("call, match", [
    (lambda: layers.batchnorm(onp.ones((2, 3, 4, 4)), onp.ones(5), onp.zeros(3)),
     r"batchnorm argument 1 'gamma': expected a shape that broadcasts to \(3, 4, 4\) or "
     r"\(3,\) per channel, got shape \(5,\)"),
    (lambda: layers.batchnorm(onp.ones((2, 3)), onp.ones(3), onp.zeros(4)),
     r"batchnorm argument 2 'beta': expected a shape that broadcasts to \(3,\), got shape "
     r"\(4,\)"),
    (lambda: layers.batchnorm(onp.ones((2, 3)), onp.ones(3), onp.zeros(3),
                              running_mean=onp.zeros(4)),
     r"batchnorm argument 'running_mean': expected shape \(3,\), one value per normalised "
     r"feature, got shape \(4,\)"),
    (lambda: layers.batchnorm(onp.ones((2, 3, 4, 4)), onp.ones(3), onp.zeros(3), mode="test",
                              running_var=onp.ones((3, 4, 4))),
     r"batchnorm argument 'running_var': expected shape \(3,\)"),
    (lambda: layers.batchnorm(onp.ones(3), 1.0, 0.0),
     r"batchnorm argument 0 'x': expected an \(N, D\) or \(N, C, H, W\) array, got shape "
     r"\(3,\)"),
])
def test_batchnorm_names_shape_mistakes(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ---- temporal_softmax_loss ---------------------------------------------------------
def temporal_reference(x, y, mask):
    N, T, _ = x.shape
    p = onp.exp(x - x.max(axis=2, keepdims=True))
    p /= p.sum(axis=2, keepdims=True)
    picked = p[onp.arange(N)[:, None], onp.arange(T)[None, :], y]
    return -onp.sum(onp.broadcast_to(mask, (N, T)) * onp.log(picked)) / N


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.integers(2, 5), st.integers(0, 2 ** 31 - 1))
def test_temporal_softmax_loss_takes_a_mask_that_broadcasts(N, T, V, seed):
    rs = onp.random.RandomState(seed)
    x, y = rs.standard_normal((N, T, V)), rs.randint(0, V, (N, T))
    per_step = rs.rand(T) > 0.3  # one mask for every sample: (T,) raised a reshape error
    loss = layers.temporal_softmax_loss(x, y, per_step)
    assert float(loss) == pytest.approx(temporal_reference(x, y, per_step), rel=1e-10, abs=1e-12)
    check_grad(lambda x: layers.temporal_softmax_loss(x, y, per_step), x)


@pytest.mark.parametrize("call, match", [
    (lambda: layers.temporal_softmax_loss(onp.zeros((2, 3, 4)), onp.zeros((2, 3), int),
                                          onp.ones((2, 2))),
     r"temporal_softmax_loss argument 2 'mask': expected shape \(2, 3\) or one that "
     r"broadcasts to it, one entry per sample and time step, got shape \(2, 2\)"),
    (lambda: layers.temporal_softmax_loss(onp.zeros((2, 3, 4)), onp.zeros((3, 2), int)),
     r"temporal_softmax_loss argument 1 'y': expected shape \(2, 3\), one entry per sample "
     r"and time step, got shape \(3, 2\)"),
    (lambda: layers.temporal_softmax_loss(onp.zeros((2, 3)), onp.zeros((2, 3), int)),
     r"temporal_softmax_loss argument 0 'x': expected a 3-d array of scores \(N, T, V\), "
     r"got shape \(2, 3\)"),
])
def test_temporal_softmax_loss_names_shape_mistakes(call, match):
    with pytest.raises(ValueError, match=match):
        call()


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


# ---- update rules ----------------------------------------------------------------
@pytest.mark.parametrize("call, match", [
    (lambda: optim.sgd(onp.ones(3), onp.ones(3), {"learning_rate": "0.1"}),
     r"sgd config 'learning_rate': expected a real number, got '0.1'\."),
    (lambda: optim.adam(onp.ones(3), onp.ones(3), {"beta1": None}),
     r"adam config 'beta1': expected a real number, got None\."),
    (lambda: optim.sgd(onp.ones(3), onp.ones((2, 3))),
     r"sgd argument 'dw': expected shape \(3,\), the shape of w, got shape \(2, 3\)\. Pass "
     r"the gradient of this w\."),
    (lambda: optim.sgd_momentum(onp.ones(3), onp.ones(3), {"velocity": onp.ones(2)}),
     r"sgd_momentum config 'velocity': expected shape \(3,\), the shape of w, got shape "
     r"\(2,\)\. Keep one config per parameter\."),
    (lambda: optim.adam(onp.ones((2, 2)), onp.ones((2, 2)), {"m": onp.ones((3, 2, 2))}),
     r"adam config 'm': expected shape \(2, 2\)"),
])
def test_update_rules_name_bad_values_and_shapes(call, match):
    # A string rate and a None beta raised NumPy TypeErrors; a too-large dw grew w.
    with pytest.raises(ValueError, match=match):
        call()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["sgd", "sgd_momentum", "rmsprop", "adam"]), st.integers(1, 4),
       st.integers(0, 2 ** 31 - 1))
def test_update_rules_follow_their_formulas_and_accept_scalar_gradients(rule, steps, seed):
    rs = onp.random.RandomState(seed)
    w = rs.standard_normal(3).astype(onp.float32)
    ours, config, ref, state = w, None, w.astype(float), {"v": 0.0, "c": 0.0, "m": 0.0, "s": 0.0}
    for t in range(1, steps + 1):
        dw = rs.standard_normal(3) if t % 2 else 0.5  # a broadcast scalar gradient too
        ours, config = getattr(optim, rule)(ours, dw, config)
        if rule == "sgd":
            ref = ref - 1e-2 * dw
        elif rule == "sgd_momentum":
            state["v"] = 0.9 * state["v"] - 1e-2 * dw
            ref = ref + state["v"]
        elif rule == "rmsprop":
            state["c"] = 0.99 * state["c"] + 0.01 * onp.square(dw)
            ref = ref - 1e-2 * dw / (onp.sqrt(state["c"]) + 1e-8)
        else:
            state["m"] = 0.9 * state["m"] + 0.1 * dw
            state["s"] = 0.999 * state["s"] + 0.001 * onp.square(dw)
            ref = ref - 1e-3 * (state["m"] / (1 - 0.9 ** t)) / (
                onp.sqrt(state["s"] / (1 - 0.999 ** t)) + 1e-8)
        assert ours.dtype == onp.float32 and ours.shape == (3,)
    onp.testing.assert_allclose(ours, ref, rtol=1e-5, atol=1e-6)


# ---- Solver ------------------------------------------------------------------------
@pytest.mark.parametrize("option, match", [
    ({"num_epochs": 2.0}, r"Solver option 'num_epochs': expected an int >= 0, got 2\.0\."),
    ({"num_epochs": -1}, r"Solver option 'num_epochs': expected an int >= 0, got -1\."),
    ({"print_every": 2.5}, r"Solver option 'print_every': expected an int >= 0 or None, got "
                           r"2\.5\."),
    ({"train_acc_num_samples": 0}, r"Solver option 'train_acc_num_samples': expected an int "
                                   r">= 1 or None, got 0\."),
    ({"lr_decay": "0.5"}, r"Solver option 'lr_decay': expected a real number >= 0, got "
                          r"'0\.5'\."),
    ({"optim_config": {"learning_rate": "1e-3"}},
     r"sgd config 'learning_rate': expected a real number, got '1e-3'\."),
])
def test_solver_checks_its_number_options_when_built(option, match):
    X, y = blobs(n=20)
    data = NDArrayIter(X, y, batch_size=10)
    with pytest.raises(ValueError, match=match):
        Solver(TwoLayerNet(), data, data, verbose=False, **option)


def test_solver_accepts_none_and_numpy_numbers_for_its_options():
    X, y = blobs(n=20)
    data = NDArrayIter(X, y, batch_size=10)
    solver = Solver(TwoLayerNet(), data, data, verbose=False, num_epochs=onp.int64(1),
                    print_every=None, train_acc_num_samples=None, lr_decay=onp.float32(0.5),
                    optim_config={"learning_rate": onp.float32(0.1)})
    assert solver.train().epoch == 1


def test_solver_restores_the_best_epochs_running_statistics(tmp_path):
    solver = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=6,
                         optim_config={"learning_rate": 0.2})
    onp.random.seed(0)
    solver.train()
    # The best epoch's weights came back with the last epoch's running statistics, so
    # the restored model scored differently from its best_val_acc.
    for name, value in solver.best_aux_params.items():
        onp.testing.assert_array_equal(solver.model.aux_params[name], value)
    assert solver.check_accuracy(solver.test_dataiter) == solver.best_val_acc
    prefix = os.path.join(tmp_path, "best")
    solver.model.save(prefix)
    resumed = make_solver(model=TwoLayerNet(batchnorm=True).load(prefix))
    assert resumed.check_accuracy(resumed.test_dataiter) == solver.best_val_acc


# ---- conv2d on MXNet -----------------------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.int64, onp.int32, onp.float16])
def test_mxnet_conv2d_takes_integer_and_float16_inputs(dtype):
    need_mxnet()
    x = (onp.arange(2 * 3 * 5 * 5) % 7).reshape(2, 3, 5, 5).astype(dtype)
    w = (onp.arange(4 * 3 * 3 * 3) % 5 - 2).reshape(4, 3, 3, 3).astype(dtype)
    b = onp.arange(4).astype(dtype)
    # MXNetError: "only support floating point types" / "FP16 gemm on cpu not implemented".
    out = layers.conv2d(x, w, b, pad=1, backend="mxnet")
    expected = layers.conv2d(x, w, b, pad=1, backend="numpy")
    assert out.dtype == expected.dtype == dtype
    onp.testing.assert_array_equal(onp.asarray(out), onp.asarray(expected))


def test_mxnet_conv2d_float16_gradients_keep_float16():
    need_mxnet()
    x, w = randn(1, 2, 4, 4, dtype=onp.float16), randn(3, 2, 3, 3, dtype=onp.float16)
    b = onp.zeros(3, onp.float16)
    ours = grad(lambda x, w: np.sum(layers.conv2d(x, w, b, backend="mxnet")), [0, 1])(x, w)
    ref = grad(lambda x, w: np.sum(layers.conv2d(x, w, b, backend="numpy")), [0, 1])(x, w)
    for got, want in zip(ours, ref):
        assert got.dtype == onp.float16
        onp.testing.assert_allclose(onp.asarray(got, float), onp.asarray(want, float),
                                    rtol=1e-2, atol=5e-2)


# ---- get_logger ----------------------------------------------------------------------
class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


def test_get_logger_prints_once_when_the_root_logger_is_configured(request):
    root, collect = logging.getLogger(), Collect()
    root.addHandler(collect)
    request.addfinalizer(lambda: root.removeHandler(collect))
    stream = io.StringIO()
    name = f"minpy_compat.test.{request.node.name}"
    logger = log.get_logger(name, stream=stream)
    request.addfinalizer(lambda: [logger.removeHandler(h) for h in list(logger.handlers)])
    logger.warning("first line")
    assert stream.getvalue().count("] first line") == 1
    assert collect.records == []  # the root's handler printed it a second time
    logger.propagate = True  # the documented way to send records up as well
    logger.warning("second line")
    assert [r.getMessage() for r in collect.records] == ["second line"]


# ---- NDArrayIter ---------------------------------------------------------------------
@pytest.mark.parametrize("data, match", [
    ([], r"NDArrayIter argument 'data': expected at least one array, got an empty list\."),
    ({}, r"NDArrayIter argument 'data': expected at least one array, got an empty dict\."),
])
def test_ndarrayiter_refuses_empty_data(data, match):
    with pytest.raises(ValueError, match=match):  # built, then failed at data[0] later
        NDArrayIter(data, onp.arange(4))


def test_ndarrayiter_compares_sizes_of_same_named_data_and_labels():
    # The sizes were keyed by name, so a label named like the data hid its length.
    with pytest.raises(ValueError, match=r"NDArrayIter: expected data and labels with one "
                       r"number of samples, got \{'a': 5, 'a': 4\}\."):
        NDArrayIter({"a": onp.zeros((5, 2))}, {"a": onp.arange(4)})
    it = NDArrayIter({"a": onp.zeros((4, 2))}, {"a": onp.arange(4)}, batch_size=2)
    assert [b.label[0].tolist() for b in it] == [[0, 1], [2, 3]]


# ---- ModelBase files -----------------------------------------------------------------
def test_save_refuses_a_value_that_would_not_load(tmp_path):
    model = ModelBase().add_aux_param("running_mean", None)
    prefix = os.path.join(tmp_path, "m")
    # It wrote a pickled object array that load() then refused.
    with pytest.raises(ValueError, match=r"ModelBase.save aux param 'running_mean': expected "
                       r"numbers, got None\. Give it a value"):
        model.save(prefix)
    assert not os.path.exists(prefix + ".params")


def test_load_checks_aux_shapes_and_changes_nothing_on_a_mistake(tmp_path):
    prefix = os.path.join(tmp_path, "m")
    saved = ModelBase().add_param("w", (2,)).add_aux_param("rm", onp.zeros(3))
    saved.params["w"], saved.aux_params["rm"] = onp.ones(2), onp.ones(3)
    saved.save(prefix)
    other = ModelBase().add_param("w", (2,)).add_aux_param("rm", onp.zeros(4))
    other.params["w"] = onp.zeros(2)
    with pytest.raises(ValueError, match=r"ModelBase.load aux param 'rm': expected shape "
                       r"\(4,\), got shape \(3,\)"):
        other.load(prefix)
    onp.testing.assert_array_equal(other.params["w"], onp.zeros(2))  # was half loaded
    scalar = ModelBase().add_param("w", (2,)).add_aux_param("rm", 0.0).load(prefix)
    onp.testing.assert_array_equal(scalar.aux_params["rm"], onp.ones(3))  # a placeholder


def test_the_epoch_line_prints_both_accuracies_with_six_decimals(capsys):
    # MinPy's line: "(Epoch 1 / 1) train acc: %f; val_acc: %f" (the same precision for both;
    # :.6g printed "train acc: 0.9; val_acc: 0.892256").
    import re

    from minpy_compat.nn.model import ModelBase
    from minpy_compat.nn.solver import Solver

    class Linear(ModelBase):
        def __init__(self):
            super().__init__()
            self.add_param("w", (2, 2))

        def forward(self, X, mode):
            return np.dot(X, self.params["w"])

        def loss(self, predict, y):
            return layers.softmax_loss(predict, y)
    X = onp.array([[1.0, 0.0], [0.0, 1.0]] * 5)
    y = onp.array([0, 1] * 5)
    Solver(Linear(), NDArrayIter(X, y, batch_size=5), NDArrayIter(X, y, batch_size=5),
           num_epochs=1, update_rule="sgd", optim_config={"learning_rate": 0.1},
           verbose=True).train()
    line = [text for text in capsys.readouterr().out.splitlines()
            if text.startswith("(Epoch 1")][0]
    assert re.search(r"train acc: \d\.\d{6}; val_acc: \d\.\d{6}$", line), line
