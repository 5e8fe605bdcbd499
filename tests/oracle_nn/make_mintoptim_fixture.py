"""Record MindSpore 2.10's ``mint.optim`` runs into ``mintoptim_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_mintoptim_fixture.py
Two CPU-build gaps are bridged here, each recorded in the fixture's "notes":
- ``Tensor.add_``/``mul_`` return the result without writing it on MindSpore 2.10's CPU build
  (``Parameter([1.]).add_(1)`` stays 1), so ``Adam``/``SGD`` would never move; they are
  patched to write through ``copy_`` (which works), keeping MindSpore's update code as is.
- ``mint.optim.AdamW``/``FusedAdamW`` step through the ``AdamW`` kernel, which the CPU build
  lacks ("The kernel AdamW unregistered"): their Parameter names come from their own
  constructors, their values from ``mindspore.experimental.optim.AdamW`` (the same
  documented update, in plain ops).
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn
from mindspore.experimental import optim as experimental
from mindspore.mint import optim

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mintoptim_cases as cases  # noqa: E402
from make_nn_fixture import encode, set_params  # noqa: E402


def _add_(self, other, *, alpha=1):
    self.copy_(self + other * alpha)
    return self


def _mul_(self, other):
    self.copy_(self * other)
    return self


ms.Tensor.add_, ms.Tensor.mul_ = _add_, _mul_


def state_of(opt):
    return {name: encode(p.asnumpy()) for name, p in opt.parameters_and_names()}


def run(run_id, cls, kwargs, groups, seed):
    rng = onp.random.default_rng(seed)
    net = nn.Dense(3, 2)
    params = set_params(net, rng)
    opt = getattr(optim, cls)(cases.build_params(net, groups), **kwargs)
    record = {"params": params, "names": [n for n, _ in opt.parameters_and_names()],
              "group_keys": [sorted(g) for g in opt.param_groups],
              "lr_names": [g["lr"].name for g in opt.param_groups],
              "initial_state": state_of(opt)}
    if cls in ("AdamW", "FusedAdamW"):  # no CPU kernel: the same update in plain ops
        net = nn.Dense(3, 2)
        set_params(net, onp.random.default_rng(seed))
        opt = experimental.AdamW(cases.build_params(net, groups), **kwargs)
    loss_fn = nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    x = rng.standard_normal((4, 3)).astype(onp.float32)
    y = rng.standard_normal((4, 2)).astype(onp.float32)
    losses, values = [], []
    for _ in range(3):
        loss, grads = grad_fn(ms.Tensor(x), ms.Tensor(y))
        opt(grads)
        losses.append(float(loss.asnumpy()))
        values.append({n: encode(p.asnumpy()) for n, p in net.parameters_and_names()})
    record.update(x=encode(x), y=encode(y), losses=losses, values=values,
                  final_state=state_of(opt))
    return record


def error_of(call):
    try:
        call()
    except Exception as error:  # the oracle records what MindSpore refuses
        return f"{type(error).__name__}: {error}"[:200]
    return None


def main():
    runs = {case[0]: run(*case, seed=9100 + i) for i, case in enumerate(cases.RUNS)}
    bad = {}
    for run_id, cls, kwargs in cases.BAD_ARGS:
        kwargs = dict(kwargs)
        if cls != "SGD" or "lr" in kwargs:
            bad[run_id] = error_of(lambda: getattr(optim, cls)(
                nn.Dense(3, 2).trainable_params(), **kwargs))
    for kind in cases.BAD_PARAMS:
        for cls in ("Adam", "SGD"):
            net = nn.Dense(3, 2)
            bad[f"params_{kind}_{cls}"] = error_of(lambda: getattr(optim, cls)(
                cases.bad_params(ms, kind, net.weight, net.bias), lr=0.1))
    fixture = {"mindspore": ms.__version__, "notes": __doc__.split("here, ")[1],
               "runs": runs, "errors": bad}
    with open(os.path.join(HERE, "mintoptim_fixture.json"), "w") as file:
        json.dump(fixture, file, indent=0)
    for key, value in bad.items():
        print(key, value)


if __name__ == "__main__":
    main()
