"""Traced values that live in MXNet take writes under ``grad`` with NumPy's values and
gradients.

Tests that need MXNet take the ``mx`` fixture, which skips them without it."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from mxnet_write_helpers import X


@pytest.fixture
def mx():
    return need_mxnet()


# ---- writes into a traced MXNet value: gradients ---------------------------------------------
def _g_set(x, xp=np):
    y = xp.tanh(x)
    y[1] = x[0] * 3.0
    return xp.sum(y * y)


def _g_slice_add(x, xp=np):
    y = xp.tanh(x)
    y[1:3] += x[:2]
    return xp.sum(y * y)


def _g_add_at(x, xp=np):
    y = xp.tanh(x)
    xp.add.at(y, [0, 0, 2, 3], x)
    return xp.sum(y * y)


def _g_view_of_row(x, xp=np):
    y = xp.tanh(x).reshape((2, 2))
    y[0][1] = x[3] * 2.0
    row = y[1]
    row *= x[:2]
    return xp.sum(y * y)


def _g_repeated(x, xp=np):
    y = xp.tanh(x)
    y[[0, 0, 1]] = x[1:]
    return xp.sum(y * y)


def _g_in_place(x, xp=np):
    y = xp.tanh(x)
    alias = y
    y += y
    y -= x
    return xp.sum(alias * y)


def _g_transposed(x, xp=np):
    y = xp.tanh(x).reshape((2, 2))
    y.T[0, 1] = x[0] * 5.0
    y.ravel()[3] = 1.0
    return xp.sum(y * y)


def _g_fill_put(x, xp=np):
    y = xp.tanh(x)
    y.fill(0.5)
    y.put(1, x[2])
    return xp.sum(y * x)


def _g_copies(x, xp=np):
    y = xp.tanh(x)
    b, z = y.copy(), +y
    y[0] = 10.0
    return xp.sum(b * z) + xp.sum(y)


TRACED = [_g_set, _g_slice_add, _g_add_at, _g_view_of_row, _g_repeated, _g_in_place,
          _g_transposed, _g_fill_put, _g_copies]


def _numpy_reference(f):
    """``f`` on plain NumPy arrays: NumPy's own values and aliasing."""
    return lambda x: f(onp.array(x, dtype=float), xp=onp)


@pytest.mark.parametrize("f", TRACED, ids=[f.__name__ for f in TRACED])
def test_writes_into_a_traced_mxnet_value_give_numpys_value_and_gradient(mx, f):
    reference = _numpy_reference(f)
    steps = onp.eye(4) * 1e-6
    expected = onp.array([(reference(X + s) - reference(X - s)) / 2e-6 for s in steps])
    with wrap_policy("prefer_mxnet"):
        value = float(f(X))
        got = onp.asarray(grad(f)(X))
        check_fd(f, (X,), (0,))
    assert value == pytest.approx(float(reference(X)))
    onp.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("f", [_g_set, _g_slice_add, _g_view_of_row, _g_in_place],
                         ids=["set", "slice_add", "view_of_row", "in_place"])
def test_writes_into_a_traced_mxnet_value_under_only_mxnet(mx, f):
    with wrap_policy("only_numpy"):
        expected = onp.asarray(grad(f)(X))
    with wrap_policy("only_mxnet"):
        got = onp.asarray(grad(f)(X))
    onp.testing.assert_allclose(got, expected, rtol=1e-10)


def test_a_write_keeps_a_float32_traced_value_float32(mx):
    def f(x):
        y = np.tanh(x)
        y[0] = x[1] * 2.0
        assert y.dtype == onp.float32
        return np.sum(y)
    with wrap_policy("prefer_mxnet"):
        g = grad(f)(X.astype(onp.float32))
    assert g.dtype == onp.float32


def test_to_mxnet_passes_the_gradient_through(mx):
    from minpy_compat.backends.mxnet_writes import to_mxnet
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda x: np.sum(to_mxnet(x * 1.0) ** 3), (X,), (0,))
