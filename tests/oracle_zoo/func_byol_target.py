"""Functional MindSpore 2.x self-supervised step in the style of BYOL: an online network
with a predictor, a target network whose output goes through ops.stop_gradient and whose
weights follow the online ones by an exponential moving average kept with ops.assign
over ParameterTuples; ms.value_and_grad(has_aux=True) with the stopped target in the
aux output, ops.depend tying the EMA update to the optimizer step."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, ParameterTuple


def encoder(rng):
    return nn.SequentialCell([
        nn.Dense(4, 6, weight_init=Tensor((rng.randn(6, 4) * 0.5).astype(np.float32)),
                 bias_init="zeros"),
        nn.ReLU(),
        nn.Dense(6, 3, weight_init=Tensor((rng.randn(3, 6) * 0.5).astype(np.float32)),
                 bias_init="zeros")])


class MovingAverage(nn.Cell):
    def __init__(self, online, target, decay):
        super().__init__()
        self.online = ParameterTuple(online.get_parameters())
        self.target = ParameterTuple(target.get_parameters())
        self.decay = decay

    def construct(self):
        for source, dest in zip(self.online, self.target):
            ops.assign(dest, dest * self.decay + source * (1.0 - self.decay))
        return True


def normalized(x):
    return x / ops.sqrt((x * x).sum(axis=1, keepdims=True) + 1e-8)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(29)
    online = encoder(rng)
    target = encoder(rng)
    for p in target.get_parameters():
        p.requires_grad = False
    predictor = nn.Dense(3, 3, weight_init=Tensor((rng.randn(3, 3) * 0.5).astype(np.float32)),
                         bias_init="zeros")
    params = online.trainable_params() + predictor.trainable_params()
    optimizer = nn.SGD(params, learning_rate=0.2, momentum=0.8)
    average = MovingAverage(online, target, 0.9)

    def forward(view1, view2):
        prediction = normalized(predictor(online(view1)))
        projected = ops.stop_gradient(normalized(target(view2)))
        loss = (2.0 - 2.0 * (prediction * projected).sum(axis=1)).mean()
        return loss, projected

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters, has_aux=True)
    losses, target_sums, projected_norms = [], [], []
    base = rng.randn(6, 4).astype(np.float32)
    for _ in range(4):
        view1 = Tensor(base + 0.1 * rng.randn(6, 4).astype(np.float32))
        view2 = Tensor(base + 0.1 * rng.randn(6, 4).astype(np.float32))
        (loss, projected), grads = grad_fn(view1, view2)
        loss = ops.depend(loss, optimizer(grads))
        loss = ops.depend(loss, average())
        losses.append(float(loss.asnumpy()))
        projected_norms.append(float(np.linalg.norm(projected.asnumpy().astype(np.float64))))
        target_sums.append([float(p.asnumpy().astype(np.float64).sum())
                            for p in target.get_parameters()])
    return {"losses": losses, "projected_norms": projected_norms, "target_sums": target_sums,
            "n_grads": len(grads), "online_names": [p.name for p in params],
            "target_trainable": len(target.trainable_params()),
            "online_sums": [float(p.asnumpy().astype(np.float64).sum()) for p in params]}


if __name__ == "__main__":
    print(main())
