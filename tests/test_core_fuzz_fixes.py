"""Regressions found by fuzzing the facade against NumPy and finite differences.

Each test failed before its fix: silently wrong or dropped gradients (``out=``, ``.item()``,
a mistyped ``argnums=``), raw internal errors (NumPy 2.1's ``clip(min=, max=)``, named
tuple results under ``grad``), and messages that pointed at the wrong fix.
"""
import numpy as onp
import pytest

import minpy_compat
import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.errors import ArgnumError, NoGradientFuncError, TracedValueError

from conftest import check_grad

A = onp.array([[0.3, -1.2, 0.5], [1.1, 0.4, -0.7]])


# ---- out= under grad: the result is assigned into the buffer, which becomes traced ------
OUT_CASES = {  # name: (call writing into out, out's shape)
    "sum over an axis": (lambda a, out: np.sum(a, axis=0, out=out), (3,)),
    "mean over an axis": (lambda a, out: np.mean(a, axis=1, out=out), (2,)),
    "max over an axis": (lambda a, out: np.max(a, axis=0, out=out), (3,)),
    "ufunc": (lambda a, out: np.exp(a, out=out), (2, 3)),
    "ufunc with a constant": (lambda a, out: np.add(a, 1.5, out=out), (2, 3)),
    "dot": (lambda a, out: np.dot(a, a.T, out=out), (2, 2)),
    "cumsum": (lambda a, out: np.cumsum(a, axis=1, out=out), (2, 3)),
    "clip": (lambda a, out: np.clip(a, -0.5, 0.6, out=out), (2, 3)),
}


@pytest.mark.parametrize("name", sorted(OUT_CASES))
def test_out_buffer_carries_the_gradient(name):
    write, shape = OUT_CASES[name]

    def through_buffer(a):
        buffer = np.zeros(shape)
        write(a, buffer)  # the result is read from the buffer, not from the return value
        return buffer ** 2
    check_grad(through_buffer, A, order=2)


def test_out_returns_the_buffer_and_fills_it():
    def f(a):
        buffer = np.zeros(3)
        returned = np.sum(a, axis=0, out=buffer)
        assert returned is buffer
        return np.sum(buffer * onp.array([1.0, 2.0, 3.0]))
    onp.testing.assert_allclose(grad(f)(A), onp.tile([1.0, 2.0, 3.0], (2, 1)))


def test_out_outside_grad_is_numpys_own():
    buffer = np.zeros(3)
    assert np.sum(A, axis=0, out=buffer) is buffer
    onp.testing.assert_allclose(buffer, A.sum(axis=0))


def test_out_into_a_plain_numpy_array_is_refused_under_grad():
    with pytest.raises(TracedValueError, match=r"numpy\.exp\(out=\.\.\.\).*out= ndarray"):
        grad(lambda a: np.sum(np.exp(a, out=onp.zeros((2, 3)))))(A)


def test_out_that_cannot_hold_the_result_is_refused_before_writing():
    buffer = np.zeros((2, 3), dtype=int)

    def f(a):
        np.exp(a, out=buffer)
        return np.sum(a)
    with pytest.raises(TypeError, match=r"int64 under casting='same_kind', got a float64"):
        grad(f)(A)
    assert not buffer.any()


# ---- .item() and .tolist() refuse as float() does -----------------------------------------
@pytest.mark.parametrize("convert", [lambda a: a[0].item() * a[1],
                                     lambda a: np.sum(np.array(a.tolist())),
                                     lambda a: a.item(0) * a[1]],
                         ids=["item", "tolist", "item(i)"])
def test_conversions_to_python_numbers_refuse_instead_of_dropping_the_gradient(convert):
    with pytest.raises(TracedValueError, match=r"of a traced value.*x\.asnumpy\(\)"):
        grad(convert)(onp.array([2.0, 3.0]))


def test_integer_values_convert_to_python_numbers_under_grad():
    def f(a):
        positions = np.argsort(a)  # integer: no gradient flows through it
        return a[positions[-1].item()] * 2.0 + len(positions.tolist())
    onp.testing.assert_allclose(grad(f)(onp.array([2.0, 5.0, 3.0])), [0.0, 2.0, 0.0])


# ---- keywords: a mistyped one must not silently mean argnum=0 ------------------------------
@pytest.mark.parametrize("operator", [minpy_compat.grad, value_and_grad], ids=["grad", "vag"])
def test_jax_spelling_argnums_is_refused_with_the_right_name(operator):
    with pytest.raises(TypeError, match=r"got 'argnums'\. For JAX's argnums=i write "
                                        r"minpy_compat\.\w+\(f, argnum=i\)"):
        operator(lambda a, b: a * b ** 2, argnums=1)(2.0, 3.0)


