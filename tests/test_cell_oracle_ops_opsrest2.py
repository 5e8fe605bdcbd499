"""Replay real MindSpore 2.10's answers for the fractional pooling primitives
(``tests/oracle/ops_opsrest2_fixture.json``, written by ``make_ops_opsrest2_fixture.py``)
on ``minpy_compat``: values, dtypes, shapes, raise or not (same error class), gradients."""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))
from ops_opsrest2_cases import list_ratios  # noqa: E402

with open(os.path.join(HERE, "oracle", "ops_opsrest2_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's FractionalMaxPoolGrad fails on CPU ('Input device address is null'); ours "
     "is the tracer's gradient, finite-difference checked in test_ops_fracpool.py",
     "gradient", lambda c: c["op"] == "FractionalMaxPool"),
    ("MindSpore's FractionalMaxPoolWithFixedKsize bprop raises a bare TypeError on CPU; ours "
     "is the tracer's (zero for random_samples)", "gradient",
     lambda c: c["op"] == "FractionalMaxPoolWithFixedKsize"),
]
accepted = accepted_by(ACCEPTED)


def _close_enough(want, got):
    """float64 outputs MindSpore averages in another order."""
    if "value" not in want or "value" not in got or want["dtype"] != got["dtype"]:
        return False
    return want["shape"] == got["shape"] and onp.allclose(
        onp.array(want["value"], float), onp.array(got["value"], float), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fractional_pools_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, _close_enough, library=list_ratios(ops))
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
