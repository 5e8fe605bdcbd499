"""Toolkit fuzz, round 9: conv2d with (height, width) strides and pads on both backends;
init.constant refusing bools; customop's gradient functions of the wrong arity, classes
and methods; quick_grad_check's arguments and its report of the worst element; the
recurrent steps' state shapes; a float32 learning rate through a Solver checkpoint.
"""
import os
import re

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.errors import GradientCheckError, NonScalarOutputError
from minpy_compat.nn import init, layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.solver import Solver
from minpy_compat.utils.gradient_checker import quick_grad_check

from conftest import check_grad
from mxnet_helpers import need_mxnet
from toolkit_helpers import Linear

rng = onp.random.RandomState(9)


def randn(*shape):
    return rng.standard_normal(shape)


# ---- conv2d: (sh, sw) strides and (ph, pw) pads -----------------------------------------
def naive_conv(x, w, b, stride, pad):
    """The convolution written out (the reference a pair of strides is checked against)."""
    (sh, sw), (ph, pw) = stride, pad
    x = onp.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    F, _, HH, WW = w.shape
    Hout, Wout = (x.shape[2] - HH) // sh + 1, (x.shape[3] - WW) // sw + 1
    out = onp.zeros((x.shape[0], F, Hout, Wout))
    for i in range(Hout):
        for j in range(Wout):
            patch = x[:, :, i * sh:i * sh + HH, j * sw:j * sw + WW]
            out[:, :, i, j] = onp.tensordot(patch, w, axes=([1, 2, 3], [1, 2, 3])) + b
    return out


PAIRS = [((2, 1), (0, 1)), ((1, 3), (2, 0)), ([2, 2], (1, 1)), ((3, 2), [1, 2])]


