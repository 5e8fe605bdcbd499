"""Runs of MXNet ops recorded by MXNet's autograd and differentiated in one call: the recorded
path gives the gradients of the op-by-op path (every op's own VJP) for every table op,
through NumPy-only and custom ops in between."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import customop, grad
from minpy_compat.backends import mxnet_record  # noqa: E402
from minpy_compat.backends.mxnet_backend import array as mx_array  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402
from test_mxnet_ops import CASES, _loss  # noqa: E402
from mxnet_record_helpers import _mlp_data, _mlp_loss, rng


@pytest.fixture
def backward_calls(monkeypatch):
    """How many times MXNet's autograd was asked for gradients."""
    calls = []
    real = mx.autograd.grad

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(mx.autograd, "grad", counting)
    return calls


def _grads(f, args, argnums):
    got = grad(f, list(argnums))(*args)
    got = got if isinstance(got, list) else [got]  # one argnum: a bare gradient (MinPy)
    return [onp.asarray(g, dtype=onp.float64) for g in got]


@pytest.mark.parametrize("covers, name, func, args, argnums", CASES,
                         ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_recorded_gradients_equal_the_op_by_op_gradients(covers, name, func, args, argnums):
    loss = _loss(func)
    with wrap_policy("only_mxnet"):
        recorded = _grads(loss, args, argnums)
        with mxnet_record.op_by_op():
            own = _grads(loss, args, argnums)
            check_fd(loss, args, argnums)  # the op-by-op VJPs themselves, against FD
    for r, o in zip(recorded, own):
        onp.testing.assert_allclose(r, o, rtol=1e-12, atol=1e-12)


SCALAR_FORMS = {
    "x/2": lambda v: v / 2.0, "2/x": lambda v: 2.0 / v, "2-x": lambda v: 2.0 - v,
    "x-2": lambda v: v - 2.0, "2*x": lambda v: 2.0 * v, "x**2.5": lambda v: v ** 2.5,
    "2**x": lambda v: 2.0 ** v, "x+2": lambda v: v + 2.0, "-x": lambda v: -v,
}


@pytest.mark.parametrize("form", sorted(SCALAR_FORMS))
def test_ops_with_a_python_scalar_operand_record_the_right_gradient(form):
    func = SCALAR_FORMS[form]
    v = rng.uniform(0.5, 2.0, size=(2, 3))
    loss = _loss(func)
    expected = onp.asarray(grad(loss)(v))  # NumPy
    with wrap_policy("only_mxnet"):
        recorded = onp.asarray(grad(loss)(mx_array(v)))
    onp.testing.assert_allclose(recorded, expected, rtol=1e-12)


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_an_mlp_made_of_mxnet_ops_is_one_backward_call(dtype, backward_calls):
    x, y, params = _mlp_data(dtype)
    expected = grad(_mlp_loss, [2, 3, 4, 5])(x, y, *params)  # NumPy
    with wrap_policy("prefer_mxnet"):
        got = grad(_mlp_loss, [2, 3, 4, 5])(mx_array(x), mx_array(y),
                                            *[mx_array(p) for p in params])
    assert len(backward_calls) == 1
    for g, e in zip(got, expected):
        assert g.dtype == dtype and g.shape == e.shape
        tol = 1e-12 if dtype == onp.float64 else 2e-5
        onp.testing.assert_allclose(onp.asarray(g), onp.asarray(e), rtol=tol, atol=tol)


def test_a_numpy_only_op_between_mxnet_ops_splits_the_run(backward_calls):
    def f(v):
        inner = np.tanh(np.multiply(v, 2.0))   # MXNet
        middle = np.cumsum(inner)              # NumPy only
        return np.sum(np.exp(middle) * v)      # MXNet again; v is used on both sides
    v = rng.normal(size=6) / 3
    with wrap_policy("prefer_mxnet"):
        check_fd(f, (v,), (0,))
    assert len(backward_calls) == 2  # above and below cumsum, once each


def test_a_numpy_value_gets_a_numpy_gradient_from_mxnet_ops():
    # tanh runs in MXNet; v[1:] indexes NumPy data (autograd's sparse gradient): the two
    # gradients of v meet in autograd's sum, so MXNet's part comes back as NumPy data.
    def f(v):
        return np.sum(np.tanh(v) * 2.0) + np.sum(v[1:] ** 2)
    v = rng.normal(size=5)
    with wrap_policy("prefer_mxnet"):
        g = grad(f)(v)
        check_fd(f, (v,), (0,))
    assert isinstance(g, onp.ndarray) and g.dtype == onp.float64


def test_a_custom_mxnet_op_inside_a_run_uses_its_own_gradient():
    @customop('mxnet')
    def cube(x):
        return x * x * x
    cube.def_grad(lambda ans, x: lambda g: 3 * g * x * x)

    def f(v):
        return np.sum(np.exp(cube(np.tanh(v))) * v)
    with wrap_policy("only_mxnet"):
        check_fd(f, (rng.normal(size=(2, 3)) / 2,), (0,))


def test_an_op_that_returns_its_argument_is_an_ordinary_node():
    # transpose of a 1-d array returns the NDArray it got: no MXNet node to record
    def f(v):
        return np.sum(np.transpose(np.exp(v)) * np.transpose(v))
    with wrap_policy("only_mxnet"):
        check_fd(f, (rng.normal(size=4),), (0,))
