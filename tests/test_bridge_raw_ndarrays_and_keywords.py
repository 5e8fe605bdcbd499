"""Where the NumPy facade meets MXNet values: a raw ``mxnet.nd.NDArray`` given to any facade
function is read as its values under every policy, the default one included; under a policy,
a call that falls back to NumPy keeps the facade's keyword handling."""
import numpy as onp
import pytest

from conftest import check_grad
from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from bridge_helpers import X


POLICIES = ["default", "only_numpy", "prefer_mxnet", "only_mxnet"]
DATA = onp.array([[1.0, 2.0], [3.0, 4.0]], onp.float32)


@pytest.fixture
def mx():
    return need_mxnet()


# ---- raw NDArrays are read as their values, under every policy ------------------------------
RAW_CASES = {
    "asarray": lambda v: np.asarray(v),
    "array": lambda v: np.array(v),
    "array_float64": lambda v: np.array(v, dtype=onp.float64),
    "add": lambda v: np.add(v, 1.0),
    "dot": lambda v: np.dot(v, onp.ones(2, onp.float32)),
    "stack_tuple": lambda v: np.stack((v, v)),
    "concatenate_list": lambda v: np.concatenate([v, v]),
    "where": lambda v: np.where(DATA > 1, v, 0.0),
    "sum_keyword": lambda v: np.sum(a=v),
    "block": lambda v: np.block([[v, v]]),
    "select": lambda v: np.select([DATA > 2], [v]),
    "add_reduce": lambda v: np.add.reduce(v),
    "maximum_accumulate": lambda v: np.maximum.accumulate(v),
    "sigmoid": lambda v: np.sigmoid(v),
    "full_like": lambda v: np.full_like(v, 2.0),
    "copyto_source": lambda v: _copied(np.zeros((2, 2), onp.float32), v),
}
OK_UNDER_ONLY_MXNET = {"asarray", "array", "array_float64", "add", "dot", "stack_tuple",
                       "concatenate_list", "sum_keyword", "block", "select", "add_reduce",
                       "maximum_accumulate", "sigmoid", "copyto_source"}


def _copied(target, source):
    np.copyto(target, source)
    return target


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("name", list(RAW_CASES))
def test_a_raw_ndarray_is_read_as_its_values(mx, policy, name):
    if policy == "only_mxnet" and name not in OK_UNDER_ONLY_MXNET:
        pytest.skip(f"{name} runs only in NumPy: only_mxnet refuses it")
    with wrap_policy(policy):
        got = onp.asarray(RAW_CASES[name](mx.nd.array(DATA)))
    expected = onp.asarray(RAW_CASES[name](DATA.copy()))
    assert got.dtype == expected.dtype and got.shape == expected.shape
    onp.testing.assert_allclose(got, expected)


def test_a_raw_ndarray_in_a_gradient_is_a_constant_with_its_values(mx):
    weights = mx.nd.array(DATA)
    got = grad(lambda w: np.sum(np.tanh(np.dot(weights, w))))(onp.array([0.1, -0.2]))
    expected = grad(lambda w: np.sum(np.tanh(np.dot(DATA.astype(float), w))))(
        onp.array([0.1, -0.2]))
    onp.testing.assert_allclose(got, expected, rtol=1e-6)


def test_a_raw_ndarray_gradient_matches_finite_differences(mx):
    weights = mx.nd.array(DATA, dtype="float64")
    check_grad(lambda w: np.sum(np.sin(np.dot(weights, w)) * w), onp.array([0.4, -0.3]))


# ---- under a policy, the NumPy fallback keeps the facade's keyword handling --------------
KEYWORD_CASES = {
    "traced_a_keyword": (lambda x: np.sum(np.take(a=x, indices=[0, 2]) ** 2),
                         lambda x: onp.array([2 * x[0], 0.0, 2 * x[2]])),
    "integer_dtype": (lambda x: np.sum(x * np.sum(x * 10.0, dtype=int)),
                      lambda x: onp.full(3, float(onp.sum(x * 10.0, dtype=int)))),
    "ufunc_dtype": (lambda x: np.sum(np.multiply(x, x, dtype=np.float64)), lambda x: 2 * x),
    "out_adopted": (lambda x: _into_new(lambda o: np.multiply(x, x, out=o)), lambda x: 2 * x),
}


def _into_new(call):
    out = np.zeros(3)
    call(out)
    return np.sum(out)


@pytest.mark.parametrize("policy", ["default", "only_numpy"])
@pytest.mark.parametrize("name", list(KEYWORD_CASES))
def test_keyword_handling_holds_under_every_policy(policy, name):
    f, expected = KEYWORD_CASES[name]
    with wrap_policy(policy):
        got = grad(f)(X.copy())
    onp.testing.assert_allclose(got, expected(X))


@pytest.mark.parametrize("name", list(KEYWORD_CASES))
def test_keyword_handling_holds_under_prefer_mxnet(mx, name):
    f, expected = KEYWORD_CASES[name]
    with wrap_policy("prefer_mxnet"):
        got = grad(f)(X.copy())
    onp.testing.assert_allclose(onp.asarray(got), expected(X))
