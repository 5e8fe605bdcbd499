"""A two-headed regressor trained on nn.HuberLoss(delta) + nn.SmoothL1Loss(beta, 'sum') +
nn.GaussianNLLLoss(full=True) + nn.PoissonNLLLoss with Adam through ms.value_and_grad,
then every reduction of those losses, against MindSpore 2.10
(``tests/oracle_zoo/loss_regression_robust.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_regression_robust", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 6
    close(ours["losses"], theirs["losses"])
    close(ours["sums"], theirs["sums"])


def test_each_loss_and_reduction_matches_mindspore(both):
    ours, theirs = both
    assert sorted(ours["parts"]) == sorted(theirs["parts"])
    for key, value in theirs["parts"].items():
        close(ours["parts"][key], value)


def test_losses_stay_float32(both):
    ours, theirs = both
    assert ours["float32"] == theirs["float32"]
    assert all(ours["float32"].values())
