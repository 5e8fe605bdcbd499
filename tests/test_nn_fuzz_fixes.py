"""Bugs found by fuzzing the nn toolkit as a cs231n user would, each pinned by a test.

Layers keep float32, recurrent layers take zero time steps, losses stay finite;
update rules keep the weight's dtype; shapes and counts may be NumPy integers;
Solver fine-tunes a loaded model, reads one-hot labels and leaves a 'roll_over'
iterator's leftovers alone; the progress bar honours TQDM_DISABLE.
"""
import os
import subprocess
import sys

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn import conv, init, layers, optim
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

from conftest import check_grad
from test_nn_model_solver import TwoLayerNet, blobs

rng = onp.random.RandomState(0)
N, D, H, T = 3, 4, 5, 2
F32 = onp.float32


def randn(*shape, dtype=onp.float64):
    return rng.standard_normal(shape).astype(dtype)


# ---- layers: float32 in, float32 out ------------------------------------------------
FLOAT32_LAYERS = {
    "batchnorm_train": lambda x: layers.batchnorm(x, onp.ones(D, F32), onp.zeros(D, F32)),
    "batchnorm_test": lambda x: layers.batchnorm(
        x, onp.ones(D, F32), onp.zeros(D, F32), mode="test", running_mean=onp.ones(D),
        running_var=2 * onp.ones(D)),
    "dropout": lambda x: (layers.dropout(x, 0.5, seed=1),),
    "l2_loss_float_target": lambda x: (layers.l2_loss(x, onp.zeros((N, D))),),
    "softmax_loss_int_onehot": lambda x: (layers.softmax_loss(x, onp.eye(D, dtype=int)[:N]),),
    "svm_loss_int_onehot": lambda x: (layers.svm_loss(x, onp.eye(D, dtype=int)[:N]),),
    "temporal_softmax_loss": lambda x: (layers.temporal_softmax_loss(
        np.reshape(x, (N, 2, 2)), onp.array([[0, 1], [1, 1], [0, 0]]),
        onp.array([[1, 0], [1, 1], [0, 1]])),),
    "lstm_temporal": lambda x: (layers.lstm_temporal(
        np.reshape(x, (N, 2, 2)), onp.zeros((N, 1), F32), onp.ones((2, 4), F32),
        onp.ones((1, 4), F32), onp.zeros(4, F32)),),
}


@pytest.mark.parametrize("name", sorted(FLOAT32_LAYERS))
def test_float32_inputs_give_float32_outputs_and_gradients(name):
    layer, x = FLOAT32_LAYERS[name], randn(N, D, dtype=F32)
    assert [onp.asarray(out).dtype for out in layer(x)] == [F32] * len(layer(x))
    assert grad(lambda x: np.sum(layer(x)[0]))(x).dtype == F32


def test_batchnorm_float32_values_match_numpy():
    x, rm, rv = randn(6, D, dtype=F32), randn(D), onp.abs(randn(D))
    out, new_rm, new_rv = layers.batchnorm(x, onp.ones(D, F32), onp.zeros(D, F32),
                                           running_mean=rm, running_var=rv, momentum=0.8)
    assert out.dtype == new_rm.dtype == new_rv.dtype == F32
    mean, var = x.astype(float).mean(0), x.astype(float).var(0)
    onp.testing.assert_allclose(out, (x - mean) / onp.sqrt(var + 1e-5), rtol=1e-4, atol=1e-5)
    onp.testing.assert_allclose(new_rm, 0.8 * rm + 0.2 * mean, rtol=1e-5)
    onp.testing.assert_allclose(new_rv, 0.8 * rv + 0.2 * var, rtol=1e-5)


# ---- layers: shapes and values --------------------------------------------------------
@pytest.mark.parametrize("layer, weights", [
    (layers.rnn_temporal, (randn(D, H), randn(H, H), randn(H))),
    (layers.lstm_temporal, (randn(D, 4 * H), randn(H, 4 * H), randn(4 * H))),
])
def test_recurrent_layers_take_zero_time_steps(layer, weights):
    out = layer(onp.zeros((N, 0, D)), randn(N, H), *weights)
    assert out.shape == (N, 0, H)


def test_affine_of_a_1d_x_is_one_sample_as_in_minpy():
    x, w, b = randn(D), randn(D, H), randn(H)
    onp.testing.assert_allclose(layers.affine(x, w, b), x @ w + b)
    check_grad(lambda x, w: layers.affine(x, w, b), x, w)


