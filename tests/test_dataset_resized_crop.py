"""vision.ResizedCrop (it was missing) and RandomResizedCrop with Inter.BICUBIC, against
MindSpore 2.10 (``tests/oracle/make_resized_crop_fixture.py``): an int size is a square;
a box outside the image fails when the transform runs (RuntimeError), a negative corner
at construction (ValueError)."""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat.dataset import vision

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from make_resized_crop_fixture import CASES, image  # noqa: E402  (needs only NumPy)

with open(os.path.join(HERE, "resized_crop_fixture.json")) as _handle:
    ORACLE = json.load(_handle)
ERRORS = {"ValueError": ValueError, "RuntimeError": RuntimeError, "TypeError": TypeError}


@pytest.mark.parametrize("name", sorted(CASES))
def test_resized_crop_matches_mindspore(name):
    top, left, height, width, size, kernel = CASES[name]
    want = ORACLE[name]
    if "error" in want:
        with pytest.raises(ERRORS[want["error"]], match="ResizedCrop"):
            vision.ResizedCrop(top, left, height, width, size, vision.Inter[kernel])(image())
        return
    out = vision.ResizedCrop(top, left, height, width, size, vision.Inter[kernel])(image())
    assert list(out.shape) == want["shape"] and out.dtype == onp.uint8
    onp.testing.assert_array_equal(out.ravel(), want["v"])


def test_random_resized_crop_takes_bicubic():
    out = vision.RandomResizedCrop(5, interpolation=vision.Inter.BICUBIC)(image())
    assert out.shape == (5, 5, 3) and out.dtype == onp.uint8
