"""Affine and RandomAffine: MindSpore 2.10's rotation, scale, shear and translation about
the image centre (its float32 matrix), through OpenCV's ``warpAffine`` (nearest
pixel, bilinear or bicubic)."""
import math

import numpy as onp

from ...errors import CellArgumentError, CellTypeError, describe, message
from . import _checks, _remap, _warp
from .enums import Inter
from .geometry import fill_values

__all__ = ["Affine", "RandomAffine"]


def affine_matrix(height, width, degrees, translate, scale, shear):
    """MindSpore's ``T * C * R(degrees) * S(scale) * SHy * SHx * C^-1`` in float32;
    ``translate`` in pixels."""
    angle = math.radians(degrees)
    shear_x, shear_y = math.radians(shear[0]), math.radians(-shear[1])
    m0 = scale * math.cos(angle + shear_y) / math.cos(shear_y)
    m1 = scale * (-math.cos(angle + shear_y) * math.tan(shear_x) / math.cos(shear_y) -
                  math.sin(angle))
    m3 = scale * math.sin(angle + shear_y) / math.cos(shear_y)
    m4 = scale * (-math.sin(angle + shear_y) * math.tan(shear_x) / math.cos(shear_y) +
                  math.cos(angle))
    f32 = onp.float32
    m0, m1, m3, m4 = f32(m0), f32(m1), f32(m3), f32(m4)
    cx, cy = f32((width - 1) / 2.0), f32((height - 1) / 2.0)
    m2 = (f32(1) - m0) * cx - m1 * cy + f32(translate[0])
    m5 = (f32(1) - m4) * cy - m3 * cx + f32(translate[1])
    return onp.array([[m0, m1, m2], [m3, m4, m5]], onp.float32).astype(onp.float64)


def _pair(transform, name, value, low=-math.inf, high=math.inf):
    where = f"{transform} '{name}'"
    if not isinstance(value, (list, tuple)):
        raise CellTypeError(message(where, "a list or tuple of 2 numbers", describe(value)))
    if len(value) != 2:
        raise CellTypeError(message(where, "2 values", f"{len(value)}"))
    for i, item in enumerate(value):
        _checks.number(f"{transform} '{name}[{i}]'", item, low, high)
    return tuple(float(v) for v in value)


def _resample(where, resample):
    _checks.enum_member(where, resample, Inter)
    if resample not in _remap.TAPS:
        raise CellArgumentError(message(where, "Inter.NEAREST, BILINEAR, BICUBIC or AREA",
                                        f"Inter.{resample.name}",
                                        "Other kernels are not implemented."))
    return resample


def affined(img, degrees, translate, scale, shear, fill, resample=Inter.NEAREST):
    """``translate`` as fractions of the width and height."""
    height, width = img.shape[:2]
    matrix = affine_matrix(height, width, degrees, (translate[0] * width,
                                                    translate[1] * height), scale, shear)
    return _warp.warp(img, matrix, height, width, fill, _remap.TAPS[resample])


class Affine:
    """Rotate by ``degrees``, move by ``translate`` (fractions of the width and height,
    in ``[-1, 1]``), scale by ``scale`` and shear by ``shear`` (a number for x, or
    ``(x, y)``) about the image centre; ``resample`` NEAREST, BILINEAR, BICUBIC or AREA
    (which OpenCV runs bilinear); ``fill_value`` outside."""

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST,
                 fill_value=0):
        self.degrees = float(_checks.number("Affine 'degrees'", degrees, -180, 180))
        self.translate = _pair("Affine", "translate", translate, -1.0, 1.0)
        self.scale = float(_checks.number("Affine 'scale'", scale, 0, _checks.MAX_SIZE,
                                          low_open=True))
        shear = (shear, 0.0) if _checks.is_number(shear) else shear
        self.shear = _pair("Affine", "shear", shear, -180, 180)
        self.resample = _resample("Affine 'resample'", resample)
        self.fill_value = fill_values("Affine 'fill_value'", fill_value)

    def __call__(self, img):
        return affined(_checks.image("Affine", img), self.degrees, self.translate,
                       self.scale, self.shear, self.fill_value, self.resample)


def _ranges(name, value, count, low, high, default, centred):
    """A flat tuple of ``(min, max)`` ranges: None gives ``default``; a number ``v`` (with
    ``centred``) ``(-v, v)``; a 2-tuple the first range, the rest ``(0, 0)``."""
    where = f"RandomAffine '{name}'"
    if value is None:
        return default
    if centred and _checks.is_number(value):
        _checks.number(where, value, 0, high)
        value = (-value, value)
    if not isinstance(value, (list, tuple)) or len(value) not in (2, count):
        raise CellTypeError(message(where, f"a sequence of 2 or {count} numbers",
                                    describe(value)))
    for i, item in enumerate(value):
        _checks.number(f"RandomAffine '{name}[{i}]'", item, low, high)
    value = tuple(float(v) for v in value) + (0.0,) * (count - len(value))
    for i in range(0, count, 2):
        if value[i] > value[i + 1]:
            raise CellArgumentError(message(where, "each range as (min, max)", repr(value)))
    return value


class RandomAffine(_checks.Random):
    """``Affine`` with each parameter drawn uniformly: ``degrees`` (``d`` means
    ``(-d, d)``), ``translate`` ``(x_min, x_max[, y_min, y_max])`` as fractions of the
    size (rounded to pixels), ``scale`` ``(min, max)``, ``shear`` (``s`` means
    ``(-s, s)`` along x; or ``(x_min, x_max[, y_min, y_max])``)."""

    def __init__(self, degrees, translate=None, scale=None, shear=None,
                 resample=Inter.NEAREST, fill_value=0):
        super().__init__()
        self.degrees = _ranges("degrees", degrees, 2, -180, _checks.MAX_SIZE,
                               None, True)
        self.translate = _ranges("translate", translate, 4, -1, 1,
                                 (0.0,) * 4, False)
        self.scale = _ranges("scale", scale, 2, 0, _checks.MAX_SIZE,
                             (1.0, 1.0), False)
        self.shear = _ranges("shear", shear, 4, -180, 180, (0.0,) * 4, True)
        self.resample = _resample("RandomAffine 'resample'", resample)
        self.fill_value = fill_values("RandomAffine 'fill_value'", fill_value)

    def __call__(self, img):
        img = _checks.image("RandomAffine", img)
        height, width = img.shape[:2]
        uniform = self._rng.uniform
        degrees = uniform(*self.degrees)
        move = (round(uniform(*self.translate[:2]) * width),
                round(uniform(*self.translate[2:]) * height))
        scale = uniform(*self.scale)
        shear = (uniform(*self.shear[:2]), uniform(*self.shear[2:]))
        matrix = affine_matrix(height, width, degrees, move, scale, shear)
        return _warp.warp(img, matrix, height, width, self.fill_value,
                          _remap.TAPS[self.resample])
