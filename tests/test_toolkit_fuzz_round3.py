"""Round 3 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

l2_loss with one output column reads integer labels as values; conv2d on MXNet
promotes mixed float inputs as NumPy does; max_pool2d falls back to NumPy under a
second-order gradient, takes pair strides and defaults a rectangular window's stride
to the window; files and model checkpoints take path objects; init.custom keeps
float32 and init.constant broadcasts an array; Solver trains without validation and
on MXNet's iterators; error messages say what is accepted.
"""
import pathlib

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn import init, layers
from minpy_compat.nn.io import NDArrayIter, load_data_labels, save_data_labels
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

from conftest import check_grad
from test_nn_model_solver import TwoLayerNet, blobs

rng = onp.random.RandomState(3)


def randn(*shape, dtype=onp.float64):
    return rng.standard_normal(shape).astype(dtype)


def need_mxnet():
    return pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")


# ---- l2_loss: one output column ----------------------------------------------------
def test_l2_loss_of_one_column_reads_integer_labels_as_values():
    x = onp.array([[0.5], [2.0], [-1.0]])
    # One-hot over a single class turned every 0 into a 1 (and refused 1 or 2).
    assert float(layers.l2_loss(x, onp.array([0, 0, 0]))) == pytest.approx(
        (0.25 + 4.0 + 1.0) / 3)
    assert float(layers.l2_loss(x, onp.array([1, 2, -1]))) == pytest.approx(0.25 / 3)
    check_grad(lambda v: layers.l2_loss(v, onp.array([1, 0, 2])), x, argnums=(0,))
    # With several columns integer labels are still class indices.
    scores = randn(3, 4)
    assert float(layers.l2_loss(scores, onp.array([1, 0, 3]))) == pytest.approx(
        onp.sum((scores - onp.eye(4)[[1, 0, 3]]) ** 2) / 3)


# ---- conv2d and max_pool2d -----------------------------------------------------------
def test_mxnet_conv2d_promotes_mixed_float_inputs_as_numpy_does():
    need_mxnet()
    x, w, b = randn(2, 3, 5, 5, dtype=onp.float32), randn(4, 3, 3, 3), randn(4)
    out = layers.conv2d(x, w, b, pad=1, backend="mxnet")  # raised MXNetError
    ref = layers.conv2d(x, w, b, pad=1, backend="numpy")
    assert out.dtype == ref.dtype == onp.float64
    onp.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
    head = randn(*out.shape)
    grads = grad(lambda *a: np.sum(layers.conv2d(*a, pad=1, backend="mxnet") * head),
                 [0, 1, 2])(x, w, b)
    refs = grad(lambda *a: np.sum(layers.conv2d(*a, pad=1, backend="numpy") * head),
                [0, 1, 2])(x, w, b)
    assert [g.dtype for g in grads] == [onp.float32, onp.float64, onp.float64]
    for got, want in zip(grads, refs):
        onp.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_max_pool2d_default_backend_takes_a_second_order_gradient():
    need_mxnet()  # without MXNet the default backend is NumPy's, which always could
    x = randn(1, 2, 4, 4)

    def curvature(backend):
        inner = grad(lambda y: np.sum(layers.max_pool2d(y, 2, backend=backend) ** 2))
        return grad(lambda v: np.sum(inner(v) ** 2))(x)

    # The default is MXNet where it is installed; its gradient is first order only.
    onp.testing.assert_allclose(curvature(None), curvature("numpy"))


@pytest.mark.parametrize("pool, stride, window, step, shape", [
    ((2, 3), None, (2, 3), (2, 3), (2, 2, 2, 3)),  # the stride was 2 in both directions
    ((3, 2), (1, 2), (3, 2), (1, 2), (2, 2, 3, 4)),
    (2, [2, 1], (2, 2), (2, 1), (2, 2, 2, 8)),
])
def test_max_pool2d_pair_strides_and_the_rectangular_default(pool, stride, window, step, shape):
    x = randn(2, 2, 5, 9)
    out = layers.max_pool2d(x, pool, stride, backend="numpy")
    (ph, pw), (sh, sw) = window, step
    expected = onp.array([[[[x[n, c, i * sh:i * sh + ph, j * sw:j * sw + pw].max()
                             for j in range(shape[3])] for i in range(shape[2])]
                           for c in range(2)] for n in range(2)])
    onp.testing.assert_array_equal(out, expected)
    head = randn(*shape)
    check_grad(lambda v: np.sum(layers.max_pool2d(v, pool, stride, backend="numpy") * head),
               x, argnums=(0,))


def test_max_pool2d_pair_strides_agree_on_mxnet():
    need_mxnet()
    x = randn(2, 2, 5, 9)
    for pool, stride in [((2, 3), None), ((3, 2), (1, 2))]:
        head = randn(*layers.max_pool2d(x, pool, stride, backend="numpy").shape)
        values, grads = [], []
        for backend in ("numpy", "mxnet"):
            values.append(layers.max_pool2d(x, pool, stride, backend=backend))
            grads.append(grad(lambda v: np.sum(
                layers.max_pool2d(v, pool, stride, backend=backend) * head))(x))
        onp.testing.assert_allclose(values[0], values[1])
        onp.testing.assert_allclose(grads[0], grads[1])


