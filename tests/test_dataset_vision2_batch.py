"""MixUpBatch against MindSpore 2.10 (``tests/oracle/vision2_cases_batch.py``): each
recorded batch equals ours mixed by the weight and partners its labels show (uint8 exactly,
float32 to float32 precision); the weights drawn follow the same Beta distribution; bad
calls raise MindSpore's classes, in our words."""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V
from minpy_compat.dataset.vision.batch_ops import mix_up
from test_dataset_vision_oracle import ERROR_CLASSES

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from vision2_cases_batch import BATCH, ERRORS, ONE_HOT, SAMPLES  # noqa: E402

with open(os.path.join(HERE, "vision2_fixture.json")) as _file:
    ORACLE = json.load(_file)
INPUTS = {"mixup_uint8": (BATCH, ONE_HOT),
          "mixup_float": (BATCH.astype(onp.float32) / 7, ONE_HOT),
          "mixup_chw": (BATCH.transpose(0, 3, 1, 2), ONE_HOT),
          "mixup_float_labels": (BATCH, ONE_HOT.astype(onp.float32) / 2)}


@pytest.fixture(autouse=True)
def seeds():
    saved = ds.config._settings["seed"]
    yield
    ds.config._settings["seed"] = saved


def shown_mix(labels, out_labels):
    """``(lam, order)`` read off mixed one-hot labels (lam 1 when no row was mixed)."""
    order, lam = onp.arange(len(labels)), 1.0
    for i, row in enumerate(out_labels):
        others = [j for j in onp.nonzero(row)[0] if j != i]
        if others:
            order[i], lam = others[0], row[i] / labels[i, i]
    return lam, order


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_batches_mix_as_mindspore(name):
    images, labels = INPUTS[name]
    mixed_rows = 0
    for theirs_images, theirs_labels in ORACLE[name]["value"]:
        out_labels = onp.array(theirs_labels["v"], onp.float32)
        lam, order = shown_mix(labels, out_labels)
        mixed_rows += int((order != onp.arange(len(order))).sum())
        ours_images, ours_labels = mix_up(images, labels, lam, order)
        want = onp.array(theirs_images["v"])
        assert ours_images.dtype.name == theirs_images["dtype"], name
        assert ours_labels.dtype == onp.float32 and theirs_labels["dtype"] == "float32"
        if want.dtype.kind == "f":
            onp.testing.assert_allclose(ours_images, want, rtol=2e-6, err_msg=name)
        else:
            assert (ours_images == want).all(), name
        onp.testing.assert_allclose(ours_labels, out_labels, rtol=2e-6, atol=1e-7)
    assert mixed_rows > 10, name


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_lam_follows_the_same_distribution(name):
    """Two-sample Kolmogorov-Smirnov distance under its 0.1% critical value."""
    ours, theirs = onp.array(SAMPLES[name](V, T, ds)), onp.array(ORACLE[name]["value"])
    grid = onp.sort(onp.concatenate([ours, theirs]))
    gap = onp.abs(onp.searchsorted(ours, grid, "right") / len(ours) -
                  onp.searchsorted(theirs, grid, "right") / len(theirs)).max()
    assert gap < 1.95 * onp.sqrt((len(ours) + len(theirs)) / (len(ours) * len(theirs)))


def test_same_seed_same_batches():
    assert json.dumps(SAMPLES["mixup_lam_1"](V, T, ds)) == \
        json.dumps(SAMPLES["mixup_lam_1"](V, T, ds))


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_calls_raise_as_mindspore(name):
    with pytest.raises(ERROR_CLASSES[ORACLE[name]["error"]]):
        ERRORS[name](V, T, ds)


@pytest.mark.parametrize("call, error, words", [
    (lambda: V.MixUpBatch(0), ValueError,
     r"MixUpBatch 'alpha': expected a value in \(0, 16777216\], got 0"),
    (lambda: V.MixUpBatch("a"), TypeError, r"MixUpBatch 'alpha': expected a number, got str"),
    (lambda: V.MixUpBatch()(BATCH[0], ONE_HOT), RuntimeError,
     r"MixUpBatch: the images: expected a batch of numbers <N,H,W,C> or <N,C,H,W>, got "
     r"shape \(2, 3, 3\) uint8. Batch the dataset before this map."),
    (lambda: V.MixUpBatch()(BATCH, ONE_HOT[:3]), RuntimeError,
     r"MixUpBatch: the labels: expected one-hot rows <N,classes> for the 4 images, got shape "
     r"\(3, 4\). One-hot encode"),
])
def test_error_words(call, error, words):
    with pytest.raises(error, match=words):
        call()
