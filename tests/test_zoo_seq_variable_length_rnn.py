"""Variable-length sequences: a bidirectional nn.LSTM and a two-layer tanh nn.RNN called
with seq_length, P.ReverseSequence, ops.sequence_mask pooling, gradients over the weights
and one SGD step, against MindSpore 2.10 (``tests/oracle_zoo/seq_variable_length_rnn.py``)."""
import pytest

from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_variable_length_rnn", fixture="seq_fixture.json")


def test_outputs_and_reversal_match_mindspore(both):
    ours, theirs = both
    close(ours["pooled"], theirs["pooled"])
    close(ours["h_n"], theirs["h_n"])
    assert ours["reversed"] == theirs["reversed"]


def test_gradients_and_the_step_match_mindspore(both):
    ours, theirs = both
    assert ours["grad_names"] == theirs["grad_names"]
    assert ours["grad_shapes"] == theirs["grad_shapes"]
    close(ours["grad_sums"], theirs["grad_sums"])
    close([ours["loss"], ours["after"]], [theirs["loss"], theirs["after"]])
    assert ours["after"] < ours["loss"]
