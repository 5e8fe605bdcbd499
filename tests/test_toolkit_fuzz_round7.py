"""Round 7 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

``ModelBase.load`` gives a parameter its declared dtype; ``Solver.save`` keeps a
'roll_over' iterator's carried-over samples, so a resumed run is the uninterrupted one;
a model without parameters trains; recurrent layers check their arguments before the
first step (so also for T = 0) and ``temporal_affine`` takes T = 0; ``conv2d`` refuses
empty kernels and runs empty batches and Python lists on MXNet too.
"""
import importlib.util

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn import layers
from minpy_compat.nn.conv import conv2d, max_pool2d
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from toolkit_helpers import Linear

HAVE_MXNET = importlib.util.find_spec("mxnet") is not None
BACKENDS = ["numpy", pytest.param("mxnet", marks=pytest.mark.skipif(
    not HAVE_MXNET, reason="MXNet is not installed (the MXNet conv runs in the full env)"))]
rng = onp.random.RandomState(7)


class Scores(ModelBase):
    """No parameters: the inputs are the scores."""

    def forward(self, X, mode):
        return X

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


def data(n=7):
    X = rng.rand(n, 2)
    return X, (X[:, 0] > X[:, 1]).astype(int)


# ---- ModelBase.load and the declared dtype ----------------------------------------------
@pytest.mark.parametrize("saved", [onp.float64, onp.float16, onp.int64])
def test_load_gives_parameters_their_declared_dtype(tmp_path, saved):
    prefix = str(tmp_path / "model")
    model = Linear()
    model.params = {"w": onp.arange(4).reshape(2, 2).astype(saved), "b": onp.ones(2, saved)}
    model.save(prefix)
    loaded = Linear("float32").load(prefix)
    for name, value in loaded.params.items():
        assert value.dtype == onp.float32
        onp.testing.assert_array_equal(value, model.params[name])
    assert Linear().load(prefix).params["w"].dtype == saved  # no dtype declared: as saved


def test_load_refuses_complex_values_for_a_real_declared_dtype(tmp_path):
    prefix = str(tmp_path / "model")
    model = Linear()
    model.params = {"w": onp.ones((2, 2)) * 1j, "b": onp.ones(2)}
    model.save(prefix)
    fresh = Linear("float32")
    with pytest.raises(TypeError, match=r"Linear.load parameter 'w': expected values castable "
                       r"to its declared dtype float32, got complex128\. Save real values"):
        fresh.load(prefix)
    assert fresh.params == {}


def test_solver_checkpoint_of_a_float32_model_loads_float32_from_float64_params(tmp_path):
    X, y = data()
    prefix = str(tmp_path / "checkpoint")
    first = Solver(Linear(), NDArrayIter(X, y, batch_size=3), None, num_epochs=1,
                   verbose=False)
    first.train().save(prefix)
    second = Solver(Linear("float32"), NDArrayIter(X, y, batch_size=3), None, verbose=False)
    assert {v.dtype for v in second.load(prefix).model.params.values()} == {onp.dtype(onp.float32)}


# ---- Solver.save keeps a 'roll_over' iterator's carried-over samples ---------------------
@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize("batch_size", [3, 9])  # 9 > 7 samples: the batch wraps around
def test_a_resumed_roll_over_run_is_the_uninterrupted_run(tmp_path, shuffle, batch_size):
    X, y = data(7)

    def solver(epochs):
        onp.random.seed(0)
        return Solver(Linear(), NDArrayIter(X, y, batch_size=batch_size, shuffle=shuffle,
                                            last_batch_handle="roll_over"),
                      NDArrayIter(X, y, batch_size=2), num_epochs=epochs, verbose=False,
                      update_rule="adam", optim_config={"learning_rate": 0.1})

    prefix = str(tmp_path / "checkpoint")
    first = solver(2).train()
    assert len(first.train_dataiter.carried_over())  # something to carry
    first.save(prefix)
    resumed = solver(2).load(prefix).train()
    straight = solver(4).train()
    assert resumed.loss_history == straight.loss_history
    assert resumed.val_acc_history == straight.val_acc_history
    for name, value in straight.model.params.items():
        onp.testing.assert_array_equal(resumed.model.params[name], value)


