"""The third set of ``dataset.vision`` transforms against MindSpore 2.10: each case of
``tests/oracle/vision3_cases.py`` replayed against ``vision3_fixture.json``.

Tolerance reached, per op (uint8 and float32 images, odd and even shapes):
- AdjustHue (uint8): exact, OpenCV's 8-bit HSV round trip included.
- Resize / RandomResizedCrop with BICUBIC: uint8 exact; float32 within float32 rounding
  (1e-5 of the largest value: OpenCV sums the taps in another order).
- Rotate, Affine with BILINEAR, BICUBIC and AREA (run bilinear): uint8 exact; float32
  within float32 rounding.
- Perspective, all five kernels (AREA and PILCUBIC run bilinear): uint8 exact; float32
  within float32 rounding.
- RandomColorAdjust's hue, RandomRotation/RandomAffine's kernels: each output as often as
  MindSpore's (``as_often``). RandomPerspective: its argument checks only (below).

Accepted differences (not recorded here):
- AdjustHue on float images: MindSpore 2.10 reads its float HSV image as bytes and returns
  garbage; ours turns the hue in float HSV.
- Resize with PILCUBIC or ANTIALIAS (Pillow's kernels) is refused at construction.
- Rotate/Affine with PILCUBIC or ANTIALIAS: MindSpore raises RuntimeError when run; ours
  ValueError when built. Perspective with ANTIALIAS: MindSpore TypeError (needs a Pillow
  image), ours ValueError.
- RandomPerspective: MindSpore 2.10's runs on Pillow images only (ValueError on a NumPy
  image, whatever its arguments); ours warps NumPy images as Perspective does, with
  MindSpore's corner draw (tested in test_dataset_vision3_props.py), and refuses AREA and
  PILCUBIC when built.
- RandomPerspective 'prob' given as an int: MindSpore raises TypeError; ours accepts it.
"""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V
from test_dataset_vision_oracle import ERROR_CLASSES, as_often

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
import vision3_cases  # noqa: E402
import vision3_cases_more  # noqa: E402

DETERMINISTIC, RANDOM, ERRORS = (vision3_cases.DETERMINISTIC, vision3_cases.RANDOM,
                                 vision3_cases.ERRORS)

with open(os.path.join(HERE, "vision3_fixture.json")) as _file:
    ORACLE = json.load(_file)


pytestmark = pytest.mark.usefixtures("keep_dataset_seed")  # (conftest)


def test_every_case_was_recorded():
    assert ORACLE["mindspore"] == "2.10.0"
    more = {**vision3_cases_more.DETERMINISTIC, **vision3_cases_more.RANDOM,
            **vision3_cases_more.ERRORS}  # replayed by test_dataset_vision3_more.py
    assert sorted({**DETERMINISTIC, **RANDOM, **ERRORS, **more}) == \
        sorted(k for k in ORACLE if k != "mindspore")


@pytest.mark.parametrize("name", sorted(DETERMINISTIC))
def test_values_as_mindspore(name):
    ours = json.loads(json.dumps(DETERMINISTIC[name](V, T, ds)))
    theirs = ORACLE[name]["value"]
    if theirs["dtype"] == "uint8":
        assert ours == theirs, name
    else:  # float32: within float32 rounding of the largest value (sums in another order)
        assert (ours["dtype"], ours["shape"]) == (theirs["dtype"], theirs["shape"]), name
        got, want = onp.array(ours["v"]), onp.array(theirs["v"])
        scale = max(1.0, float(onp.abs(want).max()))
        assert onp.abs(got - want).max() <= 1e-5 * scale, name


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_random_outputs_as_often_as_mindspore(name):
    """The same outputs, each as often within about four standard errors."""
    as_often(RANDOM[name](V, T, ds), ORACLE[name]["value"], name)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_calls_raise_as_mindspore(name):
    with pytest.raises(ERROR_CLASSES[ORACLE[name]["error"]]):
        ERRORS[name](V, T, ds)
