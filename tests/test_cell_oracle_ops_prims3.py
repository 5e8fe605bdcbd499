"""Replay real MindSpore 2.10's answers for the round-3 primitives
(``tests/oracle/ops_prims3_fixture.json``, written by ``make_ops_prims3_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError by class, constructor
errors included) and gradients. The optimizer primitives run through
``ops_prims3_cases.param_view`` as they did on MindSpore (the Parameters' values after the
step are compared too)."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from ops_prims3_cases import param_view  # noqa: E402

with open(os.path.join(HERE, "ops_prims3_fixture.json")) as f:
    CASES = json.load(f)["cases"]

VIEW = param_view(ms, ops)

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: "Float64" in c["out"].get("message", "")
     or "float64" in c["out"].get("message", "")),
    ("MindSpore 2.10's CPU ApplyAdamWithAmsgrad refuses Python floats for beta1_power, "
     "beta2_power and lr, which its docs allow; ours takes them", "out",
     lambda c: c["op"] == "ApplyAdamWithAmsgrad" and _ms_error(c, "must be Tensor")),
    ("MindSpore 2.10's CPU ApplyAdagradV2 on float64 returns the step but leaves its "
     "Parameters unwritten; ours writes them", "out",
     lambda c: c["op"] == "ApplyAdagradV2" and c["args"][0]["dtype"] == "float64"),
    ("MindSpore 2.10's CPU ApplyFtrl adds l1 to a negative linear instead of shrinking it "
     "toward 0 (TensorFlow's FTRL and MindSpore's own nn.FTRL shrink, as ours)", "out",
     lambda c: c["op"] == "ApplyFtrl" and _number(c["args"][5]) > 0),
    ("MindSpore 2.10's CPU ApplyAdagradDA pushes a negative gradient_accumulator away from "
     "0 by l1 * global_step instead of shrinking it (its documented formula, as ours)", "out",
     lambda c: c["op"] == "ApplyAdagradDA" and _number(c["args"][5]) > 0
     and "error" not in c["out"]),
    ("MindSpore 2.10 has no CPU kernel for ApplyKerasMomentum; ours follows its documented "
     "formula (checked by hand in tests/test_ops_prims3_apply.py)", "out",
     lambda c: _ms_error(c, "") and c["op"] == "ApplyKerasMomentum"
     and c["out"]["error"] == "RuntimeError"),
    ("MindSpore 2.10's Conv3DTranspose takes only a depth dilation of 1; ours takes any",
     "out", lambda c: _ms_error(c, "depth of parameter 'dilation' must be 1")),
    ("MindSpore 2.10's Conv3DTranspose ignores an out_channel that disagrees with weight's "
     "shape; ours refuses the mismatch", "out",
     lambda c: c["op"] == "Conv3DTranspose" and c["init"][:2] == [2, 4]),
    ("MindSpore 2.10's PadV3 in 'constant' mode requires constant_value, which its docs "
     "call optional (0 when left out, as ours)", "out",
     lambda c: _ms_error(c, "PadV3], the input number must be equal to 3")),
]


def _number(value):
    return value["t"] if isinstance(value, dict) else value


accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_prims3_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, library=VIEW)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
