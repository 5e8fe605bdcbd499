"""Vision transforms that draw: RandomCrop, RandomHorizontalFlip, RandomVerticalFlip,
RandomRotation, CutOut and RandomErasing. Each draws the outputs MindSpore
2.10 can give, as often, from its own generator seeded by ``dataset.config.set_seed``."""
import math

import numpy as onp

from ...errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from . import _checks
from .enums import Border, Inter
from .geometry import fill_values, padded, padding4, quarter_turns, rotation_args, turned

__all__ = ["CutOut", "RandomCrop", "RandomErasing", "RandomHorizontalFlip",
           "RandomRotation", "RandomVerticalFlip"]


class RandomCrop(_checks.Random):
    """A ``size`` crop at a uniform position, after ``padding``; with ``pad_if_needed`` a
    side shorter than the crop is padded by the shortfall on both ends."""

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0,
                 padding_mode=Border.CONSTANT):
        super().__init__()
        self.size = _checks.size_pair("RandomCrop 'size'", size)
        self.padding = (0, 0, 0, 0) if padding is None else \
            padding4("RandomCrop 'padding'", padding)
        if not isinstance(pad_if_needed, bool):
            raise CellTypeError(message("RandomCrop 'pad_if_needed'", "a bool",
                                        describe(pad_if_needed)))
        self.pad_if_needed = pad_if_needed
        self.fill_value = fill_values("RandomCrop 'fill_value'", fill_value)
        self.padding_mode = _checks.enum_member("RandomCrop 'padding_mode'", padding_mode,
                                                Border)

    def __call__(self, img):
        img = _checks.image("RandomCrop", img)
        (height, width), (left, top, right, bottom) = self.size, self.padding
        if self.pad_if_needed:
            short_h = max(height - (img.shape[0] + top + bottom), 0)
            short_w = max(width - (img.shape[1] + left + right), 0)
            left, top, right, bottom = left + short_w, top + short_h, right + short_w, \
                bottom + short_h
        img = padded(img, (left, top, right, bottom), self.fill_value, self.padding_mode)
        if height > img.shape[0] or width > img.shape[1]:
            raise DatasetPipelineError(message(
                "RandomCrop", f"an image of at least {height}x{width} after padding",
                f"shape {img.shape}", "Pass pad_if_needed=True or a larger padding."))
        row = int(self._rng.integers(0, img.shape[0] - height + 1))
        col = int(self._rng.integers(0, img.shape[1] - width + 1))
        return img[row:row + height, col:col + width]


class _RandomFlip(_checks.Random):
    _axis, _name = 1, "RandomHorizontalFlip"

    def __init__(self, prob=0.5):
        super().__init__()
        self.prob = _checks.probability(f"{self._name} 'prob'", prob)

    def __call__(self, img):
        img = _checks.image(self._name, img)
        return onp.flip(img, self._axis).copy() if self._rng.random() < self.prob else img


class RandomHorizontalFlip(_RandomFlip):
    """Mirror left to right with probability ``prob``."""


class RandomVerticalFlip(_RandomFlip):
    """Mirror top to bottom with probability ``prob``."""
    _axis, _name = 0, "RandomVerticalFlip"


