"""Record ``probB_dist_fixture.json`` from MindSpore 2.10 (CPU, PyNative): each case's
output and the gradients of its sum to every float Tensor argument (the per-call
parameters included), the errors of bad arguments, and the constructor signatures.

Run with the MindSpore environment: ``/tmp/msvenv/bin/python make_probB_dist_fixture.py``.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops
import mindspore.nn.probability.bijector as msb
import mindspore.nn.probability.distribution as msd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import probB_dist_cases as cases  # noqa: E402
from make_probB_fixture import encode  # noqa: E402


value, build, Call = cases.builders(ms, nn, msd, msb)


def record_case(ctor, method, args):
    dist = build(*ctor)
    call = [value(a) for a in args]
    out = dist(method, *call)
    rec = {"output": encode(out)}
    floats = [isinstance(a, ms.Tensor) and a.dtype in (ms.float32, ms.float64) for a in call]
    if any(floats) and out.dtype in (ms.float32, ms.float64):
        consts = [None if f else a for f, a in zip(floats, call)]
        tensors = [a for f, a in zip(floats, call) if f]
        grads = ops.GradOperation(get_all=True)(Call(dist, method, consts))(*tensors)
        rec["grads"] = [encode(g) for g in grads]
    return rec


def record_error(row):
    _, cls, args, kwargs, method, call = row
    try:
        dist = build(cls, args, kwargs)
        if method is not None:
            dist(method, *[value(a) for a in call])
    except Exception as err:  # noqa: BLE001 - recording whatever MindSpore raises
        return {"type": type(err).__name__, "message": str(err).splitlines()[0]}
    return {"type": None, "message": ""}


def signature(name):
    params = list(inspect.signature(getattr(msd, name).__init__).parameters.values())[1:]
    return [[p.name, None if p.default is p.empty else repr(p.default), p.kind.name]
            for p in params]


def main():
    fixture = {"cases": {}, "errors": {row[0]: record_error(row) for row in cases.ERRORS},
               "signatures": {name: signature(name) for name in cases.SIGNATURES}}
    for case_id, ctor, method, args in cases.CASES:
        try:
            fixture["cases"][case_id] = record_case(ctor, method, args)
        except Exception as err:  # noqa: BLE001 - an error is a recorded outcome too
            fixture["cases"][case_id] = {"error": type(err).__name__,
                                         "message": str(err).splitlines()[0]}
    with open(os.path.join(HERE, "probB_dist_fixture.json"), "w") as out:
        json.dump(fixture, out, indent=None, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
