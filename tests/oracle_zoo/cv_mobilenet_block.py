"""Model-zoo style (MobileNetV2/V3): an inverted-residual block with a depthwise Conv2d
(group=channels), a squeeze-and-excite branch (nn.AdaptiveAvgPool2d, 1x1 convs, HSigmoid)
and HSwish/ReLU6 activations, BatchNorm2d; nn.AvgPool2d and ops.AdaptiveAvgPool2D at the
head; trained with nn.Momentum on groups that carry their own lr and weight_decay, a
cosine_decay_lr list and nn.CrossEntropyLoss(label_smoothing=0.1); then the BatchNorm
running statistics, eval logits and the trainable names, shapes and group settings."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class SqueezeExcite(nn.Cell):
    def __init__(self, channels, reduced):
        super(SqueezeExcite, self).__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.reduce = nn.Conv2d(channels, reduced, 1, has_bias=True)
        self.expand = nn.Conv2d(reduced, channels, 1, has_bias=True)
        self.relu = nn.ReLU()
        self.gate = nn.HSigmoid()

    def construct(self, x):
        w = self.gate(self.expand(self.relu(self.reduce(self.pool(x)))))
        return x * w


class InvertedResidual(nn.Cell):
    def __init__(self, channels, expand_ratio):
        super(InvertedResidual, self).__init__()
        hidden = channels * expand_ratio
        self.block = nn.SequentialCell([
            nn.Conv2d(channels, hidden, 1, has_bias=False), nn.BatchNorm2d(hidden), nn.ReLU6(),
            nn.Conv2d(hidden, hidden, 3, stride=1, pad_mode="pad", padding=(1, 1, 1, 1),
                      group=hidden, has_bias=False),
            nn.BatchNorm2d(hidden), nn.HSwish(),
            SqueezeExcite(hidden, 2),
            nn.Conv2d(hidden, channels, 1, has_bias=False), nn.BatchNorm2d(channels)])

    def construct(self, x):
        return x + self.block(x)


class TinyMobileNet(nn.Cell):
    def __init__(self):
        super(TinyMobileNet, self).__init__()
        self.stem = nn.Conv2d(3, 4, 3, stride=2, pad_mode="same", has_bias=False)
        self.features = InvertedResidual(4, 2)
        self.avg = nn.AvgPool2d(kernel_size=2, stride=2)
        self.gap = ops.AdaptiveAvgPool2D((1, 1))
        self.head = nn.Dense(4, 3)

    def construct(self, x):
        x = self.avg(self.features(self.stem(x)))
        return self.head(ops.flatten(self.gap(x)))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(21)
    x = rng.randn(6, 3, 12, 12).astype(np.float32)
    y = rng.randint(0, 3, size=(6,)).astype(np.int32)
    net = TinyMobileNet()
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.4).astype(np.float32)))
    params = net.trainable_params()
    conv = [p for p in params if len(p.shape) == 4]
    other = [p for p in params if len(p.shape) != 4]
    lr = nn.cosine_decay_lr(0.01, 0.2, total_step=4, step_per_epoch=2, decay_epoch=2)
    groups = [{"params": conv, "weight_decay": 4e-3, "lr": 0.05},
              {"params": other, "weight_decay": 0.0},
              {"order_params": params}]
    opt = nn.Momentum(groups, learning_rate=lr, momentum=0.9, weight_decay=1e-3)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
    net_with_loss = nn.WithLossCell(net, loss_fn)
    step = nn.TrainOneStepCell(net_with_loss, opt)
    step.set_train()
    losses = [float(step(Tensor(x), Tensor(y)).asnumpy()) for _ in range(4)]
    net.set_train(False)
    logits = net(Tensor(x))
    bn = net.features.block[1]
    return {"losses": losses, "lr": [float(v) for v in lr],
            "logits": logits.asnumpy().astype(np.float64).tolist(),
            "moving_var": bn.moving_variance.asnumpy().astype(np.float64).tolist(),
            "names": [p.name for p in params], "shapes": [list(p.shape) for p in params],
            "group_lr": [float(opt.get_lr_parameter(p).asnumpy().reshape(-1)[0])
                         for p in params[:3]],
            "eval_loss": float(net_with_loss(Tensor(x), Tensor(y)).asnumpy())}


if __name__ == "__main__":
    print(main())
