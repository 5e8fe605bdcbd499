"""Model.fit with a validation set, ReduceLROnPlateau and EarlyStopping against MindSpore
2.10 (``tests/oracle_zoo/train_fit_early_stopping.py``).

Accepted difference, left out of the script: MindSpore 2.10's EarlyStopping stores
``min_delta`` as its ``baseline`` (a bug in its constructor); ours compares with the
baseline given.
"""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("train_fit_early_stopping", fixture=FIXTURE)


def _check_rows(ours, theirs):
    assert [(r["epoch"], r["step"]) for r in ours] == [(r["epoch"], r["step"]) for r in theirs]
    for mine, recorded in zip(ours, theirs):
        assert sorted(mine["eval"]) == sorted(recorded["eval"])
        close([mine["loss"], mine["lr"]], [recorded["loss"], recorded["lr"]])
        for key, value in recorded["eval"].items():
            close(mine["eval"][key], value)


def test_fit_evaluates_each_epoch_and_the_plateau_halves_the_rate(both):
    """eval_results hold the metrics and 'eval_loss' (MindSpore's: the last valid batch's
    loss, not the metric 'loss'); the rate is cut once the validation loss stalls."""
    ours, theirs = both
    _check_rows(ours["rows"], theirs["rows"])
    assert any(r["eval"]["eval_loss"] != r["eval"]["loss"] for r in ours["rows"])
    assert ours["rows"][-1]["lr"] < ours["rows"][0]["lr"]


def test_early_stopping_stops_and_restores_the_best_weights(both):
    ours, theirs = both
    assert ours["stopped_epoch"] == theirs["stopped_epoch"] == len(theirs["rows"])
    close(ours["best"], theirs["best"])
    assert sorted(ours["final_eval"]) == sorted(theirs["final_eval"])
    for key, value in theirs["final_eval"].items():
        close(ours["final_eval"][key], value)
    close(ours["sums"], theirs["sums"])


def test_early_stopping_on_the_training_loss(both):
    ours, theirs = both
    _check_rows(ours["rows2"], theirs["rows2"])
    assert ours["stopped_epoch2"] == theirs["stopped_epoch2"] == 3
    close(ours["sums2"], theirs["sums2"])
