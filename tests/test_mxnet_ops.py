"""Every MXNet op in the dispatch table: NumPy's values, shapes, dtypes; float64 FD gradients."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import registry  # noqa: E402
from minpy_compat.backends import mxnet_ops  # noqa: E402
from minpy_compat.backends.mxnet_array import MXArray  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402
from minpy_compat.dispatch.stats import op_stat, record_op_stat  # noqa: E402

rng = onp.random.RandomState(0)


def pos(*shape):
    return rng.uniform(0.5, 2.0, size=shape)


def any_(*shape):
    return rng.normal(size=shape)


# (mx op names covered, facade name, function of the arrays, arrays, argnums to check)
CASES = [
    (["mx_add"], "add", lambda x, y: np.add(x, y), (any_(3, 4), any_(4)), (0, 1)),
    (["mx_add"], "add", lambda x, y: np.add(x, y), (any_(), any_()), (0, 1)),
    (["mx_subtract"], "subtract", lambda x, y: np.subtract(x, y), (any_(3, 1), any_(4)), (0, 1)),
    (["mx_multiply"], "multiply", lambda x, y: np.multiply(x, y), (any_(2, 3), any_(2, 3)),
     (0, 1)),
    (["mx_divide"], "true_divide", lambda x, y: np.divide(x, y), (any_(3), pos(2, 3)), (0, 1)),
    (["mx_power"], "power", lambda x, y: np.power(x, y), (pos(2, 3), any_(3)), (0, 1)),
    (["mx_power"], "power", lambda x: np.power(x, 3.0), (any_(4),), (0,)),
    (["mx_maximum"], "maximum", lambda x, y: np.maximum(x, y), (any_(3, 4), any_(4)), (0, 1)),
    (["mx_minimum"], "minimum", lambda x, y: np.minimum(x, y), (any_(3, 4), any_(3, 1)), (0, 1)),
    (["mx_less", "mx_where"], "less", lambda x, y: np.where(np.less(x, y), x, y),
     (any_(5), any_(5)), (0, 1)),
    (["mx_less_equal", "mx_where"], "less_equal", lambda x, y: np.where(np.less_equal(x, y), x, y),
     (any_(2, 3), any_(2, 3)), (0, 1)),
    (["mx_greater", "mx_where"], "greater", lambda x, y: np.where(np.greater(x, y), x, y),
     (any_(4), any_(4)), (0, 1)),
    (["mx_greater_equal", "mx_where"], "greater_equal",
     lambda x, y: np.where(np.greater_equal(x, y), y, x),
     (any_(4), any_(4)), (0, 1)),
    (["mx_equal", "mx_where"], "equal", lambda x, y: np.where(np.equal(x, y), x, y),
     (any_(4), any_(4)), (0, 1)),
    (["mx_not_equal", "mx_where"], "not_equal", lambda x, y: np.where(np.not_equal(x, y), x, y),
     (any_(4), any_(4)), (0, 1)),
    (["mx_exp"], "exp", lambda x: np.exp(x), (any_(2, 3),), (0,)),
    (["mx_exp"], "exp", lambda x: np.exp(x), (any_(),), (0,)),
    (["mx_log"], "log", lambda x: np.log(x), (pos(3),), (0,)),
    (["mx_tanh"], "tanh", lambda x: np.tanh(x), (any_(3, 2),), (0,)),
    (["mx_sin"], "sin", lambda x: np.sin(x), (any_(4),), (0,)),
    (["mx_cos"], "cos", lambda x: np.cos(x), (any_(4),), (0,)),
    (["mx_sqrt"], "sqrt", lambda x: np.sqrt(x), (pos(2, 2),), (0,)),
    (["mx_abs"], "abs", lambda x: np.abs(x), (pos(3) * onp.array([1, -1, 1]),), (0,)),
    (["mx_absolute"], "absolute", lambda x: np.absolute(x), (-pos(3),), (0,)),
    (["mx_negative"], "negative", lambda x: np.negative(x), (any_(3),), (0,)),
    (["mx_sigmoid"], "sigmoid", lambda x: np.sigmoid(x), (any_(2, 3),), (0,)),
    (["mx_dot"], "dot", lambda a, b: np.dot(a, b), (any_(2, 3), any_(3, 4)), (0, 1)),
    (["mx_dot"], "dot", lambda a, b: np.dot(a, b), (any_(3), any_(3)), (0, 1)),
    (["mx_dot"], "dot", lambda a, b: np.dot(a, b), (any_(2, 3), any_(3)), (0, 1)),
    (["mx_dot"], "matmul", lambda a, b: np.matmul(a, b), (any_(3), any_(3, 2)), (0, 1)),
    (["mx_sum"], "sum", lambda x: np.sum(x, axis=1), (any_(2, 3, 2),), (0,)),
    (["mx_sum"], "sum", lambda x: np.sum(x, axis=(0, 2), keepdims=True), (any_(2, 3, 2),), (0,)),
    (["mx_mean"], "mean", lambda x: np.mean(x, axis=0), (any_(3, 4),), (0,)),
    (["mx_mean"], "mean", lambda x: np.mean(x), (any_(3, 4),), (0,)),
    (["mx_max"], "max", lambda x: np.max(x, axis=1, keepdims=True), (any_(3, 4),), (0,)),
    (["mx_max"], "amax", lambda x: np.amax(x), (any_(5),), (0,)),
    (["mx_min"], "min", lambda x: np.min(x, axis=-1), (any_(2, 5),), (0,)),
    (["mx_reshape"], "reshape", lambda x: np.reshape(x, (3, -1)), (any_(2, 3),), (0,)),
    (["mx_reshape"], "reshape", lambda x: np.reshape(x, ()), (any_(1, 1),), (0,)),
    (["mx_transpose"], "transpose", lambda x: np.transpose(x, (1, 2, 0)), (any_(2, 3, 4),), (0,)),
    (["mx_transpose"], "transpose", lambda x: np.transpose(x), (any_(2, 3),), (0,)),
    (["mx_reshape"], "expand_dims", lambda x: np.expand_dims(x, -1), (any_(2, 3),), (0,)),
    (["mx_copy"], "copy", lambda x: np.copy(x), (any_(2, 3),), (0,)),
    (["mx_reshape"], "copy", lambda x: np.copy(x), (any_(),), (0,)),
    (["mx_concatenate"], "concatenate", lambda x, y, z: np.concatenate([x, y, z], axis=1),
     (any_(2, 1), any_(2, 3), any_(2, 2)), (0, 1, 2)),
    (["mx_stack"], "stack", lambda x, y: np.stack([x, y], axis=-1), (any_(2, 3), any_(2, 3)),
     (0, 1)),
    (["mx_where"], "where", lambda c, x, y: np.where(np.greater(c, 0), x, y),
     (any_(3, 2), any_(3, 2), any_(3, 2)), (0, 1, 2)),
]


def _as_mx(value):
    from minpy_compat.backends.mxnet_backend import array
    return array(value)


def _loss(func, weight_seed=1):
    """``sum(func(*xs) * w)`` with a fixed random ``w``: a non-trivial scalar to differentiate."""
    def loss(*xs):
        out = func(*xs)
        w = onp.random.RandomState(weight_seed).normal(size=onp.shape(out))
        return np.sum(out * w)
    return loss


@pytest.mark.parametrize("covers, name, func, args, argnums", CASES,
                         ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_mxnet_op_matches_numpy_and_finite_differences(covers, name, func, args, argnums):
    expected = func(*args)  # default policy on the CPU: plain NumPy
    with wrap_policy("only_mxnet"):
        record_op_stat()
        try:
            got = func(*args)
            calls = op_stat()["calls"].values()
            assert sum(c["mxnet"] for c in calls) >= 1
            check_fd(_loss(func), args, argnums)
        finally:
            record_op_stat(False)
    assert isinstance(got, MXArray)
    assert got.shape == onp.shape(expected) and got.dtype == expected.dtype
    onp.testing.assert_allclose(onp.asarray(got), expected, rtol=1e-12, atol=1e-12)


def test_every_mxnet_op_has_a_case():
    covered = {name for case in CASES for name in case[0]} | set(ELSEWHERE)
    missing = {op.name for op in mxnet_ops.OPS} - covered
    assert not missing, f"MXNet ops with no gradient case: {sorted(missing)}"


def test_every_registered_argnum_of_a_fixed_arity_op_is_checked():
    checked = {}
    for covers, _, _, args, argnums in CASES:
        for name in covers:
            checked.setdefault(name, set()).update(argnums)
    for op in mxnet_ops.OPS:
        # concatenate/stack: every array slot shares one maker
        if op.arity is not None and op.name not in ELSEWHERE:
            assert set(registry.registered_argnums(op)) <= checked[op.name], op.name


@pytest.mark.parametrize("index", [(slice(1, None), 2), (1,), (slice(None, None, 2), slice(0, 2)),
                                   (-1, slice(1, 3))], ids=str)
def test_slicing_an_mxnet_value_is_an_mxnet_op_with_gradient(index):
    x = any_(4, 3)
    with wrap_policy("only_mxnet"):
        got = _as_mx(x)[index]
        assert isinstance(got, MXArray)
        # A traced NumPy value enters MXNet through its first MXNet op (multiply).
        check_fd(lambda v: np.sum(np.reshape(np.multiply(v, 1.0)[index], (-1,)) ** 2), (x,), (0,))
    onp.testing.assert_array_equal(onp.asarray(got), x[index])


# Ops whose finite-difference check is a test of its own below.
ELSEWHERE = {"mx_getitem": "test_slicing_an_mxnet_value_is_an_mxnet_op_with_gradient"}


def test_float32_stays_float32_and_reductions_are_0d():
    x = any_(3, 4).astype(onp.float32)
    with wrap_policy("only_mxnet"):
        total = np.sum(np.tanh(x) * 2.0)
        g = __import__("minpy_compat").grad(lambda v: np.sum(np.exp(v)))(x)
    assert total.shape == () and total.dtype == onp.float32
    assert g.dtype == onp.float32 and g.shape == (3, 4)


def test_ops_mxnet_cannot_match_fall_back_under_prefer_mxnet():
    ints = onp.arange(6).reshape(2, 3)
    with wrap_policy("prefer_mxnet"):
        record_op_stat()
        try:
            got = np.sum(np.true_divide(ints, 2))
            stat = op_stat()["calls"]
        finally:
            record_op_stat(False)
    assert got.dtype == onp.float64 and float(got) == 7.5
    assert [v for k, v in stat.items() if "divide" in k] == [{"numpy": 1, "mxnet": 0}]
    assert stat["sum"] == {"numpy": 0, "mxnet": 1}
