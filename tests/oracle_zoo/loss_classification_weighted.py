"""Model-zoo style classifier trained on three cross-entropy flavours at once:
nn.CrossEntropyLoss with class weights, an ignore_index and label smoothing,
nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean') and nn.NLLLoss (weighted,
summed) on ops.log_softmax; Momentum through nn.TrainOneStepCell, including one
padding-only batch."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class MLP(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(5, 8, weight_init=Tensor(w1), bias_init="zeros")
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(8, 4, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


class ThreeLosses(nn.Cell):
    def __init__(self, net, class_weight):
        super().__init__(auto_prefix=False)
        self.net = net
        self.ce = nn.CrossEntropyLoss(weight=class_weight, ignore_index=3,
                                      label_smoothing=0.1)
        self.sparse_ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        self.nll = nn.NLLLoss(weight=class_weight, reduction="sum")

    def construct(self, x, label):
        logits = self.net(x)
        return (self.ce(logits, label) + self.sparse_ce(logits, label)
                + 0.1 * self.nll(ops.log_softmax(logits, 1), label))


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(3)
    net = MLP((rng.randn(8, 5) * 0.5).astype(np.float32),
              (rng.randn(4, 8) * 0.5).astype(np.float32))
    class_weight = Tensor(np.array([1.0, 2.0, 0.5, 1.5], np.float32))
    loss_net = ThreeLosses(net, class_weight)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    train = nn.TrainOneStepCell(loss_net, opt)
    train.set_train()
    losses = []
    for step in range(5):
        x = Tensor(rng.randn(6, 5).astype(np.float32))
        label = Tensor(rng.randint(0, 4, size=6).astype(np.int32))
        losses.append(float(train(x, label).asnumpy()))
    sums_before_padding = _sums(net)
    # a padding-only batch: every label is CrossEntropyLoss's ignore_index, so its 'mean' is
    # NaN (0 / 0) with a zero gradient; the other two losses still move the weights
    padding_loss = float(train(Tensor(rng.randn(6, 5).astype(np.float32)),
                               Tensor(np.full(6, 3, np.int32))).asnumpy())
    x = Tensor(rng.randn(4, 5).astype(np.float32))
    label = Tensor(np.array([0, 3, 1, 2], np.int32))
    logits = net(x)
    padded = Tensor(np.array([0, -1, 4, 2], np.int32))
    per_sample = {
        "ce_none": nn.CrossEntropyLoss(weight=class_weight, ignore_index=3,
                                       reduction="none", label_smoothing=0.2)(logits, label),
        "ce_sum": nn.CrossEntropyLoss(reduction="sum", label_smoothing=0.3)(logits, label),
        "ce_probs": nn.CrossEntropyLoss()(logits, ops.softmax(Tensor(
            rng.randn(4, 4).astype(np.float32)), 1)),
        "sparse_none": nn.SoftmaxCrossEntropyWithLogits(sparse=True)(logits, label),
        "dense_mean": nn.SoftmaxCrossEntropyWithLogits(reduction="mean")(
            logits, ops.one_hot(label, 4, Tensor(1.0, ms.float32), Tensor(0.0, ms.float32))),
        "nll_none": nn.NLLLoss(reduction="none", ignore_index=1)(
            ops.log_softmax(logits, 1), label),
        "nll_mean_weighted": nn.NLLLoss(weight=class_weight)(ops.log_softmax(logits, 1), label),
        # -1 and 4 as padding labels: all-zero one-hot rows, loss 0
        "sparse_padding_none": nn.SoftmaxCrossEntropyWithLogits(sparse=True)(logits, padded),
    }
    # the kernel's gradient, softmax - labels, also for padding rows and for soft labels
    # whose rows do not sum to 1
    grads = {
        "sparse_padding_sum": ops.grad(lambda z: nn.SoftmaxCrossEntropyWithLogits(
            sparse=True, reduction="sum")(z, padded))(logits),
        "soft_unnormalized": ops.grad(lambda z: nn.SoftmaxCrossEntropyWithLogits(
            reduction="sum")(z, Tensor(rng.rand(4, 4).astype(np.float32))))(logits),
    }
    return {"losses": losses, "sums": _sums(net),
            "padding_loss_is_nan": padding_loss != padding_loss,
            "sums_before_padding": sums_before_padding,
            "logits": logits.asnumpy().astype(np.float64).tolist(),
            "per_sample": {k: v.asnumpy().astype(np.float64).tolist()
                           for k, v in per_sample.items()},
            "grads": {k: v.asnumpy().astype(np.float64).tolist() for k, v in grads.items()},
            "float32": {k: v.dtype == ms.float32 for k, v in per_sample.items()}}


if __name__ == "__main__":
    print(main())
