"""Which loss inputs MindSpore 2.10 differentiates: nn.KLDivLoss (and ops.kl_div) and the
dense nn.SoftmaxCrossEntropyWithLogits give their ``labels`` a zero gradient (their kernels'
bprops do; checked under /tmp/msvenv), while CrossEntropyLoss with probability labels
and the other float-target losses differentiate them. So a mutual-learning loss
KLDivLoss(log_softmax(student), softmax(peer)) trains the student only, as in MindSpore."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

RNG = onp.random.RandomState(12)
LOGITS = RNG.randn(4, 3)
PROBS = onp.exp(RNG.randn(4, 3))
PROBS /= PROBS.sum(1, keepdims=True)


def _log_softmax(x):
    return x - onp.log(onp.exp(x).sum(1, keepdims=True))


ZERO_LABEL_GRAD = {
    "KLDivLoss": lambda x, p: nn.KLDivLoss("sum")(x, p),
    "KLDivLoss batchmean": lambda x, p: nn.KLDivLoss("batchmean")(x, p),
    "ops.kl_div": lambda x, p: ops.kl_div(x, p, "sum"),
    "SoftmaxCrossEntropyWithLogits": lambda x, p: nn.SoftmaxCrossEntropyWithLogits()(x, p).sum(),
}


@pytest.mark.parametrize("name", sorted(ZERO_LABEL_GRAD))
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_labels_get_a_zero_gradient(name, dtype):
    fn = ZERO_LABEL_GRAD[name]
    x, p = ms.Tensor(LOGITS.astype(dtype)), ms.Tensor(PROBS.astype(dtype))
    grad = ops.grad(lambda labels: fn(x, labels))(p).asnumpy()
    assert grad.dtype == dtype
    onp.testing.assert_array_equal(grad, onp.zeros((4, 3)))


def test_logit_gradients_keep_their_closed_forms():
    x, p = ms.Tensor(LOGITS), ms.Tensor(PROBS)
    # d/dx sum p * (log p - x) = -p
    onp.testing.assert_allclose(ops.grad(lambda z: nn.KLDivLoss("sum")(z, p))(x).asnumpy(),
                                -PROBS, rtol=1e-12)
    # d/dx -sum p * log_softmax(x) = softmax(x) * sum(p) - p
    soft = onp.exp(_log_softmax(LOGITS))
    grad = ops.grad(lambda z: nn.SoftmaxCrossEntropyWithLogits()(z, p).sum())(x).asnumpy()
    onp.testing.assert_allclose(grad, soft * PROBS.sum(1, keepdims=True) - PROBS, rtol=1e-12)


def test_cross_entropy_with_probability_labels_still_differentiates_them():
    """MindSpore's CrossEntropyLoss is composed of differentiable ops: d/dp = -log_softmax."""
    x, p = ms.Tensor(LOGITS), ms.Tensor(PROBS)
    grad = ops.grad(lambda q: nn.CrossEntropyLoss(reduction="sum")(x, q))(p).asnumpy()
    onp.testing.assert_allclose(grad, -_log_softmax(LOGITS), rtol=1e-12)


def test_mutual_learning_moves_only_the_student():
    student = nn.Dense(3, 3, weight_init=ms.Tensor(onp.eye(3, dtype=onp.float32)))
    peer = nn.Dense(3, 3, weight_init=ms.Tensor(LOGITS[:3].astype(onp.float32)))
    kl = nn.KLDivLoss("batchmean")
    params = student.trainable_params() + peer.trainable_params()

    def loss(x):
        return kl(ops.log_softmax(student(x), 1), ops.softmax(peer(x), 1))

    grads = ms.value_and_grad(loss, None, params)(ms.Tensor(LOGITS.astype(onp.float32)))[1]
    assert all(g.asnumpy().any() for g in grads[:2])
    assert not any(g.asnumpy().any() for g in grads[2:])
