"""Replay real MindSpore 2.10's answers for the scalar functions and ``sparse_segment_mean``
(``tests/oracle/ops_opsmath_fixture.json``, written by ``make_ops_opsmath_fixture.py``) on
``ops``: values, dtypes, shapes, Python result types, and raise or not (TypeError/ValueError
by class)."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from oracle_io import decode, make_op  # noqa: E402
with open(os.path.join(HERE, "ops_opsmath_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _holds_none(case):
    arg = case["args"][0]
    return isinstance(arg, dict) and None in arg.get("tuple", ())


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's tuple_to_array returns None for a tuple holding None; ours raises "
     "TypeError", "out", lambda c: c["op"] == "tuple_to_array" and _holds_none(c)),
    ("MindSpore 2.10's scalar_cast of a float past int64's range to int64 overflows in C "
     "(1e300 gives -2**63); ours raises ValueError", "out",
     lambda c: c["op"] in ("scalar_cast", "ScalarCast") and c["args"][1] == {"mstype": "int64"}
     and isinstance(c["args"][0], float) and abs(c["args"][0]) >= 2 ** 63),
    ("MindSpore 2.10's CPU SparseSegmentMean reads segment_ids[-1] of empty ids and raises; "
     "ours returns the empty (0, ...) result", "out",
     lambda c: c["op"] == "sparse_segment_mean" and c["args"][2]["shape"] == [0]),
]

accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_opsmath_agrees_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


PYTHON_RESULTS = [c for c in CASES if "py" in c["out"] and not accepted(c, "out")]


@pytest.mark.parametrize("case", PYTHON_RESULTS, ids=lambda c: c["op"])
def test_python_results_have_mindspores_type(case):
    """bool, int or float as MindSpore's (the replay compares values only: 2 == 2.0)."""
    got = make_op(case, ops, ms)(*[decode(a, ms, []) for a in case["args"]])
    assert type(got) is type(case["out"]["py"]), (got, case["out"])


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
