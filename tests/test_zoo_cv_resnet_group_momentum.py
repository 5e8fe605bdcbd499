"""A tiny ResNet (basic block, BatchNorm2d, MaxPool2d, ReduceMean, Dense) trained with
nn.Momentum on group parameters (weight decay on the weights only, order_params) and a
piecewise_constant_lr list, against MindSpore 2.10
(``tests/oracle_zoo/cv_resnet_group_momentum.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "cv_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("cv_resnet_group_momentum", fixture=FIXTURE)


def test_losses_and_learning_rates_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 6
    close(ours["losses"], theirs["losses"])
    close(ours["lr"], theirs["lr"], rtol=0, atol=0)


def test_eval_logits_and_moving_mean_match_mindspore(both):
    ours, theirs = both
    close(ours["logits"], theirs["logits"])
    close(ours["moving_mean"], theirs["moving_mean"])


def test_names_shapes_and_steps_match_mindspore(both):
    ours, theirs = both
    for key in ("names", "shapes", "all_names", "decay_names", "global_step"):
        assert ours[key] == theirs[key], key