def test_loading_a_carry_into_an_iterator_over_fewer_samples_is_refused(tmp_path):
    X, y = data(7)
    prefix = str(tmp_path / "checkpoint")
    rolling = NDArrayIter(X, y, batch_size=3, last_batch_handle="roll_over")
    Solver(Linear(), rolling, None, num_epochs=2, verbose=False).train().save(prefix)
    assert rolling.carried_over().max() >= 4
    smaller = Solver(Linear(), NDArrayIter(X[:4], y[:4], batch_size=3,
                                           last_batch_handle="roll_over"), None, verbose=False)
    with pytest.raises(ValueError, match=r"NDArrayIter.carry_over: expected sample positions "
                       r"0\.\.3 in a 1-d int array, got .*Pass what carried_over\(\)"):
        smaller.load(prefix)
    assert smaller.model.params == {} and smaller.epoch == 0  # nothing changed


def test_carry_over_refuses_positions_that_are_not_sample_numbers():
    it = NDArrayIter(onp.arange(5.0), batch_size=2, last_batch_handle="roll_over")
    for positions in ([1.5], [[0, 1]], [-1]):
        with pytest.raises(ValueError, match=r"NDArrayIter.carry_over: expected sample "
                           r"positions 0\.\.4"):
            it.carry_over(positions)
    it.carry_over([4])
    it.reset()
    assert [b.data[0].tolist() for b in it] == [[4.0, 0.0], [1.0, 2.0], [3.0, 4.0]]


# ---- Solver edge cases -------------------------------------------------------------------
def test_a_model_without_parameters_trains_saves_and_loads(tmp_path):
    X, y = data(5)
    scores = onp.eye(2)[y]  # always right

    def solver(epochs):
        return Solver(Scores(), NDArrayIter(scores, y, batch_size=2),
                      NDArrayIter(scores, y, batch_size=2), num_epochs=epochs, verbose=False)

    first = solver(2).train()
    assert len(first.loss_history) == 6 and first.val_acc_history == [1.0, 1.0]
    prefix = str(tmp_path / "checkpoint")
    first.save(prefix)
    assert solver(1).load(prefix).train().epoch == 3


# ---- recurrent layers: T = 0, T = 1, arguments checked before the first step --------------
def _rnn_args(T, dtype, gates=1, N=2, D=3, H=4):
    cast = [rng.randn(*s).astype(dtype) for s in
            ((N, T, D), (N, H), (D, gates * H), (H, gates * H), (gates * H,))]
    return cast


@pytest.mark.parametrize("layer, gates", [(layers.rnn_temporal, 1),
                                          (layers.lstm_temporal, 4)])
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_one_state_h0_for_every_sequence_works_for_T_0(layer, gates, dtype):
    x, h0, Wx, Wh, b = _rnn_args(0, dtype, gates)
    out = layer(x, h0[0], Wx, Wh, b)
    assert out.shape == (2, 0, 4) and out.dtype == dtype
    assert layer(x[:, :0], h0, Wx, Wh, b).dtype == dtype


@pytest.mark.parametrize("T", [0, 1])
@pytest.mark.parametrize("name, layer, gates", [("rnn_temporal", layers.rnn_temporal, 1),
                                                ("lstm_temporal", layers.lstm_temporal, 4)])
def test_bad_h0_and_weights_are_named_also_for_T_0(T, name, layer, gates):
    x, h0, Wx, Wh, b = _rnn_args(T, onp.float64, gates)
    with pytest.raises(ValueError, match=rf"{name} argument 1 'h0': expected hidden states "
                       r"\(N, H\) with N = 2 from x, or one \(H,\), got shape \(3, 4\)\."):
        layer(x, onp.zeros((3, 4)), Wx, Wh, b)
    with pytest.raises(ValueError, match=rf"{name} argument 'Wx': expected a matrix of 3 "
                       r"rows, the width of x, got shape \(4, "):
        layer(x, h0, onp.zeros((4, gates * 4)), Wh, b)
    with pytest.raises(ValueError, match=rf"{name} argument 'b': expected"):
        layer(x, h0, Wx, Wh, b[:-1])


