"""The sequence losses of the model zoo (the Transformer's LabelSmoothedCrossEntropy with
P.OneHot / P.LogSoftmax / a padding weight, ops.gather and ops.gather_nd of gold
log-probabilities, nn.CTCLoss and ops.ctc_loss) with their gradients, against MindSpore
2.10 (``tests/oracle_zoo/seq_smoothed_seq2seq_ctc.py``)."""
import pytest

from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_smoothed_seq2seq_ctc", fixture="seq_fixture.json")


def test_label_smoothed_loss_and_gradient_match_mindspore(both):
    ours, theirs = both
    close(ours["smoothed_loss"], theirs["smoothed_loss"])
    close(ours["smoothed_grad"], theirs["smoothed_grad"])
    close(ours["gold_sum"], theirs["gold_sum"])
    close(ours["picked_sum"], theirs["picked_sum"])
    assert ours["picked_shape"] == theirs["picked_shape"]


def test_ctc_losses_and_gradient_match_mindspore(both):
    ours, theirs = both
    close(ours["ctc_loss"], theirs["ctc_loss"])
    close(ours["ctc_grad"], theirs["ctc_grad"])
    close(ours["ctc_per_sample"], theirs["ctc_per_sample"])
    assert ours["log_alpha_shape"] == theirs["log_alpha_shape"]
