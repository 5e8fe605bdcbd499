"""Replay real MindSpore 2.10's answers for the neural-network primitives
(``tests/oracle/ops_prims_nn_fixture.json``, written by ``make_ops_prims_nn_fixture.py``)
on ``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class, constructor
errors included) and gradients, as ``test_cell_oracle_ops.py`` does for the core ops."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_prims_nn_fixture.json")) as f:
    CASES = json.load(f)["cases"]


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: "Float64" in c["out"].get("message", "")),
    ("a non-Parameter to write is a TypeError here, as in ops.assign; MindSpore raises "
     "ValueError", "out",
     lambda c: c["op"] in ("AssignAdd", "AssignSub", "ApplyGradientDescent")),
    ("differentiating SparseSoftmaxCrossEntropyWithLogits(is_grad=True), MindSpore 2.10 "
     "returns a gradient of the class axis's shape, not logits' (a MindSpore bug)",
     "gradient", lambda c: c["op"] == "SparseSoftmaxCrossEntropyWithLogits"
     and c["init"] == [True]),
]

accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_prims_nn_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
