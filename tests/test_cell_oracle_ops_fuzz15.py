"""Replay real MindSpore 2.10's answers to area fuzz15's edge inputs
(``tests/oracle/ops_fuzz15_fixture.json``, written by ``make_ops_fuzz15_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class) and
gradients, as ``test_cell_oracle_ops.py`` does. Each fixed bug is one or more cases here;
the differences we keep are listed below with their reason."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_fuzz15_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _op(c, *names):
    return c["op"] in names


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's Hypot refuses Float16 and its CPU Xlogy int Tensors; ours computes (Float16, "
     "and Float32 for ints, as its other float ops)", "out",
     lambda c: _ms_error(c, "For primitive[Hypot]", "Select CPU operator[Xlogy]")),
    ("MindSpore's CPU Xlogy gives NaN for 0 * log(0) (it does not special-case x = 0, as "
     "its documentation and ours do)", "out",
     lambda c: _op(c, "Xlogy") and c["args"][0]["shape"] == [8]),
    ("MindSpore's CPU AccumulateNV2 fails at launch (RuntimeError); ours sums as AddN",
     "out", lambda c: _op(c, "AccumulateNV2") and c["out"].get("error") == "RuntimeError"),
    ("MindSpore's CPU EuclideanNorm fails at launch for Float64 (RuntimeError); ours computes",
     "out", lambda c: _op(c, "EuclideanNorm")),
    ("MindSpore's StridedSlice gradient fails for a negative stride (RuntimeError); ours "
     "is the tracer's", "gradient", lambda c: _op(c, "StridedSlice")),
]
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fuzz15_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
