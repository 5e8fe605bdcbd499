"""Vision transforms that adjust tone by a draw: RandomInvert, RandomEqualize,
RandomAutoContrast, RandomPosterize, RandomSolarize, RandomSharpness and RandomColorAdjust,
with MindSpore 2.10's distributions from their own generator (``dataset.config`` seed)."""
import numpy as onp

from ...errors import CellArgumentError, CellTypeError, describe, message
from . import _checks
from .adjust import (brightened, color_image, contrasted, factor, saturated, sharpened,
                     solarize_range, solarized)
from .hue import hue_shifted
from .tone import AutoContrast, Equalize, Invert, Posterize

__all__ = ["RandomAutoContrast", "RandomColorAdjust", "RandomEqualize", "RandomInvert",
           "RandomPosterize", "RandomSharpness", "RandomSolarize"]


class _WithProbability(_checks.Random):
    """Run ``self._apply`` with probability ``prob``, else return the image as it is."""
    _name = ""

    def __init__(self, prob=0.5):
        super().__init__()
        self.prob = _checks.probability(f"{self._name} 'prob'", prob)

    def __call__(self, img):
        return self._apply(img) if self._rng.random() < self.prob else \
            _checks.image(self._name, img)


class RandomInvert(_WithProbability):
    """``Invert`` with probability ``prob``."""
    _name, _apply = "RandomInvert", Invert()


class RandomEqualize(_WithProbability):
    """``Equalize`` with probability ``prob``."""
    _name, _apply = "RandomEqualize", Equalize()


class RandomAutoContrast(_WithProbability):
    """``AutoContrast(cutoff, ignore)`` with probability ``prob``."""
    _name = "RandomAutoContrast"

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5):
        super().__init__(prob)
        self._apply = AutoContrast(cutoff, ignore)


def ordered_pair(transform, name, values, low, high, integer=False):
    """``transform``'s argument ``name``: a ``(min, max)`` pair within ``[low, high]``."""
    where = f"{transform} '{name}'"
    if not isinstance(values, (list, tuple)) or len(values) != 2:
        raise CellTypeError(message(where, "a (min, max) pair", describe(values)))
    for i, value in enumerate(values):
        _checks.number(f"{transform} '{name}[{i}]'", value, low, high, integer=integer)
    if values[0] > values[1]:
        raise CellArgumentError(message(where, "min <= max", repr(tuple(values)),
                                        "Give the smaller value first."))
    return tuple(values)


class RandomPosterize(_checks.Random):
    """``Posterize`` to a number of bits drawn uniformly from ``bits`` (an int ``b`` means
    ``(b, b)``), each in ``[1, 8]``."""

    def __init__(self, bits=(8, 8)):
        super().__init__()
        bits = (bits, bits) if _checks.is_int(bits) else bits
        self.bits = ordered_pair("RandomPosterize", "bits", bits, 1, 8, integer=True)

    def __call__(self, img):
        return Posterize(int(self._rng.integers(self.bits[0], self.bits[1] + 1)))(img)


class RandomSolarize(_checks.Random):
    """``Solarize`` the pixels in ``[lo, hi]``: two integers drawn uniformly from
    ``threshold`` ``(min, max)``, the smaller first."""

    def __init__(self, threshold=(0, 255)):
        super().__init__()
        if not isinstance(threshold, (list, tuple)):
            raise CellTypeError(message("RandomSolarize 'threshold'", "a (min, max) pair",
                                        describe(threshold)))
        self.threshold = solarize_range("RandomSolarize", threshold)

    def __call__(self, img):
        img = _checks.image("RandomSolarize", img, dtypes=("uint8",))
        low, high = (int(v) for v in self.threshold)
        draws = sorted(int(self._rng.integers(low, high + 1)) for _ in range(2))
        return solarized(img, *draws)


class RandomSharpness(_checks.Random):
    """``AdjustSharpness`` by a factor drawn uniformly from ``degrees`` ``(min, max)``."""

    def __init__(self, degrees=(0.1, 1.9)):
        super().__init__()
        self.degrees = tuple(float(v) for v in ordered_pair(
            "RandomSharpness", "degrees", degrees, 0, _checks.MAX_SIZE))

    def __call__(self, img):
        img = color_image("RandomSharpness", img, (2, 3))
        return sharpened(img, self._rng.uniform(*self.degrees))


def _factor_range(name, value, centre, low, high):
    """A number ``v`` as ``(max(centre - v, low), centre + v)``, or a ``(min, max)`` pair."""
    if _checks.is_number(value):
        if value < 0:
            raise CellArgumentError(message(f"RandomColorAdjust '{name}'",
                                            "a number at least 0", repr(value)))
        value = (max(centre - value, low), centre + value)
    return tuple(float(v) for v in ordered_pair("RandomColorAdjust", name, value, low, high))


class RandomColorAdjust(_checks.Random):
    """Brightness, contrast and saturation factors each drawn uniformly from their
    ranges, and a hue turn drawn from ``hue`` (``AdjustHue``'s), applied in a shuffled
    order (a range of ``(1, 1)``, or ``(0, 0)`` for hue, is skipped)."""

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        super().__init__()
        self.ranges = {name: _factor_range(name, value, 1, 0, _checks.MAX_SIZE)
                       for name, value in (("brightness", brightness),
                                           ("contrast", contrast),
                                           ("saturation", saturation))}
        self.ranges["hue"] = _factor_range("hue", hue, 0, -0.5, 0.5)

    def __call__(self, img):
        img = color_image("RandomColorAdjust", img)
        steps = {"brightness": brightened, "contrast": contrasted, "saturation": saturated,
                 "hue": hue_shifted}
        for name in self._rng.permutation(["brightness", "contrast", "saturation", "hue"]):
            if self.ranges[name] != ((0.0, 0.0) if name == "hue" else (1.0, 1.0)):
                img = steps[name](img, self._rng.uniform(*self.ranges[name]))
        return img
