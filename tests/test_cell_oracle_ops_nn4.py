"""Replay real MindSpore 2.10's answers for area nn4's function ops
(``tests/oracle/ops_nn4_fixture.json``, written by ``make_ops_nn4_fixture.py``) on ``ops``:
values, dtypes, shapes, raise or not (TypeError/ValueError by class) and gradients, as
``test_cell_oracle_ops.py`` does for the core ops."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_nn4_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's ops.conv3d_transpose takes group=1 only; ours takes any divisor of the "
     "channels, as nn.Conv3dTranspose does", "out",
     lambda c: c["op"] == "conv3d_transpose" and c["kwargs"].get("group", 1) != 1),
    ("MindSpore's unpool kernel raises RuntimeError for an index past the output; ours a "
     "ValueError naming the op and the range", "out",
     lambda c: c["op"].startswith("max_unpool") and c["out"].get("error") == "RuntimeError"),
]
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_nn4_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
