"""Area fuzz16: this session's Cells and training API against MindSpore 2.10.

The expected numbers are what MindSpore 2.10 (CPU, PyNative) printed for the same inputs;
each test's docstring names the call. Differences kept on purpose are listed at the end of
``test_training_fuzz16.py``.
"""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError


def T(values, dtype=onp.float32):
    return ms.Tensor(onp.asarray(values).astype(dtype))


def close(got, expected, dtype=onp.float32, atol=2e-6):
    assert got.dtype == dtype
    onp.testing.assert_allclose(onp.asarray(got, onp.float64), expected, rtol=2e-6, atol=atol)


# ---- nn.ClipByNorm ------------------------------------------------------------------------
def test_clip_by_norm_of_float16_is_float32():
    """MindSpore: nn.ClipByNorm()(float16 [[3, 4], [0.3, 0.4]], 1.0) -> Float32
    [[0.597023, 0.796031], [0.059712, 0.079584]] (its documented output type)."""
    got = nn.ClipByNorm()(T([[3., 4.], [0.3, 0.4]], onp.float16), T(1.0))
    close(got, [[0.597023, 0.796031], [0.059712, 0.079584]], atol=2e-4)
    assert nn.ClipByNorm()(T([[3., 4.]], onp.float64), T(1.0)).dtype == onp.float64


# ---- nn.Threshold / ops.threshold ---------------------------------------------------------
def test_threshold_of_int_and_bool_keeps_their_dtype():
    """MindSpore: nn.Threshold(1.5, 20.5)(Int32 [0, 3, -1, 2]) -> Int32 [20, 3, 20, 2];
    nn.Threshold(1, 2)(Bool [F, T, T]) -> [T, T, T]; ops.threshold(Int32 ..., 1, 7) ->
    [7, 3, 7, 2]."""
    got = nn.Threshold(1.5, 20.5)(T([0, 3, -1, 2], onp.int32))
    assert got.dtype == onp.int32 and got.tolist() == [20, 3, 20, 2]
    got = nn.Threshold(1, 2)(T([0, 3, -1], bool))
    assert got.dtype == onp.bool_ and got.tolist() == [True, True, True]
    got = ops.threshold(T([0, 3, -1, 2], onp.int32), 1, 7)
    assert got.dtype == onp.int32 and got.tolist() == [7, 3, 7, 2]
    assert nn.Threshold(0.5, 2.0)(T([0.25, 1.0], onp.float16)).dtype == onp.float16


def test_threshold_gradient_is_still_checked_in_float64():
    x = onp.array([-1.3, 0.4, 2.2, 0.9])
    check_grads(lambda v: ops.threshold(v, 0.5, 3.0), modes=["rev"], order=2)(x)


# ---- nn.AdaptiveMaxPool3d -----------------------------------------------------------------
def test_adaptive_max_pool3d_indices_are_a_tensor():
    """MindSpore: nn.AdaptiveMaxPool3d((1, 1, 2), return_indices=True) of arange(16) with
    every other column negated, shape (1, 1, 2, 2, 4) -> values [[[[[12, 14]]]]] and an
    Int32 Tensor of indices [[[[[12, 14]]]]]."""
    x = T(onp.arange(16).reshape(1, 1, 2, 2, 4) * onp.array([1, -1, 1, -1]))
    out, index = nn.AdaptiveMaxPool3d((1, 1, 2), return_indices=True)(x)
    assert isinstance(index, ms.Tensor) and index.dtype == onp.int32
    assert index.asnumpy().tolist() == [[[[[12, 14]]]]]
    assert index.tolist() == [[[[[12, 14]]]]]
    close(out, [[[[[12., 14.]]]]])


# ---- nn.DiceLoss / nn.RMSELoss ------------------------------------------------------------
def test_dice_and_rmse_losses_of_int_tensors_are_float32():
    """MindSpore: nn.DiceLoss()(Int32 [[1, 0], [1, 1]], Int32 [[1, 1], [0, 1]]) -> Float32
    0.33333445; nn.RMSELoss()(Int32 [[1, 0], [1, 3]], Int32 [[1, 1], [0, 1]]) -> Float32 1.0."""
    got = nn.DiceLoss()(T([[1, 0], [1, 1]], onp.int32), T([[1, 1], [0, 1]], onp.int32))
    close(got, 0.33333445)
    got = nn.RMSELoss()(T([[1, 0], [1, 3]], onp.int32), T([[1, 1], [0, 1]], onp.int32))
    close(got, 1.0)
    assert nn.RMSELoss()(T([[1.]], onp.float64), T([[0.]], onp.float64)).dtype == onp.float64


