"""Rate control from callbacks against MindSpore 2.10 (``tests/oracle_zoo/
train_lr_scheduler_history.py``): LearningRateScheduler with a function of
(lr, cur_step_num), LambdaCallback, History; a piecewise-constant rate list over a
batched, repeated GeneratorDataset."""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("train_lr_scheduler_history", fixture=FIXTURE)


def test_scheduler_halves_the_rate_every_four_steps(both):
    """The function runs at each step end: a step ending on a multiple of 4 sets the rate
    the next step uses, which the LambdaCallback after it already reads."""
    ours, theirs = both
    close(ours["rates"], theirs["rates"], rtol=1e-7, atol=0)
    assert len(ours["rates"]) == 12 and ours["rates"][3] == pytest.approx(0.05)


def test_history_and_weights_match_mindspore(both):
    ours, theirs = both
    assert ours["epochs"] == theirs["epochs"]
    assert sorted(ours["history"]) == sorted(theirs["history"])
    for key, values in theirs["history"].items():
        close(ours["history"][key], values)
    close(ours["weight"], theirs["weight"])


def test_repeated_dataset_with_a_rate_list_matches_mindspore(both):
    ours, theirs = both
    assert ours["size"] == theirs["size"] == 4
    assert ours["global_step2"] == theirs["global_step2"] == 12
    close(ours["lr_list"], theirs["lr_list"], rtol=1e-12, atol=0)
    close(ours["losses2"], theirs["losses2"])
    close(ours["weight2"], theirs["weight2"])
