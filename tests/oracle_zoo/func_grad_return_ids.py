"""Functional MindSpore 2.x bookkeeping of gradients by name: ms.grad(...,
return_ids=True) and ms.get_grad by Parameter and by input position; optimizer groups
built from net.trainable_params() filtered by name (no weight decay on biases); a
sub-cell frozen mid-training with requires_grad=False and the gradient function
rebuilt over the remaining trainable_params()."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class TwoTower(nn.Cell):
    def __init__(self, rng):
        super().__init__()
        self.left = nn.Dense(3, 4, weight_init=Tensor((rng.randn(4, 3) * 0.5).astype(np.float32)),
                             bias_init=Tensor((rng.randn(4) * 0.1).astype(np.float32)))
        self.right = nn.Dense(3, 4, weight_init=Tensor((rng.randn(4, 3) * 0.5).astype(np.float32)),
                              bias_init=Tensor((rng.randn(4) * 0.1).astype(np.float32)))
        self.out = nn.Dense(4, 1, weight_init=Tensor((rng.randn(1, 4) * 0.5).astype(np.float32)),
                            bias_init="zeros")

    def construct(self, a, b):
        return self.out(ops.sigmoid(self.left(a)) * ops.tanh(self.right(b)))


def listed(tensor):
    return tensor.asnumpy().astype(np.float64).tolist()


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(17)
    net = TwoTower(rng)
    a = Tensor(rng.randn(5, 3).astype(np.float32))
    b = Tensor(rng.randn(5, 3).astype(np.float32))
    y = Tensor(rng.randn(5, 1).astype(np.float32))

    def forward(a, b, y):
        return ((net(a, b) - y) ** 2).mean()

    params = net.trainable_params()
    grads = ms.grad(forward, grad_position=(0, 1), weights=params, return_ids=True)(a, b, y)
    by_param = {p.name: listed(ms.get_grad(grads, p)) for p in params}
    by_position = [listed(ms.get_grad(grads, 0)), listed(ms.get_grad(grads, 1))]
    id_kinds = [[type(entry[0]).__name__ for entry in part] for part in grads]

    decay = [p for p in params if "bias" not in p.name]
    no_decay = [p for p in params if "bias" in p.name]
    optimizer = nn.AdamWeightDecay([{"params": decay, "weight_decay": 0.1},
                                    {"params": no_decay, "weight_decay": 0.0},
                                    {"order_params": params}], learning_rate=0.05)
    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    losses, trained_counts = [], []
    for step in range(6):
        if step == 3:
            for p in net.right.get_parameters():
                p.requires_grad = False
            grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
        trainable = net.trainable_params()
        trained_counts.append(len(trainable))
        loss, step_grads = grad_fn(a, b, y)
        if step >= 3:
            names = [p.name for p in trainable]
            step_grads = tuple(step_grads[names.index(p.name)] if p.name in names
                               else ops.zeros_like(p) for p in optimizer.parameters)
        optimizer(step_grads)
        losses.append(float(loss.asnumpy()))
    return {"param_names": [p.name for p in params], "by_param": by_param,
            "by_position": by_position, "id_kinds": id_kinds,
            "decay_names": [p.name for p in decay], "losses": losses,
            "trained_counts": trained_counts,
            "weights": {p.name: listed(p) for p in net.get_parameters()},
            "requires_grad": [p.requires_grad for p in net.get_parameters()]}


if __name__ == "__main__":
    print(main())