@pytest.mark.filterwarnings("ignore:Output seems independent of input")  # T = 0: x is unused
def test_recurrent_gradients_with_one_state_h0_and_no_steps(T=0):
    x, h0, Wx, Wh, b = _rnn_args(T, onp.float64)
    check_grads(lambda x, h0, Wx, Wh, b: np.sum(np.sin(layers.rnn_temporal(x, h0, Wx, Wh, b))
                                                + 1.0), modes=["rev"], order=1)(
        x, h0[0], Wx, Wh, b)
    x, h0, Wx, Wh, b = _rnn_args(T, onp.float64, gates=4)
    check_grads(lambda x, h0, Wx, Wh, b, c0: np.sum(np.sin(
        layers.lstm_temporal(x, h0, Wx, Wh, b, c0)) + 1.0), modes=["rev"], order=1)(
        x, h0[0], Wx, Wh, b, h0[1] * 0.5)


@pytest.mark.parametrize("shape", [(2, 0, 3), (0, 2, 3), (0, 0, 3)])
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_temporal_affine_takes_empty_sequences(shape, dtype):
    x, w, b = onp.ones(shape, dtype), onp.ones((3, 4), dtype), onp.zeros(4, dtype)
    out = layers.temporal_affine(x, w, b)
    assert out.shape == shape[:2] + (4,) and out.dtype == dtype
    assert grad(lambda w: np.sum(layers.temporal_affine(x, w, b)))(w).shape == (3, 4)
    assert layers.temporal_affine(x, w[:, 0], b[:1]).shape == shape[:2] + (1,)  # a vector w
    if shape[0]:  # no time steps: no loss
        assert float(layers.temporal_softmax_loss(out, onp.zeros(shape[:2], int),
                                                  onp.ones(shape[:2]))) == 0.0


# ---- conv2d and max_pool2d ---------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
def test_conv2d_refuses_an_empty_kernel(backend):
    with pytest.raises(ValueError, match=r"conv2d argument 1 'w': expected filters "
                       r"\(F, 2, HH, WW\) with HH, WW >= 1, got shape \(3, 2, 0, 3\)\."):
        conv2d(onp.ones((1, 2, 4, 4)), onp.ones((3, 2, 0, 3)), onp.zeros(3), backend=backend)


@pytest.mark.parametrize("backend", BACKENDS[1:])  # NumPy's took them already
@pytest.mark.parametrize("x_shape, w_shape", [((0, 2, 5, 4), (3, 2, 3, 3)),
                                              ((2, 2, 5, 4), (0, 2, 3, 3)),
                                              ((2, 0, 5, 4), (3, 0, 3, 3))])
def test_conv2d_with_an_empty_batch_channel_or_filter_set(backend, x_shape, w_shape):
    x, w, b = onp.ones(x_shape, onp.float32), onp.ones(w_shape, onp.float32), \
        onp.ones(w_shape[:1], onp.float32)
    out = conv2d(x, w, b, stride=2, pad=1, backend=backend)
    assert out.shape == (x_shape[0], w_shape[0], 3, 2) and out.dtype == onp.float32
    expected = 1.0 if x_shape[1] == 0 else None  # no channels: the bias alone
    if expected is not None:
        assert onp.all(out == expected)
    grads = grad(lambda x, w, b: np.sum(conv2d(x, w, b, 2, 1, backend=backend)),
                 [0, 1, 2])(x, w, b)
    assert [g.shape for g in grads] == [x_shape, w_shape, w_shape[:1]]
    assert {g.dtype for g in grads} == {onp.dtype(onp.float32)}
    pooled = max_pool2d(x, 2, backend=backend)
    assert pooled.shape == x_shape[:2] + (2, 2)


@pytest.mark.parametrize("backend", BACKENDS)
def test_conv2d_takes_python_lists_and_its_gradients_check(backend):
    x, w, b = rng.randn(2, 2, 5, 4), rng.randn(3, 2, 2, 3), rng.randn(3)
    out = conv2d(x.tolist(), w.tolist(), b.tolist(), stride=2, pad=1, backend=backend)
    onp.testing.assert_allclose(out, conv2d(x, w, b, 2, 1, backend="numpy"), rtol=1e-6)
    check_grads(lambda x, w, b: np.sum(np.sin(conv2d(x, w, b, 2, 1, backend=backend))),
                modes=["rev"], order=1)(x, w, b)
