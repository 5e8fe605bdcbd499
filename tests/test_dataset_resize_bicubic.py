"""vision.Resize with Inter.BICUBIC (OpenCV's cubic kernel, A = -0.75; it was refused as
not implemented) against MindSpore 2.10 (``tests/oracle/make_resize_bicubic_fixture.py``):
float32 to float32 precision; uint8 exactly but for a few values within 1 when shrinking
(OpenCV's vector code rounds some sums its own way)."""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat.dataset import vision
from minpy_compat.dataset.vision import Inter

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from make_resize_bicubic_fixture import image  # noqa: E402  (needs only NumPy)

with open(os.path.join(HERE, "resize_bicubic_fixture.json")) as _handle:
    ORACLE = json.load(_handle)


@pytest.mark.parametrize("key", sorted(ORACLE["outputs"]))
def test_bicubic_resize_matches_mindspore(key):
    index, dtype = key.split()
    height, width = ORACLE["cases"][int(index)][2:]
    want = ORACLE["outputs"][key]
    out = vision.Resize((height, width), Inter.BICUBIC)(image(int(index), dtype))
    assert list(out.shape) == want["shape"] and str(out.dtype) == want["dtype"]
    theirs = onp.reshape(want["v"], want["shape"])
    if dtype == "uint8":
        diff = onp.abs(out.astype(onp.int64) - theirs.astype(onp.int64))
        assert diff.max() <= 1 and (diff > 0).mean() < 0.01
    else:
        onp.testing.assert_allclose(out, theirs, rtol=0, atol=3e-7)


def test_other_kernels_are_still_refused_by_name():
    with pytest.raises(ValueError, match="Inter.PILCUBIC"):
        vision.Resize(4, Inter.PILCUBIC)
