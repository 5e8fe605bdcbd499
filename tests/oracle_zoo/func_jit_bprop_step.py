"""Functional MindSpore 2.x train step under the @ms.jit decorator: a Cell with its own
bprop (a straight-through clamp) and a softsign Cell with a bprop written with ops inside
the model, ms.value_and_grad(has_aux=True) with ops.stop_gradient'd statistics as aux
outputs, the optimizer's update tied to the loss by ops.depend; the same steps run eagerly
too. Left out, as 2.10's graph compiler stops on them: bprop_debug=True and a pyfunc
ops.Custom."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
import mindspore.common.dtype as mstype


class ClampStraightThrough(nn.Cell):
    def construct(self, x):
        return ops.clamp(x, -1.0, 1.0)

    def bprop(self, x, out, dout):
        return (dout * 0.5,)


class Softsign(nn.Cell):
    def construct(self, x):
        return x / (1.0 + ops.abs(x))

    def bprop(self, x, out, dout):
        return (dout / ((1.0 + ops.abs(x)) * (1.0 + ops.abs(x))),)


class Net(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(4, 5, weight_init=Tensor(w1), bias_init="zeros")
        self.clamp = ClampStraightThrough()
        self.softsign = Softsign()
        self.fc2 = nn.Dense(5, 2, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.softsign(self.clamp(self.fc1(x))))


def build(rng_seed):
    rng = np.random.RandomState(rng_seed)
    net = Net((rng.randn(5, 4) * 0.8).astype(np.float32),
              (rng.randn(2, 5) * 0.8).astype(np.float32))
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.05)
    loss_fn = nn.MSELoss()

    def forward(x, y):
        out = net(x)
        return loss_fn(out, y), ops.stop_gradient(out.mean()), ops.stop_gradient(out.std())

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters, has_aux=True)
    return net, optimizer, grad_fn


def train(step_fn, net, rng):
    losses, means, stds = [], [], []
    for _ in range(4):
        x = Tensor(rng.randn(6, 4).astype(np.float32) * 2.0)
        y = Tensor(rng.randn(6, 2).astype(np.float32), mstype.float32)
        loss, mean, std = step_fn(x, y)
        losses.append(float(loss.asnumpy()))
        means.append(float(mean.asnumpy()))
        stds.append(float(std.asnumpy()))
    return {"losses": losses, "means": means, "stds": stds,
            "sums": [float(p.asnumpy().astype(np.float64).sum())
                     for p in net.trainable_params()]}


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net, optimizer, grad_fn = build(41)

    @ms.jit
    def train_step(x, y):
        (loss, mean, std), grads = grad_fn(x, y)
        loss = ops.depend(loss, optimizer(grads))
        return loss, mean, std

    jitted = train(train_step, net, np.random.RandomState(3))
    net2, optimizer2, grad_fn2 = build(41)

    def eager_step(x, y):
        (loss, mean, std), grads = grad_fn2(x, y)
        optimizer2(grads)
        return loss, mean, std

    eager = train(eager_step, net2, np.random.RandomState(3))
    return {"jit": jitted, "eager": eager}


if __name__ == "__main__":
    print(main())
