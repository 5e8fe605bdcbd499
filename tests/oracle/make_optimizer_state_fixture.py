"""Record MindSpore 2.10's optimizer state Parameters (names in get_parameters order, the
momentum and beta powers after steps) into ``optimizer_state_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_optimizer_state_fixture.py
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import nn

HERE = os.path.dirname(os.path.abspath(__file__))
X, Y = np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32)


def _net():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    return net


def _train(net, opt, steps):
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    for _ in range(steps):
        step(ms.Tensor(X), ms.Tensor(Y))
    return step


def record():
    out = {}
    makers = {"adam": lambda ps: nn.Adam(ps, learning_rate=0.01, beta1=0.8, beta2=0.95),
              "amsgrad": lambda ps: nn.Adam(ps, use_amsgrad=True),
              "momentum": lambda ps: nn.Momentum(ps, learning_rate=0.01, momentum=0.9),
              "sgd": lambda ps: nn.SGD(ps, momentum=0.5)}
    for name, make in makers.items():
        net = _net()
        opt = make(net.trainable_params())
        out[name] = {"optimizer": [p.name for p in opt.get_parameters()]}
        step = _train(net, opt, 2)
        out[name]["step_cell"] = [p.name for p in step.get_parameters()]
        out[name]["weight"] = net.weight.asnumpy().tolist()
    net = _net()
    opt = nn.Adam(net.trainable_params(), beta1=0.8, beta2=0.95)
    before = [float(opt.beta1_power.asnumpy()), list(opt.beta1_power.shape)]
    _train(net, opt, 3)
    out["adam_powers"] = before + [float(opt.beta1_power.asnumpy()),
                                   float(opt.beta2_power.asnumpy())]
    net = _net()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    opt.momentum.set_data(ms.Tensor(0.5, ms.float32))
    _train(net, opt, 2)
    out["momentum_set_data"] = {"momentum": float(opt.momentum.asnumpy()),
                                "weight": net.weight.asnumpy().tolist()}
    net = _net()
    ps = net.trainable_params()
    opt = nn.Momentum([{"params": ps[:1], "lr": [0.3, 0.2, 0.1]}, {"params": ps[1:]}],
                      learning_rate=0.05, momentum=0.0)
    _train(net, opt, 3)
    out["group_dynamic_lr"] = {"weight": net.weight.asnumpy().tolist(),
                               "bias": net.bias.asnumpy().tolist()}
    out["adam_flags"] = {}
    for flag in ("use_lazy", "use_offload"):
        net = _net()
        _train(net, nn.Adam(net.trainable_params(), learning_rate=0.1, **{flag: True}), 3)
        out["adam_flags"][flag] = net.weight.asnumpy().tolist()
    net = nn.SequentialCell([nn.Dense(3, 2), nn.BatchNorm1d(2)])
    ps = net.trainable_params()
    opt = nn.Momentum([{"params": ps[:1]}, {"params": ps[1:3], "lr": 0.3},
                       {"params": ps[3:], "lr": [0.1, 0.2]}], learning_rate=0.1, momentum=0.9)
    out["get_lr_parameter"] = [[r.name, r.asnumpy().tolist()] for r in opt.get_lr_parameter(ps)]
    return out


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    with open(os.path.join(HERE, "optimizer_state_fixture.json"), "w") as handle:
        json.dump(record(), handle, indent=1, sort_keys=True)
