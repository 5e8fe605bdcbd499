"""Under prefer_mxnet/only_mxnet: empty arrays, Python numbers that make NumPy widen a dtype
and arguments NumPy refuses give NumPy's results and errors, not MXNet's; 0-d transposes
stay 0-d; NumPy-int axes and shapes work."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from mxnet_policy_helpers import assert_same, rng


AxisError = getattr(onp, "exceptions", onp).AxisError  # numpy.exceptions on NumPy 2


MXNET_POLICIES = ["prefer_mxnet", "only_mxnet"]


@pytest.fixture
def mx():
    return need_mxnet()


def numpy_and(policy, f, *args):
    """``f(*args)`` as plain NumPy data under only_numpy and under ``policy``."""
    with wrap_policy("only_numpy"):
        expected = onp.asarray(f(*args))
    with wrap_policy(policy):
        got = onp.asarray(f(*args))
    return expected, got


# ---- empty arrays: MXNet 1.x reads a 0 in a shape as "unknown" ---------------------------
E = onp.zeros((0, 3))
EMPTY_CASES = {
    "tanh": lambda: np.tanh(E), "add": lambda: np.add(E, E), "sum_axis": lambda: np.sum(
        onp.zeros((3, 0)), axis=1), "dot": lambda: np.dot(onp.zeros((2, 0)), onp.zeros((0, 3))),
    "concatenate": lambda: np.concatenate([E, E]), "stack": lambda: np.stack([E, E]),
    "reshape": lambda: np.reshape(E, (3, 0)), "transpose": lambda: np.transpose(E),
    "max_axis": lambda: np.max(onp.zeros((3, 0)), axis=0), "ones": lambda: np.ones((0, 3)),
}


@pytest.mark.parametrize("policy", MXNET_POLICIES)
@pytest.mark.parametrize("name", sorted(EMPTY_CASES))
def test_empty_arrays_give_numpys_result(mx, policy, name):
    if policy == "only_mxnet":  # MXNet cannot run them: refused by name, not an MXNetError
        from minpy_compat.errors import PolicyError
        with wrap_policy(policy), pytest.raises(PolicyError, match="only_mxnet policy"):
            EMPTY_CASES[name]()
        return
    assert_same(*numpy_and(policy, EMPTY_CASES[name]))


def test_gradient_of_an_empty_array_is_empty(mx):
    with wrap_policy("prefer_mxnet"):
        g = grad(lambda x: np.sum(np.tanh(x) * 2.0))(E)
    assert onp.shape(g) == (0, 3) and onp.asarray(g).dtype == onp.float64


# ---- Python numbers that widen the dtype under NumPy 1.x's value-based casting -------------
WIDENING = [(onp.float32, (3,), 65536), (onp.float32, (3,), 2 ** 40),
            (onp.float32, (3,), 1e300), (onp.float16, (3,), 70000.0),
            (onp.float16, (3,), 32768), (onp.float32, (), 2.5), (onp.float32, (), 1),
            (onp.float32, (3,), 2.5), (onp.float16, (3,), 1)]


@pytest.mark.parametrize("dtype, shape, number", WIDENING, ids=str)
@pytest.mark.parametrize("op", [np.add, np.multiply, np.subtract, np.maximum], ids=str)
def test_python_numbers_give_numpys_dtype(mx, dtype, shape, number, op):
    x = onp.full(shape, 1.5, dtype=dtype)
    assert_same(*numpy_and("prefer_mxnet", lambda: op(x, number)))
    assert_same(*numpy_and("prefer_mxnet", lambda: op(number, x)))


def test_a_number_that_keeps_the_dtype_still_runs_in_mxnet(mx):
    from minpy_compat.backends.mxnet_array import MXArray
    with wrap_policy("only_mxnet"):
        out = np.multiply(onp.ones(3, onp.float32), 2.5)
    assert type(out) is MXArray and out.dtype == onp.float32


# ---- arguments NumPy refuses: NumPy's own error under every policy -----------------------------
REFUSED = {
    "dot": (ValueError, lambda: np.dot(onp.ones(3), onp.ones(4))),
    "dot_2d": (ValueError, lambda: np.dot(onp.ones((2, 3)), onp.ones((4, 2)))),
    "add": (ValueError, lambda: np.add(onp.ones(3), onp.ones(4))),
    "concatenate": (ValueError, lambda: np.concatenate([onp.ones((2, 3)), onp.ones((2, 4))])),
    "stack": (ValueError, lambda: np.stack([onp.ones(3), onp.ones(4)])),
    "mean_repeated_axis": (ValueError, lambda: np.mean(onp.ones((2, 3)), axis=(0, 0))),
    "sum_axis": (AxisError, lambda: np.sum(onp.ones((2, 3)), axis=-3)),
    "transpose_axis": (AxisError, lambda: np.transpose(onp.ones((2, 3)), (0, 5))),
    "transpose_negative_axis": (AxisError, lambda: np.transpose(onp.ones((2, 3)), (0, -3))),
    "expand_dims": (AxisError, lambda: np.expand_dims(onp.ones(3), 5)),
    "getitem": (IndexError, lambda: (np.ones(3) * 1.0)[5]),
    "ones_negative": (ValueError, lambda: np.ones(-1)),
}


@pytest.mark.parametrize("policy", ["only_numpy"] + MXNET_POLICIES)
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_arguments_numpy_refuses_raise_numpys_error(mx, policy, name):
    error, call = REFUSED[name]
    with wrap_policy("only_numpy"), pytest.raises(error) as expected:
        call()
    with wrap_policy(policy), pytest.raises(error) as got:
        call()
    assert type(got.value) is type(expected.value) and str(got.value) == str(expected.value)


# ---- 0-d values, NumPy ints as axes and shapes ------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
@pytest.mark.parametrize("f", [np.transpose, lambda a: a.T, lambda a: np.transpose(a, ())],
                         ids=["transpose", "T", "transpose_no_axes"])
def test_transpose_of_a_0d_value_is_0d(mx, f, dtype):
    x = onp.asarray(0.75, dtype=dtype)
    assert_same(*numpy_and("prefer_mxnet", f, x))
    with wrap_policy("prefer_mxnet"):
        g = grad(lambda v: np.sum(f(np.tanh(v)) * 3.0))(x)
    assert onp.shape(g) == () and onp.asarray(g).dtype == dtype


def test_transpose_of_a_0d_value_matches_finite_differences(mx):
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda v: np.transpose(np.tanh(v)) * np.exp(v), (onp.asarray(0.3),), (0,))


@pytest.mark.parametrize("axis", [onp.int64(1), onp.int32(0), (onp.int64(0), 1)], ids=str)
def test_numpy_int_axes_reduce_in_mxnet(mx, axis):
    from minpy_compat.dispatch.stats import op_stat
    x = rng.normal(size=(2, 3))
    np.record_op_stat()
    try:
        assert_same(*numpy_and("prefer_mxnet", lambda: np.sum(x, axis=axis)))
        assert op_stat()["calls"]["sum"]["mxnet"] == 1
    finally:
        np.record_op_stat(False)
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda v: np.tanh(np.sum(v, axis=axis)), (x,), (0,))


@pytest.mark.parametrize("shape", [onp.int64(3), (2, onp.int64(3)), [onp.int32(2), 2]], ids=str)
@pytest.mark.parametrize("creation", [np.ones, np.zeros], ids=["ones", "zeros"])
def test_numpy_int_shapes_create_arrays(mx, creation, shape):
    assert_same(*numpy_and("only_mxnet", lambda: creation(shape)))
