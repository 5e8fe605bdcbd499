"""det's gradient (adj(a)^T) at singular matrices and qr(mode='complete') of tall matrices:
values against NumPy's, gradients against float64 finite differences."""
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError
from minpy_compat.numpy.linalg_decompositions import householder_qr
from conftest import check_grad
from facade_fold_helpers import _weights, rng


# ---- det: adj(a)^T at singular matrices ----------------------------------------------------
def _adjugate_transpose(a):
    n = a.shape[-1]
    return onp.array([[(-1) ** (i + j) * onp.linalg.det(onp.delete(onp.delete(a, i, 0), j, 1))
                       for j in range(n)] for i in range(n)])


SINGULAR = {
    "2x2": onp.array([[1.0, 2.0], [2.0, 4.0]]),
    "rank-2-of-3": onp.arange(1.0, 10.0).reshape(3, 3),
    "rank-1-of-3": onp.outer([1.0, 2.0, 3.0], [1.0, -1.0, 2.0]),
    "zeros": onp.zeros((3, 3)),
}


@pytest.mark.parametrize("name", sorted(SINGULAR))
def test_det_gradient_is_the_adjugate_at_singular_matrices(name):
    a = SINGULAR[name]
    onp.testing.assert_allclose(grad(np.linalg.det)(a), _adjugate_transpose(a), atol=1e-10)
    check_grad(np.linalg.det, a)
    assert grad(np.linalg.det)(a.astype(onp.float32)).dtype == onp.float32


def test_det_second_order_at_a_singular_matrix_and_stacks():
    check_grad(lambda a: np.linalg.det(a) ** 2 + np.linalg.det(a), SINGULAR["rank-2-of-3"],
               order=2)
    stack = onp.stack([SINGULAR["rank-2-of-3"], rng.randn(3, 3)])
    check_grad(lambda a: np.linalg.det(a) * onp.array([1.0, -2.0]), stack)


def test_slogdet_at_a_singular_matrix():
    a = SINGULAR["2x2"]
    onp.testing.assert_array_equal(grad(lambda m: np.linalg.slogdet(m)[0])(a), onp.zeros((2, 2)))
    with pytest.raises(NoGradientFuncError, match=r"linalg\.slogdet argument 0: expected a "
                                                  r"nonsingular matrix .* Use det\(a\)"):
        grad(lambda m: np.linalg.slogdet(m)[1])(a)
    stack = onp.stack([a, onp.array([[2.0, 1.0], [1.0, 3.0]])])  # only the regular one used
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # -inf * 0 in the loss itself
        g = grad(lambda m: np.sum(np.where(onp.array([False, True]),
                                           np.linalg.slogdet(m)[1], 0.0)))(stack)
    onp.testing.assert_allclose(g[1], onp.linalg.inv(stack[1]).T)
    onp.testing.assert_array_equal(g[0], onp.zeros((2, 2)))


# ---- qr(mode='complete') of a tall matrix ----------------------------------------------------
@pytest.mark.parametrize("shape", [(3, 2), (5, 3), (4, 1), (2, 4, 2)])
def test_complete_qr_of_tall_matrices(shape):
    a = rng.randn(*shape)
    q, r = onp.linalg.qr(a, mode="complete")
    mine_q, mine_r = householder_qr(a)
    onp.testing.assert_allclose(mine_q, q, atol=1e-12)
    onp.testing.assert_allclose(mine_r, r, atol=1e-12)
    wq, wr = _weights(q.shape), _weights(r.shape)[::-1]

    def loss(x):
        q, r = np.linalg.qr(x, mode="complete")
        return np.sum(q * wq) + np.sum(r * wr)
    check_grad(loss, a)
    assert grad(loss)(a.astype(onp.float32)).dtype == onp.float32


def test_complete_qr_second_order_and_an_already_reduced_column():
    check_grad(lambda x: np.linalg.qr(x, mode="complete")[0] ** 2 * _weights((3, 3)),
               rng.randn(3, 2), order=2)
    reduced = onp.array([[1.0, 2.0], [0.0, 3.0], [0.0, 1.0]])
    # R and Q's first columns alone: the reduced rule
    g = grad(lambda x: np.sum(np.linalg.qr(x, mode="complete")[1]))(reduced)
    onp.testing.assert_allclose(g, grad(lambda x: np.sum(np.linalg.qr(x)[1]))(reduced))
    with pytest.raises(NoGradientFuncError, match=r"linalg\.qr argument 0: expected no column "
                                                  r"zero below the diagonal"):
        grad(lambda x: np.sum(np.linalg.qr(x, mode="complete")[0]))(reduced)
