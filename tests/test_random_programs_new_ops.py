"""Random programs over ops test_random_programs.py does not draw (linalg on well-conditioned
matrices, fft followed by ``real`` / ``imag`` / ``abs``, matrix_power, trace, diagonal,
tril/triu, kron, cross, convolve, interp, sort or argsort then index) and customops with
hand-written gradients, all checked by its checker (NumPy's values, float64 differences,
float32 stays float32); then the regression tests for the bugs this found."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from random_program_helpers import _hypothesis_pick, check_program
from random_program_check_helpers import TABLE


@settings(deadline=None, max_examples=250, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_with_new_ops_matches_numpy_and_differences(data):
    check_program(_hypothesis_pick(data), TABLE)


# ---- regressions the fuzzer found ------------------------------------------------------
@pytest.mark.parametrize("name", ["tril", "triu"])
@pytest.mark.parametrize("k", [-1, 0, 1])
def test_tril_triu_of_a_row_gives_the_row_its_gradient(name, k):
    # NumPy repeats a 1-D row down a square; autograd's rule gave the square's gradient back:
    # GradientShapeError, expected the argument's shape (3,), got shape (3, 3)
    x = onp.array([0.5, -1.0, 2.0])
    weights = onp.arange(9.0).reshape(3, 3)
    g = grad(lambda a: np.sum(getattr(np, name)(a, k) * weights))(x)
    assert g.shape == (3,) and g.dtype == onp.float64
    onp.testing.assert_allclose(g, (getattr(onp, name)(onp.ones((3, 3)), k) * weights).sum(0))
    check_grads(lambda a: np.sum(getattr(np, name)(a, k) * weights * a), modes=["rev"],
                order=2)(x)
    g32 = grad(lambda a: np.sum(getattr(np, name)(a, k)))(x.astype(onp.float32))
    assert g32.dtype == onp.float32


@pytest.mark.parametrize("sa, sb", [((3, 2, 1), (3, 2, 1)), ((2, 2, 2), (2, 1, 2)),
                                    ((2, 3), (2, 1, 2)), ((3,), (1, 2, 2)), ((), (2, 2, 2))])
def test_kron_gradient_of_any_rank(sa, sb):
    # autograd's rule holds for 2-D only: kron of 3-D arrays gave gradients of the right shape
    # on the wrong elements
    rng = onp.random.RandomState(0)
    a, b = rng.uniform(-1, 1, sa), rng.uniform(-1, 1, sb)
    check_grads(lambda a, b: np.kron(a, b), modes=["rev"], order=2)(a, b)
    a32, b32 = a.astype(onp.float32), b.astype(onp.float32)
    gs = grad(lambda a, b: np.sum(np.kron(a, b)), argnum=[0, 1])(a32, b32)
    assert [g.dtype for g in gs] == [onp.float32] * 2