def test_affine_of_an_empty_batch():
    assert layers.affine(onp.zeros((0, 2, 2)), randn(D, H), randn(H)).shape == (0, H)


def test_softmax_cross_entropy_is_finite_when_a_wrong_class_has_probability_0():
    prob = onp.array([[0.7, 0.3, 0.0], [0.2, 0.2, 0.6]])
    loss = float(layers.softmax_cross_entropy(prob, [0, 2]))
    assert loss == pytest.approx(-(onp.log(0.7) + onp.log(0.6)) / 2)
    check_grad(lambda p: layers.softmax_cross_entropy(p, [0, 2]), prob)


# ---- optim: the weight keeps its dtype --------------------------------------------------
@pytest.mark.parametrize("rule", sorted(optim.RULES))
def test_a_float32_weight_stays_float32_under_a_float64_gradient(rule):
    w, config = randn(3, dtype=F32), None
    for _ in range(2):
        w, config = optim.RULES[rule](w, randn(3), config)
        assert w.dtype == F32


# ---- shapes and counts given as ints or NumPy integers ----------------------------------
@pytest.mark.parametrize("rule", ["xavier", "gaussian", "constant", "custom"])
@pytest.mark.parametrize("shape", [3, onp.int64(3)])
def test_init_rules_accept_an_int_shape(rule, shape):
    assert init.RULES[rule](shape, {}).shape == (3,)


def test_add_param_accepts_an_int_shape():
    model = ModelBase().add_param("b", 3).add_param("w", (onp.int64(3), 2))
    assert model.param_configs == {"b": {"shape": (3,)}, "w": {"shape": (3, 2)}}
    assert type(model.param_configs["w"]["shape"][0]) is int


