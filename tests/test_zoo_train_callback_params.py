"""What callbacks see in Model.train against MindSpore 2.10 (``tests/oracle_zoo/
train_callback_params.py``): every hook's cur_epoch_num, cur_step_num, batch_num,
epoch_num and net_outputs, the rate and train network at each step, LossMonitor's lines,
request_stop in the middle of an epoch, initial_epoch, and the legacy hook names."""
import os
import sys

import pytest

import minpy_compat as ms
from loop_replay import close

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo"))
import script_loader  # noqa: E402


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    try:
        ours = script_loader.run("train_callback_params", "minpy_compat",
                                 str(tmp_path_factory.mktemp("callbacks")))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    return ours, script_loader.recorded("train_callback_params", "train_fixture.json")


def _check_events(ours, theirs):
    assert [e[:5] for e in ours] == [e[:5] for e in theirs]
    assert [e[7:] for e in ours] == [e[7:] for e in theirs]
    for mine, recorded in zip(ours, theirs):
        assert (mine[5] is None) == (recorded[5] is None), recorded
        if recorded[5] is not None:
            close(mine[5:7], recorded[5:7])


def test_every_hook_sees_what_mindspore_shows(both):
    """request_stop at step 8 ends epoch 3 after its second step: on_train_epoch_end and
    on_train_end still run."""
    ours, theirs = both
    _check_events(ours["first_run"], theirs["first_run"])
    assert ours["first_run"][-1][:3] == ["train_end", 3, 8]


def test_initial_epoch_counts_on_and_epoch_num_counts_this_call(both):
    ours, theirs = both
    _check_events(ours["second_run"], theirs["second_run"])
    assert ours["second_run"][0][4] == 2  # epoch 3 - initial_epoch 1
    assert ours["global_step"] == theirs["global_step"] == 14


def test_loss_monitor_lines_and_legacy_hooks_match_mindspore(both):
    ours, theirs = both
    assert ours["legacy"] == theirs["legacy"]
    assert len(ours["printed"]) == len(theirs["printed"]) == 4
    for mine, recorded in zip(ours["printed"], theirs["printed"]):
        head, loss = recorded.split(", loss is ")
        assert mine.split(", loss is ")[0] == head
        close(float(mine.split(", loss is ")[1]), float(loss))
    close(ours["weight"], theirs["weight"])
