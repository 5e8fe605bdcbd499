"""A model-zoo Momentum optimizer (MultitypeFuncGraph + HyperMap + P.Assign/F.assign,
decay_weight, a schedule Cell) and a TrainOneStepCell subclass (F.fill sens,
self.weights = optimizer.parameters), with BatchNorm1d, against MindSpore 2.10
(``tests/oracle_zoo/momentum_custom_step.py``)."""
import pytest

from loop_replay import close, replay

TWO_FORWARDS = ("the subclass calls self.network(*inputs) and then self.grad(self.network, "
                "...): MindSpore's set_grad network reuses that forward, ours runs it again, "
                "so BatchNorm's moving statistics move twice per step (see the report)")


@pytest.fixture(scope="module")
def both():
    return replay("momentum_custom_step")


def test_losses_per_step_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 6
    close(ours["losses"], theirs["losses"])


def test_names_shapes_and_steps_match_mindspore(both):
    ours, theirs = both
    for key in ("pred_shape", "global_step", "moment_names", "trainable"):
        assert ours[key] == theirs[key], key


@pytest.mark.xfail(strict=True, reason=TWO_FORWARDS)
def test_batchnorm_statistics_and_eval_match_mindspore(both):
    ours, theirs = both
    close(ours["moving_mean"], theirs["moving_mean"])
    close(ours["pred_sum"], theirs["pred_sum"])
