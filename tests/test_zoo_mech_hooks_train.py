"""Hooks collecting values while training (forward pre-hook and forward hook that change
values, a Cell backward hook, ops.HookBackward, ops.InsertGradientOf clipping), then
removed, against MindSpore 2.10 (``tests/oracle_zoo/mech_hooks_train.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_hooks_train", fixture=FIXTURE)


def test_losses_and_weights_match_mindspore(both):
    assert_runs_match(both, 4, "fc1_weight")


def test_hook_counts_before_and_after_remove_match_mindspore(both):
    ours, theirs = both
    assert ours["counts_with_hooks"] == theirs["counts_with_hooks"]
    assert ours["counts_after_remove"] == theirs["counts_after_remove"]
    assert ours["pre"] == theirs["pre"]


def test_collected_values_match_mindspore(both):
    ours, theirs = both
    close(ours["fwd"], theirs["fwd"])
    close(ours["bwd"], theirs["bwd"])
    close(ours["hook_grad"], theirs["hook_grad"])
    close(ours["clip_seen"], theirs["clip_seen"])
