"""Record MindSpore 2.10's continuous distributions into ``probA_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_probA_fixture.py
For each case of ``probA_cases.py`` and each call: the output and the gradient of its sum
for every Tensor argument (``GradOperation(get_all=True)``), or the exception class and
message; for ``sample`` the shape and dtype; for bad constructor arguments the exception.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops
import mindspore.nn.probability.distribution as msd

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probA_cases as cases  # noqa: E402
from make_nn_fixture import encode  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
HERE = os.path.dirname(os.path.abspath(__file__))


def arg(spec):
    if isinstance(spec, tuple) and spec[0] == "t":
        return ms.Tensor(onp.array(spec[1], onp.float32))
    if isinstance(spec, tuple) and spec[0] == "shape":
        return tuple(spec[1])
    return spec


class Call(nn.Cell):
    def __init__(self, dist, method, args):
        super().__init__()
        self.dist, self.method, self.args = dist, method, args

    def construct(self, *tensors):
        it = iter(tensors)
        full = [next(it) if isinstance(a, ms.Tensor) else a for a in self.args]
        return self.dist(self.method, *full).sum()


def record_call(dist, method, specs):
    args = [arg(s) for s in specs]
    entry = {"method": method, "args": [list(s) if isinstance(s, tuple) else s for s in specs]}
    try:
        out = dist(method, *args)
        out = out if isinstance(out, str) else (
            tuple(o.asnumpy() for o in out) if isinstance(out, tuple) else out.asnumpy())
    except Exception as exc:  # noqa: BLE001 - the oracle records what MindSpore raises
        entry.update(error=type(exc).__name__, message=str(exc)[:300])
        return entry
    if method == "sample":
        entry.update(shape=list(out.shape), dtype=str(out.dtype))
        return entry
    if isinstance(out, str):
        entry["output"] = out
        return entry
    entry["output"] = encode(out)
    tensors = [a for a in args if isinstance(a, ms.Tensor)]
    if tensors:
        try:
            grads = ops.GradOperation(get_all=True)(Call(dist, method, args))(*tensors)
            entry["grads"] = [encode(g.asnumpy()) for g in grads]
            assert len(grads) == len(tensors)
        except Exception as exc:  # noqa: BLE001
            entry["grad_error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
    return entry


def build(name, init):
    kwargs = {k: (ms.int32 if v == "int32" else arg(v)) for k, v in init.items()}
    return getattr(msd, name)(**kwargs)


class Method(nn.Cell):
    def __init__(self, dist, method):
        super().__init__()
        self.dist, self.method = dist, method

    def construct(self, value):
        return self.dist(self.method, value).sum()


def record_params(name, init, method):
    """Names and gradients of a distribution whose init parameters are Parameters."""
    kwargs = {k: (ms.Parameter(ms.Tensor(onp.array(v[1], onp.float32)), name=k)
                  if isinstance(v, tuple) else v) for k, v in init.items()}
    net = Method(getattr(msd, name)(**kwargs), method)
    value = ms.Tensor(onp.array(cases.PARAM_VALUE, onp.float32))
    params = net.trainable_params()
    grads = ops.GradOperation(get_all=True, get_by_list=True)(net, params)(value)
    return {"names": [[n, p.name] for n, p in net.dist.parameters_and_names()],
            "trainable": [p.name for p in params], "output": encode(net(value).asnumpy()),
            "grads": [encode(g.asnumpy()) for g in grads[0]],
            "param_grads": [encode(g.asnumpy()) for g in grads[1]]}


def main():
    fixture = {"cases": {}, "bad": {}, "params": {}}
    for name, init, method in cases.PARAM_CASES:
        fixture["params"][name] = record_params(name, init, method)
    for case_id, name, init in cases.CASES:
        record = {"class": name, "init": {k: list(v) if isinstance(v, tuple) else v
                                          for k, v in init.items()}}
        try:
            dist = build(name, init)
        except Exception as exc:  # noqa: BLE001
            record["init_error"] = f"{type(exc).__name__}: {exc}"
            fixture["cases"][case_id] = record
            continue
        record["batch_shape"] = None if dist.batch_shape is None else list(dist.batch_shape)
        record["calls"] = [record_call(dist, m, a) for m, a in cases.calls(name)]
        fixture["cases"][case_id] = record
        print(case_id, sum("error" in c for c in record["calls"]), "errors", flush=True)
    for case_id, name, init in cases.BAD:
        try:
            build(name, init)
            fixture["bad"][case_id] = None
        except Exception as exc:  # noqa: BLE001
            fixture["bad"][case_id] = [type(exc).__name__, str(exc)[:300]]
    with open(os.path.join(HERE, "probA_fixture.json"), "w") as file:
        json.dump(fixture, file, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
