"""Record, under MindSpore 2.10, how the Adam family keeps its beta powers: each
optimizer's state names, the powers' shape, and the powers and weights after each of a few
steps. Run with ``/tmp/msvenv/bin/python tests/oracle/make_beta_powers_fixture.py``; writes
``beta_powers_fixture.json`` next to this file, replayed by
``tests/test_optimizer_beta_powers.py``.
"""
import json
import os

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)
START = [1.0, -2.0, 0.5]
GRADS = [[0.3, -0.1, 2.0], [0.3, -0.2, 2.0], [-0.7, -0.3, 0.25], [0.05, 1.5, -2.0]]
CASES = {
    "adam": (nn.Adam, {}),
    "adam_amsgrad": (nn.Adam, {"use_amsgrad": True}),
    "adam_nesterov": (nn.Adam, {"use_nesterov": True}),
    "lazy_adam": (nn.LazyAdam, {}),
    "adam_offload": (nn.AdamOffload, {}),
    "adamax": (nn.AdaMax, {}),
}


def record(cls, extra):
    w = Parameter(Tensor(np.array(START, np.float32)), name="w")
    opt = cls([w], learning_rate=0.1, beta1=0.8, beta2=0.9, **extra)
    powers = [p for p in opt.get_parameters() if p.name.endswith("_power")]
    out = {"names": [p.name for p in opt.get_parameters()],
           "power_shape": list(powers[0].shape), "steps": []}
    for grad in GRADS:
        opt((Tensor(np.array(grad, np.float32)),))
        out["steps"].append({
            "powers": {p.name: p.asnumpy().reshape(-1).tolist() for p in powers},
            "weight": w.asnumpy().tolist()})
    return out


if __name__ == "__main__":
    fixture = {"start": START, "grads": GRADS,
               "cases": {name: record(*case) for name, case in CASES.items()}}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "beta_powers_fixture.json")
    with open(path, "w") as handle:
        json.dump(fixture, handle, indent=1)
