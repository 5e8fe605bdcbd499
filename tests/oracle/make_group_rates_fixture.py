"""Record, under MindSpore 2.10, how optimizers keep group learning rates: the registered
names and shapes (``learning_rate_group_<i>``), what ``get_lr_parameter`` returns, and the
weights after steps where a group's rate Parameter was changed (``set_data``, ``ops.assign``).
Run with ``/tmp/msvenv/bin/python tests/oracle/make_group_rates_fixture.py``; writes
``group_rates_fixture.json`` next to this file, replayed by
``tests/test_optimizer_group_rates.py``.
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE)
GROUPS = {
    "own_and_default": [{"params": "a", "lr": 0.5}, {"params": "b"}, {"params": "c", "lr": 0.25}],
    "all_own": [{"params": "a", "lr": 0.5}, {"params": "bc", "lr": 0.25}],
    "later_own": [{"params": "a"}, {"params": "b", "lr": 0.25}, {"params": "c"}],
    "no_lr": [{"params": "a", "weight_decay": 0.1}, {"params": "bc"}],
}
OPTIMIZERS = {"sgd": lambda g: nn.SGD(g, learning_rate=0.1),
              "momentum": lambda g: nn.Momentum(g, learning_rate=0.1, momentum=0.9),
              "adam": lambda g: nn.Adam(g, learning_rate=0.1)}


def make(groups, optimizer):
    params = {n: Parameter(Tensor(np.array([1.0 + i, -1.0], np.float32)), name=n)
              for i, n in enumerate("abc")}
    opt = OPTIMIZERS[optimizer]([dict(g, params=[params[n] for n in g["params"]])
                                 for g in groups])
    return opt, params


def record(groups, optimizer):
    opt, params = make(groups, optimizer)
    out = {"names": [[p.name, list(p.shape)] for p in opt.get_parameters()],
           "lr_parameter": [[opt.get_lr_parameter(params[n]).name,
                             opt.get_lr_parameter(params[n]).asnumpy().tolist()] for n in "abc"],
           "weights": []}
    grads = tuple(Tensor(np.array([1.0, 0.5], np.float32)) for _ in "abc")
    # set_data before the first step: a's rate from then on (MindSpore PyNative ignores a
    # set_data after the first step, its compiled step keeps the old value); ops.assign after
    # it: a's rate from the next step
    opt.get_lr_parameter(params["a"]).set_data(Tensor(np.float32(2.0)))
    for i in range(3):
        if i == 2:
            ops.assign(opt.get_lr_parameter(params["a"]), Tensor(np.float32(0.125)))
        opt(grads)
        out["weights"].append({n: params[n].asnumpy().tolist() for n in "abc"})
    return out


if __name__ == "__main__":
    fixture = {"groups": GROUPS,
               "cases": {f"{o}/{g}": record(GROUPS[g], o) for g in GROUPS for o in OPTIMIZERS}}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "group_rates_fixture.json")
    with open(path, "w") as handle:
        json.dump(fixture, handle, indent=1)
