"""A hand-written MindSpore train-step Cell: ops.GradOperation(get_all=True,
get_by_list=True, sens_param=True) over a loss Cell and its ParameterTuple, a fixed
loss scale fed in as the sensitivity and divided out of the weight gradients with
ops.HyperMap, the optimizer called on them, the input gradients returned too."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, ParameterTuple

_unscale = ops.MultitypeFuncGraph("unscale")


@_unscale.register("Tensor", "Tensor")
def _unscale_tensor(scale, grad):
    return grad / scale


class Regressor(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(4, 5, weight_init=Tensor(w1), bias_init="zeros")
        self.fc2 = nn.Dense(5, 2, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(ops.relu(self.fc1(x)))


class WithLoss(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net
        self.loss = nn.HuberLoss(delta=0.5)

    def construct(self, x, y):
        return self.loss(self.net(x), y)


class ScaledTrainStep(nn.Cell):
    def __init__(self, network, optimizer, scale):
        super().__init__(auto_prefix=False)
        self.network = network
        self.optimizer = optimizer
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
        self.scale = Tensor(np.float32(scale))
        self.hyper_map = ops.HyperMap()

    def construct(self, x, y):
        loss = self.network(x, y)
        sens = ops.fill(loss.dtype, loss.shape, self.scale)
        input_grads, weight_grads = self.grad(self.network, self.weights)(x, y, sens)
        weight_grads = self.hyper_map(ops.partial(_unscale, self.scale), weight_grads)
        loss = ops.depend(loss, self.optimizer(weight_grads))
        return loss, input_grads


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(8)
    net = Regressor((rng.randn(5, 4) * 0.5).astype(np.float32),
                    (rng.randn(2, 5) * 0.5).astype(np.float32))
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    step = ScaledTrainStep(WithLoss(net), optimizer, 1024.0)
    step.set_train()
    losses, x_grad_norms, y_grad_sums = [], [], []
    for _ in range(4):
        x = Tensor(rng.randn(6, 4).astype(np.float32))
        y = Tensor(rng.randn(6, 2).astype(np.float32))
        loss, (x_grad, y_grad) = step(x, y)
        losses.append(float(loss.asnumpy()))
        x_grad_norms.append(float(np.linalg.norm(x_grad.asnumpy().astype(np.float64))))
        y_grad_sums.append(float(y_grad.asnumpy().astype(np.float64).sum()))
    return {"losses": losses, "x_grad_norms": x_grad_norms, "y_grad_sums": y_grad_sums,
            "x_grad_dtype": str(x_grad.dtype), "n_weights": len(step.weights),
            "weights": [p.asnumpy().astype(np.float64).tolist() for p in net.trainable_params()],
            "moments": [float(m.asnumpy().sum()) for m in optimizer.moments]}


if __name__ == "__main__":
    print(main())
