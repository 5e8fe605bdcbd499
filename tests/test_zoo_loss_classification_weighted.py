"""An MLP trained on nn.CrossEntropyLoss (class weights, ignore_index, label smoothing) +
nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean') + a weighted, summed
nn.NLLLoss, then each loss's reductions on fixed logits, against MindSpore 2.10
(``tests/oracle_zoo/loss_classification_weighted.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_classification_weighted", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    assert_runs_match(both, 5, "sums", "logits")


def test_a_padding_only_batch_moves_weights_by_the_other_losses_only(both):
    """Every label is CrossEntropyLoss's ignore_index: its 'mean' is NaN with a zero
    gradient, so the step's loss is NaN and the weights stay finite, moved by the two
    other losses exactly as MindSpore moves them."""
    ours, theirs = both
    assert ours["padding_loss_is_nan"] is theirs["padding_loss_is_nan"] is True
    close(ours["sums_before_padding"], theirs["sums_before_padding"])
    assert ours["sums"] != ours["sums_before_padding"]


def test_each_reduction_matches_mindspore(both):
    ours, theirs = both
    assert sorted(ours["per_sample"]) == sorted(theirs["per_sample"])
    for key, value in theirs["per_sample"].items():
        close(ours["per_sample"][key], value)
    # the ignored class-3 sample counts for nothing
    assert ours["per_sample"]["ce_none"][1] == 0.0


def test_softmax_cross_entropy_gradients_match_mindspore(both):
    """softmax - labels, for padding labels (-1, 4: zero rows) and unnormalized soft labels."""
    ours, theirs = both
    assert ours["per_sample"]["sparse_padding_none"][1:3] == [0.0, 0.0]
    for key, value in theirs["grads"].items():
        close(ours["grads"][key], value)


def test_losses_stay_float32(both):
    ours, theirs = both
    assert ours["float32"] == theirs["float32"]
    assert all(ours["float32"].values())
