"""Replay real MindSpore 2.10's answers to the edge inputs round 16's fuzzing left open
(``tests/oracle/ops_fuzzleft_fixture.json``, written by ``make_ops_fuzzleft_fixture.py``):
values, dtypes, shapes, raise or not (TypeError and ValueError by class) and gradients,
as ``test_cell_oracle_ops.py`` does. The differences we keep are listed with their reason."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_fuzzleft_fixture.json")) as f:
    CASES = json.load(f)["cases"]


# (reason, applies to the output or the gradient, predicate on the case)
def _has_nan(case):
    return any(isinstance(a, dict) and a.get("dtype", "")[:5] == "float" and
               "nan" in json.dumps(a["t"]).lower() for a in case["args"])


ACCEPTED = [
    ("MindSpore's SegmentMax/Min keep a NaN only when it comes last in its segment "
     "([nan, 1] gives 1, [1, nan] nan: order-dependent, a bug); ours propagates it",
     "out", lambda c: c["op"] in ("SegmentMax", "SegmentMin") and _has_nan(c)),
    ("MindSpore's NthElement places NaN by std::nth_element's undefined order; ours sorts "
     "NaN last, as NumPy", "out", lambda c: c["op"] == "NthElement" and _has_nan(c)),
    ("MindSpore's TensorScatterUpdate/Mul/Div bprop ignores repeated indices (every "
     "update gets the single-write gradient); finite differences agree with ours",
     "gradient", lambda c: c["op"] in ("TensorScatterUpdate", "TensorScatterMul",
                                       "TensorScatterDiv")),
]
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fuzzleft_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
