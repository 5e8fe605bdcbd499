"""A 1x1-conv segmentation head trained on nn.FocalLoss(gamma, weight) +
nn.MultiClassDiceLoss(weights, activation='softmax') + nn.DiceLoss with Adam through
nn.TrainOneStepCell, then the losses on fixed logits, against MindSpore 2.10
(``tests/oracle_zoo/loss_segmentation_dice_focal.py``)."""
import pytest

from loop_replay import assert_parts_match, close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_segmentation_dice_focal", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    """MultiClassDiceLoss with (C, 1) weights gives shape (1,), and so the summed loss."""
    ours, theirs = both
    assert len(ours["losses"]) == 5
    assert all(len(loss) == 1 for loss in ours["losses"])
    close(ours["losses"], theirs["losses"])
    close(ours["sums"], theirs["sums"])


def test_each_loss_matches_mindspore(both):
    assert_parts_match(both)
