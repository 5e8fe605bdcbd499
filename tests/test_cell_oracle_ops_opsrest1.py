"""Replay real MindSpore 2.10's answers for area opsrest1
(``tests/oracle/ops_opsrest1_fixture.json``, written by ``make_ops_opsrest1_fixture.py``) on
``ops``: values, dtypes, shapes, raise or not (TypeError/ValueError/RuntimeError by class)
and gradients, through ``ops_opsrest1_cases.rest_view`` on both sides (complex values as
(real, imag) pairs; the step primitives' Parameters after the step)."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from ops_opsrest1_cases import rest_view  # noqa: E402

with open(os.path.join(HERE, "ops_opsrest1_fixture.json")) as f:
    CASES = json.load(f)["cases"]

VIEW = rest_view(ms, ops)


INPLACE = {"bernoulli_", "clamp_", "erfinv_", "exponential_", "inplace_sigmoid", "normal_",
           "put_", "random_", "tanh_", "uniform_", "zero_"}


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10 registers the functional in-place ops (zero_, clamp_, uniform_, put_, "
     "...) only for Ascend; ours run the Tensor methods of the same names (checked by hand "
     "in tests/test_ops_opsrest1_inplace.py)", "out",
     lambda c: c["op"] in INPLACE and c["out"].get("error") == "RuntimeError"),
    ("MindSpore's CPU kernels refuse Float64 here; ours takes it (float64 finite-difference "
     "checks)", "out", lambda c: _ms_error(c, "Float64]") or _ms_error(c, "/float64/")),
    ("MindSpore 2.10's ScatterAddWithAxis gradient crashes ('depend list index should be "
     "less than inputs size'); ours differentiates (finite-difference checked)", "gradient",
     lambda c: c["op"] == "ScatterAddWithAxis"),
    ("MindSpore 2.10's ihfft2/ihfftn gradients drop the conjugate (those of rfft2/rfftn); "
     "finite differences of its own forward values agree with ours", "gradient",
     lambda c: c["op"] in ("ihfft2", "ihfftn")),
    ("MindSpore 2.10's ihfft2 takes a complex input, which its docs (and PyTorch) refuse; "
     "ours refuses it", "out", lambda c: c["op"] == "ihfft2" and c["kwargs"].get("cplx")),
]

accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_opsrest1_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, library=VIEW)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
