"""Vision transforms of a whole batch, as MindSpore 2.10's: MixUpBatch (one weight ``lam``
from Beta(alpha, alpha) per batch, each row mixed with a row of a shuffled copy) and
CutMixBatch (per row, a box of a shuffled partner pasted in, labels mixed by its area)."""
import math

import numpy as onp

from ...errors import CellTypeError, DatasetPipelineError, describe, message
from . import _checks
from .adjust import rounded
from .enums import ImageBatchFormat

__all__ = ["CutMixBatch", "MixUp", "MixUpBatch"]


def mix_up(images, labels, lam, order):
    """``lam * row + (1 - lam) * partner`` for images (float32, back to their dtype with
    integers rounded) and labels (float32); row ``i``'s partner is row ``order[i]``."""
    f32 = onp.float32
    lam = f32(lam)
    mixed = images.astype(f32) * lam + images[order].astype(f32) * (f32(1) - lam)
    out_labels = labels.astype(f32) * lam + labels[order].astype(f32) * (f32(1) - lam)
    return rounded(mixed, images.dtype), out_labels


def batch_and_labels(where, images, labels):
    images, labels = onp.asarray(images), onp.asarray(labels)
    if images.ndim != 4 or images.dtype.kind not in "biuf":
        raise DatasetPipelineError(message(
            f"{where}: the images", "a batch of numbers <N,H,W,C> or <N,C,H,W>",
            f"shape {images.shape} {images.dtype}", "Batch the dataset before this map."))
    if labels.ndim not in (2, 3) or labels.shape[0] != images.shape[0]:
        raise DatasetPipelineError(message(
            f"{where}: the labels", f"one-hot rows <N,classes> for the {images.shape[0]} "
            "images", f"shape {labels.shape}", "One-hot encode the labels and batch first."))
    return images, labels


