"""Record ``probB_fixture.json`` from MindSpore 2.10 (CPU, PyNative): each bijector
case's four methods (values and the gradient of their sum to the input), properties,
constructor signatures, and the errors of bad arguments.

Run with the MindSpore environment: ``/tmp/msvenv/bin/python make_probB_fixture.py``.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops
import mindspore.nn.probability.bijector as msb

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import probB_cases as cases  # noqa: E402


def encode(x):
    x = onp.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)
    return {"data": x.ravel().tolist(), "dtype": str(x.dtype), "shape": list(x.shape)}


param, build, Call = cases.builders(ms, nn, msb)


def record_case(name):
    _, _, values, dtype = cases.CASES[name]
    bij, x = build(name), ms.Tensor(onp.array(values, dtype))
    rec = {"name": bij.name, "batch_shape": list(bij.batch_shape or ()),
           "is_scalar_batch": bij.is_scalar_batch,
           "is_constant_jacobian": bij.is_constant_jacobian, "methods": {}}
    for method in cases.METHODS:
        out = bij(method, x)
        grad = ops.GradOperation(get_all=True)(Call(bij, method))(x)[0]
        rec["methods"][method] = {"output": encode(out), "input_grad": encode(grad)}
    return rec


def record_error(row):
    _, cls, args, kwargs, values, dtype = row
    try:
        bij = getattr(msb, cls)(*[param(a) for a in args], **kwargs)
        if values is not None:
            bij("forward", ms.Tensor(onp.array(values, dtype)) if dtype else values)
    except Exception as err:  # noqa: BLE001 - recording whatever MindSpore raises
        return {"type": type(err).__name__, "message": str(err).splitlines()[0]}
    return {"type": None, "message": ""}


def signature(name):
    params = list(inspect.signature(getattr(msb, name).__init__).parameters.values())[1:]
    return [[p.name, None if p.default is p.empty else repr(p.default), p.kind.name]
            for p in params]


def main():
    fixture = {"cases": {name: record_case(name) for name in cases.CASES},
               "errors": {row[0]: record_error(row) for row in cases.ERRORS},
               "signatures": {name: signature(name) for name in cases.SIGNATURES}}
    with open(os.path.join(HERE, "probB_fixture.json"), "w") as out:
        json.dump(fixture, out, indent=None, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
