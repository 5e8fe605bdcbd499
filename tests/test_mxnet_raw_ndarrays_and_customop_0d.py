"""Raw NDArrays reach NumPy as their values under only_numpy; customop('mxnet') keeps a 0-d
result 0-d.

Tests that need MXNet take the ``mx`` fixture, which skips them without it."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import customop
from minpy_compat.dispatch.policy import wrap_policy


@pytest.fixture
def mx():
    return need_mxnet()


# ---- raw NDArrays under only_numpy: their values, not object arrays ----------------------------
RAW_CASES = {"tanh": lambda a: np.tanh(a), "sum": lambda a: np.sum(a),
             "add": lambda a: np.add(a, 1.0), "cumsum": lambda a: np.cumsum(a)}


@pytest.mark.parametrize("name", list(RAW_CASES))
def test_a_raw_ndarray_under_only_numpy_is_its_values(mx, name):
    data = onp.array([1.0, 2.0], onp.float32)
    with wrap_policy("only_numpy"):
        got = onp.asarray(RAW_CASES[name](mx.nd.array(data)))
    expected = onp.asarray(RAW_CASES[name](data))
    assert got.dtype == expected.dtype == onp.float32 and got.shape == expected.shape
    onp.testing.assert_allclose(got, expected)


# ---- customop('mxnet'): a 0-d input gives a 0-d result -------------------------------------
def _doubled(mx):
    @customop('mxnet')
    def doubled(x, y=1.0):
        return x * 2.0 * y

    doubled.def_grad(lambda ans, x, y=1.0: lambda g: g * 2.0 * y, argnum=0)
    return doubled


def test_customop_mxnet_keeps_the_input_shape_0d_included(mx):
    doubled = _doubled(mx)
    for shape in [(), (1,), (3,)]:
        got = doubled(onp.full(shape, 1.5))
        assert got.shape == shape and float(onp.asarray(got).ravel()[0]) == 3.0


def test_customop_mxnet_0d_with_a_python_number_stays_0d_and_differentiates(mx):
    doubled = _doubled(mx)
    assert doubled(onp.array(1.5), 3.0).shape == ()
    check_fd(lambda x: doubled(x) ** 2, (onp.array(0.7),), (0,))


def test_customop_mxnet_0d_with_1d_gives_numpys_1d_shape_and_0d_alone_0d(mx):
    @customop('mxnet')
    def scaled(x, y):
        return x * y
    assert scaled(onp.array(2.0), onp.array([3.0])).shape == (1,)
    assert scaled(onp.array(2.0), onp.array(3.0)).shape == ()
