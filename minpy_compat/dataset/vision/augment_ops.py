"""The named image ops that AutoAugment, RandAugment and TrivialAugmentWide pick from, as
MindSpore 2.10 runs them on a NumPy <H,W,3> uint8 image, and their magnitude tables
(torchvision's: ``num_bins`` evenly spaced strengths per op)."""
import math

import numpy as onp

from . import _remap, _warp
from .adjust import brightened, contrasted, saturated, sharpened
from .affine import affine_matrix
from .geometry import turned
from .tone import AutoContrast, Equalize, Invert, Posterize

# ops whose magnitude takes a random sign
SIGNED = ("ShearX", "ShearY", "TranslateX", "TranslateY", "Rotate", "Brightness", "Color",
          "Contrast", "Sharpness")


def _affine(img, translate, shear, interpolation, fill):
    """MindSpore's Affine, ``translate`` as fractions of the width and height (the
    Translate ops pass their pixel magnitude there, as MindSpore 2.10 does)."""
    height, width = img.shape[:2]
    matrix = affine_matrix(height, width, 0.0, (translate[0] * width, translate[1] * height),
                           1.0, shear)
    return _warp.warp(img, matrix, height, width, fill, _remap.TAPS[interpolation])


def applied(img, name, magnitude, interpolation, fill):
    """``img`` after the op ``name`` at ``magnitude`` (already signed)."""
    # the shears pass the magnitude, in radians, as Affine's shear in degrees
    if name == "ShearX":
        return _affine(img, (0, 0), (math.degrees(magnitude), 0.0),
                       interpolation, fill)
    if name == "ShearY":
        return _affine(img, (0, 0), (0.0, math.degrees(magnitude)),
                       interpolation, fill)
    if name == "TranslateX":
        return _affine(img, (magnitude, 0), (0.0, 0.0), interpolation, fill)
    if name == "TranslateY":
        return _affine(img, (0, magnitude), (0.0, 0.0), interpolation, fill)
    if name == "Rotate":
        return turned(img, magnitude, False, None, fill, interpolation)
    if name == "Sharpness":  # MindSpore's policy op blends this one in float64
        return sharpened(img, 1.0 + magnitude, onp.float64)
    enhance = {"Brightness": brightened, "Color": saturated, "Contrast": contrasted}
    if name in enhance:
        return enhance[name](img, 1.0 + magnitude)
    if name == "Posterize":
        return Posterize(int(magnitude))(img)
    if name == "Solarize":  # the pixels at or above the threshold
        return onp.where(img >= magnitude, 255 - img, img).astype(img.dtype)
    fixed = {"AutoContrast": AutoContrast(), "Equalize": Equalize(), "Invert": Invert()}
    return fixed[name](img) if name in fixed else img


def _steps(start, stop, num_bins):
    """RandAugment's tables: ``start + i * step`` in float64."""
    step = (stop - start) / (num_bins - 1)
    return onp.array([start + i * step for i in range(num_bins)])


def float32_steps(start, stop, num_bins):
    """AutoAugment's tables: a float32 step added one at a time (so its Solarize
    threshold at bin 6 is 85.00002, not 85, and the pixels at 85 stay)."""
    step = onp.float32((stop - start) / (num_bins - 1))
    values = [onp.float32(start)]
    for _ in range(num_bins - 1):
        values.append(onp.float32(values[-1] + step))
    return onp.array(values, onp.float64)


def _posterize_bits(num_bins, spread):
    return 8 - onp.round(onp.arange(num_bins) / ((num_bins - 1) / spread)).astype(int)


def standard_space(num_bins, height, width, line=_steps):
    """RandAugment's ``{op: (magnitudes, signed)}`` (AutoAugment's with ``line`` its
    float32 steps)."""
    return {"Identity": (onp.zeros(num_bins), False),
            "ShearX": (line(0.0, 0.3, num_bins), True),
            "ShearY": (line(0.0, 0.3, num_bins), True),
            "TranslateX": (line(0.0, 150.0 / 331.0 * width, num_bins), True),
            "TranslateY": (line(0.0, 150.0 / 331.0 * height, num_bins), True),
            "Rotate": (line(0.0, 30.0, num_bins), True),
            "Brightness": (line(0.0, 0.9, num_bins), True),
            "Color": (line(0.0, 0.9, num_bins), True),
            "Contrast": (line(0.0, 0.9, num_bins), True),
            "Sharpness": (line(0.0, 0.9, num_bins), True),
            "Posterize": (_posterize_bits(num_bins, 4), False),
            "Solarize": (line(255.0, 0.0, num_bins), False),
            "AutoContrast": (onp.zeros(num_bins), False),
            "Equalize": (onp.zeros(num_bins), False)}


def wide_space(num_bins):
    """TrivialAugmentWide's ``{op: (magnitudes, signed)}``."""
    line = _steps
    return {"Identity": (onp.zeros(num_bins), False),
            "ShearX": (line(0.0, 0.99, num_bins), True),
            "ShearY": (line(0.0, 0.99, num_bins), True),
            "TranslateX": (line(0.0, 32.0, num_bins), True),
            "TranslateY": (line(0.0, 32.0, num_bins), True),
            "Rotate": (line(0.0, 135.0, num_bins), True),
            "Brightness": (line(0.0, 0.99, num_bins), True),
            "Color": (line(0.0, 0.99, num_bins), True),
            "Contrast": (line(0.0, 0.99, num_bins), True),
            "Sharpness": (line(0.0, 0.99, num_bins), True),
            "Posterize": (_posterize_bits(num_bins, 6), False),
            "Solarize": (line(255.0, 0.0, num_bins), False),
            "AutoContrast": (onp.zeros(num_bins), False),
            "Equalize": (onp.zeros(num_bins), False)}
