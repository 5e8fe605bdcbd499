"""A MobileNet-style inverted residual (depthwise Conv2d, squeeze-and-excite with
AdaptiveAvgPool2d and HSigmoid, HSwish, ReLU6, BatchNorm2d), nn.AvgPool2d and
ops.AdaptiveAvgPool2D, trained with nn.Momentum on groups with their own lr and
weight_decay, a cosine_decay_lr list and CrossEntropyLoss(label_smoothing=0.1), against
MindSpore 2.10 (``tests/oracle_zoo/cv_mobilenet_block.py``).

Accepted difference: for a Parameter without a group lr, get_lr_parameter gives our
``learning_rate`` Parameter, which holds this step's rate (0.105 after 4 steps), where
MindSpore's holds the whole list (its first entry 0.2); only the group rates are compared."""
import pytest

from loop_replay import close, replay

FIXTURE = "cv_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("cv_mobilenet_block", fixture=FIXTURE)


def test_losses_and_rates_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 4
    close(ours["losses"], theirs["losses"])
    close(ours["lr"], theirs["lr"], rtol=1e-7, atol=0)
    close(ours["group_lr"][:2], theirs["group_lr"][:2], rtol=1e-7, atol=0)


def test_eval_logits_loss_and_statistics_match_mindspore(both):
    ours, theirs = both
    close(ours["logits"], theirs["logits"])
    close(ours["moving_var"], theirs["moving_var"])
    close(ours["eval_loss"], theirs["eval_loss"])


def test_names_and_shapes_match_mindspore(both):
    ours, theirs = both
    assert ours["names"] == theirs["names"]
    assert ours["shapes"] == theirs["shapes"]
