"""Replay real MindSpore 2.10's answers for the neural-network functions
(``tests/oracle/ops_nnf_fixture.json``, written by ``make_ops_nnf_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class) and
gradients, as ``test_cell_oracle_ops.py`` does for the core ops."""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

with open(os.path.join(HERE, "ops_nnf_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _dtype(case, i=0):
    arg = case["args"][i]
    return arg.get("dtype") if isinstance(arg, dict) else None


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: _dtype(c) == "float64" and "Float64" in c["out"].get(
         "message", "")),
    ("class weights are data in the nn loss Cells these ops run; MindSpore also "
     "differentiates them", "gradient", lambda c: c["op"] in ("cross_entropy", "nll_loss")
     and len(c["args"]) > 2),
    ("MindSpore's nll_loss takes any reduction string (an unknown one acts as 'none'); ours "
     "refuses it", "out", lambda c: c["kwargs"].get("reduction") == "bad"),
    ("MindSpore's kl_div gives labels no gradient; ours gives log(labels) + 1 - logits",
     "gradient", lambda c: c["op"] == "kl_div"),
    ("MindSpore 2.10's hinge_embedding_loss backward raises a TypeError in its Add; ours "
     "differentiates", "gradient", lambda c: c["op"] == "hinge_embedding_loss"),
]


accepted = accepted_by(ACCEPTED)


def _close_half(want, got):
    """float16 activations: MindSpore rounds its float16 intermediates, ours rounds once;
    they agree to float16's precision (about 3 decimal digits)."""
    if "value" not in want or "value" not in got or want["dtype"] != "float16":
        return False
    return want["shape"] == got["shape"] and got["dtype"] == "float16" and onp.allclose(
        onp.array(want["value"], float), onp.array(got["value"], float), rtol=2e-3, atol=2e-3)


def _grad_fn(fn, positions):
    return ops.grad(fn, grad_position=positions)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_nnf_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, _close_half)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
