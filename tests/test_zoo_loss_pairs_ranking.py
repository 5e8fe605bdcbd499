"""A siamese encoder trained on nn.CosineEmbeddingLoss + nn.MarginRankingLoss +
nn.HingeEmbeddingLoss with SGD through nn.TrainOneStepCell, then their 'none' and 'sum'
reductions, against MindSpore 2.10 (``tests/oracle_zoo/loss_pairs_ranking.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_pairs_ranking", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 5
    close(ours["losses"], theirs["losses"])
    close(ours["sums"], theirs["sums"])


def test_each_loss_and_reduction_matches_mindspore(both):
    ours, theirs = both
    assert sorted(ours["parts"]) == sorted(theirs["parts"])
    for key, value in theirs["parts"].items():
        close(ours["parts"][key], value)
