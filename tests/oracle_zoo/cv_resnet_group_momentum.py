"""Model-zoo style (ResNet): a basic residual block (Conv2d pad_mode='pad'/'same',
has_bias=False, BatchNorm2d, ReLU, residual add), MaxPool2d, ReduceMean over H and W,
Flatten and Dense, trained with nn.Momentum on group parameters (weight decay on the
conv and dense weights only, order_params) and a piecewise-constant learning-rate list."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.ops import operations as P


class BasicBlock(nn.Cell):
    def __init__(self, channels):
        super(BasicBlock, self).__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, stride=1, pad_mode="pad", padding=1,
                               has_bias=False, weight_init="HeUniform")
        self.bn1 = nn.BatchNorm2d(channels, momentum=0.9)
        self.conv2 = nn.Conv2d(channels, channels, 3, pad_mode="same", has_bias=False,
                               weight_init="HeUniform")
        self.bn2 = nn.BatchNorm2d(channels, momentum=0.9)
        self.relu = nn.ReLU()

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class TinyResNet(nn.Cell):
    def __init__(self, num_classes=3):
        super(TinyResNet, self).__init__()
        self.stem = nn.Conv2d(3, 4, 3, stride=2, pad_mode="pad", padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2, pad_mode="valid")
        self.layer1 = nn.SequentialCell([BasicBlock(4)])
        self.mean = P.ReduceMean(keep_dims=True)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(4, num_classes)

    def construct(self, x):
        x = self.pool(self.relu(self.bn(self.stem(x))))
        x = self.layer1(x)
        x = self.mean(x, (2, 3))
        return self.fc(self.flatten(x))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(1)
    rng = np.random.RandomState(3)
    x = rng.randn(8, 3, 16, 16).astype(np.float32)
    y = rng.randint(0, 3, size=(8,)).astype(np.int32)
    net = TinyResNet()
    # replace the random initial values with seeded NumPy ones so both libraries start equal
    for p in net.trainable_params():
        scale = 0.3 if len(p.shape) > 1 else 0.1
        p.set_data(Tensor((rng.randn(*p.shape) * scale).astype(np.float32)))
    decay = [p for p in net.trainable_params() if "weight" in p.name]
    no_decay = [p for p in net.trainable_params() if "weight" not in p.name]
    groups = [{"params": decay, "weight_decay": 1e-2},
              {"params": no_decay},
              {"order_params": net.trainable_params()}]
    lr = nn.piecewise_constant_lr([2, 4, 6], [0.1, 0.05, 0.01])
    opt = nn.Momentum(groups, learning_rate=lr, momentum=0.9)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    step.set_train()
    losses = []
    for i in range(6):
        sl = slice((i % 2) * 4, (i % 2) * 4 + 4)
        losses.append(float(step(Tensor(x[sl]), Tensor(y[sl])).asnumpy()))
    net.set_train(False)
    logits = net(Tensor(x))
    return {"losses": losses, "lr": [float(v) for v in lr],
            "logits": logits.asnumpy().astype(np.float64).tolist(),
            "moving_mean": net.layer1[0].bn1.moving_mean.asnumpy().astype(np.float64).tolist(),
            "names": [p.name for p in net.trainable_params()],
            "shapes": [list(p.shape) for p in net.trainable_params()],
            "all_names": [p.name for p in net.get_parameters()],
            "decay_names": [p.name for p in decay],
            "global_step": int(opt.global_step.asnumpy().reshape(-1)[0])}


if __name__ == "__main__":
    print(main())