# ---- nn.TripletMarginLoss / nn.MultilabelMarginLoss ---------------------------------------
A = onp.array([[0.5, 0.2, 0.9], [0.1, 0.8, 0.3]])
P = onp.array([[0.4, 0.1, 1.0], [0.9, 0.1, 0.2]])
N = onp.array([[0.0, 0.6, 0.2], [0.2, 0.7, 0.3]])


def test_triplet_margin_loss_takes_a_0d_tensor_margin():
    """MindSpore documents margin as Union[Tensor, float] (a 0-d Tensor) for both
    nn.TripletMarginLoss's construct and ops.triplet_margin_loss (its CPU build has no
    kernel); a Tensor margin gives what the same float gives."""
    loss = nn.TripletMarginLoss()
    by_float = loss(T(A), T(P), T(N), 0.5)
    by_tensor = loss(T(A), T(P), T(N), T(0.5))
    close(by_tensor, float(by_float))
    close(ops.triplet_margin_loss(T(A), T(P), T(N), margin=T(0.5)), float(by_float))
    with pytest.raises(CellArgumentError, match=r"ops.triplet_margin_loss margin: expected a "
                       r"float or a 0-d float Tensor"):
        ops.triplet_margin_loss(T(A), T(P), T(N), margin=T([0.5, 1.0]))


def test_multilabel_margin_loss_under_a_gradient_of_every_input():
    """GradOperation(get_all=True) also differentiates the Int32 target: the loss still
    reads it as class indices (the target's gradient is zeros, Int32)."""
    target = ms.Tensor(onp.array([[2, 0, -1], [1, -1, 0]], onp.int32))
    loss = nn.MultilabelMarginLoss()
    grad_x, grad_target = ops.GradOperation(get_all=True)(loss)(T(A), target)
    expected = ops.GradOperation()(lambda x: loss(x, target))(T(A))
    close(grad_x, onp.asarray(expected))
    assert grad_target.dtype == onp.int32 and not grad_target.any()


# ---- learning-rate schedules --------------------------------------------------------------
@pytest.mark.parametrize("schedule, expected", [
    (nn.NaturalExpDecayLR(0.1, 0.9, 2), 0.00672055),
    (nn.InverseDecayLR(0.1, 0.5, 2), 0.0571429),
    (nn.ExponentialDecayLR(0.1, 0.9, 2), 0.0853815),
    (nn.CosineDecayLR(0.01, 0.1, 4), 0.02318019),
])
def test_learning_rate_schedules_return_a_float32_tensor(schedule, expected):
    """MindSpore: each schedule called with Int32 step 3 returns a 0-d Float32 Tensor
    (NaturalExpDecayLR 0.00672055, InverseDecayLR 0.0571429, ExponentialDecayLR 0.0853815)."""
    rate = schedule(ms.Tensor(3, ms.int32))
    assert isinstance(rate, ms.Tensor) and rate.shape == ()
    close(rate, expected, atol=1e-7)
    assert float(rate.asnumpy()) == pytest.approx(expected, abs=1e-7)


# ---- nn.Norm / nn.MatMul / nn.Pad ---------------------------------------------------------
def test_norm_of_int_tensor_is_float32():
    """MindSpore: nn.Norm()(Int32 [[3, 4]]) -> Float32 5.0; nn.Norm(axis=1) of Float16
    keeps Float16."""
    close(nn.Norm()(T([[3, 4]], onp.int32)), 5.0)
    assert nn.Norm(axis=1)(T([[3, 4]], onp.float16)).dtype == onp.float16


@pytest.mark.parametrize("a, b", [(onp.int32, onp.float32), (onp.float16, onp.float32),
                                  (onp.float32, onp.float64), (onp.int32, onp.int64)])
def test_matmul_cell_wants_one_dtype(a, b):
    """MindSpore: nn.MatMul()(x1, x2) with Int32/Float32, Float16/Float32, Float32/Float64
    or Int32/Int64 -> TypeError (the type of 'x2' should be same as 'x1')."""
    with pytest.raises(CellTypeError, match=r"MatMul x1 and x2: expected Tensors of one "
                       r"dtype, got"):
        nn.MatMul()(T([[1, 2]], a), T([[3], [4]], b))
    assert nn.MatMul()(T([[1, 2]], onp.int32), T([[3], [4]], onp.int32)).tolist() == [[11]]


