"""Fuzzing the gradient operators beyond grad (make_vjp, jacobian, hessian,
hessian_vector_product) and the conversion helpers: each test pins one bug that was found,
checked against float64 central differences where it is about a value."""
import collections

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import (Array, Number, grad, hessian, hessian_vector_product, jacobian,
                          make_vjp, minpy_to_numpy, return_numpy)
from minpy_compat.errors import ArgnumError, GradientShapeError

from conftest import numeric_jacobian

X = onp.array([0.7, -1.2, 2.0])
Y = onp.array([1.5, 0.4, -0.8])
Pair = collections.namedtuple("Pair", "w b")


# ---- conversion helpers ------------------------------------------------------------------
def test_minpy_to_numpy_converts_inside_namedtuples_and_dict_subclasses():
    data = [Pair(np.array(X), {"k": np.array(Y)}), collections.OrderedDict(a=np.array(X)),
            collections.defaultdict(list, d=np.array(Y)), (Number(2.0), "s", None)]
    back = minpy_to_numpy(data)
    assert type(back[0]) is Pair and type(back[0].w) is onp.ndarray
    assert type(back[0].b["k"]) is onp.ndarray
    assert type(back[1]) is collections.OrderedDict and type(back[1]["a"]) is onp.ndarray
    assert type(back[2]) is collections.defaultdict and back[2].default_factory is list
    assert type(back[2]["d"]) is onp.ndarray
    assert type(back[3][0]) is float and back[3][1:] == ("s", None)

    @return_numpy
    def params(x):
        return Pair(np.array(x) * 2, [np.array(x), 3])
    out = params(X)
    assert type(out.w) is onp.ndarray and type(out.b[0]) is onp.ndarray and out.b[1] == 3


# ---- make_vjp ----------------------------------------------------------------------------
def test_make_vjp_keeps_a_traced_cotangent_inside_a_tuple_or_dict():
    def through_tuple(a):
        vjp, _ = make_vjp(lambda b: (b ** 2, b * 3))(X)
        return np.sum(vjp((a, a * 2)) * a)

    def through_dict(a):
        vjp, _ = make_vjp(lambda b: {"u": b ** 2, "v": np.sin(b)})(X)
        return np.sum(vjp({"v": a, "u": a * a}))

    for f in (through_tuple, through_dict):
        expected = numeric_jacobian(lambda a: f(a), Y)
        onp.testing.assert_allclose(grad(f)(Y), expected, rtol=1e-6, atol=1e-8)


def test_make_vjp_refuses_a_cotangent_that_does_not_match_the_output():
    vjp, _ = make_vjp(lambda a: (a ** 2, a))(X)
    with pytest.raises(GradientShapeError, match=r"make_vjp\(<lambda>\) vjp: expected a "
                                                 r"cotangent shaped like the output, a sequence "
                                                 r"of 2, got float 1\.0\. Pass one array"):
        vjp(1.0)
    vjp, _ = make_vjp(lambda a: a ** 2)(X)
    with pytest.raises(GradientShapeError, match=r"expected a cotangent of the output's shape "
                                                 r"\(3,\) \(or a scalar\), got shape \(2,\)"):
        vjp(onp.ones(2))
    vjp, _ = make_vjp(lambda a: {"u": a})(X)
    with pytest.raises(GradientShapeError, match=r"a dict with keys \['u'\], got dict"):
        vjp({"v": onp.ones(3)})


def test_make_vjp_of_float32_keeps_float32_under_a_float64_cotangent():
    vjp, _ = make_vjp(lambda a: a ** 2)(X.astype(onp.float32))
    g = vjp(onp.ones(3))
    assert g.dtype == onp.float32
    onp.testing.assert_allclose(g, 2 * X, rtol=1e-6)


def test_make_vjp_with_a_tuple_argnum_gives_a_tuple_like_grad():
    vjp, _ = make_vjp(lambda a, b: a * b, (0, 1))(X, Y)
    grads = vjp(onp.ones(3))
    assert isinstance(grads, tuple) and len(grads) == 2
    onp.testing.assert_allclose(grads[0], Y)
    onp.testing.assert_allclose(grads[1], X)


# ---- hessian_vector_product --------------------------------------------------------------
def F(a, b):
    return np.sum(a ** 2 * b ** 3)


def test_hvp_negative_argnum_counts_from_the_functions_arguments():
    v = onp.array([0.3, -1.0, 0.5])
    h_bb = numeric_jacobian(lambda b: grad(F, 1)(X, b), Y)
    onp.testing.assert_allclose(hessian_vector_product(F, -1)(X, Y, v), h_bb @ v, rtol=1e-6)
    h_aa = numeric_jacobian(lambda a: grad(F, 0)(a, Y), X)
    h_ab = numeric_jacobian(lambda b: grad(F, 0)(X, b), Y)
    both = hessian_vector_product(F, [0, -2])(X, Y, [v, v])
    onp.testing.assert_allclose(both[0], 2 * h_aa @ v, rtol=1e-6)
    assert not onp.allclose(h_ab @ v, both[1])  # -2 is a, never b
    onp.testing.assert_allclose(both[1], 2 * h_aa @ v, rtol=1e-6)


