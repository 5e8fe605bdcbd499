"""ms.jacrev / ms.jacfwd (grad_position tuples, has_aux), a Hessian as jacfwd of jacrev,
ms.vjp and ms.jvp on a Cell, and Gauss-Newton steps from jacrev Jacobians, against
MindSpore 2.10 (``tests/oracle_zoo/func_jacobians.py``)."""
import numpy as onp
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_jacobians", fixture=FIXTURE)


def test_jacobians_match_mindspore_and_each_other(both):
    ours, theirs = both
    for key in ("jac_rev", "jac_fwd", "aux"):
        close(ours[key], theirs[key])
    close(ours["jac_rev"], ours["jac_fwd"])
    assert len(ours["jac_both"]) == 2
    for got, want in zip(ours["jac_both"], theirs["jac_both"]):
        close(got, want)


def test_hessian_is_symmetric_and_matches_mindspore(both):
    ours, theirs = both
    hessian = onp.asarray(ours["hessian"])
    assert hessian.shape == (3, 3)
    close(hessian, hessian.T)
    close(ours["hessian"], theirs["hessian"])


def test_vjp_and_jvp_match_mindspore_and_the_jacobian(both):
    ours, theirs = both
    for key in ("vjp_out", "vjp", "jvp_primal", "jvp"):
        close(ours[key], theirs[key])
    jac = onp.asarray(ours["jac_rev"])
    close(ours["vjp"][0], onp.array([1.0, -2.0]) @ jac)  # a tuple of one, as MindSpore
    close(ours["jvp"], jac @ onp.array([0.5, 0.0, -1.0]))


def test_gauss_newton_fit_matches_mindspore(both):
    ours, theirs = both
    close(ours["fit_losses"], theirs["fit_losses"])
    close(ours["theta"], theirs["theta"], rtol=1e-3)
    assert ours["fit_losses"][-1] < 1e-3 * ours["fit_losses"][0]
