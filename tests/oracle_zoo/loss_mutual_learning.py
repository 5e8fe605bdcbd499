"""Model-zoo style deep mutual learning: two peer classifiers trained together by one
optimizer, each on its cross entropy plus nn.KLDivLoss('batchmean') toward the other's
softmax, and a soft-label nn.SoftmaxCrossEntropyWithLogits(reduction='mean') term, all
without ops.stop_gradient: MindSpore's kernels give those labels a zero gradient, so each
KL term trains only the net whose log-probabilities it reads. Adam through
nn.TrainOneStepCell."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Peer(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(4, 6, weight_init=Tensor(w1), bias_init="zeros",
                            activation="relu")
        self.fc2 = nn.Dense(6, 3, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.fc1(x))


class MutualLoss(nn.Cell):
    def __init__(self, a, b):
        super().__init__()
        self.a, self.b = a, b
        self.ce = nn.CrossEntropyLoss()
        self.kl = nn.KLDivLoss("batchmean")
        self.soft_ce = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")

    def construct(self, x, label):
        out_a, out_b = self.a(x), self.b(x)
        return (self.ce(out_a, label) + self.ce(out_b, label)
                + self.kl(ops.log_softmax(out_a, 1), ops.softmax(out_b, 1))
                + self.kl(ops.log_softmax(out_b, 1), ops.softmax(out_a, 1))
                + 0.5 * self.soft_ce(out_a, ops.softmax(out_b * 2.0, 1)))


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(37)
    a = Peer((rng.randn(6, 4) * 0.5).astype(np.float32),
             (rng.randn(3, 6) * 0.5).astype(np.float32))
    b = Peer((rng.randn(6, 4) * 0.5).astype(np.float32),
             (rng.randn(3, 6) * 0.5).astype(np.float32))
    loss = MutualLoss(a, b)
    opt = nn.Adam(loss.trainable_params(), learning_rate=0.02)
    train = nn.TrainOneStepCell(loss, opt)
    train.set_train()
    losses = []
    for step in range(5):
        x = Tensor(rng.randn(8, 4).astype(np.float32))
        label = Tensor(rng.randint(0, 3, size=8).astype(np.int32))
        losses.append(float(train(x, label).asnumpy()))
    x = Tensor(rng.randn(5, 4).astype(np.float32))
    label = Tensor(rng.randint(0, 3, size=5).astype(np.int32))
    grads = ops.GradOperation(get_by_list=True)(loss, loss.trainable_params())(x, label)
    return {"losses": losses, "sums_a": _sums(a), "sums_b": _sums(b),
            "grad_sums": [float(g.asnumpy().astype(np.float64).sum()) for g in grads],
            "param_names": [p.name for p in loss.trainable_params()]}


if __name__ == "__main__":
    print(main())
