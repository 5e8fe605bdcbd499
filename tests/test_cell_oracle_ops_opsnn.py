"""Replay real MindSpore 2.10's answers for ``ops.upsample`` and the ``ops.interpolate``
modes it reaches (``tests/oracle/ops_opsnn_fixture.json``, written by
``make_ops_opsnn_fixture.py``) on ``ops``: values, dtypes, shapes, raise or not
(TypeError/ValueError by class) and gradients, as ``test_cell_oracle_ops.py`` does."""
import json
import os
import sys

import pytest

from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_opsnn_fixture.json")) as f:
    FIXTURE = json.load(f)
CASES = FIXTURE["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: c["args"][0]["dtype"] == "float64"
     and "Float64" in c["out"].get("message", "")),
]

accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_opsnn_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)


def test_names_left_out_have_no_cpu_kernel():
    """The batch's other names raised on MindSpore 2.10's CPU when the fixture was made,
    and are not in ``ops`` (add one only with an oracle to check it against)."""
    left_out = FIXTURE["no_cpu_kernel"]
    assert len(left_out) == 27 and all(v.startswith("RuntimeError") for v in left_out.values())
    assert not [name for name in left_out if name in ops.__all__]
