"""Where the NumPy facade meets MXNet values, and the registry's refusal messages.

* A raw ``mxnet.nd.NDArray`` given to any facade function (``asarray``, ``array``, ufuncs,
  their methods, ``dot``, list arguments, keywords, ``copyto``) is read as its values under
  every policy, the default one included (NumPy alone reads it as a nested sequence).
* Under a policy, a call that falls back to NumPy keeps the facade's keyword handling
  (traced keywords, ``dtype=``, ``out=``).
* ``out=`` given by position is ``out=`` given by keyword: NumPy never writes into a traced
  value's memory, and an Array that takes traced values is adopted.
* Writes into MXArrays: ``copyto``, ``place``, ``putmask``, ``fill_diagonal``, ``ufunc(out=)``.
* Refusals name what the user called: ``histogram2d argument 5 'weights'``, ``add.at``.

Tests that need MXNet take the ``mx`` fixture, which skips them without it.
"""
import numpy as onp
import pytest

from conftest import check_grad
from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from minpy_compat.errors import NoGradientFuncError, PolicyError, TracedValueError

POLICIES = ["default", "only_numpy", "prefer_mxnet", "only_mxnet"]
DATA = onp.array([[1.0, 2.0], [3.0, 4.0]], onp.float32)
X = onp.array([0.3, -0.2, 0.5])


@pytest.fixture
def mx():
    return need_mxnet()


def _mxarray(values):
    from minpy_compat.backends import mxnet_backend
    return mxnet_backend.array(values)


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


# ---- writes into MXArrays ----------------------------------------------------------------
WRITES = {
    "copyto_where": (lambda a: np.copyto(a, onp.arange(4.0).reshape(2, 2),
                                         where=[[True, False], [False, True]])),
    "copyto_broadcast": lambda a: np.copyto(a, 7.0),
    "place": lambda a: np.place(a, [[True, False], [True, True]], [5.0, 6.0]),
    "putmask": lambda a: np.putmask(a, [[True, False], [True, True]], [5.0, 6.0]),
    "fill_diagonal": lambda a: np.fill_diagonal(a, 9.0),
    "ufunc_out_keyword": lambda a: np.multiply(onp.ones((2, 2)), 3.0, out=a),
    "ufunc_out_positional": lambda a: np.add(onp.ones((2, 2)), 2.0, a),
}


@pytest.mark.parametrize("policy", ["default", "prefer_mxnet", "only_mxnet"])
@pytest.mark.parametrize("name", list(WRITES))
def test_writes_into_an_mxarray_give_numpys_values(mx, policy, name):
    expected = onp.zeros((2, 2))
    WRITES[name](expected)
    if policy == "only_mxnet" and name.startswith("ufunc_out"):
        with wrap_policy(policy), pytest.raises(PolicyError, match="runs only in NumPy"):
            WRITES[name](_mxarray(onp.zeros((2, 2))))  # MXNet's ops take no out=
        return
    with wrap_policy(policy):
        target = _mxarray(onp.zeros((2, 2)))
        WRITES[name](target)
    assert type(target).__name__ == "MXArray"
    onp.testing.assert_array_equal(target.asnumpy(), expected)


def test_copyto_into_an_mxarray_keeps_numpys_casting_rule(mx):
    target = _mxarray(onp.zeros(2, onp.int64))
    with pytest.raises(TypeError, match="same_kind"):
        np.copyto(target, onp.array([1.5, 2.5]))
    onp.testing.assert_array_equal(target.asnumpy(), [0, 0])


@pytest.mark.parametrize("policy", ["default", "prefer_mxnet"])
def test_copyto_of_a_traced_value_into_a_traced_mxnet_value(mx, policy):
    def f(x):
        y = x * 1.0
        np.copyto(y, x * x, where=[True, False, True])
        return np.sum(y * x)
    with wrap_policy(policy):
        got = grad(f)(_mxarray(X.copy()))
    onp.testing.assert_allclose(onp.asarray(got), [3 * X[0] ** 2, 2 * X[1], 3 * X[2] ** 2])


# ---- refusals name the call the user made ------------------------------------------------
def test_add_at_under_only_mxnet_names_add_at(mx):
    def f(x):
        y = x * 1.0
        np.add.at(y, [0, 0], 1.0)
        return np.sum(y * x)
    with wrap_policy("only_mxnet"), pytest.raises(
            PolicyError, match=r"^numpy\.add\.at under the only_mxnet policy: .*made of "
                               r"broadcast_to"):
        grad(f)(_mxarray(X.copy()))


def test_a_missing_gradient_names_the_parameter():
    with pytest.raises(NoGradientFuncError, match=r"^minpy_compat\.numpy\.polydiv "
                                                  r"argument 1 'v': expected a function"):
        grad(lambda b: np.sum(np.polydiv(np.array([1.0, 2.0, 3.0]), v=b)[0]))(
            np.array([1.0, 2.0]))


def test_a_missing_gradient_of_a_positional_argument_names_it():
    with pytest.raises(NoGradientFuncError,
                       match=r"^minpy_compat\.numpy\.trim_zeros argument 0 'filt'"):
        grad(lambda x: np.sum(np.trim_zeros(np.ravel(x))))(X.copy())


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
