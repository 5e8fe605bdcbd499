"""nn Cells against MindSpore 2.10: outputs, input and Parameter gradients, Parameters
after the forward pass (BatchNorm's moving statistics), names and orders, recorded by
``tests/oracle_nn/make_nn_fixture.py`` on the same weights and inputs."""
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn"))
import nn_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED = {}
# Input gradients not compared: case prefix -> (input numbers, reason).
ACCEPTED_GRADS = {
    "sce_": ((1,), "MindSpore's SoftmaxCrossEntropyWithLogits gives dense labels a zero "
                   "gradient; ours is the true one, -log_softmax(logits) * dout"),
}


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_cell_matches_mindspore(case):
    case_id, cls, kwargs, train, _ = case
    if case_id in ACCEPTED:
        pytest.skip(ACCEPTED[case_id])
    cell = getattr(nn, cls)(**replay.kwargs_for(ms, kwargs))
    skip = next((numbers for prefix, (numbers, _) in ACCEPTED_GRADS.items()
                 if case_id.startswith(prefix) and "sparse" not in case_id), ())
    replay.replay(ms, cell, replay.FIXTURE["cases"][case_id], train, skip)


@pytest.mark.parametrize("tree_id", ["sequential", "net"])
def test_tree_matches_mindspore(tree_id):
    cell, _ = cases.build_trees(nn)[tree_id]
    replay.replay(ms, cell, replay.FIXTURE["cases"]["tree_" + tree_id], True)
