"""Replay real MindSpore 2.10's answers for area fn_rand's function ops
(``tests/oracle/ops_fn_rand_fixture.json``, written by ``make_ops_fn_rand_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class) and
gradients; random ops by dtype, shape and raise or not only."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

from ops_fn_rand_cases import RANDOM  # noqa: E402

with open(os.path.join(HERE, "ops_fn_rand_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's SliceGrad refuses size -1 (a bug: the forward takes it); ours gives "
     "the gradient", "gradient", lambda c: c["op"] == "slice" and -1 in c["args"][2]),
    ("MindSpore 2.10's ChannelShuffle has no bprop; ours is a reshape and transpose, so "
     "differentiable", "gradient", lambda c: c["op"] == "channel_shuffle"),
]
accepted = accepted_by(ACCEPTED)


def _same_kind(want, got):
    """Random outputs agree when their dtypes and shapes do."""
    if "tuple" in want or "tuple" in got:
        return len(want.get("tuple", ())) == len(got.get("tuple", ())) and all(
            _same_kind(w, g) for w, g in zip(want["tuple"], got["tuple"]))
    keys = ("dtype", "shape")
    return "error" not in want and all(want.get(k) == got.get(k) for k in keys)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fn_rand_ops_agree_with_mindspore(case):
    close = _same_kind if case["op"] in RANDOM else (lambda want, got: False)
    problems = replay_problems(case, accepted, close)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
