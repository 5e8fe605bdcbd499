"""Record MindSpore 2.10 on ``pools16_cases.py`` into ``pools16_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_pools16_fixture.py
Each case records its outputs (value, shape, dtype; indices too) and the input gradient of
``sum(out * cotangent)``, or the error MindSpore raised.
"""
import json
import os
import sys

import mindspore as ms
import numpy as onp
from mindspore import mint, nn, ops  # noqa: F401  (reached through the ms module)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pools16_cases as cases  # noqa: E402


def _record(out):
    if isinstance(out, tuple):
        return [_record(o) for o in out]
    data = out.asnumpy()
    return {"value": data.tolist(), "dtype": data.dtype.name, "shape": list(data.shape)}


def run(case):
    try:
        fn = cases.make_fn(ms, case)
        x = ms.Tensor(cases.inputs(case))
        out = fn(x)
        result = {"out": _record(out)}
        cot = ms.Tensor(cases.cotangent(cases.first(out).shape))
        grad = ms.grad(lambda x: (cases.first(fn(x)) * cot).sum())(x)
        result["grad"] = _record(grad)
    except Exception as err:  # an oracle records whatever raised
        result = {"error": type(err).__name__, "message": str(err).split("\n")[0][:300]}
    return result


if __name__ == "__main__":
    ms.set_context(pynative_synchronize=True)
    fixture = {"mindspore": ms.__version__, "cases": {c[0]: run(c) for c in cases.CASES}}
    with open(os.path.join(HERE, "pools16_fixture.json"), "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
    for key, value in fixture["cases"].items():
        print(key, value.get("error", ""), value.get("message", "")[:200])
