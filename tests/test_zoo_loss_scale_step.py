"""Mixed-precision training with nn.TrainOneStepWithLossScaleCell under a
DynamicLossScaleUpdateCell and a FixedLossScaleUpdateCell, against MindSpore 2.10
(``tests/oracle_zoo/loss_scale_step.py``; the oracle's overflow check is an isfinite test,
as its CPU build lacks the status kernels, see ``make_loop_fixture.py``)."""
import pytest

from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("loss_scale_step")


@pytest.mark.parametrize("manager", ["dynamic", "fixed"])
def test_overflow_flags_and_scales_per_step_are_mindspore_s(both, manager):
    ours, theirs = both
    assert [row[1:] for row in ours[manager]] == [row[1:] for row in theirs[manager]]


@pytest.mark.parametrize("manager", ["dynamic", "fixed"])
def test_losses_and_weights_match_mindspore(both, manager):
    ours, theirs = both
    close([row[0] for row in ours[manager]], [row[0] for row in theirs[manager]])
    close(ours[manager + "_weight"], theirs[manager + "_weight"])


def test_the_input_stays_float16(both):
    ours, theirs = both
    assert ours["x_dtype_is_f16"] is theirs["x_dtype_is_f16"] is True


def test_an_overflowing_step_reports_it_without_numpy_warnings():
    import warnings

    import numpy as onp

    import minpy_compat as ms
    from minpy_compat import nn
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros").to_float(ms.float16)
    step = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1),
        scale_sense=nn.FixedLossScaleUpdateCell(2.0 ** 20))
    x = ms.Tensor(onp.full((4, 2), 100.0, onp.float16))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, overflow, _ = step(x, ms.Tensor(onp.zeros((4, 1), onp.float32)))
    assert bool(overflow)
