"""Joins with NumPy's dtype= and casting=, keyword arguments under grad, lists holding traced
values, sigmoid and sinc: what NumPy (or the README) promises."""
import warnings
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError

from conftest import check_grad, numeric_grad
from core_fuzz_helpers import NUMPY_2


# ---- joining arrays with NumPy's dtype= and casting= -----------------------------------------
JOIN_KEYWORDS = [("concatenate", {"dtype": onp.float32}), ("concatenate", {"casting": "no"})]
if NUMPY_2:  # NumPy 1.x's stack/hstack/vstack take neither keyword
    JOIN_KEYWORDS += [("stack", {"dtype": onp.float32, "axis": 1}),
                      ("hstack", {"dtype": onp.float32}), ("vstack", {"casting": "same_kind"})]


@pytest.mark.parametrize("name, kwargs", JOIN_KEYWORDS)
def test_joins_take_numpys_keywords(name, kwargs):
    a, b = onp.array([1.0, 2.0]), onp.array([3.0, 4.0])
    expected = getattr(onp, name)([a, b], **kwargs)
    plain = getattr(np, name)([a, b], **kwargs)
    assert plain.dtype == expected.dtype
    onp.testing.assert_array_equal(plain, expected)
    seen = []
    g = grad(lambda z: (seen.append(getattr(np, name)([z, b * z], **kwargs)),
                        np.sum(seen[-1] * seen[-1]))[1])(a)
    assert seen[0].dtype == expected.dtype and g.dtype == onp.float64
    onp.testing.assert_allclose(g, 2 * a + 2 * b * b * a, rtol=1e-6)


def test_join_dtype_checks_casting_on_traced_arrays():
    with pytest.raises(TypeError, match="according to the rule 'same_kind'"):
        grad(lambda z: np.sum(np.concatenate([z, z], dtype=onp.int32)))(onp.ones(2))


# ---- keyword arguments under grad ------------------------------------------------------------
def test_ufunc_dtype_casts_traced_inputs_first():
    x = onp.array([1.0, 2.0], onp.float32)
    seen = []

    def f(z):
        seen.append(np.add(z, 1.0, dtype=onp.float64))
        return np.sum(np.multiply(z, z, dtype=onp.float64))
    g = grad(f)(x)
    assert seen[0].dtype == onp.float64 and g.dtype == onp.float32
    onp.testing.assert_allclose(g, 2 * x)
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' input"):
        grad(lambda z: np.sum(np.add(z, 1.0, dtype=onp.float32, casting="safe")))(
            onp.array([1.0]))


def test_cumsum_takes_dtype():
    x = onp.array([[1.0, 2.0], [3.0, 4.0]], onp.float32)
    g = grad(lambda z: np.sum(np.cumsum(z, dtype=onp.float64) * onp.arange(4.0)))(x)
    assert g.dtype == onp.float32
    onp.testing.assert_allclose(g.ravel(), [6.0, 6.0, 5.0, 3.0])


@pytest.mark.parametrize("call, keywords", [
    (lambda z: np.sin(z, where=z > 2), "where="),
    (lambda z: np.matmul(z, z, axes=[(-2, -1)] * 3), "axes="),
    (lambda z: np.expm1(z, casting="same_kind"), "casting=")])
def test_keywords_a_gradient_rule_lacks_are_refused_by_name(call, keywords):
    x = onp.array([[1.0, 2.0], [3.0, 4.0]])
    with warnings.catch_warnings(), pytest.raises(
            NoGradientFuncError, match=rf"minpy_compat\.numpy\.\w+: expected keyword arguments "
                                       rf"its gradient rule handles, got {keywords}"):
        warnings.simplefilter("ignore")  # where= without out=: NumPy warns about the memory
        grad(lambda z: np.sum(call(z)))(x)


# ---- lists holding traced values -------------------------------------------------------------
@pytest.mark.parametrize("f, expected", [
    (lambda z: np.sum([z[0], z[1] * 2]), [1.0, 2.0, 0.0]),
    (lambda z: np.max([z[0], z[1] * 2]), [0.0, 2.0, 0.0]),
    (lambda z: np.sum(np.sin([z[0], z[2]])), [onp.cos(1.0), 0.0, onp.cos(3.0)]),
    (lambda z: np.dot([z[0], z[1]], [1.0, 2.0]), [1.0, 2.0, 0.0]),
    (lambda z: np.dot(z, [1.0, 2.0, 3.0]), [1.0, 2.0, 3.0]),
    (lambda z: np.sum(np.maximum([z[0], 1.0], [0.5, z[1]])), [1.0, 1.0, 0.0]),
    (lambda z: np.linalg.norm([[z[0], z[1]]]), [0.2 ** 0.5, 0.8 ** 0.5, 0.0])])
def test_lists_holding_traced_values_are_arrays(f, expected):
    onp.testing.assert_allclose(grad(f)(onp.array([1.0, 2.0, 3.0])), expected)


# ---- MinPy's np.sigmoid keeps a float32 scalar's dtype (NumPy 1.x made it float64) -----
@pytest.mark.parametrize("value", [onp.float32(0.5), onp.array(-1.5, dtype=onp.float32),
                                   onp.array([0.5, -2.0], dtype=onp.float32),
                                   onp.float16(1.0)])
def test_sigmoid_keeps_the_float_dtype_of_scalars_and_0d_arrays(value):
    out = np.sigmoid(value)
    assert out.dtype == value.dtype
    assert onp.allclose(out, 1 / (1 + onp.exp(-onp.float64(value))), rtol=1e-3)
    g = grad(lambda x: np.sum(np.sigmoid(x)))(value)
    assert g.dtype == value.dtype


def test_sigmoid_gradient_matches_finite_differences():
    check_grad(lambda x: np.sum(np.sigmoid(x) ** 2), onp.linspace(-3.0, 3.0, 7))


def test_sinc_derivatives_at_zero_are_finite_and_right():
    from minpy_compat import elementwise_grad
    x = onp.array([0.0, 0.5, -1.3])
    first = elementwise_grad(np.sinc)
    assert onp.allclose(first(x), numeric_grad(onp.sinc, (x,), 0))
    second = elementwise_grad(first)(x)
    assert onp.isclose(second[0], -onp.pi ** 2 / 3)  # sinc''(0)
    assert onp.all(onp.isfinite(second))
    assert first(x.astype(onp.float32)).dtype == onp.float32


def test_a_gradient_rule_returning_the_wrong_shape_is_refused_not_returned():
    from autograd.extend import defvjp, primitive
    from minpy_compat.errors import GradientShapeError

    @primitive
    def doubled_with_a_broken_rule(x):
        return x * 2.0
    defvjp(doubled_with_a_broken_rule, lambda ans, x: lambda g: onp.ones((4, 3)))
    with pytest.raises(GradientShapeError, match=r"the gradient of a differentiated argument: "
                                                 r"expected the argument's shape \(3,\), "
                                                 r"got shape \(4, 3\)"):
        grad(lambda x: np.sum(doubled_with_a_broken_rule(x)))(onp.ones(3))
    with pytest.raises(GradientShapeError, match=r"shape \(\), got shape \(4, 3\)"):
        grad(lambda x: np.sum(doubled_with_a_broken_rule(x)))(1.5)
