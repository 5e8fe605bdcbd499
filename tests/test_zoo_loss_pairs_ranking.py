"""A siamese encoder trained on nn.CosineEmbeddingLoss + nn.MarginRankingLoss +
nn.HingeEmbeddingLoss with SGD through nn.TrainOneStepCell, then their 'none' and 'sum'
reductions, against MindSpore 2.10 (``tests/oracle_zoo/loss_pairs_ranking.py``)."""
import pytest

from loop_replay import assert_parts_match, assert_runs_match, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_pairs_ranking", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    assert_runs_match(both, 5, "sums")


def test_each_loss_and_reduction_matches_mindspore(both):
    assert_parts_match(both)
