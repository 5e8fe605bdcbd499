"""Record MindSpore 2.10's conv, pooling and norm Cells into ``conv_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_conv_fixture.py
Each case in ``conv_cases.py`` is recorded as ``make_nn_fixture.record`` does (Parameters,
output, input and Parameter gradients, Parameters after the forward pass, names); a case
MindSpore cannot run is recorded with its error. Bad arguments record the exception class.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conv_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run_cases():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(2000 + seed)
        inputs = [base.make_input(spec, rng) for spec in specs]
        try:
            cell = getattr(nn, cls)(**kwargs)
            recorded[case_id] = base.record(cell, train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case_id, recorded[case_id]["error"])
    return recorded


if __name__ == "__main__":
    cases_module = base.cases
    base.cases = cases  # run_bad_types and signatures read BAD_TYPES / SIGNATURE_CELLS
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "bad_types": base.run_bad_types(), "signatures": base.signatures()}
    base.cases = cases_module
    with open(os.path.join(HERE, "conv_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
