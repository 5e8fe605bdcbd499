"""numpy.linalg's gradients: which rule is taken (autograd's or ours) for norm and einsum,
and full SVD's gradient through its thin part."""
import numpy as onp
import pytest
from conftest import check_grad

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError
from minpy_compat.numpy import linalg_gradients as lg
from linalg_gradient_helpers import A33, A35, A43, A_STACK, VECTOR, X234, X34, _scalar


# ---- which rule runs ------------------------------------------------------------------------
@pytest.mark.parametrize("x, options, autograd_rule", [
    (VECTOR, (None, None, False), True), (VECTOR, (3, None, False), True),
    (X34, ("nuc", None, False), True), (X234, ("fro", (-1, -2), False), True),
    (VECTOR, (1, None, False), False), (VECTOR, (onp.inf, None, False), False),
    (X34, (2, None, False), False), (X34, (None, 1, True), False)])
def test_norm_keeps_autograds_rule_where_it_is_right(x, options, autograd_rule):
    assert (lg._autograd_norm_options(x, *options) is not None) == autograd_rule


def test_negative_matrix_axes_are_normalized_for_autograds_rule():
    assert lg._autograd_norm_options(X234, "fro", (-1, -2), False)["axis"] == (2, 1)


@pytest.mark.parametrize("args, repeats", [
    (("ij,jk->ik",), False), (("...ij,...j",), False), (("ii",), True),
    (("ij,jj->i",), True), ((A33, [0, 1], [1]), False), ((A33, [0, 0]), True)])
def test_einsum_takes_the_composite_only_for_repeated_letters(args, repeats):
    assert lg._repeats_a_letter(args) == repeats


# ---- svd with full_matrices=True on a non-square matrix ---------------------------------------
def _thin_parts_of_full_svd(a):
    """A function of the full SVD that uses S and only the first min(m, n) columns of U and
    rows of Vh: the parts a gradient may flow through."""
    u, s, vh = np.linalg.svd(a)
    k = min(a.shape[-2:])
    return _scalar((u[..., :k], s, vh[..., :k, :]))


@pytest.mark.parametrize("a", [A43, A35, A_STACK], ids=["tall", "wide", "stack"])
def test_full_svd_differentiates_its_thin_part(a):
    check_grad(_thin_parts_of_full_svd, a, order=2)
    check_grad(lambda x: np.sum(np.linalg.svd(x)[1] ** 2), a)  # S only (U, Vh unused)


@pytest.mark.parametrize("a, pick, part", [(A43, lambda u, vh: u[:, 3], "U's last 1"),
                                           (A35, lambda u, vh: vh[4], "Vh's last 2")],
                         ids=["tall-U", "wide-Vh"])
def test_full_svd_refuses_a_gradient_into_its_arbitrary_basis(a, pick, part):
    def uses_the_extra_columns(x):
        u, _, vh = np.linalg.svd(x)
        return np.sum(pick(u, vh) ** 3)
    with pytest.raises(NoGradientFuncError, match=rf"linalg\.svd argument 0: expected no "
                       rf"gradient on {part} columns/rows of full_matrices=True .* "
                       r"Pass full_matrices=False"):
        grad(uses_the_extra_columns)(a)
    assert onp.shape(grad(_thin_parts_of_full_svd)(a)) == a.shape  # nothing left behind
