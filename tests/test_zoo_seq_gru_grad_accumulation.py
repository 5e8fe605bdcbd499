"""Gradient accumulation as BERT's accumulation cells write it (a TrainOneStepCell subclass
using the inherited self.grad, accumulators cloned from its weights, P.AssignAdd /
P.Assign through C.HyperMap, the optimizer every third micro-batch) over a two-layer
batch_first nn.GRU, against MindSpore 2.10
(``tests/oracle_zoo/seq_gru_grad_accumulation.py``).

Accepted difference, kept out of the script: nn.Momentum(use_nesterov=True) updates with
lr * (grad + momentum * moment) here; MindSpore 2.10's CPU kernel ignores use_nesterov
and steps as plain momentum."""
import pytest

from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_gru_grad_accumulation", fixture="seq_fixture.json")


def test_losses_and_accumulators_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 8
    close(ours["losses"], theirs["losses"])
    close(ours["accumulated_abs"], theirs["accumulated_abs"])
    assert ours["accumulated_abs"][2] == 0.0 and ours["accumulated_abs"][5] == 0.0
    close(ours["logits_sum"], theirs["logits_sum"])
    close(ours["weight_sum"], theirs["weight_sum"])


def test_names_and_step_counts_match_mindspore(both):
    ours, theirs = both
    for key in ("weight_names", "accu_names", "local_step", "global_step", "logits_shape"):
        assert ours[key] == theirs[key], key
