"""Model-zoo style gradient accumulation (as BERT's accumulation cells do it): a GRU
tagger, a TrainOneStepCell subclass that keeps accumulators cloned from its weights,
adds each micro-batch's gradients into them with a MultitypeFuncGraph of P.AssignAdd
through C.HyperMap, and every few micro-batches divides them, calls the optimizer on
them and clears them with P.Assign; nn.Momentum (without use_nesterov: MindSpore 2.10's CPU kernel
ignores it, see tests/test_zoo_seq_gru_grad_accumulation.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.ops import composite as C
import mindspore.common.dtype as mstype

_sum_grad = C.MultitypeFuncGraph("sum_grad")
_clear_grad = C.MultitypeFuncGraph("clear_grad")
_scale_grad = C.MultitypeFuncGraph("scale_grad")


@_sum_grad.register("Tensor", "Tensor")
def _cumulative_grad(grad_sum, grad):
    return P.AssignAdd()(grad_sum, grad)


@_clear_grad.register("Tensor", "Tensor")
def _clear_grad_sum(grad_sum, zero):
    return P.Assign()(grad_sum, zero)


@_scale_grad.register("Tensor", "Tensor")
def _tensor_scale_grad(scale, grad):
    return grad * F.cast(scale, F.dtype(grad))


class GRUTagger(nn.Cell):
    def __init__(self, input_size, hidden_size, tags):
        super(GRUTagger, self).__init__()
        self.gru = nn.GRU(input_size, hidden_size, num_layers=2, batch_first=True)
        self.proj = nn.Dense(hidden_size, tags)
        self.reshape = P.Reshape()

    def construct(self, x):
        out, _ = self.gru(x)
        batch, seq, hidden = out.shape
        return self.proj(self.reshape(out, (batch * seq, hidden)))


class TaggerLoss(nn.Cell):
    def __init__(self, net):
        super(TaggerLoss, self).__init__(auto_prefix=False)
        self.net = net
        self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, x, tags):
        return self.loss(self.net(x), tags.view(-1))


class AccumulationTrainCell(nn.TrainOneStepCell):
    def __init__(self, network, optimizer, accumulation_steps):
        super(AccumulationTrainCell, self).__init__(network, optimizer)
        self.accumulation_steps = accumulation_steps
        self.accu_grads = self.weights.clone(prefix="accu_grads", init="zeros")
        self.zeros = self.weights.clone(prefix="zeros", init="zeros")
        self.local_step = Parameter(Tensor(0, mstype.int32), name="local_step")
        self.degree = Tensor(1.0 / accumulation_steps, mstype.float32)
        self.hyper_map = C.HyperMap()

    def construct(self, *inputs):
        loss = self.network(*inputs)
        grads = self.grad(self.network, self.weights)(*inputs, F.fill(loss.dtype, loss.shape,
                                                                      1.0))
        self.hyper_map(_sum_grad, self.accu_grads, grads)
        P.AssignAdd()(self.local_step, Tensor(1, mstype.int32))
        if self.local_step % self.accumulation_steps == 0:
            mean_grads = self.hyper_map(F.partial(_scale_grad, self.degree), self.accu_grads)
            loss = F.depend(loss, self.optimizer(mean_grads))
            self.hyper_map(_clear_grad, self.accu_grads, self.zeros)
        return loss


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(31)
    net = GRUTagger(input_size=4, hidden_size=6, tags=3)
    for param in net.get_parameters():
        param.set_data(Tensor(rng.uniform(-0.5, 0.5, param.shape).astype(np.float32)))
    x = rng.randn(12, 5, 4).astype(np.float32)
    tags = rng.randint(0, 3, size=(12, 5)).astype(np.int32)
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = AccumulationTrainCell(TaggerLoss(net), optimizer, accumulation_steps=3)
    step.set_train()
    losses, accumulated = [], []
    for epoch in range(2):
        for start in range(0, 12, 3):
            loss = step(Tensor(x[start:start + 3]), Tensor(tags[start:start + 3]))
            losses.append(float(loss.asnumpy()))
            accumulated.append(float(sum(g.abs().sum() for g in step.accu_grads).asnumpy()))
    net.set_train(False)
    logits = net(Tensor(x))
    return {"losses": losses, "accumulated_abs": accumulated,
            "weight_names": [p.name for p in step.weights],
            "accu_names": [p.name for p in step.accu_grads],
            "local_step": int(step.local_step.asnumpy()),
            "global_step": int(optimizer.global_step.asnumpy().reshape(-1)[0]),
            "logits_shape": list(logits.shape),
            "logits_sum": float(logits.sum().asnumpy()),
            "weight_sum": float(net.proj.weight.sum().asnumpy())}


if __name__ == "__main__":
    print(main())
