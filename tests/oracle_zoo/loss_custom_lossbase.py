"""Model-zoo style custom losses: nn.LossBase subclasses that end construct with
self.get_loss(x, weights) (per-element weights broadcast over the batch, reduction 'mean',
'sum' and 'none'), one of them reading MindSpore's documented MAE example, trained through
nn.WithLossCell and nn.TrainOneStepCell with nn.RMSProp."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class WeightedLogCosh(nn.LossBase):
    def __init__(self, column_weights, reduction="mean"):
        super().__init__(reduction)
        self.column_weights = column_weights

    def construct(self, logits, labels):
        diff = logits - labels
        x = diff + ops.softplus(-2.0 * diff) - ops.log(Tensor(2.0, ms.float32))
        return self.get_loss(x, self.column_weights)


class MAELoss(nn.LossBase):
    def __init__(self, reduction="mean"):
        super().__init__(reduction)
        self.abs = ops.Abs()

    def construct(self, base, target):
        x = self.abs(base - target)
        return self.get_loss(x)


class Net(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(4, 5, weight_init=Tensor(w1), bias_init="zeros",
                            activation="sigmoid")
        self.fc2 = nn.Dense(5, 3, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.fc1(x))


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(13)
    net = Net((rng.randn(5, 4) * 0.6).astype(np.float32),
              (rng.randn(3, 5) * 0.6).astype(np.float32))
    column_weights = Tensor(np.array([[1.0, 0.5, 2.0]], np.float32))
    loss_fn = WeightedLogCosh(column_weights)
    opt = nn.RMSProp(net.trainable_params(), learning_rate=0.01)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    train.set_train()
    losses = []
    for step in range(6):
        x = Tensor(rng.randn(7, 4).astype(np.float32))
        y = Tensor(rng.randn(7, 3).astype(np.float32))
        losses.append(float(train(x, y).asnumpy()))
    x = Tensor(rng.randn(4, 4).astype(np.float32))
    y = Tensor(rng.randn(4, 3).astype(np.float32))
    out = net(x)
    parts = {
        "logcosh_sum": WeightedLogCosh(column_weights, "sum")(out, y),
        "logcosh_none": WeightedLogCosh(column_weights, "none")(out, y),
        "mae_mean": MAELoss()(out, y),
        "mae_none": MAELoss("none")(out, y),
        "mae_sum": MAELoss("sum")(out, y),
    }
    return {"losses": losses, "sums": _sums(net),
            "parts": {k: v.asnumpy().astype(np.float64).tolist() for k, v in parts.items()},
            "shapes": {k: list(v.shape) for k, v in parts.items()}}


if __name__ == "__main__":
    print(main())
