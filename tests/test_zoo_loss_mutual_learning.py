"""Deep mutual learning (two peers, one Adam, KLDivLoss toward each other's softmax and a
soft-label SoftmaxCrossEntropyWithLogits, no ops.stop_gradient) against MindSpore 2.10
(``tests/oracle_zoo/loss_mutual_learning.py``): those losses' labels get a zero gradient
there, so each KL term trains only the net whose log-probabilities it reads."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_mutual_learning", fixture=FIXTURE)


def test_losses_match_mindspore(both):
    assert_runs_match(both, 5)


def test_both_peers_weights_match_mindspore(both):
    ours, theirs = both
    close(ours["sums_a"], theirs["sums_a"])
    close(ours["sums_b"], theirs["sums_b"])


def test_gradients_and_names_match_mindspore(both):
    ours, theirs = both
    assert ours["param_names"] == theirs["param_names"]
    close(ours["grad_sums"], theirs["grad_sums"])