def test_unknown_keyword_is_refused():
    with pytest.raises(TypeError, match=r"expected the keyword argnum.*got 'foo'"):
        minpy_compat.grad(lambda a: a, foo=1)


@pytest.mark.parametrize("value", ["x", None, True], ids=["str", "None", "bool"])
def test_a_differentiated_argument_must_hold_numbers(value):
    with pytest.raises(ArgnumError, match=r"argument 1: expected arrays or floats"):
        grad(lambda a, s: a * 2.0, argnum=1)(3.0, value)


# ---- NumPy 2.1's clip(min=, max=) ------------------------------------------------------
X = onp.array([-1.0, 0.5, 2.0, 4.0])


@pytest.mark.parametrize("call", [lambda a: np.clip(a, min=0.0, max=3.0),
                                  lambda a: np.clip(a, max=3.0),
                                  lambda a: a.clip(min=0.0),
                                  lambda a: a.clip(0.0, 3.0)],
                         ids=["both", "max only", "method min", "method positional"])
def test_clip_with_min_and_max_keywords(call):
    if tuple(int(p) for p in onp.__version__.split(".")[:2]) < (2, 1):
        pytest.skip(f"numpy {onp.__version__} has no min=/max= keywords in clip")
    onp.testing.assert_array_equal(call(np.array(X)), call(X))
    check_grad(lambda a: call(a) ** 2, X)


# ---- tuple results under grad: the container NumPy gives, of traced items ------------------
SPD = onp.array([[2.0, 0.4], [0.4, 1.5]])


def test_named_tuple_results_keep_their_fields_under_grad():
    def f(a):
        eigh, svd = np.linalg.eigh(a), np.linalg.svd(a, full_matrices=False)
        slogdet, qr = np.linalg.slogdet(a), np.linalg.qr(a)
        assert isinstance(eigh, tuple) and type(eigh) is type(onp.linalg.eigh(SPD))
        first = eigh.eigenvalues if hasattr(eigh, "eigenvalues") else eigh[0]
        singular = svd.S if hasattr(svd, "S") else svd[1]
        logdet = slogdet.logabsdet if hasattr(slogdet, "logabsdet") else slogdet[1]
        r = qr.R if hasattr(qr, "R") else qr[1]
        return np.sum(first ** 2) + np.sum(singular) + logdet + np.sum(r ** 2)
    check_grad(f, SPD)


def test_list_results_are_lists_under_grad():
    kinds = []

    def f(a):
        parts = np.split(a, 2)
        kinds.append(type(parts))
        return np.sum(parts[1] ** 3)
    check_grad(f, onp.array([0.5, 1.0, -2.0, 3.0]))
    assert set(kinds) == {list}


# ---- random: traced parameters of normal and uniform are reparameterized -----------------
def _value(x):
    return x.asnumpy() if hasattr(x, "asnumpy") else onp.asarray(x)


def test_normal_with_traced_parameters_draws_numpys_numbers():
    loc, scale = onp.array([0.5, -1.0, 2.0]), 1.5

    def f(loc, scale):
        np.random.seed(3)
        sample = np.random.normal(loc, scale, size=(4, 3))
        onp.random.seed(3)
        expected = onp.random.normal(_value(loc), _value(scale), (4, 3))
        onp.testing.assert_array_equal(sample.asnumpy(), expected)
        return np.sum(sample ** 2)
    check_grad(f, loc, onp.array(scale), order=2)


def test_uniform_with_traced_bounds_draws_numpys_numbers():
    def f(low, high):
        np.random.seed(5)
        sample = np.random.uniform(low, high)
        onp.random.seed(5)
        onp.testing.assert_array_equal(sample.asnumpy(), onp.random.uniform(_value(low),
                                                                            _value(high)))
        return np.sum(sample ** 2)
    check_grad(f, onp.array([0.0, 1.0]), onp.array([2.0, 1.5]))


def test_other_random_functions_refuse_traced_parameters_by_name():
    with pytest.raises(TracedValueError, match=r"random\.exponential: expected constant"):
        grad(lambda s: np.sum(np.random.exponential(s, size=3)))(1.0)


# ---- messages ------------------------------------------------------------------------------
def test_traced_argument_without_a_gradient_names_minpy_compats_function():
    # v= is passed on by position, so the refusal names its place in polydiv's signature
    with pytest.raises(NoGradientFuncError, match=r"^minpy_compat\.numpy\.polydiv "
                                                  r"argument 1 'v': expected a function "
                                                  r"with a gradient"):
        grad(lambda v: np.sum(np.polydiv(np.array([1.0, 2.0, 3.0]), v=v)[0]))(
            np.array([1.0, 2.0]))
