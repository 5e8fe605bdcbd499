"""Replay real MindSpore 2.10's answers for the opsnorm names (``eps``, ``padding``,
``range``, ``soft_shrink``, ``isnan_ext``, ``TensorAdd``, ``FFTWithSize``; the fixture
``tests/oracle/ops_opsnorm_fixture.json``, written by ``make_ops_opsnorm_fixture.py``) on
``minpy_compat``: values, dtypes, shapes, raise or not (same error class), gradients."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))
from ops_primslin_cases import PrimRealView  # noqa: E402

with open(os.path.join(HERE, "oracle", "ops_opsnorm_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's SoftShrink refuses Float64; ours takes it, as ops.softshrink does "
     "(float64 finite-difference checks)", "out",
     lambda c: c["op"] == "soft_shrink" and c["args"][0]["dtype"] == "float64"),
]
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_opsnorm_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, library=PrimRealView(ms, ops))
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
