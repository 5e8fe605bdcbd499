"""A two-headed regressor trained on nn.HuberLoss(delta) + nn.SmoothL1Loss(beta, 'sum') +
nn.GaussianNLLLoss(full=True) + nn.PoissonNLLLoss with Adam through ms.value_and_grad,
then every reduction of those losses, against MindSpore 2.10
(``tests/oracle_zoo/loss_regression_robust.py``)."""
import pytest

from loop_replay import assert_parts_match, assert_runs_match, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_regression_robust", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    assert_runs_match(both, 6, "sums")


def test_each_loss_and_reduction_matches_mindspore(both):
    assert_parts_match(both)


def test_losses_stay_float32(both):
    ours, theirs = both
    assert ours["float32"] == theirs["float32"]
    assert all(ours["float32"].values())
