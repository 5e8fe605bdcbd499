"""Model-zoo style training mechanics: an EMA of the weights kept by a Cell with
ops.assign; freezing a sub-cell mid-training (requires_grad = False on its Parameters,
then a new optimizer over trainable_params()); Parameter clone, set_data and a
lazily-initialised Parameter's init_data; inference with set_train(False) and Dropout."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, ParameterTuple
from mindspore.common.initializer import initializer, Constant


class EMA(nn.Cell):
    def __init__(self, params, decay):
        super().__init__()
        self.decay = decay
        self.params = ParameterTuple(params)
        self.shadow = self.params.clone(prefix="ema", init="same")

    def construct(self):
        for shadow, param in zip(self.shadow, self.params):
            ops.assign(shadow, shadow * self.decay + param * (1 - self.decay))
        return True


class Net(nn.Cell):
    def __init__(self, rng):
        super().__init__()
        self.backbone = nn.SequentialCell([
            nn.Dense(4, 6, weight_init=Tensor((rng.randn(6, 4) * 0.4).astype(np.float32)),
                     bias_init="zeros"),
            nn.ReLU()])
        self.dropout = nn.Dropout(p=0.5)
        self.head = nn.Dense(6, 2, weight_init=Tensor((rng.randn(2, 6) * 0.4).astype(np.float32)),
                             bias_init="zeros")

    def construct(self, x):
        return self.head(self.dropout(self.backbone(x)))


def _sums(params):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in params]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(4)
    net = Net(rng)
    ema = EMA(net.trainable_params(), 0.8)
    x = Tensor(rng.randn(8, 4).astype(np.float32))
    y = Tensor(rng.randn(8, 2).astype(np.float32))
    net.set_train(False)  # dropout off: the steps are deterministic
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Adam(net.trainable_params(), learning_rate=0.05)
    losses, moved = [], []
    step = nn.TrainOneStepCell(loss_net, opt)
    for _ in range(3):
        losses.append(float(step(x, y).asnumpy()))
        ema()
    for param in net.backbone.trainable_params():
        param.requires_grad = False
    frozen_before = _sums(net.backbone.get_parameters())
    head_before = _sums(net.head.get_parameters())
    opt2 = nn.Adam(net.trainable_params(), learning_rate=0.05)
    step2 = nn.TrainOneStepCell(loss_net, opt2)
    for _ in range(3):
        losses.append(float(step2(x, y).asnumpy()))
        ema()
    moved = [a != b for a, b in zip(frozen_before, _sums(net.backbone.get_parameters()))]
    head_moved = [a != b for a, b in zip(head_before, _sums(net.head.get_parameters()))]

    copy = net.head.weight.clone()
    copy.set_data(Tensor(np.ones((2, 6), np.float32)))
    lazy = Parameter(initializer(Constant(0.25), [3, 2], ms.float32), name="lazy")
    lazy_has_init = bool(lazy.has_init)
    lazy.init_data()
    pred = net(x)
    return {"losses": losses, "backbone_moved": moved, "head_moved": head_moved,
            "trainable_after_freeze": [p.name for p in net.trainable_params()],
            "opt2_names": [p.name for p in opt2.parameters],
            "ema_names": [p.name for p in ema.shadow],
            "ema_sums": _sums(ema.shadow), "net_sums": _sums(net.trainable_params()),
            "clone_name": copy.name, "clone_sum": float(copy.asnumpy().sum()),
            "lazy_has_init": lazy_has_init, "lazy_sum": float(lazy.asnumpy().sum()),
            "pred": pred.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
