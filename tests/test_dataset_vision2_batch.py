"""MixUpBatch and CutMixBatch against MindSpore 2.10 (``tests/oracle/vision2_cases_batch.py``):
each recorded batch equals ours mixed as its labels and pixels show (the weight or box, the
partners; uint8 exactly, float32 to float32 precision); MixUpBatch's weights follow the same
Beta distribution, CutMixBatch's boxes come out as often; bad calls raise MindSpore's
classes, in our words."""
import math
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V
from minpy_compat.dataset.vision.batch_ops import cut_mix, mix_up
from test_dataset_vision_oracle import ERROR_CLASSES

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from vision2_cases_batch import (BATCH, BOX_BATCHES, ERRORS, ONE_HOT, SAMPLES,  # noqa: E402
                                 UNIQUE)

with open(os.path.join(HERE, "vision2_fixture.json")) as _file:
    ORACLE = json.load(_file)
INPUTS = {"mixup_uint8": (BATCH, ONE_HOT),
          "mixup_float": (BATCH.astype(onp.float32) / 7, ONE_HOT),
          "mixup_chw": (BATCH.transpose(0, 3, 1, 2), ONE_HOT),
          "mixup_float_labels": (BATCH, ONE_HOT.astype(onp.float32) / 2)}


pytestmark = pytest.mark.usefixtures("keep_dataset_seed")  # (conftest)


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


def shown_boxes(images, out_images, order, channels_last):
    """Each row's pasted box ``(top, left, h, w)`` read off the changed pixels."""
    changed = (out_images != images).any(axis=3 if channels_last else 1)
    boxes = []
    for i, row in enumerate(changed):
        where = onp.argwhere(row)
        boxes.append(None if order[i] == i or where.size == 0 else
                     tuple(where.min(0)) + tuple(where.max(0) - where.min(0) + 1))
    return boxes


@pytest.mark.parametrize("name, images, channels_last", [
    ("cutmix_uint8", BATCH, True), ("cutmix_nchw", UNIQUE.transpose(0, 3, 1, 2), False)])
def test_cut_batches_as_mindspore(name, images, channels_last):
    pasted = 0
    for theirs_images, theirs_labels in ORACLE[name]["value"]:
        want, out_labels = onp.array(theirs_images["v"]), onp.array(theirs_labels["v"])
        order = shown_mix(ONE_HOT, out_labels)[1]
        boxes = shown_boxes(images, want, order, channels_last)
        pasted += sum(box is not None for box in boxes)
        ours_images, ours_labels = cut_mix(images, ONE_HOT, order, boxes, channels_last)
        assert ours_images.dtype.name == theirs_images["dtype"]
        assert (ours_images == want).all(), name
        onp.testing.assert_allclose(ours_labels, out_labels, rtol=2e-6, atol=1e-7)
    assert pasted > 10, name


@pytest.mark.parametrize("name", ["cutmix_boxes", "cutmix_boxes_half"])
def test_boxes_as_often_as_mindspore(name):
    """Each box (or none) as often, within about four standard errors."""
    ours, theirs = SAMPLES[name](V, T, ds), ORACLE[name]["value"]
    rows = len(BATCH) * BOX_BATCHES
    for key in set(ours) | set(theirs):
        share = max(ours.get(key, 0.0), theirs.get(key, 0.0))
        bound = 4 * math.sqrt(2 * share * (1 - share) / rows) + 0.005
        assert abs(ours.get(key, 0.0) - theirs.get(key, 0.0)) <= bound, (name, key)


def _area_moments(shares):
    areas = {key: 0 if key == "none" else math.prod(map(int, key.split(",")[2:]))
             for key in shares}
    mean = sum(share * areas[key] for key, share in shares.items())
    return mean, sum(share * (areas[key] - mean) ** 2 for key, share in shares.items())


@pytest.mark.parametrize("name", ["cutmix_boxes", "cutmix_boxes_half"])
def test_box_areas_average_as_mindspore(name):
    """The mean pasted area within four standard errors (the box sides' law)."""
    (ours, var_ours), (theirs, var_theirs) = (_area_moments(SAMPLES[name](V, T, ds)),
                                              _area_moments(ORACLE[name]["value"]))
    rows = len(BATCH) * BOX_BATCHES
    assert abs(ours - theirs) <= 4 * math.sqrt((var_ours + var_theirs) / rows), (ours, theirs)


@pytest.mark.parametrize("name", ["mixup_lam_04", "mixup_lam_1"])
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
    (lambda: V.CutMixBatch("NHWC"), TypeError,
     r"CutMixBatch 'image_batch_format': expected a member of ImageBatchFormat, got str"),
    (lambda: V.CutMixBatch(V.ImageBatchFormat.NHWC, 1.0, 2.0), ValueError,
     r"CutMixBatch 'prob': expected a value in \[0.0, 1.0\], got 2.0"),
    (lambda: V.CutMixBatch(V.ImageBatchFormat.NCHW)(BATCH, ONE_HOT), RuntimeError,
     r"CutMixBatch: the images: expected 1 or 3 channels in NCHW, got shape \(4, 2, 3, 3\). "
     r"Pass the ImageBatchFormat"),
    (lambda: V.MixUpBatch()(BATCH, ONE_HOT[:3]), RuntimeError,
     r"MixUpBatch: the labels: expected one-hot rows <N,classes> for the 4 images, got shape "
     r"\(3, 4\). One-hot encode"),
])
def test_error_words(call, error, words):
    with pytest.raises(error, match=words):
        call()
