"""MXNet policies give NumPy's answers where a fuzzing pass found they did not.

``astype`` keeps the gradient; a traced MXNet value has the traced NumPy value's
interface and refusals; metadata queries run under every policy; dtypes an MXNet op
cannot run (float16 ``dot`` on a CPU, longdouble) run in NumPy; ``power``'s exponent
gradient at a negative base is NaN on both backends.
"""
import copy
import pickle

import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import grad  # noqa: E402
from minpy_compat.array import TracedArray  # noqa: E402
from minpy_compat.backends import mxnet_backend  # noqa: E402
from minpy_compat.backends.mxnet_array import MXArray, MXBox  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402
from minpy_compat.dispatch.stats import op_stat  # noqa: E402
from minpy_compat.nn import layers  # noqa: E402

rng = onp.random.RandomState(11)
A = rng.normal(size=(2, 3))


@pytest.fixture
def stats():
    np.record_op_stat()
    yield op_stat
    np.record_op_stat(False)


def both_policies(f, x):
    """``grad(f)(x)`` under the NumPy policy and under prefer_mxnet."""
    expected = grad(f)(x)
    with wrap_policy("prefer_mxnet"):
        return expected, grad(f)(x)


def assert_same_gradient(f, x):
    expected, got = both_policies(f, x)
    assert got.dtype == x.dtype
    onp.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-9)


def traced_mxnet_value(x, check):
    """Run ``check(b)`` on a traced MXNet value ``b`` (tanh of ``x`` under prefer_mxnet)."""
    seen = []

    def f(x):
        b = np.tanh(x)
        assert type(b) is MXBox
        seen.append(check(b))
        return np.sum(b)
    with wrap_policy("prefer_mxnet"):
        grad(f)(x)
    return seen[0]


# ---- astype -------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_astype_inside_grad_keeps_the_gradient(dtype):
    def f(a):
        return np.sum(np.tanh(a).astype(dtype) * 3)
    expected, got = both_policies(f, A)
    assert got.dtype == onp.float64  # the input's dtype, whatever the cast
    onp.testing.assert_allclose(got, expected, rtol=1e-6 if dtype == onp.float32 else 1e-12)


def test_astype_gradient_matches_finite_differences():
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda a: np.tanh(a).astype(onp.float64) ** 2, (A,), argnums=[0])


def test_astype_of_a_float32_value_gives_a_float32_gradient():
    x = A.astype(onp.float32)
    expected, got = both_policies(lambda a: np.sum(np.exp(a).astype(onp.float64) ** 2), x)
    assert got.dtype == onp.float32
    onp.testing.assert_allclose(got, expected, rtol=1e-5)


def test_astype_between_floats_stays_in_mxnet_and_to_ints_goes_to_numpy():
    x = mxnet_backend.array(A)
    half = x.astype(onp.float32)
    assert type(half) is MXArray and half.dtype == onp.float32
    onp.testing.assert_array_equal(half.asnumpy(), A.astype(onp.float32))
    ints = x.astype(onp.int64)
    assert isinstance(ints, onp.ndarray) and ints.dtype == onp.int64
    onp.testing.assert_array_equal(ints, A.astype(onp.int64))


# ---- the traced MXNet value's interface -----------------------------------------------------
METHODS = {
    "flatten": lambda b: b.flatten() * onp.arange(6),
    "ravel": lambda b: b.ravel() ** 2,
    "clip": lambda b: b.clip(-0.5, 0.5),
    "std": lambda b: b.std(axis=0),
    "var": lambda b: b.var(ddof=1),
    "prod": lambda b: b.prod(axis=1),
    "cumsum": lambda b: b.cumsum() ** 2,
    "cumprod": lambda b: b.cumprod(axis=1),
    "swapaxes": lambda b: b.swapaxes(0, 1) * onp.arange(6).reshape(3, 2),
    "squeeze": lambda b: b.reshape(1, 2, 3).squeeze(0) ** 2,
    "take": lambda b: b.take([0, 2], axis=1) ** 2,
    "repeat": lambda b: b.repeat(2, axis=0) ** 3,
    "diagonal": lambda b: b.diagonal() ** 2,
    "trace": lambda b: b.trace() ** 2,
    "ptp": lambda b: b.ptp(axis=1),
    "round": lambda b: b.round(1) + b ** 2,
    "conj": lambda b: b.conj() ** 2,
    "real": lambda b: b.real ** 2,
    "mT": lambda b: b.mT * onp.arange(6).reshape(3, 2),
    "compress": lambda b: b.compress([True, False, True], axis=1) ** 2,
    "mod": lambda b: b % 0.3 + b ** 2,
    "floordiv": lambda b: b // 0.3 + b ** 2,
    "copy.copy": lambda b: copy.copy(b) * copy.deepcopy(b),
    "flat[i]": lambda b: b.flat[3] * b,
    "numpy.tanh(b)": lambda b: onp.tanh(b),
    "numpy.add.reduce(b)": lambda b: onp.add.reduce(b, axis=1) ** 2,
    "numpy.concatenate": lambda b: onp.concatenate([b, b ** 2]),
    "numpy.var": lambda b: onp.var(b),
}


