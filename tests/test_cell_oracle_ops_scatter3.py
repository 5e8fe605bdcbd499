"""Replay real MindSpore 2.10's answers for area scatter (``tests/oracle/
ops_scatter3_fixture.json``): the scatter family written into a Parameter, primitives and
functions alike (values, dtypes, shapes, raise or not with the same exception class).
No gradients are recorded (see ``ops_scatter3_cases.py``)."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import HERE, accepted_by, replay_problems, unused_reasons

sys.path.insert(0, HERE)
from ops_scatter3_cases import in_place  # noqa: E402

with open(os.path.join(HERE, "ops_scatter3_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = []
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_scatter_family_agrees_with_mindspore(case):
    problems = replay_problems(case, accepted, library=in_place(ms, ops))
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
