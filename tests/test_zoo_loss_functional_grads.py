"""Functional losses (ops.cross_entropy, ops.nll_loss, ops.binary_cross_entropy_with_logits,
ops.kl_div, ops.smooth_l1_loss, ops.huber_loss, ops.margin_ranking_loss,
ops.multi_margin_loss, ops.multilabel_soft_margin_loss, ops.hinge_embedding_loss,
ops.cosine_embedding_loss, ops.gaussian_nll_loss): values, gradients through ops.grad,
and SGD steps on a summed loss, against MindSpore 2.10
(``tests/oracle_zoo/loss_functional_grads.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_functional_grads", fixture=FIXTURE)


def test_values_match_mindspore(both):
    ours, theirs = both
    assert sorted(ours["values"]) == sorted(theirs["values"])
    for key, value in theirs["values"].items():
        close(ours["values"][key], value)


def test_gradients_match_mindspore(both):
    ours, theirs = both
    assert sorted(ours["grads"]) == sorted(theirs["grads"])
    for key, value in theirs["grads"].items():
        close(ours["grads"][key], value)


def test_training_steps_match_mindspore(both):
    assert_runs_match(both, 4, "weight")
