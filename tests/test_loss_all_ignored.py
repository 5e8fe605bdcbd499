"""A batch whose every label is ``ignore_index``: MindSpore 2.10's CrossEntropyLoss,
NLLLoss, ops.cross_entropy and ops.nll_loss give a NaN 'mean' (0 / 0) but a zero
gradient (checked under /tmp/msvenv), so a padding-only batch leaves the weights as they
are. Zero class weights (labels counted, weights summing to 0) still give NaN gradients
there, as in MindSpore."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

X = onp.random.RandomState(2).randn(4, 3)
ALL_ONE = ms.Tensor(onp.ones(4, onp.int32))

LOSSES = {
    "CrossEntropyLoss": lambda z: nn.CrossEntropyLoss(ignore_index=1)(z, ALL_ONE),
    "CrossEntropyLoss smoothed": lambda z: nn.CrossEntropyLoss(
        ignore_index=1, label_smoothing=0.1)(z, ALL_ONE),
    "NLLLoss": lambda z: nn.NLLLoss(ignore_index=1)(z, ALL_ONE),
    "ops.cross_entropy": lambda z: ops.cross_entropy(z, ALL_ONE, ignore_index=1),
    "ops.nll_loss": lambda z: ops.nll_loss(z, ALL_ONE, ignore_index=1),
    "ops.nll_loss smoothed": lambda z: ops.nll_loss(z, ALL_ONE, ignore_index=1,
                                                    label_smoothing=0.2),
}


@pytest.mark.parametrize("name", sorted(LOSSES))
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_mean_is_nan_and_gradient_zero(name, dtype):
    fn = LOSSES[name]
    x = ms.Tensor(X.astype(dtype))
    value = fn(x)
    assert value.dtype == dtype and onp.isnan(value.asnumpy())
    grad = ops.grad(fn)(x).asnumpy()
    assert grad.dtype == dtype
    onp.testing.assert_array_equal(grad, onp.zeros((4, 3)))


def test_zero_class_weights_still_give_nan_gradients():
    weight = ms.Tensor(onp.array([1.0, 0.0, 2.0], onp.float32))
    fn = lambda z: nn.CrossEntropyLoss(weight=weight)(z, ALL_ONE)  # noqa: E731
    assert onp.isnan(ops.grad(fn)(ms.Tensor(X.astype(onp.float32))).asnumpy()).all()


def test_partly_ignored_mean_gradient_matches_closed_form():
    """d/dx of the mean over counted rows of -log_softmax(x)[label]: (softmax - onehot) / n."""
    labels = onp.array([1, 0, 1, 2], onp.int32)
    fn = lambda z: nn.CrossEntropyLoss(ignore_index=1)(z, ms.Tensor(labels))  # noqa: E731
    x = ms.Tensor(X)
    soft = onp.exp(X) / onp.exp(X).sum(1, keepdims=True)
    expected = (soft - onp.eye(3)[labels]) * (labels != 1)[:, None] / 2
    onp.testing.assert_allclose(ops.grad(fn)(x).asnumpy(), expected, rtol=1e-12)
    assert float(fn(x).asnumpy()) == pytest.approx(
        -onp.log(soft[[1, 3], [0, 2]]).mean(), rel=1e-12)


def test_a_padding_only_step_leaves_the_weights_unchanged():
    net = nn.Dense(3, 3, weight_init=ms.Tensor(onp.eye(3, dtype=onp.float32)))
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.CrossEntropyLoss(ignore_index=1)),
                                nn.Momentum(net.trainable_params(), 0.1, 0.9))
    before = net.weight.asnumpy().copy()
    loss = train(ms.Tensor(X.astype(onp.float32)), ALL_ONE)
    assert onp.isnan(loss.asnumpy())
    onp.testing.assert_array_equal(net.weight.asnumpy(), before)
