"""Model-zoo style: a Momentum optimizer written on nn.Optimizer with a
MultitypeFuncGraph, HyperMap, P.Assign and F.assign, a learning-rate schedule Cell and
group-free weight decay; a TrainOneStepCell subclass that builds its sens with F.fill and
takes self.weights from the optimizer; BatchNorm1d trained, then evaluated."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.ops import composite as C
import mindspore.common.dtype as mstype

_momentum_opt = C.MultitypeFuncGraph("momentum_opt")


@_momentum_opt.register("Tensor", "Tensor", "Tensor", "Tensor", "Tensor")
def _tensor_run_opt(learning_rate, momentum, weight, moment, gradient):
    new_moment = moment * momentum + gradient
    P.Assign()(moment, new_moment)
    F.assign(weight, weight - learning_rate * new_moment)
    return True


class MyMomentum(nn.Optimizer):
    def __init__(self, params, learning_rate, momentum, weight_decay=0.0):
        super(MyMomentum, self).__init__(learning_rate, params, weight_decay)
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.moments = self.parameters.clone(prefix="moments", init="zeros")
        self.hyper_map = C.HyperMap()

    def construct(self, gradients):
        gradients = self.decay_weight(gradients)
        lr = self.get_lr()
        return self.hyper_map(F.partial(_momentum_opt, lr, self.momentum),
                              self.parameters, self.moments, gradients)


class MyTrainOneStepCell(nn.TrainOneStepCell):
    def __init__(self, network, optimizer, sens=1.0):
        super(MyTrainOneStepCell, self).__init__(network, optimizer, sens)
        self.weights = self.optimizer.parameters
        self.grad = C.GradOperation(get_by_list=True, sens_param=True)

    def construct(self, *inputs):
        loss = self.network(*inputs)
        sens = F.fill(loss.dtype, loss.shape, self.sens)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        loss = F.depend(loss, self.optimizer(grads))
        return loss


class Net(nn.Cell):
    def __init__(self, w1, w2):
        super(Net, self).__init__()
        self.fc1 = nn.Dense(6, 10, weight_init=Tensor(w1), bias_init="zeros")
        self.bn = nn.BatchNorm1d(10, momentum=0.8)
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(10, 1, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.act(self.bn(self.fc1(x))))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(5)
    x = rng.randn(24, 6).astype(np.float32)
    y = (x[:, :1] * 0.7 - x[:, 1:2] + 0.1).astype(np.float32)
    net = Net((rng.randn(10, 6) * 0.3).astype(np.float32),
              (rng.randn(1, 10) * 0.3).astype(np.float32))
    lr = nn.ExponentialDecayLR(learning_rate=0.05, decay_rate=0.9, decay_steps=2)
    opt = MyMomentum(net.trainable_params(), lr, 0.9, weight_decay=1e-3)
    step = MyTrainOneStepCell(nn.WithLossCell(net, nn.L1Loss()), opt)
    step.set_train()
    losses = []
    for epoch in range(3):
        for start in (0, 12):
            batch = Tensor(x[start:start + 12]), Tensor(y[start:start + 12])
            losses.append(float(step(*batch).asnumpy()))
    net.set_train(False)
    pred = net(Tensor(x))
    return {"losses": losses, "pred_shape": list(pred.shape),
            "pred_sum": float(pred.sum().asnumpy()),
            "moving_mean": net.bn.moving_mean.asnumpy().astype(np.float64).tolist(),
            "global_step": int(opt.global_step.asnumpy().reshape(-1)[0]),
            "moment_names": [m.name for m in opt.moments],
            "trainable": [p.name for p in net.trainable_params()]}


if __name__ == "__main__":
    print(main())
