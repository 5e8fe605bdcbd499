"""Conv3d, MaxPool3d, AvgPool3d, BatchNorm3d, FTRL, WithEvalCell and the loss-scaled step:
float64 finite-difference checks (inputs and Parameters), float32 stays float32, argument
errors naming the Cell, FTRL's documented l1 rule, and all-or-nothing steps."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError, OptimizerError

from conftest import check_grad
from test_cell_fuzz_round3 import assert_param_grads, cubed

F32, F64 = onp.float32, onp.float64
NEW = ["Conv3d", "MaxPool3d", "AvgPool3d", "BatchNorm3d", "FTRL", "WithEvalCell",
       "TrainOneStepWithLossScaleCell", "FixedLossScaleUpdateCell", "DynamicLossScaleUpdateCell"]


def data(shape, dtype=F64, seed=0):
    return ms.Tensor(onp.random.default_rng(seed).standard_normal(shape).astype(dtype))


WITH_PARAMS = [
    (nn.Conv3d, (2, 2, 2), dict(stride=(1, 2, 1), has_bias=True), (1, 2, 3, 4, 3)),
    (nn.Conv3d, (2, 2, 2), dict(pad_mode="pad", padding=(1, 0, 0, 1, 1, 0), dilation=2,
                                group=2), (1, 2, 3, 3, 3)),
    (nn.BatchNorm3d, (2,), {}, (2, 2, 2, 2, 2)),
]


@pytest.mark.parametrize("cls, args, kwargs, shape", WITH_PARAMS)
def test_gradients_match_finite_differences(cls, args, kwargs, shape):
    cell = cls(*args, dtype=F64, **kwargs).set_train()
    for param in cell.trainable_params():  # away from the initial ones and zeros
        param.set_data(onp.random.default_rng(1).standard_normal(param.shape) * 0.5 + 0.5)
    x = data(shape)
    check_grad(lambda v: cell(v) ** 2, x)
    assert_param_grads(cell, cubed, x)


@pytest.mark.parametrize("cell, shape", [
    (nn.MaxPool3d(3, 2, pad_mode="pad", padding=1), (1, 2, 3, 4, 3)),
    (nn.MaxPool3d(2, 1, pad_mode="same"), (2, 3, 3, 2)),
    (nn.AvgPool3d(3, 2, pad_mode="same"), (1, 1, 3, 4, 3)),
    (nn.AvgPool3d(3, 2, pad_mode="pad", padding=1, count_include_pad=False), (1, 2, 3, 3, 3)),
    (nn.AvgPool3d(2, 1, divisor_override=5), (1, 1, 3, 2, 3)),
])
def test_pool_gradients_match_finite_differences(cell, shape):
    check_grad(lambda v: cell(v) ** 2, data(shape))


@pytest.mark.parametrize("cell, shape", [
    (nn.Conv3d(2, 3, 2, has_bias=True), (1, 2, 3, 3, 3)), (nn.MaxPool3d(2), (1, 2, 2, 2, 2)),
    (nn.AvgPool3d(2, pad_mode="same"), (2, 3, 3, 3)), (nn.BatchNorm3d(2), (2, 2, 2, 2, 2)),
])
def test_float32_stays_float32(cell, shape):
    x = data(shape, F32)
    assert cell(x).dtype == F32
    weights = ms.ParameterTuple(cell.trainable_params())
    grads = ms.ops.GradOperation(get_all=True, get_by_list=True)(cell, weights)(x)
    assert all(g.dtype == F32 for part in grads for g in part)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.Conv3d(2, 3, (2, 2)), CellArgumentError, "Conv3d kernel_size"),
    (lambda: nn.Conv3d(2, 3, 2, padding=1), CellArgumentError, "Conv3d padding"),
    (lambda: nn.Conv3d(3, 4, 2, group=2), CellArgumentError, "Conv3d group"),
    (lambda: nn.MaxPool3d(2, ceil_mode=True), CellArgumentError, "MaxPool3d ceil_mode"),
    (lambda: nn.AvgPool3d(2, divisor_override=0), CellArgumentError,
     "AvgPool3d divisor_override"),
    (lambda: nn.AvgPool3d(2, padding="1"), CellTypeError, "AvgPool3d padding"),
    (lambda: nn.BatchNorm3d(2, eps=-1.0), CellArgumentError, "BatchNorm3d eps"),
    (lambda: nn.FixedLossScaleUpdateCell("8"), CellTypeError,
     "FixedLossScaleUpdateCell loss_scale_value"),
    (lambda: nn.DynamicLossScaleUpdateCell(8.0, 2, 0), CellArgumentError,
     "DynamicLossScaleUpdateCell scale_window"),
    (lambda: nn.FTRL([{"params": nn.Dense(2, 1).trainable_params()}]), OptimizerError,
     "FTRL: expected one fixed learning rate and no parameter groups"),
])
def test_bad_arguments_name_the_cell(build, error, match):
    with pytest.raises(error, match=match):
        build()


@pytest.mark.parametrize("cell, shape, match", [
    (nn.Conv3d(2, 2, 2), (1, 2, 3, 3), "Conv3d input"),
    (nn.BatchNorm3d(2), (2, 2, 3, 3), "BatchNorm3d input"),
    (nn.MaxPool3d(2), (2, 3), "MaxPool3d input"),
])
def test_bad_inputs_name_the_cell(cell, shape, match):
    with pytest.raises(CellArgumentError, match=match):
        cell(data(shape, F32))


def test_ftrl_shrinks_towards_zero_by_l1_for_either_sign():
    # documented rule: w = (sign(u) l1 - u) / (sqrt(m') / lr); MindSpore's CPU kernel drops
    # sign(u) (see test_cell_oracle_nn2.ACCEPTED_RUNS)
    w = ms.Parameter(ms.Tensor(onp.zeros(2, F32)), name="w")
    nn.FTRL([w], initial_accum=0.0, learning_rate=1.0, l1=0.5)((ms.Tensor([2.0, -2.0], F32),))
    onp.testing.assert_allclose(onp.asarray(w), [-0.75, 0.75])


def test_ftrl_step_is_all_or_nothing():
    net = nn.Dense(3, 2)
    optimizer = nn.FTRL(net.trainable_params(), learning_rate=0.1)
    before = [onp.array(p) for p in optimizer.get_parameters()]
    good = onp.ones((2, 3), F32)
    with pytest.raises(OptimizerError, match="FTRL gradient 1"):
        optimizer((ms.Tensor(good), ms.Tensor(onp.ones((3, 3), F32))))
    assert all((onp.array(p) == b).all() for p, b in zip(optimizer.get_parameters(), before))


def test_loss_scale_step_skips_on_overflow_and_lowers_the_scale():
    net = nn.Dense(2, 1)
    before = [onp.array(p) for p in net.trainable_params()]
    manager = nn.DynamicLossScaleUpdateCell(8.0, 2, 100)
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
                                            nn.Momentum(net.trainable_params(), 0.1, 0.9), manager)
    loss, overflow, scale = step(ms.Tensor([[onp.inf, 1.0]], F32), ms.Tensor([[1.0]], F32))
    assert bool(overflow) and float(scale) == 4.0 and overflow.dtype == onp.bool_
    assert all((onp.array(p) == b).all() for p, b in zip(net.trainable_params(), before))
    assert int(step.optimizer.global_step[0]) == 0 and int(manager.cur_iter) == 2


def test_with_eval_cell_casts_outputs_and_label_to_float32():
    net = nn.Dense(2, 1).to_float(ms.float16)
    loss, out, label = nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=True)(
        data((3, 2), F32), data((3, 1), onp.float16))
    assert (loss.dtype, out.dtype, label.dtype) == (F32, F32, F32)


@pytest.mark.parametrize("name", NEW)
def test_new_cells_are_exported_with_docstrings(name):
    assert name in nn.__all__ and getattr(nn, name).__doc__.strip()


@pytest.mark.parametrize("cell, shape, layout", [
    (nn.Conv3d(2, 2, 2), (1, 2, 3, 3), r"rank-5 \(N, C, D, H, W\)"),
    (nn.MaxPool3d(2), (2, 2, 2), r"rank-4 or rank-5 \(C, D, H, W\) or \(N, C, D, H, W\)"),
    (nn.MaxPool2d(2), (2, 2), r"rank-3 or rank-4 \(C, H, W\) or \(N, C, H, W\)"),
])
def test_a_wrong_rank_names_the_layouts_the_cell_takes(cell, shape, layout):
    with pytest.raises(CellArgumentError, match=layout):
        cell(ms.Tensor(onp.ones(shape, onp.float32)))
