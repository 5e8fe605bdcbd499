"""Custom nn.LossBase subclasses (get_loss with per-column weights; MindSpore's MAE
example) trained through nn.WithLossCell + nn.TrainOneStepCell with RMSProp, and their
'mean', 'sum' and 'none' reductions, against MindSpore 2.10
(``tests/oracle_zoo/loss_custom_lossbase.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_custom_lossbase", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    assert_runs_match(both, 6, "sums")


def test_get_loss_reductions_match_mindspore(both):
    ours, theirs = both
    assert ours["shapes"] == theirs["shapes"]
    assert ours["shapes"]["mae_none"] == [4, 3] and ours["shapes"]["mae_sum"] == []
    for key, value in theirs["parts"].items():
        close(ours["parts"][key], value)