class MixUpBatch(_checks.Random):
    """Mix each image and its one-hot label with another of the batch (a shuffle), by one
    weight drawn from Beta(``alpha``, ``alpha``) per batch. Runs after ``batch``, on the
    image and label columns: <N,H,W,C> or <N,C,H,W> images, <N,classes> labels."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = float(_checks.number("MixUpBatch 'alpha'", alpha, 0, _checks.MAX_SIZE,
                                          low_open=True))

    def __call__(self, images, labels):
        images, labels = batch_and_labels("MixUpBatch", images, labels)
        order = self._rng.permutation(images.shape[0])
        return mix_up(images, labels, self._rng.beta(self.alpha, self.alpha), order)


class MixUp(_checks.Random):
    """MindSpore's Python MixUp on batched (image, one-hot label) columns, in float64: row
    ``i`` takes its own weight ``lam_i`` from Beta(``alpha``, ``alpha``). ``is_single``:
    mixed with row ``i + 1`` (the last with row 0); otherwise with the previous batch's
    output (the first batch passes through, ``lam = 1``)."""

    def __init__(self, batch_size, alpha, is_single=True):
        super().__init__()
        self.batch_size = int(_checks.number("MixUp 'batch_size'", batch_size, 1,
                                             _checks.MAX_SIZE, integer=True))
        self.alpha = float(_checks.number("MixUp 'alpha'", alpha, 0, _checks.MAX_SIZE,
                                          low_open=True))
        if not isinstance(is_single, bool):
            raise CellTypeError(message("MixUp 'is_single'", "a bool", describe(is_single)))
        self.is_single = is_single
        self._previous = None

    def __call__(self, images, labels):
        images, labels = batch_and_labels("MixUp", images, labels)
        if images.shape[0] != self.batch_size:
            raise DatasetPipelineError(message("MixUp: the images", f"a batch of "
                                               f"{self.batch_size} (batch_size)",
                                               f"shape {images.shape}"))
        lam = self._rng.beta(self.alpha, self.alpha, self.batch_size)
        if self.is_single:
            partner = onp.roll(onp.arange(self.batch_size), -1)
            others = images[partner], labels[partner]
        elif self._previous is None:
            lam, others = onp.ones(self.batch_size), (0.0, 0.0)
        else:
            others = self._previous
        lam_img = lam.reshape((-1,) + (1,) * (images.ndim - 1))
        lam_label = lam.reshape((-1,) + (1,) * (labels.ndim - 1))
        mixed = (lam_img * images + (1 - lam_img) * others[0],
                 lam_label * labels + (1 - lam_label) * others[1])
        if not self.is_single:
            self._previous = mixed
        return mixed


def crop_box(height, width, lam, centre_y, centre_x):
    """MindSpore's box ``(top, left, box_h, box_w)``: sides ``sqrt(1 - lam)`` of the
    image's, truncated, about the centre; corners clamped inside, each side at least 1 and
    below the image's."""
    ratio = math.sqrt(1 - lam)
    cut_h, cut_w = int(height * ratio), int(width * ratio)
    top = min(max(centre_y - cut_h // 2, 0), height - 1)
    left = min(max(centre_x - cut_w // 2, 0), width - 1)
    bottom = min(max(centre_y + cut_h // 2, 0), height - 1)
    right = min(max(centre_x + cut_w // 2, 0), width - 1)
    return (top, left, min(max(bottom - top, 1), max(height - 1, 1)),
            min(max(right - left, 1), max(width - 1, 1)))


def cut_mix(images, labels, order, boxes, channels_last=True):
    """Row ``i`` with ``boxes[i]`` ``(top, left, h, w)`` (None: kept) taken from row
    ``order[i]``; its labels ``k * own + (1 - k) * partner`` with ``k`` the share kept
    (float32)."""
    out = images.copy()
    out_labels = labels.astype(onp.float32)
    planes = out if channels_last else onp.moveaxis(out, 1, -1)
    source = images if channels_last else onp.moveaxis(images, 1, -1)
    height, width = planes.shape[1:3]
    for i, box in enumerate(boxes):
        if box is None:
            continue
        top, left, box_h, box_w = box
        planes[i, top:top + box_h, left:left + box_w] = \
            source[order[i], top:top + box_h, left:left + box_w]
        kept = onp.float32(1) - onp.float32(box_h * box_w) / onp.float32(height * width)
        out_labels[i] = kept * labels[i].astype(onp.float32) + \
            (onp.float32(1) - kept) * labels[order[i]].astype(onp.float32)
    return out, out_labels


class CutMixBatch(_checks.Random):
    """For each row, with probability ``prob``, paste a box of a shuffled partner (its
    sides ``sqrt(1 - lam)`` of the image's, ``lam`` from Beta(``alpha``, ``alpha``), about a
    uniform centre) and mix the one-hot labels by the area. Runs after ``batch``."""

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0):
        super().__init__()
        self.image_batch_format = _checks.enum_member(
            "CutMixBatch 'image_batch_format'", image_batch_format, ImageBatchFormat)
        self.alpha = float(_checks.number("CutMixBatch 'alpha'", alpha, 0, _checks.MAX_SIZE,
                                          low_open=True))
        self.prob = _checks.probability("CutMixBatch 'prob'", prob)

    def __call__(self, images, labels):
        images, labels = batch_and_labels("CutMixBatch", images, labels)
        channels_last = self.image_batch_format == ImageBatchFormat.NHWC
        if images.shape[3 if channels_last else 1] not in (1, 3):
            raise DatasetPipelineError(message(
                "CutMixBatch: the images", f"1 or 3 channels in {self.image_batch_format.name}",
                f"shape {images.shape}", "Pass the ImageBatchFormat the batch has."))
        height, width = images.shape[1:3] if channels_last else images.shape[2:]
        order = self._rng.permutation(images.shape[0])
        boxes = []
        for _ in range(images.shape[0]):
            lam = self._rng.beta(self.alpha, self.alpha)
            if self._rng.random() < self.prob:
                boxes.append(crop_box(height, width, lam, int(self._rng.integers(0, height + 1)),
                                      int(self._rng.integers(0, width + 1))))
            else:
                boxes.append(None)
        return cut_mix(images, labels, order, boxes, channels_last)
