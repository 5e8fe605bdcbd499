"""Values that live in MXNet, in calls MXNet cannot run, under grad:

* reductions with ``where=`` and ``initial=`` (no such arguments in MXNet: NumPy computes
  them, and NumPy's own ``sum`` calls the value's ``sum`` method, which must pass them on);
* ``out=`` a traced MXNet value (the write is recorded, as into a traced NumPy value);

with the same values and gradients as on NumPy arrays."""
import numpy as onp
import pytest

from conftest import check_grad
from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.dispatch.policy import wrap_policy

X = onp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]) / 7.0
MASK = onp.array([[True, False, True], [True, True, False]])

LOSSES = {
    "sum where": lambda a: np.sum(a * a, where=MASK),
    "sum initial": lambda a: np.sum(a * a, initial=2.0),
    "sum axis where": lambda a: np.sum(np.sum(a * a, axis=0, where=MASK) ** 2),
    "max initial": lambda a: np.max(a * a, initial=-1.0) + np.sum(a),
    "min where": lambda a: np.min(a * a, where=MASK, initial=5.0),
    "mean where": lambda a: np.mean(a * a, where=MASK),
}


@pytest.fixture
def mx():
    return need_mxnet()


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_mxnet_values_reduce_with_where_and_initial_as_numpy_arrays_do(mx, name):
    loss = LOSSES[name]
    expected_value, expected_grad = value_and_grad(loss)(np.array(X))
    with wrap_policy("prefer_mxnet"):
        value, g = value_and_grad(loss)(np.array(X))
        plain = loss(np.array(X))
    onp.testing.assert_allclose(value, expected_value, rtol=1e-6)
    onp.testing.assert_allclose(plain, expected_value, rtol=1e-6)
    onp.testing.assert_allclose(g, expected_grad, rtol=1e-6)
    with wrap_policy("prefer_mxnet"):
        check_grad(loss, X)


# ---- out= a traced value that lives in MXNet ---------------------------------------------
def _into_traced_ufunc(a):
    b = a * 2.0
    np.multiply(a, 3.0, out=b)
    return np.sum(b * b)


def _into_traced_row(a):
    b = a * 2.0
    np.sum(a, axis=0, out=b[0])
    return np.sum(b * b)


def _into_traced_by_position(a):
    b = a * 2.0
    np.tanh(a, b)
    np.cumsum(a, 1, None, b)
    return np.sum(b * b)


@pytest.mark.parametrize("loss", [_into_traced_ufunc, _into_traced_row,
                                  _into_traced_by_position], ids=lambda f: f.__name__[1:])
def test_out_into_a_traced_mxnet_value_records_the_write(mx, loss):
    expected_value, expected_grad = value_and_grad(loss)(np.array(X))
    with wrap_policy("prefer_mxnet"):
        value, g = value_and_grad(loss)(np.array(X))
        check_grad(loss, X)
    onp.testing.assert_allclose(value, expected_value, rtol=1e-6)
    onp.testing.assert_allclose(g, expected_grad, rtol=1e-6)
