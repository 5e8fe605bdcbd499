"""The Cell layer's price: one MindSpore-style training step against the same step written
with ``minpy_compat.numpy`` + ``grad`` and by hand in NumPy.

The model is workload (a)'s MLP (Dense + ReLU layers, mean softmax cross-entropy on sparse
labels, plain SGD), at two sizes: a small one where Python overhead is all there is, and
(a)'s own 784-256-10 at batch 256. The candidates, interleaved in one process (the order
rotates each round; medians and the median of per-round paired ratios, as ``bench_core``):

- hand-written NumPy: forward, backprop and update by hand (the floor);
- functional: ``grad`` of the loss written with ``minpy_compat.numpy`` over a list of
  (w, b) pairs, then an in-place SGD update (``bench_core``'s workload (a) step);
- ``value_and_grad``: ``nn.SequentialCell`` of ``nn.Dense``/``nn.ReLU``, the loss Cell,
  ``ms.value_and_grad(forward, None, weights)`` and ``nn.SGD`` (MindSpore 2.x's idiom);
- ``TrainOneStepCell``: ``nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(...))``
  (MindSpore 1.x's idiom).

Before timing, the script checks that all four start from the same weights and compute the
same loss and the same first update (float32, rtol 1e-4), so they do the same work.

Run: .venv/core/bin/python benchmarks/bench_cell.py [--rounds N]
"""
import argparse
import os
import sys

import numpy as onp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_core  # noqa: E402  (the workload, the references and the timing)
import minpy_compat as ms  # noqa: E402
import minpy_compat.numpy as mnp  # noqa: E402
from minpy_compat import nn  # noqa: E402

LEARNING_RATE = 0.1


def cell_net(params):
    """Dense/ReLU layers holding ``params`` (Dense keeps its weight as (out, in))."""
    layers = []
    for i, (w, b) in enumerate(params):
        dense = nn.Dense(w.shape[0], w.shape[1])
        dense.weight.set_data(ms.Tensor(onp.ascontiguousarray(w.T)))
        dense.bias.set_data(ms.Tensor(b.copy()))
        layers.append(dense)
        if i < len(params) - 1:
            layers.append(nn.ReLU())
    return nn.SequentialCell(*layers)


def value_and_grad_step_fn(params):
    net = cell_net(params)
    loss_cell = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.SGD(net.trainable_params(), learning_rate=LEARNING_RATE)
    step = ms.value_and_grad(lambda x, y: loss_cell(net(x), y), None, optimizer.parameters)

    def train(data, labels):
        loss, grads = step(data, labels)
        optimizer(grads)
        return loss
    return train, net


def train_one_step_fn(params):
    net = cell_net(params)
    loss_cell = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.SGD(net.trainable_params(), learning_rate=LEARNING_RATE)
    return nn.TrainOneStepCell(nn.WithLossCell(net, loss_cell), optimizer), net


def _first_weight(net):
    return net[0].weight.asnumpy().T


def _check_same_work(sizes):
    """One step of each candidate from the same weights: the same loss and update."""
    params, data, labels, onehot = bench_core.make_mlp(sizes)
    loss = bench_core.traced_mlp_loss(mnp)(params, data, onehot)
    hand = [(w.copy(), b.copy()) for w, b in params]
    bench_core.numpy_step(hand, data, onehot)
    expected = hand[0][0]  # the first weight after one hand-written step
    x, y = ms.Tensor(data), ms.Tensor(labels.astype(onp.int32))
    vg_step, vg_net = value_and_grad_step_fn(params)
    tos_step, tos_net = train_one_step_fn(params)
    losses = [vg_step(x, y), tos_step(x, y)]
    for value in losses:
        onp.testing.assert_allclose(float(value), float(loss), rtol=1e-4)
    for net in (vg_net, tos_net):
        onp.testing.assert_allclose(_first_weight(net), expected, rtol=1e-4, atol=1e-6)
        assert net[0].weight.dtype == onp.float32


def workload(title, sizes, rounds, repeat):
    _check_same_work(sizes)
    setups = {}
    params, data, labels, onehot = bench_core.make_mlp(sizes)
    setups["hand-written numpy"] = lambda p=params: bench_core.numpy_step(p, data, onehot)
    params, _, _, _ = bench_core.make_mlp(sizes)
    functional = bench_core.minpy_step_fn()
    setups["functional grad"] = lambda p=params: functional(p, data, onehot)
    x, y = ms.Tensor(data), ms.Tensor(labels.astype(onp.int32))
    params, _, _, _ = bench_core.make_mlp(sizes)
    vg_step, _ = value_and_grad_step_fn(params)
    setups["value_and_grad"] = lambda: vg_step(x, y)
    params, _, _, _ = bench_core.make_mlp(sizes)
    tos_step, _ = train_one_step_fn(params)
    setups["TrainOneStepCell"] = lambda: tos_step(x, y)
    times = bench_core.interleaved(setups, rounds, repeat)
    bench_core.report(title, times, "value_and_grad", ["hand-written numpy", "functional grad"])
    print(f"  ratio TrainOneStepCell / hand-written numpy: "
          f"{bench_core.paired_ratio(times, 'TrainOneStepCell', 'hand-written numpy'):.3f}")
    print(f"  ratio TrainOneStepCell / functional grad: "
          f"{bench_core.paired_ratio(times, 'TrainOneStepCell', 'functional grad'):.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')} "
          f"numpy {onp.__version__} python {sys.version.split()[0]}")
    workload("Cell step, MLP 32-32-32-4, batch 8, float32 (Python overhead)",
             [32, 32, 32, 4], args.rounds, 50)
    workload("Cell step, MLP 784-256-10, batch 256, float32 (workload (a))",
             [784, 256, 10], args.rounds, 5)


if __name__ == "__main__":
    main()
