"""jacobian, hessian, hessian_vector_product and elementwise_grad (minpy_compat/jacobians.py)
take what grad takes: argnum lists, list/tuple/dict arguments and outputs; checked against
finite differences in float64."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import (elementwise_grad, grad, hessian, hessian_vector_product, jacobian)
from minpy_compat.errors import NonScalarOutputError

from conftest import numeric_jacobian

A = onp.array([0.7, -1.2, 2.0])
B = onp.array([[0.3, 1.1], [-0.4, 0.9]])


def test_jacobian_of_an_array_function():
    f = lambda x: np.sin(x) * np.sum(x ** 2)  # noqa: E731
    onp.testing.assert_allclose(jacobian(f)(A), numeric_jacobian(f, A), rtol=1e-6)


def test_jacobian_with_an_argnum_list():
    f = lambda x, y: x[:2] * np.dot(y, x[1:])  # noqa: E731
    jx, jy = jacobian(f, [0, 1])(A, B)
    onp.testing.assert_allclose(jx, numeric_jacobian(lambda x: f(x, B), A), rtol=1e-6)
    onp.testing.assert_allclose(jy, numeric_jacobian(lambda y: f(A, y), B), rtol=1e-6)
    assert jx.shape == (2, 3) and jy.shape == (2, 2, 2)
    assert isinstance(jacobian(f, (0, 1))(A, B), tuple)


def test_jacobian_of_structured_arguments_and_outputs():
    f = lambda p: {"u": p["w"] @ p["v"], "v": (p["v"] ** 2,)}  # noqa: E731
    params = {"w": B, "v": A[:2]}
    jac = jacobian(f)(params)
    onp.testing.assert_allclose(jac["u"]["w"], numeric_jacobian(lambda w: w @ A[:2], B),
                                rtol=1e-6)
    onp.testing.assert_allclose(jac["u"]["v"], B, rtol=1e-12)
    onp.testing.assert_allclose(jac["v"][0]["v"], onp.diag(2 * A[:2]), rtol=1e-12)
    assert onp.all(jac["v"][0]["w"] == 0) and jac["v"][0]["w"].shape == (2, 2, 2)

    listed = jacobian(lambda pair: pair[0] * pair[1])([A, 2 * A])
    onp.testing.assert_allclose(listed[0], onp.diag(2 * A))
    onp.testing.assert_allclose(listed[1], onp.diag(A))


def test_jacobian_of_an_empty_input_has_the_right_shape():
    jac = jacobian(lambda x: x ** 3)(onp.zeros(0))
    assert jac.shape == (0, 0)
    assert jacobian(lambda x: np.sum(x))(onp.zeros((0, 2))).shape == (0, 2)


def test_jacobians_nest():
    f = lambda x: np.tanh(x) * x[0]  # noqa: E731
    second = jacobian(jacobian(f))(A)
    expected = numeric_jacobian(lambda x: jacobian(f)(x), A)
    assert second.shape == (3, 3, 3)
    onp.testing.assert_allclose(second, expected, rtol=1e-5, atol=1e-8)


def test_hessian_with_an_argnum_list_has_every_block():
    f = lambda x, y: np.sum(x ** 3) * np.sum(y * y) + np.dot(x[:2], y[0])  # noqa: E731
    h = hessian(f, [0, 1])(A, B)
    full = onp.concatenate([A, B.ravel()])

    def g(z):
        return grad(lambda z: f(z[:3], z[3:].reshape(2, 2)))(z)
    expected = numeric_jacobian(g, full)
    onp.testing.assert_allclose(h[0][0], expected[:3, :3], rtol=1e-5)
    onp.testing.assert_allclose(h[0][1], expected[:3, 3:].reshape(3, 2, 2), rtol=1e-5)
    onp.testing.assert_allclose(h[1][0], expected[3:, :3].reshape(2, 2, 3), rtol=1e-5)
    onp.testing.assert_allclose(h[1][1], expected[3:, 3:].reshape(2, 2, 2, 2), rtol=1e-5)


def test_hessian_of_a_dict_argument_and_float32():
    h = hessian(lambda d: np.sum(d["x"] ** 3))({"x": A})
    onp.testing.assert_allclose(h["x"]["x"], onp.diag(6 * A))
    h32 = hessian(lambda x: np.sum(np.exp(x)))(A.astype(onp.float32))
    assert h32.dtype == onp.float32
    onp.testing.assert_allclose(h32, onp.diag(onp.exp(A)), rtol=1e-6)


def test_hessian_refuses_a_non_scalar_output():
    with pytest.raises(NonScalarOutputError, match=r"hessian\(<lambda>\): expected a function "
                                                   r"with a scalar output"):
        hessian(lambda x: x ** 2)(A)


def test_hessian_vector_product_of_structured_arguments():
    f = lambda p: np.sum(p[0] ** 3) + np.sum(p[0][:2] * p[1][0])  # noqa: E731
    vector = [onp.array([1.0, 0.5, -2.0]), onp.array([[0.2, 0.1], [0.0, 1.0]])]
    hv = hessian_vector_product(f)([A, B], vector)
    onp.testing.assert_allclose(hv[0], 6 * A * vector[0] + onp.r_[vector[1][0], 0.0])
    onp.testing.assert_allclose(hv[1], [vector[0][:2], [0.0, 0.0]])
    onp.testing.assert_allclose(hessian_vector_product(lambda x: np.sum(x ** 4))(A, A),
                                12 * A ** 2 * A)


def test_elementwise_grad_returns_what_grad_returns():
    grads = elementwise_grad(lambda x, y: x * y, [0, 1])(A, 2 * A)
    assert isinstance(grads, list)
    onp.testing.assert_allclose(grads[0], 2 * A)
    onp.testing.assert_allclose(elementwise_grad(np.sin)(A), onp.cos(A))
