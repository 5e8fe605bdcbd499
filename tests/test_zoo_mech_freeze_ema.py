"""Freezing a sub-cell mid-training, an EMA Cell writing with ops.assign, Parameter
clone / set_data / init_data, and set_train(False) inference, against MindSpore 2.10
(``tests/oracle_zoo/mech_freeze_ema.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_freeze_ema", fixture=FIXTURE)


def test_losses_match_mindspore(both):
    assert_runs_match(both, 6)


def test_only_the_unfrozen_head_moves(both):
    ours, theirs = both
    assert ours["backbone_moved"] == theirs["backbone_moved"] == [False, False]
    assert ours["head_moved"] == theirs["head_moved"] == [True, True]
    for key in ("trainable_after_freeze", "opt2_names", "ema_names"):
        assert ours[key] == theirs[key], key


def test_ema_weights_and_predictions_match_mindspore(both):
    ours, theirs = both
    for key in ("ema_sums", "net_sums", "pred"):
        close(ours[key], theirs[key])


def test_parameter_clone_and_lazy_init_match_mindspore(both):
    ours, theirs = both
    for key in ("clone_name", "clone_sum", "lazy_has_init", "lazy_sum"):
        assert ours[key] == theirs[key], key
