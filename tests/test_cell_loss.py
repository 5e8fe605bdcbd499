"""Losses: LossBase (get_loss, get_axis, reductions) and the built-in losses."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import ReductionError

from conftest import check_grad

LOGITS = ms.Tensor(onp.array([[1, 2, 3], [2, 3, 4]], onp.float32))
LABELS = ms.Tensor(onp.array([[0, 2, 5], [3, 1, 1]], onp.float32))


class MAELossForMultiLabel(nn.LossBase):
    def __init__(self, reduction="mean"):
        super().__init__(reduction)

    def construct(self, base, target1, target2):
        x1 = abs(base - target1)
        x2 = abs(base - target2)
        return self.get_loss(x1) / 2 + self.get_loss(x2) / 2


@pytest.mark.parametrize("cls, values", [
    (nn.L1Loss, (1.5, 9.0, [[1, 0, 2], [1, 2, 3]])),
    (nn.MAELoss, (1.5, 9.0, [[1, 0, 2], [1, 2, 3]])),
    (nn.MSELoss, (3.1666667, 19.0, [[1, 0, 4], [1, 4, 9]])),
])
def test_builtin_losses_and_reductions(cls, values):
    for reduction, want in zip(("mean", "sum", "none"), values):
        got = cls(reduction=reduction)(LOGITS, LABELS)
        onp.testing.assert_allclose(got, want, rtol=1e-6)
        assert got.dtype == onp.float32


def test_custom_loss_on_the_tutorial_data():
    class MAELoss(nn.LossBase):
        def construct(self, base, target):
            return self.get_loss(abs(base - target))
    base = ms.Tensor(onp.array([0.1, 0.2, 0.3], onp.float32))
    target = ms.Tensor(onp.array([0.1, 0.2, 0.2], onp.float32))
    onp.testing.assert_allclose(MAELoss()(base, target), 0.033333335, rtol=1e-6)
    onp.testing.assert_allclose(MAELoss("sum")(base, target), 0.10000001, rtol=1e-6)
    loss = MAELossForMultiLabel()(base, target, ms.Tensor(onp.array([0.1, 0.2, 0.3], onp.float32)))
    onp.testing.assert_allclose(loss, 0.016666668, rtol=1e-6)


def test_get_loss_weights_and_get_axis():
    class Weighted(nn.LossBase):
        def construct(self, x, w):
            return self.get_loss(x, w), self.get_axis(x)
    loss, axis = Weighted()(ms.Tensor([[1.0, 2.0, 3.0]]), ms.Tensor([1.0, 2.0, 3.0]))
    onp.testing.assert_allclose(loss, 14 / 3, rtol=1e-6)  # mean of x*w, not divided by sum(w)
    assert axis == (0, 1)


def test_softmax_cross_entropy():
    logits = ms.Tensor(onp.array([[3, 5, 6, 9], [42, 12, 32, 72]], onp.float32))
    onehot = ms.Tensor(onp.array([[0, 0, 0, 1], [0, 0, 1, 0]], onp.float32))
    onp.testing.assert_allclose(nn.SoftmaxCrossEntropyWithLogits()(logits, onehot),
                                [0.0682019, 40.0], rtol=1e-5)
    sparse = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    onp.testing.assert_allclose(sparse(logits, ms.Tensor(onp.array([3, 2], onp.int32))),
                                20.034107, rtol=1e-5)


@pytest.mark.parametrize("loss", [nn.MSELoss(), nn.L1Loss("sum"),
                                  nn.SoftmaxCrossEntropyWithLogits(reduction="mean")])
def test_loss_gradients_match_finite_differences(loss):
    rng = onp.random.RandomState(1)
    logits, labels = rng.normal(size=(3, 4)), rng.uniform(size=(3, 4))
    # rows of probabilities: where they sum to 1, MindSpore's SoftmaxCrossEntropyWithLogits
    # gradient (softmax - labels) is the derivative (tests/test_loss_softmax_kernel.py)
    labels /= labels.sum(axis=1, keepdims=True)
    check_grad(lambda x, y: loss(x, y), logits, labels, argnums=(0,))


@pytest.mark.parametrize("reduction", ["avg", None, "Mean"])
def test_bad_reduction_names_the_loss(reduction):
    with pytest.raises(ReductionError, match=rf"MAELoss reduction: expected 'mean', 'sum' or "
                                             rf"'none', got {reduction!r}"):
        nn.MAELoss(reduction=reduction)
    assert issubclass(ReductionError, ValueError)


def test_loss_base_without_construct():
    with pytest.raises(NotImplementedError, match="LossBase.construct: expected an override"):
        nn.LossBase()(LOGITS, LABELS)
