"""Record MindSpore 2.10's remaining single-device nn names (area nnrest) into
``nnrest_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_nnrest_fixture.py
Cells are recorded as ``make_nn_fixture.record`` does (a case MindSpore cannot run records
its error); ``Jvp``/``Vjp`` record their outputs flattened; AdaFactor records three
training steps (``make_nn_fixture.run_optimizer_cases``); then bad arguments, signatures
and the names of the submodules users import from.
"""
import importlib
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nnrest_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_input(spec, rng):
    if spec[0] == "spd":
        a = rng.standard_normal(spec[1])
        eye = onp.eye(spec[1][-1])
        return (a @ onp.swapaxes(a, -1, -2) + spec[1][-1] * eye).astype(onp.float32)
    return base.make_input(spec, rng)


def flat(value):
    if isinstance(value, (tuple, list)):
        return [item for v in value for item in flat(v)]
    return [base.encode(value.asnumpy())]


def run_cells():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(9000 + seed)
        inputs = [make_input(spec, rng) for spec in specs]
        try:
            cell = getattr(nn, cls)(**kwargs)
            recorded[case_id] = base.record(cell, train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case_id, recorded[case_id]["error"])
    return recorded


def run_transforms():
    recorded = {}
    for seed, (case_id, cls, fn, shapes) in enumerate(cases.TRANSFORMS):
        rng = onp.random.default_rng(9500 + seed)
        inputs = [rng.standard_normal(s).astype(onp.float32) for s in shapes]
        probe = cases.build_fn(fn)(*[ms.Tensor(x) for x in inputs])
        outs = probe if isinstance(probe, tuple) else (probe,)
        if cls == "Jvp":
            v = [rng.standard_normal(s).astype(onp.float32) for s in shapes]
        else:
            v = [rng.standard_normal(o.shape).astype(onp.float32) for o in outs]
        v_arg = tuple(ms.Tensor(x) for x in v) if len(v) > 1 else ms.Tensor(v[0])
        try:
            out = getattr(nn, cls)(cases.build_fn(fn))(*[ms.Tensor(x) for x in inputs], v_arg)
            recorded[case_id] = {"inputs": [base.encode(x) for x in inputs],
                                 "v": [base.encode(x) for x in v], "outputs": flat(out),
                                 "structure": repr(type(out[1]).__name__)}
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case_id, recorded[case_id]["error"])
    return recorded


def submodules():
    found = {}
    for name, probes in cases.SUBMODULES.items():
        module = importlib.import_module(f"mindspore.nn.{name}")
        found[name] = {"all": sorted(getattr(module, "__all__", [])),
                       "has": {p: hasattr(module, p) for p in probes}}
    return found


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cases_module = base.cases
    base.cases = cases  # run_optimizer_cases, run_bad_types and signatures read them here
    fixture = {"mindspore": ms.__version__, "cases": run_cells(),
               "transforms": run_transforms(),
               "optimizers": base.run_optimizer_cases(cases.OPTIMIZERS, 9800),
               "bad_types": base.run_bad_types(), "signatures": base.signatures(),
               "submodules": submodules()}
    base.cases = cases_module
    with open(os.path.join(HERE, "nnrest_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases", json.dumps(fixture["bad_types"]))
