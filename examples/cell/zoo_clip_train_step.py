"""Model-zoo style: a custom TrainOneStepCell that scales the sens with Fill, clips each
gradient through a MultitypeFuncGraph over HyperMap, then by global norm, and a custom
optimizer that updates with hyper_map(partial(_update, lr)) and assign.

Written as for MindSpore; only the import lines name minpy_compat (the test suite also runs
it on MindSpore 2.10's record, tests/oracle_zoo/loop_fixture.json). MindSpore 2.10 printed
losses 1.12166, 0.99568, 0.89992, 0.82760, 0.77268, 0.73547 for the six steps.
"""
import numpy as np
import minpy_compat as ms
from minpy_compat import nn, Tensor, Parameter, ParameterTuple
from minpy_compat.ops import operations as P
from minpy_compat.ops import functional as F
from minpy_compat.ops import composite as C
import minpy_compat.common.dtype as mstype

GRADIENT_CLIP_TYPE = 1
GRADIENT_CLIP_VALUE = 0.5

clip_grad = C.MultitypeFuncGraph("clip_grad")


@clip_grad.register("Number", "Number", "Tensor")
def _clip_grad(clip_type, clip_value, grad):
    if clip_type not in (0, 1):
        return grad
    dt = F.dtype(grad)
    if clip_type == 0:
        new_grad = C.clip_by_value(grad, F.cast(F.tuple_to_array((-clip_value,)), dt),
                                   F.cast(F.tuple_to_array((clip_value,)), dt))
    else:
        new_grad = nn.ClipByNorm()(grad, F.cast(F.tuple_to_array((clip_value,)), dt))
    return new_grad


sgd_update = C.MultitypeFuncGraph("sgd_update")


@sgd_update.register("Tensor", "Tensor", "Tensor")
def _sgd_update(lr, param, grad):
    F.assign(param, param - lr * grad)
    return param


class PlainSGD(nn.Optimizer):
    def __init__(self, params, learning_rate):
        super(PlainSGD, self).__init__(learning_rate, params)
        self.hyper_map = C.HyperMap()

    def construct(self, gradients):
        lr = self.get_lr()
        return self.hyper_map(F.partial(sgd_update, lr), self.parameters, gradients)


class Net(nn.Cell):
    def __init__(self, w1, w2):
        super(Net, self).__init__()
        self.fc1 = nn.Dense(6, 8, weight_init=Tensor(w1), bias_init="zeros")
        self.fc2 = nn.Dense(8, 3, weight_init=Tensor(w2), bias_init="zeros")
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


class ClipTrainOneStepCell(nn.Cell):
    def __init__(self, network, optimizer, sens=1.0):
        super(ClipTrainOneStepCell, self).__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.weights = ParameterTuple(network.trainable_params())
        self.optimizer = optimizer
        self.grad = C.GradOperation(get_by_list=True, sens_param=True)
        self.sens = sens
        self.hyper_map = C.HyperMap()
        self.cast = P.Cast()

    def construct(self, x, label):
        weights = self.weights
        loss = self.network(x, label)
        sens = P.Fill()(P.DType()(loss), P.Shape()(loss), self.sens)
        grads = self.grad(self.network, weights)(x, label, self.cast(sens, mstype.float32))
        grads = self.hyper_map(F.partial(clip_grad, GRADIENT_CLIP_TYPE, GRADIENT_CLIP_VALUE),
                               grads)
        grads = C.clip_by_global_norm(grads, 1.0)
        return F.depend(loss, self.optimizer(grads))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(7)
    x = rng.randn(16, 6).astype(np.float32)
    y = rng.randint(0, 3, size=16).astype(np.int32)
    w1 = (rng.randn(8, 6) * 0.5).astype(np.float32)
    w2 = (rng.randn(3, 8) * 0.5).astype(np.float32)
    net = Net(w1, w2)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    with_loss = nn.WithLossCell(net, loss_fn)
    opt = PlainSGD(net.trainable_params(), learning_rate=0.2)
    step = ClipTrainOneStepCell(with_loss, opt, sens=2.0)
    step.set_train()
    losses = []
    for _ in range(6):
        loss = step(Tensor(x), Tensor(y))
        losses.append(float(loss.asnumpy()))
    out = {"losses": losses, "loss_is_float32": loss.dtype == mstype.float32,
           "loss_shape": list(loss.shape),
           "param_names": [p.name for p in net.trainable_params()],
           "weights": {p.name: p.asnumpy().astype(np.float64).ravel().tolist()
                       for p in net.trainable_params()},
           "opt_param_count": len(opt.parameters)}
    return out


if __name__ == "__main__":
    result = main()
    for step, loss in enumerate(result["losses"]):
        print(f"step {step} loss {loss:.5f}")
    print("parameters", ", ".join(result["param_names"]))