def test_hvp_matches_a_dict_vector_by_key():
    def f(p):
        return np.sum(p["a"] * p["b"] ** 2)
    v = {"b": onp.array([1.0, 2.0, 0.5]), "a": onp.array([-1.0, 0.0, 3.0])}
    hv = hessian_vector_product(f)({"a": X, "b": Y}, v)
    expected_a = 2 * Y * v["b"]
    expected_b = 2 * Y * v["a"] + 2 * X * v["b"]
    onp.testing.assert_allclose(hv["a"], expected_a)
    onp.testing.assert_allclose(hv["b"], expected_b)


def test_hvp_refuses_a_vector_that_does_not_match_the_arguments():
    with pytest.raises(ArgnumError, match=r"hessian_vector_product\(F\) vector: expected the "
                                          r"structure of the differentiated arguments, list of "
                                          r"2, got ndarray of shape \(3,\) float64\. Pass one"):
        hessian_vector_product(F, [0, 1])(X, Y, onp.ones(3))
    with pytest.raises(ArgnumError, match=r"hessian_vector_product\(F\) vector: expected shape "
                                          r"\(3,\) \(its argument's\), got shape \(1,\)\."):
        hessian_vector_product(F)(X, Y, onp.ones(1))
    with pytest.raises(ArgnumError, match=r"expected the structure of the differentiated "
                                          r"arguments, dict with keys \['a', 'b'\], got dict "
                                          r"with keys \['a'\]"):
        hessian_vector_product(lambda p: F(p["a"], p["b"]))({"a": X, "b": Y}, {"a": X})
    with pytest.raises(ArgnumError, match=r"hessian_vector_product\(F\): expected the "
                                          r"function's arguments, then the vector, got 1 "
                                          r"argument\(s\)\. Call it as hvp"):
        hessian_vector_product(F)(X)


# ---- jacobian and hessian ----------------------------------------------------------------
def test_jacobian_and_hessian_keep_the_constants_of_an_argument():
    jac = jacobian(lambda p: p["x"] * 2)({"x": X, "name": "layer", "mask": None, "on": True})
    onp.testing.assert_allclose(jac["x"], 2 * onp.eye(3))
    assert jac["name"] == "layer" and jac["mask"] is None and jac["on"] is True

    hess = hessian(lambda p: np.sum(p[0] ** 3) * p[2])([X, "s", 2.0, None])
    onp.testing.assert_allclose(hess[0][0], onp.diag(12 * X), rtol=1e-12)
    onp.testing.assert_allclose(hess[0][2], 3 * X ** 2, rtol=1e-12)
    assert hess[1] == "s" and hess[3] is None and hess[0][1] == "s" and hess[0][3] is None
    onp.testing.assert_allclose(hess[2][0], 3 * X ** 2, rtol=1e-12)


def test_jacobian_of_a_python_float_gives_a_number_like_grad():
    jac = jacobian(lambda t: t ** 3)(2.0)
    assert type(jac) is Number and jac == 12.0
    assert type(jacobian(lambda t: t * 2)(3)) is Number
    assert isinstance(jacobian(lambda t: t * np.ones(2))(3.0), Array)
    h = hessian(lambda s, t: s ** 2 * t ** 3, [0, 1])(2.0, 1.5)
    assert all(type(entry) is Number for row in h for entry in row)
    onp.testing.assert_allclose([[h[0][0], h[0][1]], [h[1][0], h[1][1]]],
                                [[2 * 1.5 ** 3, 12 * 1.5 ** 2], [12 * 1.5 ** 2, 6 * 4 * 1.5]])


def test_jacobian_of_a_complex_output_of_a_real_argument_keeps_the_imaginary_part():
    def f(x):
        return np.exp(1j * x) * x[0] + (2 - 1j) * x ** 2
    jac = jacobian(f)(X)
    assert onp.iscomplexobj(jac)
    onp.testing.assert_allclose(jac, numeric_jacobian(f, X), rtol=1e-6, atol=1e-8)

    def g(x, z):  # a complex argument beside it keeps the holomorphic derivative
        return z ** 2 * x
    z = onp.array([1 + 1j, 2 - 0.5j, -1j])
    jx, jz = jacobian(g, [0, 1])(X, z)
    onp.testing.assert_allclose(jx, numeric_jacobian(lambda x: g(x, z), X), rtol=1e-6)
    onp.testing.assert_allclose(jz, onp.diag(2 * z * X), rtol=1e-12)
