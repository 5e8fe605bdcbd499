"""Replay real MindSpore 2.10's answers for the round-3b primitives
(``tests/oracle/ops_prims3b_fixture.json``, written by ``make_ops_prims3b_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class, constructor
errors included) and gradients. ``Dropout3D`` and ``Bernoulli`` are random: compared by
dtype and shape, and by value only where the probabilities (0 or 1) fix it."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from ops_prims3b_cases import RANDOM  # noqa: E402

with open(os.path.join(HERE, "ops_prims3b_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's CPU MaxUnpool kernels report an argmax beyond the output as a "
     "RuntimeError at run time; ours refuses the value as a ValueError", "out",
     lambda c: _ms_error(c, "should be bigger than some indicis")),
    ("MindSpore 2.10's AdaptiveAvgPool3D takes output_size 0 and returns an empty Tensor; "
     "ours refuses it (an empty bin has no mean)", "out",
     lambda c: c["op"] == "AdaptiveAvgPool3D" and c["init"] == [0]),
    ("MindSpore 2.10's Bernoulli requires p, which its docs call optional (0.5 when left "
     "out, as ours)", "out", lambda c: _ms_error(c, "input number must be equal to 2")),
]


def _fixed(case):
    """A random case whose probabilities (all 0 or 1) fix its values."""
    if case["op"] == "Dropout3D":
        return case["init"] in ([1.0], [0.0])
    probs = case["args"][1:2]
    values = [p["t"] if isinstance(p, dict) else p for p in probs]
    flat = json.dumps(values).replace("[", "").replace("]", "").split(",")
    return bool(values) and all(float(v) in (0.0, 1.0) for v in flat)


def _same_kind(want, got):
    """Random outputs agree when their dtypes and shapes do."""
    if "tuple" in want or "tuple" in got:
        return len(want.get("tuple", ())) == len(got.get("tuple", ())) and all(
            _same_kind(w, g) for w, g in zip(want["tuple"], got["tuple"]))
    return "error" not in want and all(want.get(k) == got.get(k) for k in ("dtype", "shape"))


accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_prims3b_agree_with_mindspore(case):
    loose = case["op"] in RANDOM and not _fixed(case)
    problems = replay_problems(case, accepted, _same_kind if loose else lambda w, g: False)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
