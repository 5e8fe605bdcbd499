"""Replay real MindSpore 2.10's answers for the math, reduction and linear-algebra ops
(``tests/oracle/ops_math_fixture.json``, written by ``make_ops_math_fixture.py``) on
``minpy_compat.ops``: values, dtypes, shapes, raise or not (same error class), gradients.
"""
import json
import os
import sys

import pytest

from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "oracle", "ops_math_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _dtype(case, i=0):
    arg = case["args"][i]
    return arg.get("dtype") if isinstance(arg, dict) else None


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels lack this dtype (other devices have it); ours computes",
     "out", lambda c: _ms_error(c, "Select CPU operator")),
    ("MindSpore's CPU Round kernel takes no Bool and only decimals=0; ours computes",
     "out", lambda c: c["op"] == "round" and c["out"].get("error") == "RuntimeError"),
    ("MindSpore's CPU kernels refuse Float64 here (Lerp, dot's MatMul, LpNorm); ours "
     "computes (the float64 finite-difference checks need it)",
     "out", lambda c: _ms_error(c, "Float64")
     and c["op"] in ("lerp", "dot", "dist", "cosine_similarity")),
    ("MindSpore's CPU Einsum kernel fails with an empty RuntimeError; ours computes",
     "out", lambda c: c["op"] == "einsum"),
    ("MindSpore's CPU cummax/cummin have no gradient (RuntimeError); ours flows it to "
     "the element picked", "gradient", lambda c: c["op"] in ("cummax", "cummin")),
    ("MindSpore's signbit(-0.0) is False (it tests x < 0); ours reads the sign bit",
     "out", lambda c: c["op"] == "signbit" and _dtype(c) == "float32"),
    ("MindSpore's xlogy(0, 0) is NaN, against its docs (0 where input is 0), and so its "
     "gradient; ours 0", "both",
     lambda c: c["op"] == "xlogy" and c["args"][0].get("t") == [0.0, 1.0, 2.0]),
]


accepted = accepted_by(ACCEPTED)


def _grad_fn(fn, positions):
    return ops.grad(fn, grad_position=positions)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_math_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
