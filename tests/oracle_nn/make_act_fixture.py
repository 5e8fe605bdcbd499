"""Record MindSpore 2.10's activation, padding and channel-dropout Cells (``act_cases.py``)
into ``act_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_act_fixture.py
Per case, as ``make_nn_fixture.py`` records them: Parameters, output, input and Parameter
gradients, names; then the exception class of each bad constructor argument and bad
input, the constructor signatures, and channel-dropout statistics in training.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import act_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_input(spec, rng):
    if spec[0] == "values":
        return onp.array(spec[1], onp.float32)
    return rng.standard_normal(spec[0]).astype(spec[1])


def run_cases():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(seed)
        cell = getattr(nn, cls)(**kwargs)
        inputs = [make_input(spec, rng) for spec in specs]
        try:
            recorded[case_id] = base.record(cell, train, inputs, rng)
        except RuntimeError as error:  # a CPU kernel gap: recorded, listed in the test
            recorded[case_id] = {"error": str(error).strip().splitlines()[-1]}
    return recorded


def run_bad_inputs():
    recorded = {}
    for case_id, cls, kwargs, shape in cases.BAD_INPUTS:
        cell = getattr(nn, cls)(**kwargs)
        cell.set_train(True)
        try:
            out = cell(ms.Tensor(onp.ones(shape, onp.float32)))
            recorded[case_id] = {"shape": list(out.shape)}
        except Exception as error:  # the oracle records whatever MindSpore raises
            recorded[case_id] = base.builtin_of(error)
    return recorded


def dropout_statistics():
    """Fraction of channels zeroed and the kept scale, over many channels."""
    found = {}
    for cls, shape in [("Dropout1d", (40, 50, 3)), ("Dropout2d", (40, 50, 2, 2)),
                       ("Dropout3d", (40, 50, 2, 1, 2))]:
        cell = getattr(nn, cls)(p=0.3)
        cell.set_train(True)
        out = cell(ms.Tensor(onp.ones(shape, onp.float32))).asnumpy()
        per_channel = out.reshape(shape[0] * shape[1], -1)
        found[cls] = {"zeroed": float((per_channel == 0).all(1).mean()),
                      "kept_values": sorted(set(onp.round(out[out != 0], 5).tolist())),
                      "dtype": str(out.dtype)}
    return found


if __name__ == "__main__":
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "bad_types": base.run_bad_types(cases.BAD_TYPES), "bad_inputs": run_bad_inputs(),
               "dropout_statistics": dropout_statistics(), "signatures": {}}
    base.cases.SIGNATURE_CELLS = cases.SIGNATURE_CELLS
    fixture["signatures"] = base.signatures()
    with open(os.path.join(HERE, "act_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
