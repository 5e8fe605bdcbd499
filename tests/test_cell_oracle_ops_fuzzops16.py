"""Replay real MindSpore 2.10's answers to area fuzzops16's edge inputs for round 16's new
ops (``tests/oracle/ops_fuzzops16_fixture.json``, written by
``make_ops_fuzzops16_fixture.py``): values, dtypes, shapes, raise or not (TypeError and
ValueError by class) and gradients, as ``test_cell_oracle_ops.py`` does. Each fixed bug
is one or more cases here; the differences we keep are listed with their reason."""
import json
import os
import sys

import numpy as onp
import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_fuzzops16_fixture.json")) as f:
    CASES = json.load(f)["cases"]


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels lack this dtype (Histogram Float64, DiagonalScatter via "
     "diag_embed, NextAfter Float16); ours computes", "out",
     lambda c: _ms_error(c, "Select CPU operator", "must be a type of", "'Bool'")),
    ("Xdivy refuses a Bool Tensor beside a float one (round 15's prims_elementwise, left "
     "as is); MindSpore promotes it", "out",
     lambda c: c["op"] == "xdivy" and "bool" in (c["args"][0]["dtype"], c["args"][1]["dtype"])
     and "error" not in c["out"]),
    ("MindSpore's MatrixSolve gradient is Float32 for Float64 inputs (a bug); ours keeps "
     "Float64", "gradient", lambda c: c["op"] == "MatrixSolve"),
]
accepted = accepted_by(ACCEPTED)


def _loose_half(want, got):
    """Float16 results compared to Float16 precision (the replay's 1e-4 is float32's)."""
    if "value" not in want or "value" not in got or want["dtype"] != "float16":
        return False
    return want["dtype"] == got["dtype"] and want["shape"] == got["shape"] and \
        onp.allclose(want["value"], got["value"], rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fuzzops16_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, close_enough=_loose_half)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
