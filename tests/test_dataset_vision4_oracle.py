"""The fourth set of ``dataset.vision`` transforms against MindSpore 2.10: each case of
``tests/oracle/vision4_cases.py`` replayed against ``vision4_fixture.json``.

- AutoAugment (IMAGENET, CIFAR10, SVHN), RandAugment and TrivialAugmentWide: every output
  MindSpore gives over 400 draws, each as often (``as_often``); an output is exact only when
  the op, its magnitude bin, its sign and the kernel are MindSpore's.
- The ``many_`` cases (2000 draws): each share within four standard errors, and the
  two-sample chi-square over all outputs below ``k + 3 sqrt(2k)`` (``k`` outputs).
- RandomLighting: the tinted pixel's values as often as MindSpore's; alpha 0 exact.
- MixUp: dtypes, shapes, the first batch of ``is_single=False`` exact, and each
  ``is_single`` row mixed with the next by the weight its label shows.

Accepted differences:
- AutoAugment/RandAugment/TrivialAugmentWide on float images: MindSpore runs them; ours
  takes uint8 only (RuntimeError-class error naming the transform and the dtype).
- Their interpolation PILCUBIC/ANTIALIAS: MindSpore accepts it when built; ours refuses it
  (ValueError).
- RandomLighting on float images: MindSpore 2.10 returns garbage (reads the floats as
  bytes); ours adds the same tint as for uint8 images, unclamped.
- MixUp draws its weights from the transform's generator (seeded by ``set_seed``), not
  NumPy's global one.
- Error messages: ours name the transform and the argument with expected-vs-got.
"""
import json
import math
import os
import sys

import pytest

from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V
from test_dataset_vision_oracle import ERROR_CLASSES, as_often

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
import vision4_cases  # noqa: E402

DETERMINISTIC, RANDOM, ERRORS = (vision4_cases.DETERMINISTIC, vision4_cases.RANDOM,
                                 vision4_cases.ERRORS)
RANDOM_MANY, MANY = vision4_cases.RANDOM_MANY, vision4_cases.MANY

with open(os.path.join(HERE, "vision4_fixture.json")) as _file:
    ORACLE = json.load(_file)


pytestmark = pytest.mark.usefixtures("keep_dataset_seed")  # (conftest)


def test_every_case_was_recorded():
    assert ORACLE["mindspore"] == "2.10.0"
    assert sorted({**DETERMINISTIC, **RANDOM, **RANDOM_MANY, **ERRORS}) == \
        sorted(k for k in ORACLE if k != "mindspore")


@pytest.mark.parametrize("name", sorted(DETERMINISTIC))
def test_values_as_mindspore(name):
    assert json.loads(json.dumps(DETERMINISTIC[name](V, T, ds))) == ORACLE[name]["value"]


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_random_outputs_as_often_as_mindspore(name):
    """The same outputs, each as often within about four standard errors."""
    as_often(RANDOM[name](V, T, ds), ORACLE[name]["value"], name)


@pytest.mark.parametrize("name", sorted(RANDOM_MANY))
def test_many_draws_as_often_as_mindspore(name):
    ours, theirs = RANDOM_MANY[name](V, T, ds), ORACLE[name]["value"]
    keys = set(ours) | set(theirs)
    chi_square = 0.0
    for key in keys:
        a, b = ours.get(key, 0.0), theirs.get(key, 0.0)
        share = max(a, b)
        assert abs(a - b) <= 4 * math.sqrt(2 * share * (1 - share) / MANY) + 0.002, (name, key)
        chi_square += (a - b) ** 2 / ((a + b) / MANY)
    assert chi_square <= len(keys) + 3 * math.sqrt(2 * len(keys)), (name, chi_square)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_calls_raise_as_mindspore(name):
    with pytest.raises(ERROR_CLASSES[ORACLE[name]["error"]]):
        ERRORS[name](V, T, ds)


TRANSFORMS = ("AutoAugment", "RandAugment", "TrivialAugmentWide", "RandomLighting", "MixUp")


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_calls_name_the_transform_and_argument(name):
    with pytest.raises(Exception) as error:
        ERRORS[name](V, T, ds)
    text = str(error.value)
    assert text.split(" ")[0].rstrip(":") in TRANSFORMS, text
    assert "expected" in text and "got" in text, text
    if "image" not in name and "channels" not in name:  # an argument check names it
        assert text.split(" ")[1].startswith("'"), text
