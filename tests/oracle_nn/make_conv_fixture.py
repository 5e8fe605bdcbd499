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

import mindspore as ms

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conv_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run_cases():
    return base.run_cell_cases(cases.CASES, 2000)


if __name__ == "__main__":
    cases_module = base.cases
    base.cases = cases  # run_bad_types and signatures read BAD_TYPES / SIGNATURE_CELLS
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "bad_types": base.run_bad_types(), "signatures": base.signatures()}
    base.cases = cases_module
    with open(os.path.join(HERE, "conv_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
