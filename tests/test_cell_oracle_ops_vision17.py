"""Replay real MindSpore 2.10's answers for the deformable-convolution, volume-patch and
suppression ops (``tests/oracle/ops_vision17_fixture.json``, written by
``make_ops_vision17_fixture.py``) on ``minpy_compat``: values, dtypes, shapes, raise or not
(same error class), gradients."""
import json
import os

import numpy as onp
import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "oracle", "ops_vision17_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's deformable kernels take float16/float32 only; ours take float64 too, so "
     "their finite-difference checks run in float64", "out",
     lambda c: c["op"] in ("DeformableOffsets", "deformable_conv2d")
     and c["args"][0]["dtype"] == "float64"),
    ("MindSpore accepts data_format='NHWC' and still reads the input as NCHW; ours refuses "
     "it (a CellArgumentError) rather than mislabel the layout", "out",
     lambda c: c["op"] == "DeformableOffsets" and c["init"][4:5] == ["NHWC"]),
    ("MindSpore has no bprop for ExtractGlimpse (a RuntimeError); ours is the tracer's "
     "gradient of the selection (ones where a pixel is read)", "gradient",
     lambda c: c["op"] == "ExtractGlimpse"),
]
accepted = accepted_by(ACCEPTED)


def _close_enough(want, got):
    """float16 outputs to float16 precision."""
    if "value" not in want or "value" not in got or want["dtype"] != got["dtype"]:
        return False
    tol = 2e-3 if want["dtype"] == "float16" else 1e-5
    return want["shape"] == got["shape"] and want["finite"] == got["finite"] and onp.allclose(
        onp.array(want["value"], float), onp.array(got["value"], float), rtol=tol, atol=tol)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_vision17_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, _close_enough)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