@pytest.mark.parametrize("call, match", [
    (lambda: ModelBase().add_param("w", (2.5, 1)), r"ModelBase.add_param 'w': expected a shape"),
    (lambda: init.gaussian((-1, 2)), r"init.gaussian argument 'shape': expected a shape"),
    (lambda: init.xavier(()), r"init.xavier argument 'shape': expected at least one dim"),
    (lambda: ModelBase().add_param("a", (1,)).add_aux_param("a", 0.0),
     r"ModelBase.add_aux_param: expected a new parameter name, got 'a'"),
])
def test_shape_and_name_errors_name_the_call(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_conv_and_pooling_accept_numpy_integer_strides():
    x, w, b = randn(1, 1, 5, 5), randn(2, 1, 3, 3), randn(2)
    expected = layers.conv2d(x, w, b, stride=2, pad=1, backend="numpy")
    got = layers.conv2d(x, w, b, stride=onp.int64(2), pad=onp.int32(1), backend="numpy")
    onp.testing.assert_allclose(got, expected)
    onp.testing.assert_allclose(layers.max_pool2d(x, onp.int64(2), onp.int64(1), "numpy"),
                                layers.max_pool2d(x, 2, 1, "numpy"))
    with pytest.raises(ValueError, match="conv2d: expected an int stride"):
        conv.conv2d(x, w, b, stride=True)


# ---- NDArrayIter ------------------------------------------------------------------------
def test_iterator_takes_a_numpy_integer_batch_size_and_a_list_of_labels():
    X = onp.arange(10.0).reshape(5, 2)
    it = NDArrayIter(X, [0, 1, 2, 1, 0], batch_size=onp.int64(2))
    assert it.batch_size == 2 and type(it.batch_size) is int
    assert [b.label[0].tolist() for b in it] == [[0, 1], [2, 1], [0, 0]]
    assert it.provide_label == [("softmax_label", (2,))]


def test_a_0d_label_is_refused_by_name():
    with pytest.raises(ValueError, match=r"NDArrayIter argument 'label' \(softmax_label\): "
                                         "expected an array with one entry per sample"):
        NDArrayIter(onp.zeros((4, 2)), 5, batch_size=2)


def test_every_sample_leaves_the_iterator_where_it_was():
    it = NDArrayIter(onp.arange(10.0), onp.arange(10), batch_size=4,
                     last_batch_handle="roll_over")
    assert [b.label[0].tolist() for b in it] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    every = it.every_sample()
    assert [(b.label[0].tolist(), b.pad) for b in every][-1] == ([8, 9, 0, 1], 2)
    it.reset()
    assert next(it).label[0].tolist() == [8, 9, 0, 1]  # the leftovers still roll over


# ---- Solver -----------------------------------------------------------------------------
def iters(X, y, batch_size=32, **kwargs):
    return (NDArrayIter(X[:180], y[:180], batch_size=batch_size, **kwargs),
            NDArrayIter(X[180:], y[180:], batch_size=batch_size))


def test_train_without_init_fine_tunes_a_loaded_model(tmp_path):
    onp.random.seed(0)
    X, y = blobs()
    model = TwoLayerNet(batchnorm=True)
    Solver(model, *iters(X, y), update_rule="adam", optim_config={"learning_rate": 0.02},
           num_epochs=2, verbose=False).train()  # a fresh model: train() initialises it
    assert set(model.params) == {"w1", "b1", "w2", "b2", "gamma", "beta"}
    model.save(str(tmp_path / "net"))
    loaded = TwoLayerNet(batchnorm=True).load(str(tmp_path / "net"))
    solver = Solver(loaded, *iters(X, y), optim_config={"learning_rate": 0.0}, num_epochs=1,
                    verbose=False)
    solver.train()
    for name in model.params:
        onp.testing.assert_array_equal(loaded.params[name], model.params[name])
    assert solver.check_accuracy(solver.test_dataiter) >= 0.9


def test_one_hot_labels_train_and_are_scored():
    onp.random.seed(0)
    X, y = blobs()
    solver = Solver(TwoLayerNet(), *iters(X, onp.eye(3)[y]), update_rule="adam",
                    optim_config={"learning_rate": 0.02}, num_epochs=3, verbose=False)
    solver.train()
    assert solver.best_val_acc >= 0.9
    index_labels = NDArrayIter(X[180:], y[180:], batch_size=32)
    assert solver.check_accuracy(solver.test_dataiter) == solver.check_accuracy(index_labels)


def test_roll_over_training_sees_every_sample():
    onp.random.seed(0)
    X, y = blobs()
    train = NDArrayIter(X[:100], y[:100], batch_size=32, last_batch_handle="roll_over")
    test = NDArrayIter(X[180:], y[180:], batch_size=32)
    solver = Solver(TwoLayerNet(), train, test, num_epochs=4, verbose=False)
    seen, step = [], solver._step
    solver._step = lambda batch: seen.append(batch.index.tolist()) or step(batch)
    solver.train()
    counts = onp.bincount(sum(seen, []), minlength=100)
    assert counts.min() >= 3 and counts.sum() == 4 * 3 * 32


class Regression(ModelBase):
    def __init__(self):
        super().__init__()
        self.add_param("w", (4, 1)).add_param("b", (1,), init_rule="constant")

    def forward(self, X, mode):
        return layers.affine(X, self.params["w"], self.params["b"])

    def loss(self, predict, y):
        return layers.l2_loss(predict, y)


def test_regression_check_accuracy_is_the_loss_of_the_real_samples():
    X = rng.standard_normal((5, 4))
    target = X @ onp.array([1.0, 2.0, 3.0, 4.0])
    solver = Solver(Regression(), NDArrayIter(X, target, batch_size=4),
                    NDArrayIter(X, target, batch_size=4), task_type="regression")
    solver.init()
    w, b = onp.asarray(solver.model.params["w"]), onp.asarray(solver.model.params["b"])
    expected = onp.mean(((X @ w + b).ravel() - target) ** 2)
    assert solver.check_accuracy(NDArrayIter(X, target, batch_size=4)) == \
        pytest.approx(expected)


def test_a_callable_task_type_is_refused():
    X, y = blobs()
    with pytest.raises(UnknownOptionError, match="Solver option 'task_type'"):
        Solver(TwoLayerNet(), *iters(X, y), task_type=len)


SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
import numpy
from minpy_compat.nn.solver import Solver
from test_nn_fuzz_fixes import TwoLayerNet, blobs, iters
X, y = blobs()
Solver(TwoLayerNet(), *iters(X, y), num_epochs=1, print_every=0).train()
"""


def test_tqdm_disable_hides_the_bar_and_keeps_the_epoch_lines():
    tests = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, TQDM_DISABLE="1",
               PYTHONPATH=os.pathsep.join([os.path.dirname(tests), tests]))
    run = subprocess.run([sys.executable, "-c", SCRIPT.format(tests=tests)], env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    assert "(Epoch 1 / 1)" in run.stdout
    assert "batch/s" not in run.stderr and "epoch 1/1" not in run.stderr