def test_pad_with_a_negative_padding_is_a_value_error():
    """MindSpore: nn.Pad(((1, -1), (0, 0)))(x) -> ValueError (all elements of 'paddings'
    must be >= 0); a list of paddings -> TypeError."""
    with pytest.raises(CellArgumentError, match=r"Pad paddings: expected ints >= 0, got "
                       r"\(\(1, -1\), \(0, 0\)\)"):
        nn.Pad(((1, -1), (0, 0)))
    with pytest.raises(CellTypeError, match=r"Pad paddings: expected a tuple of"):
        nn.Pad([[1, 1], [0, 0]])


# ---- return_indices=True: the indices are Tensors -----------------------------------------
X16 = onp.arange(16, dtype=onp.float32).reshape(1, 1, 4, 4)


@pytest.mark.parametrize("make, x, expected", [
    (lambda: nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True), X16,
     [[[[5, 7], [13, 15]]]]),
    (lambda: nn.AdaptiveMaxPool2d(2, return_indices=True), X16, [[[[5, 7], [13, 15]]]]),
    (lambda: nn.MaxPool1d(2, 2, pad_mode="pad", return_indices=True), X16[0],
     [[[1, 3], [1, 3], [1, 3], [1, 3]]]),
    (lambda: nn.FractionalMaxPool2d(2, output_size=(2, 2), return_indices=True,
                                    _random_samples=T([[[0.3, 0.6]]])), X16,
     [[[[5, 7], [13, 15]]]]),
], ids=["MaxPool2d", "AdaptiveMaxPool2d", "MaxPool1d", "FractionalMaxPool2d"])
def test_pool_indices_are_int64_tensors(make, x, expected):
    """MindSpore: each of these Cells with return_indices=True gives an Int64 Tensor of
    indices (the values printed are the ids' expected lists)."""
    _, index = make()(T(x))
    assert isinstance(index, ms.Tensor) and index.dtype == onp.int64
    assert index.asnumpy().tolist() == expected


# ---- Optimizer.get_lr ---------------------------------------------------------------------
def _two_steps(opt, params):
    for _ in range(2):
        opt(tuple(ms.Tensor(onp.ones(p.shape, onp.float32)) for p in params))


def test_get_lr_of_a_list_or_schedule_is_the_tensor_at_global_step():
    """MindSpore: after two steps, SGD(lr=[0.1, 0.05, 0.01]).get_lr() -> Float32 Tensor
    0.01 and SGD(lr=ExponentialDecayLR(0.1, 0.9, 1)).get_lr() -> Float32 Tensor 0.081."""
    params = [ms.Parameter(T([1., 2.]), name="w")]
    opt = nn.SGD(params, [0.1, 0.05, 0.01])
    _two_steps(opt, params)
    rate = opt.get_lr()
    assert isinstance(rate, ms.Tensor) and not isinstance(rate, ms.Parameter)
    close(rate, 0.01)
    opt = nn.SGD(params, nn.ExponentialDecayLR(0.1, 0.9, 1))
    _two_steps(opt, params)
    assert isinstance(opt.get_lr(), ms.Tensor)
    close(opt.get_lr(), 0.081)
    assert isinstance(nn.SGD(params, 0.1).get_lr(), ms.Parameter)


def test_get_lr_with_group_rates_is_one_per_parameter():
    """MindSpore: SGD([{'params': [a, b], 'lr': 0.3}, {'params': [c]}], 0.1).get_lr() ->
    (0.3, 0.3, 0.1); with a weight_decay group only, the one rate 0.1."""
    a, b, c = (ms.Parameter(T([1., 2.]), name=n) for n in "abc")
    rates = nn.SGD([{"params": [a, b], "lr": 0.3}, {"params": [c]}], 0.1).get_lr()
    assert isinstance(rates, tuple) and len(rates) == 3
    for rate, expected in zip(rates, (0.3, 0.3, 0.1)):
        close(rate, expected)
    close(nn.SGD([{"params": [a, b], "weight_decay": 0.3}, {"params": [c]}], 0.1).get_lr(), 0.1)
