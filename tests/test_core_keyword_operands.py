"""Operands given by keyword (``np.dot(x, b=y)``) under grad: NumPy takes them, so the
facade moves them to their places before a gradient rule, which reads operands by position,
sees the call."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from conftest import check_grad

rng = onp.random.RandomState(3)
X = rng.rand(3, 3) + 0.5
Y = rng.rand(3, 3) + 0.5

# (name, a call with the second operand by keyword, the same call by position)
CALLS = [
    ("dot", lambda a, b: np.dot(a, b=b), lambda a, b: np.dot(a, b)),
    ("dot a= b=", lambda a, b: np.dot(a=a, b=b), lambda a, b: np.dot(a, b)),
    ("tensordot", lambda a, b: np.tensordot(a, b=b, axes=1),
     lambda a, b: np.tensordot(a, b, 1)),
    ("outer", lambda a, b: np.outer(a, b=b), lambda a, b: np.outer(a, b)),
    ("kron", lambda a, b: np.kron(a, b=b), lambda a, b: np.kron(a, b)),
    ("cross", lambda a, b: np.cross(a, b=b), lambda a, b: np.cross(a, b)),
    ("x.dot", lambda a, b: a.dot(b=b), lambda a, b: a.dot(b)),
    ("dot out=", lambda a, b: np.dot(a, b=b, out=np.zeros((3, 3))), lambda a, b: np.dot(a, b)),
]
IDS = [name for name, _, _ in CALLS]


@pytest.mark.parametrize("name, by_keyword, by_position", CALLS, ids=IDS)
def test_keyword_operand_gradients_equal_positional_ones(name, by_keyword, by_position):
    weights = onp.linspace(0.5, 2.0, onp.size(by_position(X, Y))).reshape(
        onp.shape(by_position(X, Y)))
    for argnum in (0, 1):  # the traced one positional, then the traced one a keyword
        keyword = grad(lambda a, b: np.sum(by_keyword(a, b) * weights), argnum)(
            np.array(X), np.array(Y))
        position = grad(lambda a, b: np.sum(by_position(a, b) * weights), argnum)(
            np.array(X), np.array(Y))
        onp.testing.assert_allclose(keyword, position, rtol=1e-12)
    check_grad(lambda a, b: np.sum(by_keyword(a, b) ** 2), X, Y, argnums=[0, 1])


def test_keyword_operand_keeps_float32():
    g = grad(lambda a: np.sum(np.dot(a, b=np.ones((3, 2), np.float32))))(
        np.array(X, dtype=np.float32))
    assert g.dtype == onp.float32
    onp.testing.assert_allclose(g, onp.full((3, 3), 2.0))


def test_plain_number_operand_by_keyword():
    onp.testing.assert_array_equal(grad(lambda a: np.sum(np.dot(a, b=2.0)))(np.array(X)),
                                   onp.full((3, 3), 2.0))


def test_positional_only_operand_by_keyword_raises_numpys_error():
    with pytest.raises(TypeError):
        onp.inner(X, b=Y)
    with pytest.raises(TypeError):
        grad(lambda a: np.sum(np.inner(a, b=np.array(Y))))(np.array(X))
