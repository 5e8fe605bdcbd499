"""Where the NumPy facade meets MXNet values: ``out=`` by position is the same as by keyword, and
an MXArray ``out=`` takes a result NumPy computed."""
import numpy as onp
import pytest

from conftest import check_grad
from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat.dispatch.policy import wrap_policy
from bridge_helpers import X


@pytest.fixture
def mx():
    return need_mxnet()


# ---- out= by position: the same as by keyword ------------------------------------------
def _written(call, start):
    def f(x):
        out = start(x)
        call(x, out)
        return np.sum(out * x)
    return f


ADOPTED_OUT = {  # out= a constant Array that takes traced values: adopted, differentiable
    "cumsum": lambda x, o: np.cumsum(x, 0, None, o),
    "clip": lambda x, o: np.clip(x, 0.0, 0.4, o),
    "take": lambda x, o: np.take(x, [2, 1, 0], None, o),
    "add": lambda x, o: np.add(x, x, o),
    "negative": lambda x, o: np.negative(x, o),
    "dot": lambda x, o: np.dot(onp.eye(3), x, o),
}


@pytest.mark.parametrize("name", list(ADOPTED_OUT))
def test_a_positional_out_array_is_adopted_with_numpys_values(name):
    f = _written(ADOPTED_OUT[name], lambda x: np.zeros(3))
    reference = _written(ADOPTED_OUT[name], lambda x: onp.zeros(3))
    onp.testing.assert_allclose(f(np.array(X)), reference(X.copy()))
    check_grad(f, X.copy())


TRACED_OUT = {
    "isneginf_positional": lambda x, o: np.isneginf(x, o),
    "isposinf_keyword": lambda x, o: np.isposinf(x, out=o),
    "cumsum_positional": lambda x, o: np.cumsum(x, 0, None, o),
    "around_positional": lambda x, o: np.around(x, 1, o),  # no rounding edge at X
    "negative_positional": lambda x, o: np.negative(x, o),
}


@pytest.mark.parametrize("name", list(TRACED_OUT))
def test_a_traced_out_array_takes_numpys_values_and_the_gradient(name):
    """An out= array that is traced already records the write as ``out[...] = result``
    (as indexed assignment into it does), so both the result and the old contents it
    replaces are differentiated."""
    f = _written(TRACED_OUT[name], lambda x: x * 1.0)
    reference = _written(TRACED_OUT[name], lambda x: x * 1.0)
    onp.testing.assert_allclose(f(np.array(X)), reference(X.copy()))
    check_grad(f, X.copy())


CONSTANT_INTO_TRACED_OUT = {  # no traced argument: the out= array alone is traced
    "cumsum": lambda N, o: N.cumsum(N.ones(3), out=o),
    "dot": lambda N, o: N.dot(N.eye(3), N.ones(3), out=o),
    "clip": lambda N, o: N.clip(N.ones(3) * 2, 0, 1, out=o),
    "take": lambda N, o: N.take(N.arange(3.0), [2, 1, 0], out=o),
    "sum": lambda N, o: N.sum(N.ones((2, 3)), axis=0, out=o),
    "multiply": lambda N, o: N.multiply(N.ones(3), 3.0, out=o),
}


@pytest.mark.parametrize("name", list(CONSTANT_INTO_TRACED_OUT))
def test_constants_written_into_a_traced_out_array_replace_its_gradient(name):
    def f(x, N=np):
        out = x * 1.0
        written = CONSTANT_INTO_TRACED_OUT[name](N, out)
        return N.sum(out * x) + N.sum(written)
    onp.testing.assert_allclose(f(np.array(X)), f(X.copy(), onp))
    check_grad(f, X.copy())


def test_a_traced_view_as_out_writes_through_to_its_base():
    def f(x, plain=False):
        a = (x * 1.0).reshape(1, 3)
        (onp if plain else np).multiply(a[0, :2], a[0, 1:], out=a[0, :2])
        return (onp if plain else np).sum(a * a)
    onp.testing.assert_allclose(f(np.array(X)), f(X.copy(), plain=True))
    check_grad(f, X.copy())


# ---- out= an MXArray from a function NumPy computes ----------------------------------------
MX_OUT_FROM_NUMPY = {  # no MXNet kernel runs these: NumPy computes, the MXArray takes it
    "cumsum": lambda N, o: N.cumsum(N.ones(3), out=o),
    "clip": lambda N, o: N.clip(N.ones(3) * 2, 0, 1, out=o),
    "take": lambda N, o: N.take(N.arange(3.0), [2, 1, 0], out=o),
}


@pytest.mark.parametrize("name", list(MX_OUT_FROM_NUMPY))
def test_an_mxarray_out_takes_a_numpy_computed_result(mx, name):
    with wrap_policy("prefer_mxnet"):
        out = np.zeros(3)
        returned = MX_OUT_FROM_NUMPY[name](np, out)
    assert returned is out and type(out).__name__ == "MXArray"
    onp.testing.assert_array_equal(out.asnumpy(), MX_OUT_FROM_NUMPY[name](onp, onp.zeros(3)))


@pytest.mark.parametrize("name", list(MX_OUT_FROM_NUMPY))
def test_an_mxarray_out_made_traced_takes_constants_and_loses_its_gradient(mx, name):
    def f(x, N=np):
        out = N.zeros(3)
        out[0] = x[0] * 2  # under grad, the MXArray is traced from here on
        MX_OUT_FROM_NUMPY[name](N, out)
        return N.sum(out * x)
    with wrap_policy("prefer_mxnet"):
        onp.testing.assert_allclose(f(np.array(X)), f(X.copy(), onp))
        check_grad(f, X.copy())
