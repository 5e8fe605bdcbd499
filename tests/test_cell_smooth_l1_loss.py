"""nn.SmoothL1Loss against MindSpore 2.10.

The expected numbers are what MindSpore 2.10 (CPU, PyNative) printed for the same inputs,
rounded to 6 decimals; each test's docstring names the call."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError
from cell_loss_helpers import RNG, T, close


# ---- nn.SmoothL1Loss ----------------------------------------------------------------------
A = onp.array([[1., 2., 3.], [4., 5., 6.]], onp.float32)
B = onp.array([[1.5, 2.3, 1.0], [4., 4.2, 9.]], onp.float32)


@pytest.mark.parametrize("beta, reduction, expected", [
    (1.0, "mean", 0.748333), (1.0, "sum", 4.49),
    (1.0, "none", [[0.125, 0.045, 1.5], [0.0, 0.32, 2.5]]),
    (0.5, "mean", 0.898333), (0.5, "sum", 5.39),
    (0.5, "none", [[0.25, 0.09, 1.75], [0.0, 0.55, 2.75]]),
    (2.0, "mean", 0.540833), (2, "sum", 3.245),
    (2.0, "none", [[0.0625, 0.0225, 1.0], [0.0, 0.16, 2.0]])])
def test_smooth_l1_matches_mindspore(beta, reduction, expected):
    """MindSpore: nn.SmoothL1Loss(beta, reduction)(A, B), each value as printed there."""
    close(nn.SmoothL1Loss(beta, reduction)(T(A), T(B)), expected)


def test_smooth_l1_defaults_dtypes_and_gradients_match_mindspore():
    """MindSpore: the default reduction is 'none'; float64 -> Float64, float16 -> Float16
    [[0.125, 0.045227, 1.5], [0.0, 0.320557, 2.5]], float32 with float64 -> Float64;
    grad of SmoothL1Loss(0.5, 'sum') wrt logits -> [[-1, -0.6, 1], [0, 1, -1]]; of
    SmoothL1Loss(2.0) ('none', summed by ops.grad) -> [[-0.25, -0.15, 1], [0, 0.4, -1]];
    at |d| == beta the gradient is sign(d): [1, -1, 0] for d = [1, -1, 0], beta 1."""
    close(nn.SmoothL1Loss()(T(A), T(B)), [[0.125, 0.045, 1.5], [0.0, 0.32, 2.5]])
    close(nn.SmoothL1Loss()(T(A, onp.float64), T(B, onp.float64)),
          [[0.125, 0.045, 1.5], [0.0, 0.32, 2.5]], onp.float64)
    close(nn.SmoothL1Loss()(T(A, onp.float16), T(B, onp.float16)),
          [[0.125, 0.045227, 1.5], [0.0, 0.320557, 2.5]], onp.float16, atol=1e-3)
    assert nn.SmoothL1Loss()(T(A), T(B, onp.float64)).dtype == onp.float64
    close(ops.grad(lambda p: nn.SmoothL1Loss(0.5, "sum")(p, T(B)))(T(A)),
          [[-1.0, -0.6, 1.0], [0.0, 1.0, -1.0]])
    close(ops.grad(lambda p: nn.SmoothL1Loss(2.0)(p, T(B)))(T(A)),
          [[-0.25, -0.15, 1.0], [0.0, 0.4, -1.0]])
    close(ops.grad(lambda p: nn.SmoothL1Loss(1.0, "sum")(p, T([0., 0., 0.])))(
        T([1., -1., 0.])), [1.0, -1.0, 0.0])


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_smooth_l1_matches_finite_differences(reduction):
    loss = nn.SmoothL1Loss(0.7, reduction)
    target = RNG.normal(size=(3, 4))
    diff = RNG.choice([-1, 1], size=(3, 4)) * RNG.uniform(0.1, 1.5, size=(3, 4))
    diff[onp.abs(onp.abs(diff) - 0.7) < 0.05] = 0.3  # keep clear of the kink at |d| == beta
    check_grads(lambda p, t: loss(p, t).sum(), modes=["rev"], order=1)(target + diff, target)


@pytest.mark.parametrize("make, call, error, match", [
    (lambda: nn.SmoothL1Loss(0.0), None, CellArgumentError,
     "SmoothL1Loss beta: expected a number > 0, got 0.0"),
    (lambda: nn.SmoothL1Loss(-1.0), None, CellArgumentError,
     "SmoothL1Loss beta: expected a number > 0, got -1.0"),
    (lambda: nn.SmoothL1Loss("x"), None, CellTypeError,
     "SmoothL1Loss beta: expected a float, got str 'x'"),
    (lambda: nn.SmoothL1Loss(1.0, "avg"), None, ValueError,
     "SmoothL1Loss reduction: expected 'mean', 'sum' or 'none', got 'avg'"),
    (nn.SmoothL1Loss, lambda loss: loss(T(A), T([1., 1., 1.])), CellArgumentError,
     r"SmoothL1Loss labels: expected shape \(2, 3\) \(the logits'\), got shape \(3,\)"),
    (nn.SmoothL1Loss, lambda loss: loss(T([1, 2], onp.int32), T([1, 5], onp.int32)),
     CellTypeError, "SmoothL1Loss logits: expected a float16, float32 or float64 Tensor"),
])
def test_smooth_l1_refuses_what_mindspore_refuses(make, call, error, match):
    """MindSpore: beta 0 -> 'should greater than 0'; -1 -> 'not support negative values';
    'x' -> TypeError; reduction 'avg' -> ValueError; shapes (2, 3) and (3,) -> ValueError
    'prediction_shape ... must be equal'; Int32 -> TypeError 'Unsupported data type'."""
    with pytest.raises(error, match=match):
        loss = make()
        call(loss)
