"""numpy.linalg's gradients: every refusal's message, and multi_dot, lstsq and eigvals traced."""
import numpy as onp
import pytest
from conftest import check_grad

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError
from minpy_compat.numpy import linalg_gradients as lg
from linalg_gradient_helpers import A43, X34, _randn, _scalar


# ---- refusals -------------------------------------------------------------------------------
def _real_qr(mode):
    return lambda a: _scalar(np.linalg.qr(a, mode=mode))


@pytest.mark.parametrize("f, x, match", [
    (_real_qr("complete"), onp.array([[1.0, 2.0, 3.0], [0, 1, 2], [0, 1, 1], [0, 2, 1]]),
     r"linalg\.qr argument 0: expected no column zero below the diagonal .* in "
     r"mode='complete'"),
    (_real_qr("raw"), A43, r"linalg\.qr argument 1: expected mode 'reduced', 'complete' "),
    (lambda a: np.real(np.sum(np.linalg.qr(a * (1 + 1j))[1])), A43,
     r"linalg\.qr argument 0: expected a real matrix, got a complex128 one"),
    (_real_qr("reduced"), onp.array([[0.0, 1.0], [0.0, 2.0], [0.0, 0.5]]),
     r"linalg\.qr argument 0: expected a matrix of full rank"),
    (lambda a: _scalar(np.linalg.lstsq(a, onp.ones(4), rcond=None)),
     onp.hstack([A43[:, :2], A43[:, :1]]),
     r"linalg\.lstsq argument 0: expected a matrix of full rank .* of rank 2"),
])
def test_refusals(f, x, match):
    with pytest.raises(NoGradientFuncError, match=match):
        grad(f)(x)


@pytest.mark.skipif(not hasattr(onp, "vecdot"), reason="numpy.vecdot is NumPy 2 only")
def test_vecdot_refuses_keepdims():
    with pytest.raises(NoGradientFuncError, match=r"numpy\.vecdot argument keepdims"):
        grad(lambda x: np.sum(np.vecdot(x, x, keepdims=True)))(X34)


def test_traced_multi_dot_refuses_out():
    out = onp.zeros((3, 2))
    with pytest.raises(NoGradientFuncError, match=r"linalg\.multi_dot argument out"):
        grad(lambda x: np.sum(np.linalg.multi_dot([x, _randn(4, 2)], out=out)))(X34)


# ---- plain calls and the shape of results ---------------------------------------------------
def test_untraced_multi_dot_is_numpys():
    arrays = [X34, _randn(4, 2), _randn(2, 5)]
    out = onp.zeros((3, 5))
    np.linalg.multi_dot(arrays, out=out)
    onp.testing.assert_array_equal(out, onp.linalg.multi_dot(arrays))
    assert type(np.linalg.multi_dot(arrays)) is np.ndarray


def test_numpy_multi_dot_on_traced_arrays_is_differentiable():
    check_grad(lambda x: onp.linalg.multi_dot([x, x.T, x]), X34)


def test_traced_lstsq_unpacks_with_its_rank():
    seen = {}

    def f(a):
        x, residuals, rank, s = np.linalg.lstsq(a, onp.ones(4), rcond=None)
        seen["rank"] = int(rank)
        return np.sum(x) + np.sum(residuals) + np.sum(s)
    check_grad(f, A43)
    assert seen["rank"] == 3


def test_eigvals_order_is_matched_to_numpys():
    values = onp.array([[3.0, 1.0, 2.0]])
    reference = onp.array([[1.0, 2.0, 3.0]])
    assert lg._matching_order(values, reference).tolist() == [[1, 2, 0]]
    assert lg._matching_order(reference, reference) is None