@pytest.mark.parametrize("call, match", [
    (lambda: layers.max_pool2d(onp.ones((3, 4, 4))),
     r"max_pool2d argument 0 'x': expected a 4-d \(N, C, H, W\) array, got shape \(3, 4, 4\)"),
    (lambda: layers.max_pool2d(onp.ones((1, 1, 4, 4)), (2, 2, 2)),
     r"max_pool2d: expected a window .* \(ints or pairs of ints\), got pool=\(2, 2, 2\)"),
])
def test_max_pool2d_shape_errors_name_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ---- files: path objects -------------------------------------------------------------
def test_save_data_labels_to_a_path_object_keeps_its_name(tmp_path):
    path = tmp_path / "digits.data"
    save_data_labels(onp.ones((2, 3)), onp.array([0, 1]), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["digits.data"]  # not .data.npz
    data, labels = load_data_labels(path)
    assert data.shape == (2, 3) and labels.tolist() == [0, 1]


def test_model_checkpoint_to_a_path_object(tmp_path):
    model = ModelBase().add_param("w", (2,))
    model.params["w"] = onp.array([1.0, 2.0], dtype=onp.float32)
    model.save(pathlib.Path(tmp_path) / "model")  # raised TypeError (Path + str)
    loaded = ModelBase().add_param("w", (2,)).load(pathlib.Path(tmp_path) / "model")
    assert loaded.params["w"].dtype == onp.float32
    assert loaded.params["w"].tolist() == [1.0, 2.0]


# ---- io: messages --------------------------------------------------------------------
@pytest.mark.parametrize("call, match", [
    (lambda: NDArrayIter(onp.zeros((0, 2))),
     r"NDArrayIter: expected at least one sample, got 0 samples"),
    (lambda: NDArrayIter(onp.zeros((5, 2)), batch_size=2).getsubiter(3.0),
     r"NDArrayIter.getsubiter: expected 1..5 samples, got 3.0"),
])
def test_iterator_messages_say_what_is_wrong(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ---- init ----------------------------------------------------------------------------
def test_custom_init_keeps_a_float32_result():
    value = init.custom((2, 3), {"function": lambda shape: onp.ones(shape, onp.float32)})
    assert value.dtype == onp.float32
    assert init.custom((2,), {"function": lambda shape: onp.ones(shape, int)}).dtype == \
        onp.float64


def test_constant_init_broadcasts_an_array_value_as_minpy_did():
    value = init.constant((2, 3), {"value": onp.array([1.0, 2.0, 3.0])})
    onp.testing.assert_array_equal(value, [[1, 2, 3], [1, 2, 3]])
    with pytest.raises(ValueError, match=r"init.constant 'value': expected a number or an "
                                         r"array that broadcasts to \(2, 3\), got shape \(2,\)"):
        init.constant((2, 3), {"value": [1.0, 2.0]})


def test_xavier_of_an_empty_shape_is_empty():
    assert init.xavier((0, 0)).shape == (0, 0)  # raised ZeroDivisionError


# ---- Solver ----------------------------------------------------------------------------
def test_task_type_message_does_not_offer_a_callable():
    X, y = blobs()
    with pytest.raises(UnknownOptionError) as caught:
        Solver(TwoLayerNet(), NDArrayIter(X, y), NDArrayIter(X, y), task_type="ranking")
    assert "callable" not in str(caught.value)
    assert "Solver option 'task_type': expected one of 'classification', 'regression', " \
           "got 'ranking'" in str(caught.value)


def test_solver_trains_without_validation(capsys):
    X, y = blobs()
    onp.random.seed(0)
    solver = Solver(TwoLayerNet(), NDArrayIter(X, y, batch_size=20), None, num_epochs=3,
                    update_rule="adam", optim_config={"learning_rate": 1e-2}, print_every=0)
    solver.train()  # raised AttributeError: 'NoneType' object has no attribute 'reset'
    assert solver.val_acc_history == [] and len(solver.train_acc_history) == 3
    assert solver.train_acc_history[-1] > 0.8
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("(Epoch")]
    assert len(lines) == 3 and "train acc" in lines[0] and "val_acc" not in lines[0]
    # No validation, no best epoch: the model keeps the last parameters.
    assert solver.check_accuracy(NDArrayIter(X, y)) == pytest.approx(
        solver.train_acc_history[-1])


def test_solver_trains_on_an_mxnet_iterator():
    mx = need_mxnet()
    X, y = blobs()
    X, y = X.astype(onp.float32), y.astype(onp.float32)
    onp.random.seed(0)
    solver = Solver(TwoLayerNet(), mx.io.NDArrayIter(X, y, batch_size=32),
                    mx.io.NDArrayIter(X, y, batch_size=32), num_epochs=3, verbose=False,
                    update_rule="adam", optim_config={"learning_rate": 1e-2},
                    train_acc_num_samples=10)  # fewer than the data: MXNet has no getsubiter
    solver.train()  # MXNet NDArrays reached NumPy's dot
    assert len(solver.loss_history) == 3 * 8  # 240 samples, 8 batches (the last padded)
    assert solver.val_acc_history[-1] > 0.8
    ours = solver.check_accuracy(NDArrayIter(X, y, batch_size=32))
    assert solver.check_accuracy(mx.io.NDArrayIter(X, y, batch_size=32)) == pytest.approx(ours)


def test_a_column_of_class_indices_trains_as_it_is_scored():
    X, y = blobs()
    x, column = randn(4, 3), onp.array([[2], [0], [1], [2]])
    for loss in (layers.softmax_loss, layers.svm_loss):
        assert float(loss(x, column)) == pytest.approx(float(loss(x, column.ravel())))
    check_grad(lambda v: layers.softmax_loss(v, column), x, argnums=(0,))
    onp.random.seed(0)
    solver = Solver(TwoLayerNet(), NDArrayIter(X, y[:, None], batch_size=20),
                    NDArrayIter(X, y[:, None]), num_epochs=2, verbose=False,
                    update_rule="adam", optim_config={"learning_rate": 1e-2})
    assert solver.train().val_acc_history[-1] > 0.8  # softmax_loss refused (N, 1) labels
