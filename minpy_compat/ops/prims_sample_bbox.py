"""MindSpore 2.10's ``SampleDistortedBoundingBoxV2``: a random crop of an image of
``image_size`` (H, W, C) with an aspect ratio in ``aspect_ratio_range``, an area fraction in
``area_range`` and at least ``min_object_covered`` of one of ``bounding_boxes`` inside it,
drawn as TensorFlow's kernel does (up to ``max_attempts`` tries, else the whole image).
Returns ``begin`` (y, x, 0) and ``size`` (h, w, -1) in ``image_size``'s dtype and the crop
as a (1, 1, 4) float32 box. The draws come from NumPy's generator, seeded by
(``seed``, ``seed2``) when either is non-zero, and advance call by call, so a seeded
primitive repeats its sequence (not MindSpore's numbers: its generator is not NumPy's).

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> op = ops.SampleDistortedBoundingBoxV2(seed=1, area_range=(0.05, 0.06), max_attempts=1)
>>> begin, size, box = op(ms.Tensor(onp.int32([10, 10, 3])), ms.Tensor([[[0.0, 0.0, 0.1, 0.1]]]),
...                       ms.Tensor([1.0]))
>>> size.tolist()
[10, 10, -1]
"""
import math

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .prims_base import AttrPrimitive

_SIZE_DTYPES = (onp.uint8, onp.int8, onp.int16, onp.int32, onp.int64)


def _range(where, value, low_open):
    pair = tuple(value) if isinstance(value, (tuple, list)) else None
    if pair is None or len(pair) != 2 or not all(isinstance(v, float) for v in pair):
        raise CellTypeError(message(where, "a tuple of two floats", repr(value)))
    if not 0 < pair[0] < pair[1] or low_open and pair[1] > 1:
        span = "in (0, 1]" if low_open else "positive"
        raise CellArgumentError(message(where, f"two increasing floats {span}", repr(value)))
    return tuple(float(v) for v in pair)


def _crop(rng, height, width, ratio, low, high):
    """TensorFlow's GenerateRandomCrop: (y, x, h, w), or None when it misses the areas."""
    low_area, high_area = low * width * height, high * width * height
    crop_h = int(round(math.sqrt(low_area / ratio)))
    top_h = int(round(math.sqrt(high_area / ratio)))
    if top_h * ratio > width:
        top_h = int((width + 0.5 - 1e-7) / ratio)
    top_h = min(top_h, height)
    crop_h = min(crop_h, top_h)
    if crop_h < top_h:
        crop_h += int(rng.randint(top_h - crop_h + 1))
    crop_w = int(round(crop_h * ratio))
    if crop_w * crop_h < low_area:
        crop_h += 1
        crop_w = int(round(crop_h * ratio))
    if crop_w * crop_h > high_area:
        crop_h -= 1
        crop_w = int(round(crop_h * ratio))
    area = crop_w * crop_h
    if area < low_area or area > high_area or crop_w > width or crop_h > height or \
            crop_w <= 0 or crop_h <= 0:
        return None
    y = 0 if crop_h == height else int(rng.randint(height - crop_h + 1))
    x = 0 if crop_w == width else int(rng.randint(width - crop_w + 1))
    return y, x, crop_h, crop_w


def _covers(crop, boxes, height, width, least):
    """Whether the crop holds at least ``least`` of one box's area."""
    y, x, h, w = crop
    for y1, x1, y2, x2 in boxes:
        area = (y2 - y1) * height * (x2 - x1) * width
        inner = max(min(y + h, y2 * height) - max(y, y1 * height), 0) * \
            max(min(x + w, x2 * width) - max(x, x1 * width), 0)
        if area > 0 and inner / area >= least:
            return True
    return False