@pytest.mark.parametrize("name", list(METHODS))
def test_methods_of_a_traced_mxnet_value_give_the_numpy_gradient(name):
    method = METHODS[name]
    assert_same_gradient(lambda a: np.sum(method(np.tanh(a)) ** 2), A)


def test_a_traced_mxnet_value_has_the_traced_numpy_values_attributes():
    # __div__ is Python 2's. (In-place arithmetic changes the value in place since round 3.)
    # __weakref__: a NumPy traced view is remembered weakly by the array it views, which
    # refreshes it after a write (live_views.py); MXNet's views are not refreshed.
    public = {n for n in dir(TracedArray) if n.startswith("__") or not n.startswith("_")}
    assert public - set(dir(MXBox)) == {"__div__", "__rdiv__", "__weakref__"}


def test_in_place_arithmetic_rebinds_a_traced_mxnet_value():
    def f(a):
        b = np.tanh(a)
        b += 1.0
        b //= 1.0
        return np.sum(b * np.tanh(a))
    assert_same_gradient(f, A)


REFUSED = {
    "float()": lambda b: float(b[0, 0]),
    "int()": lambda b: int(b[0, 0]),
    "item()": lambda b: b.item(0),
    "tolist()": lambda b: b.tolist(),
    "numpy.asarray": lambda b: onp.asarray(b),
    "pickle": lambda b: pickle.dumps(b),
    "ctypes": lambda b: b.ctypes,
    "view(int64)": lambda b: b.view(onp.int64),
}


def _raised(check):
    def caught(b):
        with pytest.raises(Exception) as info:
            check(b)
        return type(info.value), str(info.value)
    return caught


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_traced_mxnet_value_refuses_what_a_traced_numpy_value_refuses(name):
    refusal = _raised(REFUSED[name])
    seen = []
    grad(lambda x: (seen.append(refusal(np.tanh(x))), np.sum(x))[1])(A)
    assert traced_mxnet_value(A, refusal) == seen[0]


# x[i] = v, fill and put write into a traced MXNet value since round 3
# (tests/test_mxnet_writes_untraced.py, tests/test_mxnet_writes_traced.py); the in-place
# methods that sort or resize are refused.
@pytest.mark.parametrize("write", [lambda b: b.sort(), lambda b: b.resize(6)],
                         ids=["sort", "resize"])
def test_writing_into_a_traced_mxnet_value_is_refused(write):
    refusal = traced_mxnet_value(A, _raised(write))
    assert refusal[0] is TypeError and "got data that lives in MXNet (immutable here)" in \
        refusal[1]


def test_facts_of_a_traced_mxnet_value_are_its_values():
    value = onp.tanh(A)
    *facts, data = traced_mxnet_value(A, lambda b: (b.strides, b.itemsize, b.nbytes,
                                                    f"{b.sum():.4f}", 0.0 in b, b.tobytes()))
    assert facts == [value.strides, 8, 48, f"{value.sum():.4f}", False]
    onp.testing.assert_allclose(onp.frombuffer(data).reshape(2, 3), value, rtol=1e-14)


@pytest.mark.parametrize("name, args", [
    ("all", ()), ("any", ()), ("argsort", ()), ("argpartition", (1,)), ("clip", (0, .5)),
    ("cumsum", ()), ("cumprod", ()), ("diagonal", ()), ("prod", ()), ("ptp", ()),
    ("repeat", (2,)), ("round", (1,)), ("squeeze", ()), ("std", ()), ("swapaxes", (0, 1)),
    ("take", ([0],)), ("trace", ()), ("var", ()), ("flatten", ()), ("ravel", ())])
