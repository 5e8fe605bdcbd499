"""Replay real MindSpore 2.10's answers for the sparse optimizer-step primitives and
``EmbeddingLookup`` (``tests/oracle/ops_sparseapply_fixture.json``, written by
``make_ops_sparseapply_fixture.py``) on ``ops``: values, dtypes, shapes, raise or not
(TypeError/ValueError by class, constructor errors included) and gradients. The optimizer
primitives run through ``ops_sparseapply_cases.three_steps`` as they did on MindSpore (three
calls; the Parameters' values after each are compared too)."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from oracle_io import run_case  # noqa: E402
from ops_sparseapply_cases import three_steps  # noqa: E402

with open(os.path.join(HERE, "ops_sparseapply_fixture.json")) as f:
    CASES = json.load(f)["cases"]

VIEW = three_steps(ms, ops)

UNCHECKED = ("MindSpore 2.10's CPU FusedAdaFactor* do not check gradient's shape against "
             "param's (a (3, 2) gradient for a (2, 3) param is read flat); ours refuses it")
# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's CPU SparseApplyAdagradV2 steps a repeated row in a thread-dependent "
     "order (one case gives two answers over runs); ours steps in index order, one of them",
     "out", lambda c: c["op"] == "SparseApplyAdagradV2" and "error" not in c["out"]
     and _repeated(c["args"][3])),
    ("MindSpore 2.10's CPU SparseApplyAdagrad and SparseApplyAdagradV2 on float16 return "
     "the step but leave their Parameters unwritten; ours writes them", "out",
     lambda c: c["op"] in ("SparseApplyAdagrad", "SparseApplyAdagradV2")
     and c["args"][0]["dtype"] == "float16" and "error" not in c["out"]),
    ("MindSpore 2.10's CPU SparseApplyRMSProp on float16 rounds mean_square and moment to "
     "float16 inside a step; ours rounds once per step (one float16 ulp apart)", "out",
     lambda c: c["op"] == "SparseApplyRMSProp" and c["args"][0]["dtype"] == "float16"),
    (UNCHECKED, "out", lambda c: "AdaFactor" in c["op"] and "error" not in c["out"]
     and c["args"][6]["shape"] != c["args"][7]["shape"]),
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
    if accepted(case, "out") and "error" not in case["out"]:
        # an accepted value difference: ours must still run, with MindSpore's dtypes and shapes
        # (or, for the mismatch MindSpore leaves unchecked, raise ValueError)
        got = run_case(case, ms, VIEW, lambda fn, positions: ops.grad(fn, positions))["out"]
        refused = accepted(case, "out") == UNCHECKED
        assert _layout(got) == ("ValueError" if refused else _layout(case["out"])), got


def _layout(record):
    if "tuple" in record:
        return [_layout(r) for r in record["tuple"]]
    if "error" in record:
        return "ValueError" if "ValueError" in record["bases"] else record["error"]
    return record["dtype"], record["shape"]


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
