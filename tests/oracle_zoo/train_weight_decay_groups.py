"""Model-zoo style parameter groups: a conv + BatchNorm + Dense net whose weights decay and
whose BatchNorm/bias parameters do not (split by name, as model-zoo train scripts do), with
a group of its own learning rate and ``order_params``; trained with nn.AdamWeightDecay, then
the same groups on nn.Adam (weight_decay, use_nesterov) and nn.SGD (weight_decay, nesterov),
and a plain parameter list whose default decay skips the BatchNorm beta/gamma."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


class SmallNet(nn.Cell):
    def __init__(self, rng):
        super(SmallNet, self).__init__()
        self.conv = nn.Conv2d(2, 3, 3, pad_mode="same", weight_init=Tensor(
            (rng.randn(3, 2, 3, 3) * 0.3).astype(np.float32)))
        self.bn = nn.BatchNorm2d(3)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(3 * 4 * 4, 2, weight_init=Tensor(
            (rng.randn(2, 48) * 0.2).astype(np.float32)), bias_init="zeros")

    def construct(self, x):
        return self.fc(self.flatten(self.relu(self.bn(self.conv(x)))))


def groups(net):
    decayed = [p for p in net.trainable_params() if "weight" in p.name]
    plain = [p for p in net.trainable_params() if "weight" not in p.name]
    head = [p for p in decayed if p.name.startswith("fc")]
    body = [p for p in decayed if not p.name.startswith("fc")]
    return [{"params": body, "weight_decay": 0.05},
            {"params": head, "weight_decay": 0.01, "lr": 0.02},
            {"params": plain, "weight_decay": 0.0},
            {"order_params": net.trainable_params()}]


def _train(net, opt, x, y, steps):
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    return [float(step(x, y).asnumpy()) for _ in range(steps)]


def _state(net):
    return {p.name: float(p.asnumpy().astype(np.float64).sum()) for p in net.get_parameters()}


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = {}
    for kind in ("adamw", "adam", "sgd", "plain_momentum"):
        rng = np.random.RandomState(17)
        net = SmallNet(rng)
        x = Tensor(rng.randn(4, 2, 4, 4).astype(np.float32))
        y = Tensor(np.array([0, 1, 1, 0], np.int32))
        if kind == "adamw":
            opt = nn.AdamWeightDecay(groups(net), learning_rate=0.05, weight_decay=0.1)
        elif kind == "adam":
            opt = nn.Adam(groups(net), learning_rate=0.05, weight_decay=0.1, use_nesterov=True)
        elif kind == "sgd":
            opt = nn.SGD(groups(net), learning_rate=0.05, momentum=0.8, weight_decay=0.1,
                         nesterov=True)
        else:
            opt = nn.Momentum(net.trainable_params(), 0.05, 0.9, weight_decay=0.2)
        losses = _train(net, opt, x, y, 4)
        out[kind] = {"losses": losses, "state": _state(net),
                     "order": [p.name for p in opt.parameters],
                     "group_lr": [float(v) for v in np.asarray(
                         [lr.asnumpy() for lr in opt.get_lr_parameter(list(opt.parameters))]
                         if opt.is_group_lr else [opt.get_lr().asnumpy()]).reshape(-1)]}
    return out


if __name__ == "__main__":
    print(main())
