"""Replay real MindSpore 2.10's answers for the round-2 primitives
(``tests/oracle/ops_prims2_fixture.json``, written by ``make_ops_prims2_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class, constructor
errors included) and gradients, as ``test_cell_oracle_ops.py`` does for the core ops."""
import json
import os
import sys

import pytest

from test_cell_oracle_ops import accepted_by, compare, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_prims2_fixture.json")) as f:
    CASES = json.load(f)["cases"]


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: "Float64" in c["out"].get("message", "")),
    ("MindSpore 2.10's CPU MaxPoolWithArgmax puts 'same' padding where the height's would go "
     "on both axes (TensorFlow's rule pads each axis by its own need, as ours and MaxPool do)",
     "both", lambda c: c["op"] == "MaxPoolWithArgmax" and c["init"] == [3, 2, "same"]),
    ("MindSpore 2.10's CPU ResizeNearestNeighbor ignores half_pixel_centers; ours samples "
     "floor((i + 0.5) * in / out) as TensorFlow defines it", "both",
     lambda c: c["op"] == "ResizeNearestNeighbor" and c["init"][2:] == [True]),
    ("MindSpore 2.10's CPU BatchNorm kernel fails on NHWC (Memcpy_s error)", "out",
     lambda c: c["op"] == "BatchNorm" and "NHWC" in c["init"]),
]


def _normalized_output_agrees(want, got):
    """BatchNorm: MindSpore's CPU kernel leaves the four statistics outputs uninitialized
    (stale memory) in PyNative; ours gives the batch's mean and variance (training) or
    zeros (inference), so only the normalized ``y`` is compared."""
    return "tuple" in want and "tuple" in got and not compare(want["tuple"][0],
                                                              got["tuple"][0], "out[0]")


accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_prims2_agree_with_mindspore(case):
    agree = _normalized_output_agrees if case["op"] == "BatchNorm" else \
        (lambda want, got: False)
    problems = replay_problems(case, accepted, agree)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
