"""Replay real MindSpore 2.10's answers for the image and detection ops
(``tests/oracle/ops_vision_fixture.json``, written by ``make_ops_vision_fixture.py``) on
``minpy_compat``: values, dtypes, shapes, raise or not (same error class), gradients."""
import json
import os

import numpy as onp
import pytest

from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "oracle", "ops_vision_fixture.json")) as f:
    CASES = json.load(f)["cases"]

NO_BPROP = ("BoundingBoxEncode", "BoundingBoxDecode", "HSVToRGB", "AdjustHue",
            "AdjustSaturation", "ResizeArea")

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore has no bprop for these (a RuntimeError) and IOU's is zero; ours are the "
     "tracer's gradients of the same arithmetic", "gradient",
     lambda c: c["op"] in NO_BPROP + ("IOU", "iou")),
    ("MindSpore's crop_and_resize with one output row/column samples at 0.5 * (y1 + y2) + "
     "(H - 1) (a + for a *); ours TensorFlow's 0.5 * (y1 + y2) * (H - 1)", "out",
     lambda c: c["op"] == "crop_and_resize" and c["args"][3] == [1, 1]),
    ("MindSpore differentiates 'bilinear_v2' crops with the 'bilinear' gradient kernel; "
     "ours the derivative of the v2 forward", "gradient",
     lambda c: "bilinear_v2" in (c["kwargs"].get("method"), *c["args"][4:5])),
    ("MindSpore's ROIAlignGrad with roi_end_mode=0 disagrees with its own forward; ours is "
     "the forward's derivative (finite-difference checked in test_ops_vision.py)", "gradient",
     lambda c: c["op"] == "ROIAlign" and c["init"][4:5] == [0]),
    ("MindSpore's RGBToHSV gradient: a float32 Tensor for a float64 input, and its own "
     "subgradient at grey pixels (r = g = b, where hue has none); ours keeps the dtype",
     "gradient", lambda c: c["op"] == "RGBToHSV"),
    ("MindSpore's float16 RGBToHSV kernel gives saturation 0 for every pixel", "out",
     lambda c: c["op"] == "RGBToHSV" and c["args"][0].get("dtype") == "float16"),
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
def test_vision_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, _close_enough)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
