"""Functional MindSpore 2.x differentially-private SGD: per-example gradients of a
loss written over explicit weight tensors by ops.vmap(ms.grad(loss, grad_position=(0, 1)),
in_axes=(None, None, 0, 0)), each example's gradient clipped to a norm bound with
a factor min(1, bound / norm), averaged, noised from a seeded RandomState and
written back into the Parameters with ops.assign."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter


def example_loss(weight, bias, x, label):
    logits = (weight * x).sum(axis=1) + bias
    return -(ops.log_softmax(logits, axis=0) * label).sum()


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(31)
    weight = Parameter(Tensor((rng.randn(3, 4) * 0.3).astype(np.float32)), name="weight")
    bias = Parameter(Tensor(np.zeros(3, np.float32)), name="bias")
    per_example = ops.vmap(ms.grad(example_loss, grad_position=(0, 1)),
                           in_axes=(None, None, 0, 0))
    batch_loss = ops.vmap(example_loss, in_axes=(None, None, 0, 0))
    x = Tensor(rng.randn(8, 4).astype(np.float32))
    label = Tensor(np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)])
    clip, sigma, lr = 1.0, 0.5, 0.5
    losses, raw_norms, clipped_fraction = [], [], []
    for step in range(4):
        losses.append(float(batch_loss(weight, bias, x, label).mean().asnumpy()))
        g_weight, g_bias = per_example(weight, bias, x, label)
        norms = ops.sqrt((g_weight * g_weight).sum(axis=(1, 2)) + (g_bias * g_bias).sum(axis=1))
        factor = ops.minimum(ops.ones_like(norms), clip / (norms + 1e-6))
        raw_norms.append(norms.asnumpy().astype(np.float64).tolist())
        clipped_fraction.append(float((norms > clip).astype(ms.float32).mean().asnumpy()))
        mean_weight = (g_weight * factor.reshape(-1, 1, 1)).mean(axis=0)
        mean_bias = (g_bias * factor.reshape(-1, 1)).mean(axis=0)
        noise_w = Tensor((rng.randn(3, 4) * sigma * clip / 8).astype(np.float32))
        noise_b = Tensor((rng.randn(3) * sigma * clip / 8).astype(np.float32))
        ops.assign(weight, weight - lr * (mean_weight + noise_w))
        ops.assign(bias, bias - lr * (mean_bias + noise_b))
    return {"losses": losses, "raw_norms": raw_norms, "clipped_fraction": clipped_fraction,
            "per_example_shapes": [list(g_weight.shape), list(g_bias.shape)],
            "weight": weight.asnumpy().astype(np.float64).tolist(),
            "bias": bias.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