class SampleDistortedBoundingBoxV2(AttrPrimitive):
    """``SampleDistortedBoundingBoxV2(seed=0, seed2=0, aspect_ratio_range=(0.75, 1.33),
    area_range=(0.05, 1.0), max_attempts=100, use_image_if_no_bounding_boxes=False)(
    image_size, bounding_boxes, min_object_covered)``: a random crop's begin, size, box."""

    def __init__(self, seed=0, seed2=0, aspect_ratio_range=(0.75, 1.33), area_range=(0.05, 1.0),
                 max_attempts=100, use_image_if_no_bounding_boxes=False):
        super().__init__()
        where = self.name
        for name, value in (("seed", seed), ("seed2", seed2), ("max_attempts", max_attempts)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise CellTypeError(message(f"{where} {name}", "an int", describe(value)))
        if max_attempts < 1:
            raise CellArgumentError(message(f"{where} max_attempts", "a positive int",
                                            str(max_attempts)))
        if not isinstance(use_image_if_no_bounding_boxes, bool):
            raise CellTypeError(message(f"{where} use_image_if_no_bounding_boxes", "a bool",
                                        describe(use_image_if_no_bounding_boxes)))
        self._keep(seed=seed, seed2=seed2,
                   aspect_ratio_range=_range(f"{where} aspect_ratio_range",
                                             aspect_ratio_range, False),
                   area_range=_range(f"{where} area_range", area_range, True),
                   max_attempts=max_attempts,
                   use_image_if_no_bounding_boxes=use_image_if_no_bounding_boxes)
        seeds = [seed % 2 ** 32, seed2 % 2 ** 32]
        self._rng = onp.random.RandomState(seeds) if seed or seed2 else onp.random.RandomState()

    def __call__(self, image_size, bounding_boxes, min_object_covered):
        where = self.name
        size, boxes, least = (onp.asarray(getval(v.asnumpy() if isinstance(v, Tensor) else v))
                              for v in (image_size, bounding_boxes, min_object_covered))
        if size.dtype.type not in _SIZE_DTYPES:
            raise CellTypeError(message(f"{where} image_size", "a uint8/int8/int16/int32/int64 "
                                        "Tensor", str(size.dtype)))
        if size.shape != (3,):
            raise CellArgumentError(message(f"{where} image_size", "(H, W, C): shape (3,)",
                                            f"shape {size.shape}"))
        if boxes.dtype != onp.float32 or boxes.ndim != 3 or boxes.shape[2] != 4:
            raise CellArgumentError(message(f"{where} bounding_boxes", "a float32 Tensor of "
                                            "shape (batch, N, 4)",
                                            f"{boxes.dtype} of shape {boxes.shape}"))
        if least.dtype != onp.float32 or least.shape != (1,):
            raise CellArgumentError(message(f"{where} min_object_covered", "a float32 Tensor "
                                            "of shape (1,)", f"{least.dtype} of shape "
                                            f"{least.shape}"))
        least = float(least[0])
        if not 0 <= least <= 1:
            raise CellArgumentError(message(f"{where} min_object_covered", "a value in [0, 1]",
                                            str(least)))
        boxes = boxes.reshape(-1, 4).astype(onp.float64)
        if ((boxes < 0) | (boxes > 1)).any():
            raise CellArgumentError(message(f"{where} bounding_boxes", "coordinates in [0, 1]",
                                            str(boxes.min() if (boxes < 0).any()
                                                else boxes.max())))
        if not len(boxes):
            if not self.use_image_if_no_bounding_boxes:
                raise CellArgumentError(message(f"{where} bounding_boxes", "at least one box",
                                                "none", "Pass use_image_if_no_bounding_boxes"
                                                "=True to treat the whole image as the box."))
            boxes = onp.array([[0.0, 0.0, 1.0, 1.0]])
        height, width = int(size[0]), int(size[1])
        found = None
        for _ in range(self.max_attempts):
            ratio = self._rng.uniform(*self.aspect_ratio_range)
            crop = _crop(self._rng, height, width, ratio, *self.area_range)
            if crop is not None and _covers(crop, boxes, height, width, least):
                found = crop
                break
        y, x, h, w = found or (0, 0, height, width)
        kind = size.dtype.type
        box = onp.array([[[y / height, x / width, (y + h) / height, (x + w) / width]]],
                        onp.float32)
        return (Tensor(onp.array([y, x, 0]).astype(kind)),
                Tensor(onp.array([h, w, -1]).astype(kind)), Tensor(box))


__all__ = ["SampleDistortedBoundingBoxV2"]
