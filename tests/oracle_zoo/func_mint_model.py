"""A MindSpore 2.x model written with ``mindspore.mint``: mint.nn.Linear and SiLU layers,
mint.cat / mint.mean / mint.sqrt / mint.nn.functional in construct and in the loss (the
ops MindSpore 2.10's CPU build has kernels for), trained by ms.value_and_grad over
nn.Adam's parameters with the optimizer called on the gradients (mint.optim is left out:
on 2.10's CPU build AdamW has no kernel and SGD's in-place ``add_(alpha=...)`` leaves the
weights as they were). The weights come from a seeded RandomState through net.apply(init)
(sub-cells first, then the net); the first layer is marked with recompute() and the net
with add_flags_recursive and set_boost."""
import numpy as np
import mindspore as ms
from mindspore import mint, nn, Tensor


class MintClassifier(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embed = mint.nn.Linear(4, 6)
        self.act = mint.nn.SiLU()
        self.head = mint.nn.Linear(12, 3, bias=False)

    def construct(self, x):
        h = self.embed(x)
        centred = h - mint.mean(h, dim=1, keepdim=True)
        h = self.act(centred / mint.sqrt(mint.mean(centred * centred, dim=1, keepdim=True) + 1e-5))
        pooled = mint.mean(h, dim=0, keepdim=True).broadcast_to(h.shape)
        return self.head(mint.cat((h, pooled), dim=1))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(13)
    net = MintClassifier()
    visited = []

    def init(cell):
        visited.append(type(cell).__name__)
        if isinstance(cell, mint.nn.Linear):
            cell.weight.set_data(Tensor((rng.randn(*cell.weight.shape) * 0.4)
                                        .astype(np.float32)))
            if cell.bias is not None:
                cell.bias.set_data(Tensor(rng.uniform(-0.1, 0.1, cell.bias.shape)
                                          .astype(np.float32)))

    applied = net.apply(init) is net
    recompute_result = net.embed.recompute()
    net.add_flags_recursive(zoo_probe=True)
    boosted = net.set_boost("less_bn") is net
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.03, weight_decay=0.01)

    def forward(x, label):
        logits = net(x)
        probs = mint.nn.functional.softmax(logits, dim=-1)
        loss = -mint.mean(mint.sum(mint.log(probs + 1e-7) * label, dim=1))
        return loss, logits

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters, has_aux=True)
    losses, accuracies = [], []
    x = Tensor(rng.randn(8, 4).astype(np.float32))
    label = Tensor(np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)] * 0.9 + 0.1 / 3)
    for _ in range(5):
        (loss, logits), grads = grad_fn(x, label)
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
        accuracies.append(float(mint.max(mint.nn.functional.softmax(logits, dim=-1))
                                .asnumpy()))
    probs = mint.nn.functional.softmax(net(x), dim=-1)
    return {"param_names": [p.name for p in net.trainable_params()],
            "visited": visited, "applied_returns_net": applied,
            "recompute_result": recompute_result, "boost_returns_net": boosted,
            "flags": {name or "net": sorted(cell.get_flags().items())
                      for name, cell in net.cells_and_names()},
            "losses": losses, "top_probs": accuracies,
            "probs": probs.asnumpy().astype(np.float64).tolist(),
            "sums": [float(p.asnumpy().astype(np.float64).sum())
                     for p in net.trainable_params()]}


if __name__ == "__main__":
    print(main())