class RandomRotation(_checks.Random):
    """``Rotate`` by an angle drawn uniformly from ``degrees``: a number ``d`` (at least 0)
    means ``(-d, d)``, or a ``(min, max)`` pair."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None,
                 fill_value=0):
        super().__init__()
        where = "RandomRotation 'degrees'"
        if _checks.is_number(degrees):
            _checks.number(where, degrees, 0, _checks.MAX_SIZE)
            degrees = (-degrees, degrees)
        if not isinstance(degrees, (list, tuple)) or len(degrees) != 2 or \
                not all(map(_checks.is_number, degrees)):
            raise CellTypeError(message(where, "a number or a (min, max) pair",
                                        describe(degrees)))
        if degrees[0] > degrees[1]:
            raise CellArgumentError(message(where, "min <= max", repr(tuple(degrees))))
        self.degrees = tuple(float(v) for v in degrees)
        fixed = degrees[0] == degrees[1] and quarter_turns(degrees[0]) is not None
        self.resample, self.expand, self.center = rotation_args(
            "RandomRotation", resample, expand, center, fixed)
        self.fill_value = fill_values("RandomRotation 'fill_value'", fill_value)

    def __call__(self, img):
        img = _checks.image("RandomRotation", img)
        return turned(img, self._rng.uniform(*self.degrees), self.expand, self.center,
                      self.fill_value, self.resample)


class CutOut(_checks.Random):
    """Zero ``num_patches`` squares of side ``length``; each starts at a uniform offset in
    ``[-length, size]`` per side, so a square may be cut by the border or miss the image."""

    def __init__(self, length, num_patches=1, is_hwc=True):
        super().__init__()
        self.length = int(_checks.number("CutOut 'length'", length, 1, _checks.MAX_SIZE,
                                         integer=True))
        self.num_patches = int(_checks.number("CutOut 'num_patches'", num_patches, 1,
                                              _checks.MAX_SIZE, integer=True))
        if not isinstance(is_hwc, bool):
            raise CellTypeError(message("CutOut 'is_hwc'", "a bool", describe(is_hwc)))
        self.is_hwc = is_hwc

    def __call__(self, img):
        img = _checks.image("CutOut", img, ranks=(3,)).copy()
        plane = img if self.is_hwc else onp.moveaxis(img, 0, -1)
        height, width, size = plane.shape[0], plane.shape[1], self.length
        for _ in range(self.num_patches):
            top = int(self._rng.integers(0, height + size + 1)) - size
            left = int(self._rng.integers(0, width + size + 1)) - size
            plane[max(top, 0):max(top + size, 0), max(left, 0):max(left + size, 0)] = 0
        return img


def _pair(where, values, low, high):
    if not isinstance(values, (list, tuple)) or len(values) != 2 or \
            not all(map(_checks.is_number, values)):
        raise CellTypeError(message(where, "a (min, max) pair of numbers", describe(values)))
    if not low <= values[0] <= values[1] <= high:
        raise CellArgumentError(message(where, f"min <= max within [{low}, {high}]",
                                        repr(tuple(values))))
    return tuple(float(v) for v in values)


class RandomErasing(_checks.Random):
    """With probability ``prob``, set a rectangle of a <C,H,W> image to ``value``: its area
    a ``scale`` fraction and its width/height ``ratio``, both uniform, tried
    ``max_attempts`` times until it fits (MindSpore's algorithm)."""

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0,
                 inplace=False, max_attempts=10):
        super().__init__()
        self.prob = _checks.probability("RandomErasing 'prob'", prob)
        self.scale = _pair("RandomErasing 'scale'", scale, 0.0, math.inf)
        self.ratio = _pair("RandomErasing 'ratio'", ratio, 1e-300, math.inf)
        if value != "random":
            value = fill_values("RandomErasing 'value'", value)
        self.value, self.inplace = value, bool(inplace)
        self.max_attempts = int(_checks.number("RandomErasing 'max_attempts'", max_attempts,
                                               1, _checks.MAX_SIZE, integer=True))

    def _region(self, height, width):
        area = height * width
        for _ in range(self.max_attempts):
            erase_area = self._rng.uniform(*self.scale) * area
            aspect = self._rng.uniform(*self.ratio)
            erase_w = int(round(math.sqrt(erase_area * aspect)))
            erase_h = int(round(erase_w / aspect))
            if erase_h < height and erase_w < width:
                return (int(self._rng.integers(0, height - erase_h + 1)),
                        int(self._rng.integers(0, width - erase_w + 1)), erase_h, erase_w)
        return None

    def __call__(self, img):
        img = _checks.image("RandomErasing", img, ranks=(3,))
        if not self._rng.random() < self.prob:
            return img
        region = self._region(img.shape[1], img.shape[2])
        if region is None:
            return img
        out = img if self.inplace else img.copy()
        top, left, height, width = region
        if self.value == "random":
            out[:, top:top + height, left:left + width] = self._rng.normal(
                size=(img.shape[0], height, width))
        else:
            fill = onp.resize(onp.array(self.value), img.shape[0])[:, None, None]
            out[:, top:top + height, left:left + width] = fill
        return out
