"""Replay real MindSpore 2.10's answers for area primsidx (``tests/oracle/
ops_primsidx_fixture.json``, written by ``make_ops_primsidx_fixture.py``) on ``ops``:
values, dtypes, shapes, raise or not (TypeError/ValueError by class) and gradients;
random ops by dtype, shape and raise or not only."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import HERE, accepted_by, replay_problems, unused_reasons

sys.path.insert(0, HERE)
from ops_primsidx_cases import RANDOM, prims  # noqa: E402

with open(os.path.join(HERE, "ops_primsidx_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
INPLACE_ROWS = {"InplaceAdd", "InplaceSub", "InplaceUpdate", "InplaceUpdateV2", "inplace_add",
                "inplace_sub", "inplace_update"}
ACCEPTED = [
    ("MindSpore 2.10 gives the Inplace{Add,Sub,Update,UpdateV2} family zero gradients; ours "
     "differentiates the returned Tensor (finite-difference checked in test_ops_primsidx.py)",
     "gradient", lambda c: c["op"] in INPLACE_ROWS),
    ("MindSpore 2.10's IndexFill gives the fill value a zero gradient; finite differences "
     "give the number of filled elements, as ours does", "gradient",
     lambda c: c["op"] == "IndexFill"),
    ("MindSpore 2.10 defines no bprop for FillDiagonal and SegmentProd; ours differentiates "
     "them (finite-difference checked)", "gradient",
     lambda c: c["op"] in ("FillDiagonal", "SegmentProd")),
]
accepted = accepted_by(ACCEPTED)


def _same_kind(want, got):
    """Random outputs agree when their dtypes and shapes do."""
    if "tuple" in want or "tuple" in got:
        return len(want.get("tuple", ())) == len(got.get("tuple", ())) and all(
            _same_kind(w, g) for w, g in zip(want["tuple"], got["tuple"]))
    return "error" not in want and all(want.get(k) == got.get(k) for k in ("dtype", "shape"))


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_primsidx_ops_agree_with_mindspore(case):
    close = _same_kind if case["op"] in RANDOM else (lambda want, got: False)
    problems = replay_problems(case, accepted, close, library=prims(ms, ops))
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
