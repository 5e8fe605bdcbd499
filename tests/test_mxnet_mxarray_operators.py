"""An MXArray has ndarray's remaining operators; raw NDArrays reach NumPy-only ops as their
values."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat.dispatch.policy import wrap_policy
from mxnet_policy_helpers import assert_same, rng


@pytest.fixture
def mx():
    return need_mxnet()


# ---- MXArray: the rest of ndarray's operators --------------------------------------------------
OPERATORS = {
    "and": lambda a: (a > 0.2) & (a < 0.9), "or": lambda a: (a > 0.9) | (a < 0.2),
    "xor": lambda a: (a > 0.2) ^ True, "invert": lambda a: ~(a > 0.2),
    "floordiv": lambda a: a // 0.3, "rfloordiv": lambda a: 1.0 // a,
    "divmod": lambda a: divmod(a, 0.3)[1], "rdivmod": lambda a: divmod(2.0, a)[0],
    "round": lambda a: onp.round(a, 1) if type(a) is onp.ndarray else round(a, 1),
}


@pytest.mark.parametrize("name", sorted(OPERATORS))
def test_mxarray_operators_equal_numpys(mx, name):
    from minpy_compat.backends import mxnet_backend
    x = onp.arange(1.0, 13.0).reshape(3, 4) / 10
    expected = onp.asarray(OPERATORS[name](x))
    with wrap_policy("prefer_mxnet"):
        got = onp.asarray(OPERATORS[name](mxnet_backend.array(x)))
    assert_same(expected, got)


def test_shifts_of_an_integer_mxarray_equal_numpys(mx):
    from minpy_compat.backends import mxnet_backend
    ints = onp.arange(4)
    with wrap_policy("prefer_mxnet"):
        value = mxnet_backend.array(ints)
        assert_same(ints << 2, onp.asarray(value << 2))
        assert_same(8 >> ints, onp.asarray(8 >> value))


def test_membership_in_an_mxarray_reads_its_values(mx):
    from minpy_compat.backends import mxnet_backend
    values = mxnet_backend.array([[0.5, 1.5], [2.0, 3.0]])
    assert 1.5 in values and 2.5 not in values


def test_a_mask_built_from_an_mxarray_passes_the_gradient(mx):
    from minpy_compat.backends import mxnet_backend
    x = rng.normal(size=(3, 4))
    with wrap_policy("prefer_mxnet"):
        c = mxnet_backend.array(x)
        mask = (c > -0.5) & (c < 0.5)
        check_fd(lambda v: np.sum(np.tanh(v) * mask) + np.sum(v // 0.7), (x,), (0,))


# ---- raw NDArrays reaching an op that runs in NumPy -------------------------------------------
RAW_NDARRAY_CASES = {
    "add_int": lambda a, i: np.add(i, 1), "where": lambda a, i: np.where(a > 1, a, 0),
    "take": lambda a, i: np.take(a, [0], axis=0), "stack_int": lambda a, i: np.stack([i, i]),
    "argmax": lambda a, i: np.argmax(a, axis=1), "cumsum": lambda a, i: np.cumsum(a),
}


@pytest.mark.parametrize("name", sorted(RAW_NDARRAY_CASES))
def test_raw_ndarrays_reach_numpy_as_their_values(mx, name):
    data = onp.arange(6.0).reshape(2, 3)
    expected = onp.asarray(RAW_NDARRAY_CASES[name](data, data.astype(onp.int32)))
    with wrap_policy("prefer_mxnet"):
        got = onp.asarray(RAW_NDARRAY_CASES[name](
            mx.nd.array(data, dtype="float64"), mx.nd.array(data, dtype="int32")))
    assert_same(expected, got)
