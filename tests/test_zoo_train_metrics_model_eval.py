"""Metrics through Model.eval against MindSpore 2.10 (``tests/oracle_zoo/
train_metrics_model_eval.py``): metric names and objects (Accuracy, Precision, Recall, F1,
Fbeta, Loss, top-1), MAE/MSE through ``eval_network=nn.WithEvalCell`` and
``eval_indexes``, and the metrics driven by hand on multilabel and classification input."""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("train_metrics_model_eval", fixture=FIXTURE)


@pytest.mark.parametrize("key", ["by_name", "by_object", "reg_before", "reg_after"])
def test_model_eval_results_match_mindspore(both, key):
    ours, theirs = both
    assert sorted(ours[key]) == sorted(theirs[key])
    for name, value in theirs[key].items():
        assert len(ours[key][name]) == len(value), (key, name)
        close(ours[key][name], value)


def test_training_before_eval_matches_mindspore(both):
    ours, theirs = both
    close(ours["weights"], theirs["weights"])
    assert ours["reg_after"]["mae"][0] < ours["reg_before"]["mae"][0]


def test_metrics_by_hand_match_mindspore(both):
    ours, theirs = both
    assert sorted(ours["by_hand"]) == sorted(theirs["by_hand"])
    for name, value in theirs["by_hand"].items():
        close(ours["by_hand"][name], value, rtol=1e-12, atol=1e-12)
