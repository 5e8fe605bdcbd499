"""Model-zoo style checks of the functional losses a training script calls directly
(ops.cross_entropy, ops.nll_loss, ops.binary_cross_entropy_with_logits with pos_weight,
ops.kl_div, ops.smooth_l1_loss, ops.huber_loss, ops.margin_ranking_loss,
ops.multi_margin_loss, ops.multilabel_soft_margin_loss, ops.hinge_embedding_loss,
ops.cosine_embedding_loss, ops.gaussian_nll_loss): each loss's value and its gradient with
respect to the prediction through ops.grad, then a few SGD steps on a linear model
whose loss sums several of them. (ops.soft_margin_loss, ops.multilabel_margin_loss and
ops.triplet_margin_loss are left out: MindSpore 2.10's CPU build has no kernel for them.)"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


def _f32(rng, *shape):
    return Tensor(rng.randn(*shape).astype(np.float32))


def _losses(rng):
    """name -> (loss of the prediction x, x)."""
    labels = Tensor(np.array([0, 2, 1, 2], np.int32))
    labels64 = Tensor(np.array([0, 2, 1, 2], np.int64))  # MultiMarginLoss takes Int64 only
    binary = Tensor((rng.rand(4, 3) > 0.5).astype(np.float32))
    signs = Tensor(np.array([1.0, -1.0, -1.0, 1.0], np.float32))
    other = _f32(rng, 4, 3)
    sign_grid = Tensor(np.sign(rng.randn(4, 3)).astype(np.float32))
    pos_weight = Tensor(np.array([1.0, 2.0, 0.5], np.float32))
    target_probs = ops.softmax(_f32(rng, 4, 3), 1)
    var = ops.exp(_f32(rng, 4, 3) * 0.3)
    return {
        "cross_entropy": (lambda x: ops.cross_entropy(x, labels, label_smoothing=0.1),
                          _f32(rng, 4, 3)),
        "cross_entropy_probs": (lambda x: ops.cross_entropy(x, target_probs, reduction="sum"),
                                _f32(rng, 4, 3)),
        "nll_loss": (lambda x: ops.nll_loss(ops.log_softmax(x, 1), labels, ignore_index=1),
                     _f32(rng, 4, 3)),
        "bce_logits_pos_weight": (lambda x: ops.binary_cross_entropy_with_logits(
            x, binary, ops.ones_like(x), pos_weight), _f32(rng, 4, 3)),
        "kl_div_batchmean": (lambda x: ops.kl_div(ops.log_softmax(x, 1), target_probs,
                                                  "batchmean"), _f32(rng, 4, 3)),
        "smooth_l1": (lambda x: ops.smooth_l1_loss(x, other, beta=0.5, reduction="sum"),
                      _f32(rng, 4, 3)),
        "huber": (lambda x: ops.huber_loss(x, other, delta=0.4), _f32(rng, 4, 3)),
        "margin_ranking": (lambda x: ops.margin_ranking_loss(x, other[:, 0], signs, 0.2),
                           _f32(rng, 4)),
        "multi_margin": (lambda x: ops.multi_margin_loss(x, labels64, p=2, margin=2),
                         _f32(rng, 4, 3)),
        "multilabel_soft_margin": (lambda x: ops.multilabel_soft_margin_loss(
            x, binary, pos_weight), _f32(rng, 4, 3)),
        "hinge_embedding": (lambda x: ops.hinge_embedding_loss(x * x, sign_grid, 0.8),
                            _f32(rng, 4, 3)),
        "cosine_embedding": (lambda x: ops.cosine_embedding_loss(x, other, signs, 0.1),
                             _f32(rng, 4, 3)),
        "gaussian_nll": (lambda x: ops.gaussian_nll_loss(x, other, var, full=True),
                         _f32(rng, 4, 3)),
    }


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(29)
    values, grads = {}, {}
    for name, (fn, x) in _losses(rng).items():
        values[name] = fn(x).asnumpy().astype(np.float64).tolist()
        grads[name] = ops.grad(fn)(x).asnumpy().astype(np.float64).tolist()
    net = nn.Dense(3, 3, weight_init=Tensor((rng.randn(3, 3) * 0.5).astype(np.float32)),
                   bias_init="zeros")
    labels = Tensor(np.array([0, 2, 1, 2, 0], np.int32))
    labels64 = Tensor(np.array([0, 2, 1, 2, 0], np.int64))

    def forward(x, y):
        out = net(x)
        return (ops.cross_entropy(out, labels) + ops.huber_loss(out, y, delta=0.5)
                + ops.multi_margin_loss(out, labels64))

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    opt = nn.SGD(net.trainable_params(), learning_rate=0.3)
    losses = []
    for step in range(4):
        loss, g = grad_fn(_f32(rng, 5, 3), _f32(rng, 5, 3))
        opt(g)
        losses.append(float(loss.asnumpy()))
    return {"values": values, "grads": grads, "losses": losses,
            "weight": net.weight.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
