"""Replay real MindSpore 2.10's answers (``tests/oracle/ops_index_fixture.json``) for the
indexing, scattering and shaping ops on minpy_compat, as ``test_cell_oracle_ops.py``
does for the first ops (same comparison, its own short list of accepted differences)."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import (HERE, accepted_by, replay_problems, unused_reasons, ms_error as
                                  _ms_error)

sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_index_fixture.json")) as f:
    CASES = json.load(f)["cases"]


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("a MindSpore CPU kernel is missing, fails or refuses (RuntimeError: Roll, SearchSorted's "
     "Int64 output, diff with n > 1, Float64 scatter); ours computes or raises a clear error",
     "out", lambda c: c["out"].get("error") == "RuntimeError"),
    ("MindSpore's ScatterNdAdd has no bprop; ours differentiates both inputs",
     "gradient", lambda c: c["op"] == "scatter_nd_add"),
    ("MindSpore's scatter gradient reaches overwritten updates (a repeated index); only the "
     "last write counts, and finite differences agree with ours",
     "gradient", lambda c: c["op"] == "scatter" and c["args"][2]["t"] == [[0, 0]]),
    ("MindSpore's bincount silently drops negative values; ours raises ValueError",
     "out", lambda c: c["op"] == "bincount" and -1 in c["args"][0]["t"]),
    ("MindSpore's Expand refuses Float64; ours broadcasts it (float64 finite differences)",
     "out", lambda c: _ms_error(c, "primitive[Expand]")),
    ("MindSpore's trapz with sample points x gives Float32 for Float64 input; ours keeps "
     "Float64", "out", lambda c: c["op"] == "trapz" and len(c["args"]) == 2),
]


accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_index_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
