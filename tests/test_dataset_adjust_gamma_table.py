"""vision.AdjustGamma on uint8 images against MindSpore 2.10's table for every value
(``tests/oracle/make_adjust_gamma_fixture.py``): MindSpore truncates
``255.999 * gain * (v / 255) ** gamma``; we rounded ``255 * ...``, one too high on up to
75 of the 256 values."""
import json
import os

import numpy as onp
import pytest

from minpy_compat.dataset import vision

with open(os.path.join(os.path.dirname(__file__), "oracle",
                       "adjust_gamma_fixture.json")) as _handle:
    TABLES = json.load(_handle)


@pytest.mark.parametrize("pair", sorted(TABLES))
def test_the_uint8_table_is_mindspores(pair):
    gamma, gain = (float(v) for v in pair.split())
    img = onp.arange(256, dtype=onp.uint8).reshape(16, 16, 1).repeat(3, axis=2)
    out = vision.AdjustGamma(gamma, gain)(img)
    assert out.dtype == onp.uint8 and out.shape == img.shape
    onp.testing.assert_array_equal(out[..., 0].ravel(), TABLES[pair])
    onp.testing.assert_array_equal(out[..., 2], out[..., 0])
