"""Parameter groups whose own ``lr`` is a LearningRateSchedule (the rest on the optimizer's
fixed rate), stepped by a functional loop: ms.value_and_grad over the optimizer's
parameters, the optimizer called on the gradients. ``run(ms)`` gives the same JSON-able
dict on MindSpore (``make_group_schedule_fixture.py`` records it) and on minpy_compat
(``tests/test_group_schedule_replay.py`` replays it); nothing here names either library.
"""
import numpy as np

OPTIMIZERS = ("SGD", "Momentum", "Adam", "RMSProp")


def _make(ms, kind, net):
    nn = ms.nn
    groups = [{"params": [net.weight], "lr": nn.ExponentialDecayLR(0.1, 0.5, 1)},
              {"params": [net.bias], "weight_decay": 0.01}]
    if kind == "Momentum":
        return nn.Momentum(groups, 0.02, 0.9)
    if kind == "RMSProp":
        return nn.RMSProp(groups, 0.02)
    return getattr(nn, kind)(groups, 0.02)


def train(ms, kind):
    rng = np.random.RandomState(1)
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(rng.randn(2, 3).astype(np.float32)),
                      bias_init="zeros")
    x = ms.Tensor(rng.randn(5, 3).astype(np.float32))
    y = ms.Tensor(rng.randn(5, 2).astype(np.float32))
    optimizer = _make(ms, kind, net)

    def forward(data, label):
        return ((net(data) - label) ** 2).mean()

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    losses, weight_rates = [], []
    for _ in range(4):
        weight_rates.append(float(optimizer.get_lr()[0].asnumpy()))
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
    return {"losses": losses, "weight_rates": weight_rates,
            "bias_rate": float(optimizer.get_lr()[1].asnumpy()),
            "weight_rate_holder": type(optimizer.get_lr_parameter(net.weight)).__name__,
            "weight": net.weight.asnumpy().astype(np.float64).tolist(),
            "bias": net.bias.asnumpy().astype(np.float64).tolist()}


def run(ms):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {kind: train(ms, kind) for kind in OPTIMIZERS}