@pytest.mark.parametrize("stride, pad", PAIRS)
def test_conv2d_numpy_takes_stride_and_pad_pairs(stride, pad):
    x, w, b = randn(2, 2, 6, 7), randn(3, 2, 3, 2), randn(3)
    out = layers.conv2d(x, w, b, stride=stride, pad=pad, backend="numpy")
    onp.testing.assert_allclose(out, naive_conv(x, w, b, tuple(stride), tuple(pad)))
    weights = randn(*out.shape)
    check_grad(lambda x, w, b: np.sum(layers.conv2d(x, w, b, stride, pad, "numpy") * weights),
               x, w, b, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("stride, pad", PAIRS)
def test_conv2d_mxnet_takes_stride_and_pad_pairs(stride, pad):
    need_mxnet()
    x, w, b = randn(2, 2, 6, 7), randn(3, 2, 3, 2), randn(3)
    weights = randn(*naive_conv(x, w, b, tuple(stride), tuple(pad)).shape)

    def loss(backend):
        return lambda x, w, b: np.sum(layers.conv2d(x, w, b, stride, pad, backend) * weights)
    onp.testing.assert_allclose(layers.conv2d(x, w, b, stride, pad, "mxnet"),
                                naive_conv(x, w, b, tuple(stride), tuple(pad)), atol=1e-10)
    check_grad(loss("mxnet"), x, w, b, rtol=1e-5, atol=1e-7)
    for ours, reference in zip(grad(loss("mxnet"), [0, 1, 2])(x, w, b),
                               grad(loss("numpy"), [0, 1, 2])(x, w, b)):
        onp.testing.assert_allclose(ours, reference, atol=1e-10)


def test_conv2d_pairs_keep_float32():
    x, w, b = (a.astype(onp.float32) for a in (randn(1, 1, 5, 6), randn(2, 1, 3, 3), randn(2)))
    f = lambda x, w, b: np.sum(layers.conv2d(x, w, b, (2, 1), (1, 0), "numpy"))  # noqa: E731
    assert layers.conv2d(x, w, b, (2, 1), (1, 0), "numpy").dtype == onp.float32
    assert [g.dtype for g in grad(f, [0, 1, 2])(x, w, b)] == [onp.float32] * 3


@pytest.mark.parametrize("stride, pad", [((1, 0), 0), (1, (0, -1)), ((1, 2, 3), 0),
                                         ((1.0, 1), 0), (1, (True, 0)), ("1", 0)])
def test_conv2d_refuses_bad_pairs_by_name(stride, pad):
    with pytest.raises(ValueError, match=r"conv2d: expected an int stride >= 1 and an int "
                                         r"pad >= 0, each alone or as a \(height, width\) pair"):
        layers.conv2d(randn(1, 1, 4, 4), randn(1, 1, 2, 2), randn(1), stride, pad, "numpy")


def test_conv2d_pad_pair_counts_for_the_filter_size():
    with pytest.raises(ValueError, match=r"conv2d: expected filters no larger than the padded"):
        layers.conv2d(randn(1, 1, 2, 4), randn(1, 1, 3, 3), randn(1), 1, (0, 1), "numpy")
    assert layers.conv2d(randn(1, 1, 2, 4), randn(1, 1, 3, 3), randn(1), 1, (1, 0),
                         "numpy").shape == (1, 1, 2, 2)


# ---- init.constant ----------------------------------------------------------------------
@pytest.mark.parametrize("value", [True, False, onp.bool_(True), [True, False]])
def test_init_constant_refuses_bools_as_gaussian_does(value):
    with pytest.raises(ValueError, match=r"init.constant 'value': expected a real number or "
                                         r"an array of them, got .*Give a bool as 1.0 or 0.0"):
        init.constant((2,), {"value": value})
    with pytest.raises(ValueError, match=r"init.gaussian config 'mu'"):
        init.gaussian((2,), {"mu": True})


# ---- customop: gradient functions, classes, methods -------------------------------------
def test_a_gradient_function_of_the_wrong_arity_is_named():
    @customop("numpy")
    def twice(x, y):
        return 2 * x + y
    twice.def_grad(lambda ans, x, y: lambda g, h: 2 * g, argnum=0)
    with pytest.raises(TypeError, match=r"twice gradient for argument 0 'x': expected a "
                                        r"function taking g, the output's gradient, got "
                                        r".*\(g, h\)\. Write it as lambda g"):
        grad(lambda x: np.sum(twice(x, 1.0)))(onp.ones(3))


def test_a_type_error_inside_a_gradient_function_is_kept():
    @customop("numpy")
    def twice(x):
        return 2 * x
    twice.def_grad(lambda ans, x: lambda g: g + "a")
    with pytest.raises(TypeError, match=r"unsupported operand|ufunc|can't|cannot") as info:
        grad(lambda x: np.sum(twice(x)))(onp.ones(3))
    assert "expected a function taking g" not in str(info.value)


def test_a_def_multiple_grad_function_of_the_wrong_arity_is_named():
    @customop("numpy")
    def add(x, y):
        return x + y
    add.def_multiple_grad(lambda ans, x, y: lambda: (1, 1), argnums=(0, 1))
    with pytest.raises(TypeError, match=r"add def_multiple_grad for arguments \(0, 1\): "
                                        r"expected a function taking g"):
        grad(lambda x: np.sum(add(x, x)))(onp.ones(3))


def test_customop_refuses_a_class():
    class Doubler:
        def __init__(self, x):
            self.x = x
    with pytest.raises(TypeError, match=r"customop\('numpy'\): expected a function to turn "
                                        r"into an op, got the class .*Doubler\."):
        customop("numpy")(Doubler)


def test_customop_in_a_class_body_binds_like_a_method():
    class Scaler:
        scale = 3.0

        @customop("numpy")
        def apply(self, x):
            return self.scale * x

    Scaler.apply.def_grad(lambda ans, self, x: lambda g: 4.0 * self.scale * g, argnum=1)
    scaler = Scaler()
    onp.testing.assert_allclose(scaler.apply(onp.ones(2)), [3.0, 3.0])
    onp.testing.assert_allclose(Scaler.apply(scaler, onp.ones(2)), [3.0, 3.0])
    # the registered rule (deliberately 4x the true one) is the one used
    onp.testing.assert_allclose(grad(lambda x: np.sum(scaler.apply(x)))(onp.ones(2)), [12, 12])


# ---- quick_grad_check -------------------------------------------------------------------
def square_sum(x):
    return np.sum(x ** 2)


@pytest.mark.parametrize("fun, arg, options, error, match", [
    (3, onp.ones(2), {}, TypeError, r"quick_grad_check argument 'fun': expected a function "
     r"of one array returning a scalar, got int 3"),
    (lambda x, y: np.sum(x * y), onp.ones(2), {}, TypeError,
     r"quick_grad_check argument 'fun': .* taking \(x, y\)\. Close over"),
    (square_sum, "abc", {}, ValueError, r"quick_grad_check argument 'arg': expected an array "
     r"of finite real numbers \(ints or floats\), got str 'abc'"),
    (square_sum, onp.array([True]), {}, ValueError, r"argument 'arg': .*bool"),
    (square_sum, onp.ones(2) + 1j, {}, ValueError, r"argument 'arg': .*complex128"),
    (square_sum, onp.array([onp.nan, 1.0]), {}, ValueError, r"got non-finite values"),
    (square_sum, None, {}, ValueError, r"argument 'arg': .*got None"),
    (square_sum, onp.ones(2), {"rtol": -1}, ValueError,
     r"quick_grad_check argument 'rtol': expected a finite tolerance >= 0, got -1"),
    (square_sum, onp.ones(2), {"atol": "a"}, ValueError, r"argument 'atol': .*got 'a'"),
    (square_sum, onp.ones(2), {"eps": -0.1}, ValueError, r"argument 'eps': .*> 0, got -0.1"),
    (lambda x: "s", onp.ones(2), {}, NonScalarOutputError,
     r"quick_grad_check: expected a function returning a scalar \(a real number\), got str"),
    (lambda x: np.sum(np.log(x)), -onp.ones(2), {}, GradientCheckError,
     r"quick_grad_check: expected fun finite within eps of arg, got a finite difference of nan"),
])
def test_quick_grad_check_refuses_bad_arguments(fun, arg, options, error, match):
    with onp.errstate(all="ignore"), pytest.raises(error, match=match):  # log(-1) warns
        quick_grad_check(fun, arg, verbose=False, **options)


def test_quick_grad_check_reads_int_arrays_in_float64():
    assert quick_grad_check(square_sum, onp.arange(4).reshape(2, 2), verbose=False)


@customop("numpy")
def off_at_one_place(x):
    return onp.sum(x ** 2)


def _off_grad(ans, x):
    def grad_x(g):
        gradient = 2 * g * x
        gradient[1, 2] += 5.0
        return gradient
    return grad_x


off_at_one_place.def_grad(_off_grad)


def test_quick_grad_check_names_the_worst_element():
    with pytest.raises(GradientCheckError, match=r"Largest error at index \(1, 2\): analytic "
                                                 r"7, numeric 2 \(error 5\)"):
        quick_grad_check(off_at_one_place, onp.ones((3, 4)), verbose=False)


# ---- recurrent steps --------------------------------------------------------------------
N, D, H = 2, 4, 5
RNN = (randn(D, H), randn(H, H), randn(H))
LSTM = (randn(D, 4 * H), randn(H, 4 * H), randn(4 * H))
GRU = (randn(D, 2 * H), randn(H, 2 * H), randn(2 * H), randn(D, H), randn(H, H), randn(H))


@pytest.mark.parametrize("h", [randn(7, N, H), randn(3, H), randn(1, H)])
@pytest.mark.parametrize("name, step", [
    ("rnn_step", lambda x, h: layers.rnn_step(x, h, *RNN)),
    ("lstm_step", lambda x, h: layers.lstm_step(x, h, h, *LSTM)),
    ("gru_step", lambda x, h: layers.gru_step(x, h, *GRU))])
def test_recurrent_steps_refuse_a_state_of_another_batch(name, step, h):
    with pytest.raises(ValueError, match=rf"{name} argument 1 'h': expected hidden states "
                                         rf"\(N, H\) with N = 2 from x, or one \(H,\), got "
                                         rf"shape {re.escape(str(tuple(h.shape)))}"):
        step(randn(N, D), h)


def test_recurrent_steps_refuse_a_sequence_and_a_cell_unlike_h():
    with pytest.raises(ValueError, match=r"rnn_step argument 0 'x': expected inputs \(N, D\) "
                                         r"or one \(D,\), got shape \(2, 3, 4\)"):
        layers.rnn_step(randn(N, 3, D), randn(N, H), *RNN)
    with pytest.raises(ValueError, match=r"lstm_step argument 2 'c': expected the shape of h, "
                                         r"\(2, 5\), got shape \(3, 2, 5\)"):
        layers.lstm_step(randn(N, D), randn(N, H), randn(3, N, H), *LSTM)


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_recurrent_steps_take_one_state_for_the_batch(dtype):
    x, h = randn(N, D).astype(dtype), randn(H).astype(dtype)
    assert layers.rnn_step(x, h, *(w.astype(dtype) for w in RNN)).dtype == dtype
    out, c = layers.lstm_step(x, h, h, *(w.astype(dtype) for w in LSTM))
    assert out.shape == c.shape == (N, H) and out.dtype == dtype
    x64 = randn(N, D)
    check_grad(lambda h: np.sum(layers.gru_step(x64, h, *GRU)), randn(H))


# ---- Solver checkpoints -----------------------------------------------------------------
def test_a_float32_learning_rate_stays_float32_through_a_checkpoint(tmp_path):
    X = randn(20, 2).astype(onp.float32)
    y = (X[:, 0] > 0).astype(int)

    def solver(epochs):
        onp.random.seed(0)  # the same initial weights for each (train() draws them)
        return Solver(Linear("float32"), NDArrayIter(X, y, batch_size=6), None,
                      num_epochs=epochs, lr_decay=0.5, verbose=False,
                      optim_config={"learning_rate": onp.float32(0.3)})
    full = solver(3).train()
    solver(1).train().save(os.path.join(tmp_path, "c"))
    resumed = solver(2).load(os.path.join(tmp_path, "c")).train()
    for name in ("w", "b"):
        rate = resumed.optim_configs[name]["learning_rate"]
        assert type(rate) is onp.float32 and rate == full.optim_configs[name]["learning_rate"]
        onp.testing.assert_array_equal(resumed.model.params[name], full.model.params[name])
