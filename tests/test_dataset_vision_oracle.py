"""``dataset.vision`` and the rest of ``dataset.transforms`` against MindSpore 2.10: each
case of ``tests/oracle/vision_cases*.py`` replayed against ``vision_fixture.json``
(recorded by ``make_vision_fixture.py``). Values exactly (uint8 resizes within 1, floats
to float32 precision), random transforms by how often each output comes out."""
import json
import math
import os
import sys

import numpy as onp
import pytest

from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from vision_cases import DETERMINISTIC  # noqa: E402
from vision_cases_random import DRAWS, ERRORS, RANDOM, TRANSFORMS  # noqa: E402

with open(os.path.join(HERE, "vision_fixture.json")) as _file:
    ORACLE = json.load(_file)
VALUES = {**DETERMINISTIC, **TRANSFORMS}
ERROR_CLASSES = {"RuntimeError": RuntimeError, "TypeError": TypeError,
                 "ValueError": ValueError}


pytestmark = pytest.mark.usefixtures("keep_dataset_seed")  # (conftest)


def same(ours, theirs, name):
    if isinstance(theirs, dict) and "dtype" in theirs:
        assert (ours["dtype"], ours["shape"]) == (theirs["dtype"], theirs["shape"]), name
        got, want = onp.array(ours["v"]), onp.array(theirs["v"])
        if want.dtype.kind == "f":
            rtol = 1e-3 if ours["dtype"] == "float16" else 2e-6
            onp.testing.assert_allclose(got, want, rtol=rtol, atol=rtol, err_msg=name)
        elif name.startswith("resize") and want.size:
            assert onp.abs(got.astype(int) - want.astype(int)).max() <= 1, name
        else:
            assert got.tolist() == want.tolist(), name
    elif isinstance(theirs, list):
        assert isinstance(ours, list) and len(ours) == len(theirs), name
        for a, b in zip(ours, theirs):
            same(a, b, name)
    else:
        assert ours == theirs, name


def test_every_case_was_recorded():
    assert ORACLE["mindspore"] == "2.10.0"
    assert sorted({**VALUES, **RANDOM, **ERRORS}) == sorted(k for k in ORACLE
                                                            if k != "mindspore")


def _pad_channel_as_documented(ours, theirs):
    """MindSpore 2.10 writes NormalizePad's 3-channel values one after another into the
    <H,W,4> array (zeros at the end); ours keeps each pixel's channels and pads a zero."""
    got, want = onp.array(ours["v"]), onp.array(theirs["v"])
    assert got.shape == want.shape and not got[..., 3].any()
    onp.testing.assert_allclose(got[..., :3].ravel(), want.ravel()[:got[..., :3].size],
                                rtol=1e-3)


def _fill_in_rgb_order(ours, theirs):
    """MindSpore 2.10's Rotate fills with ``fill_value`` reversed (B, G, R); ours fills
    R, G, B as its documentation says."""
    got, want = onp.array(ours["v"]), onp.array(theirs["v"])
    filled = (want == [3, 2, 1]).all(axis=-1)
    assert filled.any() and (got[filled] == [1, 2, 3]).all()
    assert (got[~filled] == want[~filled]).all()


DOCUMENTED = {"normalizepad": _pad_channel_as_documented,
              "normalizepad_f16": _pad_channel_as_documented,
              "rotate_90_rgb_fill": _fill_in_rgb_order}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_values_as_mindspore(name):
    ours = json.loads(json.dumps(VALUES[name](V, T, ds)))
    DOCUMENTED.get(name, lambda a, b: same(a, b, name))(ours, ORACLE[name]["value"])


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_random_outputs_as_often_as_mindspore(name):
    """The same outputs, each as often within about four standard errors."""
    as_often(RANDOM[name](V, T, ds), ORACLE[name]["value"], name)


def as_often(ours, theirs, name):
    """Each output's share of the ``DRAWS`` draws within about four standard errors of
    MindSpore's (shared with ``test_dataset_vision2_oracle``)."""
    for key in set(ours) | set(theirs):
        share = max(ours.get(key, 0.0), theirs.get(key, 0.0))
        bound = 4 * math.sqrt(2 * share * (1 - share) / DRAWS) + 0.01
        assert abs(ours.get(key, 0.0) - theirs.get(key, 0.0)) <= bound, (name, key)


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_random_cases_repeat_under_the_seed(name):
    assert RANDOM[name](V, T, ds) == RANDOM[name](V, T, ds)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_calls_raise_as_mindspore(name):
    with pytest.raises(ERROR_CLASSES[ORACLE[name]["error"]]):
        ERRORS[name](V, T, ds)
