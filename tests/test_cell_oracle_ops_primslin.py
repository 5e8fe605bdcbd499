"""Replay real MindSpore 2.10's answers for area primslin's primitive classes and function
ops (complex, linear algebra, misc math; ``tests/oracle/ops_primslin_fixture.json``, written
by ``make_ops_primslin_fixture.py``): values, dtypes, shapes, raise or not (TypeError/
ValueError by class) and gradients. Complex values travel as (real, imag) pairs."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

from ops_primslin_cases import PrimRealView  # noqa: E402

with open(os.path.join(HERE, "ops_primslin_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _raised(case, name):
    return case["out"].get("error") == name


# (reason, applies to the output or the gradient, predicate on the case)
NO_CPU_GRAD = ("TridiagonalMatMul",)
ACCEPTED = [
    ("MindSpore's CPU Complex kernel fails to broadcast real and imag (RuntimeError in its "
     "resize); ours broadcasts", "out",
     lambda c: c["op"] == "Complex" and _raised(c, "RuntimeError")),
    ("MindSpore's CPU NanToNum refuses float64; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: c["op"] == "NanToNum" and c["args"][0]["dtype"] == "float64"),
    ("MindSpore's CholeskyInverse bprop is wrong for upper=False (ours matches finite "
     "differences, tests/test_ops_primslin_lin.py)", "gradient",
     lambda c: c["op"] == "CholeskyInverse"),
    ("MindSpore's CholeskySolve bprop gives x2's unread triangle a gradient; the output does "
     "not depend on it (ours: 0)", "gradient", lambda c: c["op"] == "CholeskySolve"),
    ("eigenvalues come in LAPACK's unspecified order and eigenvectors up to phase; "
     "MindSpore's compute_v=False placeholder is uninitialised memory", "out",
     lambda c: c["op"] == "Eig" and "tuple" in c["out"]),
    ("MindSpore's LogSpace kernel keeps about 4 significant digits in float64", "out",
     lambda c: c["op"] == "LogSpace" and c["init"][2:] == [{"mstype": "float64"}]),
    ("MindSpore 2.10 has no working CPU gradient for TridiagonalMatMul (RuntimeError); ours "
     "gives the tracer's", "gradient", lambda c: c["op"] in NO_CPU_GRAD),
]

accepted = accepted_by(ACCEPTED)
VIEW = PrimRealView(ms, ops)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_primslin_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, library=VIEW)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