@pytest.mark.parametrize("policy", ["default", "prefer_mxnet"])
def test_methods_of_an_mxarray_equal_numpys(policy, name, args):
    with wrap_policy(policy):
        got = getattr(mxnet_backend.array(A), name)(*args)
    expected = getattr(A, name)(*args)
    assert onp.asarray(got).dtype == expected.dtype
    onp.testing.assert_allclose(onp.asarray(got), expected)


# ---- metadata under only_mxnet --------------------------------------------------------------
@pytest.mark.parametrize("query", ["shape", "ndim", "size", "result_type", "iscomplexobj",
                                   "isrealobj", "isscalar", "isfortran"])
def test_metadata_queries_run_under_only_mxnet(query, stats):
    x = mxnet_backend.array(A.astype(onp.float32))
    function = getattr(np, query)
    with wrap_policy("only_mxnet"):
        got = (function(A), function(x), function(np.tanh(x)))
    expected = getattr(onp, query)(A), getattr(onp, query)(A.astype(onp.float32))
    assert got == expected + expected[1:]
    assert query not in stats()["calls"] and stats()["calls"]["tanh"]["mxnet"] == 1


def test_numpys_shape_of_a_traced_value_runs_under_only_mxnet():
    def f(x):
        assert onp.shape(x) == (2, 3) and onp.ndim(np.tanh(x)) == 2
        return np.sum(np.tanh(x))
    with wrap_policy("only_mxnet"):
        got = grad(f)(A)
    onp.testing.assert_allclose(got, 1 - onp.tanh(A) ** 2)


def test_affine_runs_under_only_mxnet():
    x, w, b = rng.normal(size=(2, 3, 2)), rng.normal(size=(6, 4)), rng.normal(size=4)
    expected = grad(lambda w: np.sum(layers.affine(x, w, b) ** 2))(w)
    with wrap_policy("only_mxnet"):
        got = grad(lambda w: np.sum(layers.affine(x, w, b) ** 2))(w)
        value = layers.affine(x, w, b)
    onp.testing.assert_allclose(onp.asarray(value), x.reshape(2, 6) @ w + b, rtol=1e-12)
    onp.testing.assert_allclose(got, expected, rtol=1e-12)


# ---- dtypes an MXNet op cannot run ----------------------------------------------------------
@pytest.mark.parametrize("op", [np.dot, np.matmul])
def test_float16_dot_runs_in_numpy_on_a_cpu(op, stats):
    a = rng.normal(size=(2, 3)).astype(onp.float16)
    with wrap_policy("prefer_mxnet"):
        got = op(a, a.T)
        gradient = grad(lambda a: np.sum(op(a, a.T)))(a)
    assert stats()["calls"][op.__name__]["mxnet"] == 0
    assert got.dtype == onp.float16 and gradient.dtype == onp.float16
    onp.testing.assert_array_equal(got, getattr(onp, op.__name__)(a, a.T))
    onp.testing.assert_allclose(gradient, grad(lambda a: np.sum(op(a, a.T)))(a))


@pytest.mark.parametrize("f", [np.tanh, lambda a: np.multiply(a, a), lambda a: np.sum(a, axis=0),
                               lambda a: np.dot(a, a.T), lambda a: np.zeros(3, a.dtype)],
                         ids=["tanh", "multiply", "sum", "dot", "zeros"])
def test_longdouble_runs_in_numpy(f):
    a = A.astype(onp.longdouble)
    with wrap_policy("prefer_mxnet"):
        got = f(a)
    assert got.dtype == onp.longdouble
    onp.testing.assert_array_equal(got, f(a))


# ---- NaN where NumPy's gradient is NaN --------------------------------------------------------
@pytest.mark.parametrize("base", [onp.array([-2.0, 0.0, 3.0, 0.0]), -2.0, 0.0],
                         ids=["array", "negative scalar", "zero scalar"])
def test_power_exponent_gradient_equals_numpys_at_negative_and_zero_bases(base):
    y = onp.array([2.0, 2.0, 1.5, -1.0])
    with onp.errstate(all="ignore"):
        expected, got = both_policies(lambda y: np.sum(np.power(base, y)), y)
    onp.testing.assert_allclose(got, expected, rtol=1e-12)  # NaN where NumPy has NaN
    assert onp.isnan(got).any()
