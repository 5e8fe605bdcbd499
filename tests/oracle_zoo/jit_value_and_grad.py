"""Tutorial style: a functional train step under ms.jit, gradients by
ms.value_and_grad(forward, None, weights, has_aux=True), the optimizer called on them,
ops.depend tying the update to the loss; then an evaluation pass in float16."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, ParameterTuple
import mindspore.common.dtype as mstype


class Classifier(nn.Cell):
    def __init__(self, w1, w2):
        super(Classifier, self).__init__()
        self.body = nn.SequentialCell([
            nn.Dense(5, 7, weight_init=Tensor(w1), bias_init="zeros"), nn.Tanh(),
            nn.Dense(7, 3, weight_init=Tensor(w2), bias_init="zeros")])

    def construct(self, x):
        return self.body(x)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(3)
    x = Tensor(rng.randn(20, 5).astype(np.float32))
    labels = Tensor(rng.randint(0, 3, size=20).astype(np.int32))
    net = Classifier((rng.randn(7, 5) * 0.4).astype(np.float32),
                     (rng.randn(3, 7) * 0.4).astype(np.float32))
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.01)
    weights = ParameterTuple(net.trainable_params())

    def forward(data, label):
        logits = net(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward, None, weights, has_aux=True)

    @ms.jit
    def train_step(data, label):
        (loss, logits), grads = grad_fn(data, label)
        loss = ops.depend(loss, optimizer(grads))
        return loss, logits

    net.set_train()
    losses, accs = [], []
    for _ in range(8):
        loss, logits = train_step(x, labels)
        losses.append(float(loss.asnumpy()))
        pred = logits.argmax(axis=1)
        accs.append(float((pred == labels).astype(mstype.float32).mean().asnumpy()))
    net.set_train(False)
    half = net.to_float(mstype.float16)(x)
    return {"losses": losses, "accuracy": accs, "logits_shape": list(logits.shape),
            "eval_is_f16": half.dtype == mstype.float16,
            "grad_count": len(weights),
            "eval_sum": float(half.astype(mstype.float32).sum().asnumpy())}


if __name__ == "__main__":
    print(main())
