"""Learning-rate schedules against MindSpore 2.10 (``tests/oracle_zoo/
train_lr_schedule_cells.py``): the LearningRateSchedule Cells read at steps 0..7, the
list makers, and a user's LearningRateSchedule subclass driving nn.Adam (get_lr, global_step,
dynamic_lr after each TrainOneStepCell step)."""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("train_lr_schedule_cells", fixture=FIXTURE)


def test_schedule_cells_match_mindspore_at_each_step(both):
    ours, theirs = both
    assert sorted(ours["schedules"]) == sorted(theirs["schedules"])
    for name, rates in theirs["schedules"].items():
        assert len(ours["schedules"][name]) == len(rates) == 8, name
        close(ours["schedules"][name], rates, rtol=1e-6, atol=1e-7)


def test_lr_lists_match_mindspore(both):
    ours, theirs = both
    assert sorted(ours["lists"]) == sorted(theirs["lists"])
    for name, rates in theirs["lists"].items():
        assert len(ours["lists"][name]) == len(rates), name
        close(ours["lists"][name], rates, rtol=1e-12, atol=0)


def test_custom_schedule_drives_adam_as_in_mindspore(both):
    """The schedule starts at 0 (warmup): the first step leaves the weights, so the
    first two losses are equal on both."""
    ours, theirs = both
    close(ours["custom_schedule"], theirs["custom_schedule"], rtol=1e-6, atol=1e-7)
    close(ours["lrs"], theirs["lrs"], rtol=1e-6, atol=1e-7)
    assert ours["global_steps"] == theirs["global_steps"] == [1, 2, 3, 4, 5, 6]
    assert ours["is_dynamic"] is theirs["is_dynamic"] is True
    close(ours["losses"], theirs["losses"])
    assert ours["losses"][0] == ours["losses"][1]
    for mine, recorded in zip(ours["weights"], theirs["weights"]):
        close(mine, recorded)
