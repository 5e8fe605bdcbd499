"""A model-zoo Momentum optimizer (MultitypeFuncGraph + HyperMap + P.Assign/F.assign,
decay_weight, a schedule Cell) and a TrainOneStepCell subclass (F.fill sens,
self.weights = optimizer.parameters), with BatchNorm1d, against MindSpore 2.10
(``tests/oracle_zoo/momentum_custom_step.py``). The subclass runs its network and then
that network's gradient: the gradient reuses the recorded forward (``ops/forward_record``),
so BatchNorm's statistics move once per step."""
import pytest

from loop_replay import assert_runs_match, close, replay


@pytest.fixture(scope="module")
def both():
    return replay("momentum_custom_step")


def test_losses_per_step_match_mindspore(both):
    assert_runs_match(both, 6)


def test_names_shapes_and_steps_match_mindspore(both):
    ours, theirs = both
    for key in ("pred_shape", "global_step", "moment_names", "trainable"):
        assert ours[key] == theirs[key], key


def test_batchnorm_statistics_and_eval_match_mindspore(both):
    ours, theirs = both
    close(ours["moving_mean"], theirs["moving_mean"])
    close(ours["pred_sum"], theirs["pred_sum"])
