"""Replay real MindSpore 2.10's answers for the primitive classes, math and array part
(``tests/oracle/ops_prims_math_fixture.json``, written by
``make_ops_prims_math_fixture.py``) on ``minpy_compat.ops``: values, dtypes, shapes,
raise or not (same error class, constructor errors included), gradients.
"""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "oracle", "ops_prims_math_fixture.json")) as f:
    CASES = json.load(f)["cases"]


# (reason, applies to the output or the gradient, predicate on the case)
def _ms_failed(case, part):
    return case.get(part, {}).get("error") == "RuntimeError"


ACCEPTED = [
    ("MindSpore's CPU kernels lack this dtype (other devices have it); ours computes",
     "out", lambda c: _ms_error(c, "Select CPU operator")
     or (c["out"].get("error") == "TypeError" and not c["out"]["message"])),
    ("a MindSpore 2.10 CPU kernel failure (RuntimeError: unregistered kernel, wrong input "
     "count, decimals != 0); ours computes", "out", lambda c: _ms_failed(c, "out")),
    ("MindSpore 2.10 has no CPU gradient here (RuntimeError: no bprop, SliceGrad/"
     "StridedSliceGrad refuse the case); ours gives the tracer's", "gradient",
     lambda c: _ms_failed(c, "gradient")),
    ("MindSpore's Mod gradient for y uses floor(x / y) while its value uses trunc "
     "(finite differences agree with ours)", "gradient", lambda c: c["op"] == "Mod"),
    ("MindSpore 2.10's StridedSlice with new_axis_mask and shrink_axis_mask together "
     "returns scrambled values (its gradient marks other elements); ours follows the masks",
     "both", lambda c: c["op"] == "StridedSlice" and c["init"][3:] == [2, 1]),
    ("MindSpore fills the UniqueConsecutive outputs not asked for with a placeholder 0-d "
     "Tensor; ours computes them", "out",
     lambda c: c["op"] == "UniqueConsecutive" and c["init"] == []),
]


accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_prims_math_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
