"""Replay real MindSpore 2.10's answers for the sparse optimizer-step primitives and
``EmbeddingLookup`` (``tests/oracle/ops_sparseapply_fixture.json``, written by
``make_ops_sparseapply_fixture.py``) on ``ops``: values, dtypes, shapes, raise or not
(TypeError/ValueError by class, constructor errors included) and gradients. The optimizer
primitives run through ``ops_sparseapply_cases.ThreeSteps`` as they did on MindSpore (three
calls; the Parameters' values after each are compared too)."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from ops_sparseapply_cases import ThreeSteps  # noqa: E402

with open(os.path.join(HERE, "ops_sparseapply_fixture.json")) as f:
    CASES = json.load(f)["cases"]

VIEW = ThreeSteps(ms, ops)

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: ms_error(c, "Float64]") and c["args"][0]["dtype"] == "float64"),
    ("MindSpore 2.10's CPU SparseApplyAdagradV2 steps a repeated row in a thread-dependent "
     "order (one case gives two answers over runs); ours steps in index order, one of them",
     "out", lambda c: c["op"] == "SparseApplyAdagradV2" and _repeated(c["args"][3])),
    ("MindSpore 2.10's EmbeddingLookup gradient is its row-sparse values (the output's "
     "gradient, one row per index), not a gradient shaped like input_params as ours",
     "gradient", lambda c: c["op"] == "EmbeddingLookup"),
]


def _repeated(indices):
    flat = onp.ravel(indices["t"])
    return onp.unique(flat).size < flat.size


accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_sparseapply_agrees_with_mindspore(case):
    problems = replay_problems(case, accepted, library=VIEW)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
