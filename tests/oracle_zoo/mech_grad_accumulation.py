"""Model-zoo style gradient accumulation: a TrainOneStepCell subclass keeps
``accu_grads`` (the weights cloned with init="zeros"), adds each micro-batch's gradients
with HyperMap + F.partial + P.AssignAdd, and every ``accumulation_steps`` calls clips the
sum by global norm, applies the optimizer and zeroes the sums with F.assign."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.ops import composite as C
import mindspore.common.dtype as mstype

_add_grad = C.MultitypeFuncGraph("add_grad")
_clear_grad = C.MultitypeFuncGraph("clear_grad")


@_add_grad.register("Tensor", "Tensor")
def _add(accu, grad):
    P.AssignAdd()(accu, grad)
    return accu


@_clear_grad.register("Tensor")
def _clear(accu):
    F.assign(accu, F.zeros_like(accu))
    return accu


class AccumulatingStep(nn.TrainOneStepCell):
    def __init__(self, network, optimizer, accumulation_steps):
        super().__init__(network, optimizer)
        self.accumulation_steps = accumulation_steps
        self.accu_grads = self.weights.clone(prefix="accu_grads", init="zeros")
        self.counter = Parameter(Tensor(0, mstype.int32), name="counter")
        self.hyper_map = C.HyperMap()

    def construct(self, *inputs):
        loss = self.network(*inputs)
        grads = self.grad(self.network, self.weights)(*inputs, F.fill(loss.dtype, loss.shape, 1.0))
        self.hyper_map(_add_grad, self.accu_grads, grads)
        P.AssignAdd()(self.counter, Tensor(1, mstype.int32))
        if self.counter % self.accumulation_steps == 0:
            total = ops.clip_by_global_norm(self.accu_grads, 0.5)
            self.optimizer(total)
            self.hyper_map(_clear_grad, self.accu_grads)
        return loss


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(13)
    net = nn.Dense(5, 3, weight_init=Tensor((rng.randn(3, 5) * 0.3).astype(np.float32)),
                   bias_init="zeros")
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    loss_net = nn.WithLossCell(net, loss_fn)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.4)
    step = AccumulatingStep(loss_net, opt, accumulation_steps=3)
    step.set_train()
    x = rng.randn(18, 5).astype(np.float32)
    y = rng.randint(0, 3, size=18).astype(np.int32)
    losses, accu_norms, weight_rows = [], [], []
    for i in range(6):
        batch = Tensor(x[i * 3:(i + 1) * 3]), Tensor(y[i * 3:(i + 1) * 3])
        losses.append(float(step(*batch).asnumpy()))
        accu_norms.append(float(np.sqrt(sum((a.asnumpy().astype(np.float64) ** 2).sum()
                                            for a in step.accu_grads))))
        weight_rows.append(net.weight.asnumpy()[0].astype(np.float64).tolist())
    return {"losses": losses, "accu_norms": accu_norms, "weight_rows": weight_rows,
            "counter": int(step.counter.asnumpy()),
            "accu_names": [p.name for p in step.accu_grads],
            "global_step": int(opt.global_step.asnumpy().reshape(-1)[0]),
            "bias": net.bias.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
