"""AdjustHue: MindSpore 2.10's hue rotation, which runs OpenCV's uint8 ``RGB2HSV_FULL``
(H in ``[0, 256)``, 12-bit fixed-point divisions), adds ``int(hue * 255)`` to H as a
wrapping uint8, and converts back with H read on a 255 scale (float32, rounded)."""
import numpy as onp

from . import _checks
from .adjust import color_image

__all__ = ["AdjustHue"]

_SHIFT = 12
_HALF = 1 << (_SHIFT - 1)
# which of (v, p, q, t) each of (b, g, r) takes, per sector of the hue circle
_SECTORS = onp.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def _reciprocals(numerator, divisor):
    """``round(numerator * 2**12 / (divisor * i))`` for i in 0..255 (0 for i = 0)."""
    table = onp.zeros(256, onp.int64)
    steps = onp.arange(1, 256, dtype=onp.float64)
    table[1:] = onp.rint((numerator << _SHIFT) / (divisor * steps)).astype(onp.int64)
    return table


_S_TABLE = _reciprocals(255, 1)
_H_TABLE = _reciprocals(256, 6)


def rgb_to_hsv_full(img):
    """uint8 <H,W,3> RGB to int64 HSV, H in ``[0, 256)``, S and V in ``[0, 255]``."""
    data = img.astype(onp.int64)
    red, green, blue = data[..., 0], data[..., 1], data[..., 2]
    value, low = data.max(-1), data.min(-1)
    spread = value - low
    red_max = value == red
    green_max = (value == green) & ~red_max
    sat = (spread * _S_TABLE[value] + _HALF) >> _SHIFT
    hue = onp.where(red_max, green - blue,
                    onp.where(green_max, blue - red + 2 * spread, red - green + 4 * spread))
    hue = (hue * _H_TABLE[spread] + _HALF) >> _SHIFT
    hue = onp.where(hue < 0, hue + 256, hue)
    return onp.stack([onp.clip(hue, 0, 255), sat, value], axis=-1)


def _hsv_to_rgb(hue, sat, value):
    """Float HSV (``hue`` in sixths of the circle, ``[0, 6]``) to a float RGB stack."""
    kind = hue.dtype.type
    hue = onp.where(hue >= 6, hue - kind(6), hue)
    sector = onp.clip(onp.floor(hue).astype(onp.int64), 0, 5)
    frac = (hue - sector).astype(kind)
    one = kind(1)
    table = onp.stack([value, value * (one - sat), value * (one - sat * frac),
                       value * (one - sat * (one - frac))], axis=-1)
    bgr = onp.take_along_axis(table, _SECTORS[sector], axis=-1)
    bgr = onp.where((sat == 0)[..., None], value[..., None], bgr)
    return bgr[..., ::-1]


def _rgb_to_hsv_float(img):
    """Float RGB to (hue in sixths, saturation, value), all in the image's float type."""
    value, low = img.max(-1), img.min(-1)
    spread = value - low
    safe = onp.where(spread == 0, 1, spread)
    red, green, blue = img[..., 0], img[..., 1], img[..., 2]
    hue = onp.where(value == red, (green - blue) / safe,
                    onp.where(value == green, 2 + (blue - red) / safe, 4 + (red - green) / safe))
    hue = onp.where(spread == 0, 0, onp.mod(hue, 6)).astype(img.dtype)
    sat = onp.where(value == 0, 0, spread / onp.where(value == 0, 1, value)).astype(img.dtype)
    return hue, sat, value


def hue_shifted(img, factor):
    """``img`` (<H,W,3>) with its hue turned by ``factor`` of the circle."""
    if img.dtype == onp.uint8:
        hsv = rgb_to_hsv_full(img)
        step = int(onp.float32(factor) * onp.float32(255)) & 255
        f32 = onp.float32
        hue = ((hsv[..., 0] + step) & 255).astype(f32) * f32(6.0 / 255)
        rgb = _hsv_to_rgb(hue, hsv[..., 1].astype(f32) * f32(1 / 255.),
                          hsv[..., 2].astype(f32) * f32(1 / 255.))
        return onp.clip(onp.rint(rgb * f32(255)), 0, 255).astype(onp.uint8)
    data = img.astype(onp.float32 if img.dtype.itemsize <= 4 else onp.float64)
    hue, sat, value = _rgb_to_hsv_float(data)
    hue = onp.mod(hue + data.dtype.type(6 * factor), 6).astype(data.dtype)
    return _hsv_to_rgb(hue, sat, value).astype(img.dtype)


class AdjustHue:
    """Turn the hue by ``hue_factor`` of the circle, in ``[-0.5, 0.5]``. uint8 images
    take OpenCV's 8-bit HSV round trip (so 0 is not exactly the identity); float images
    turn in float HSV."""

    def __init__(self, hue_factor):
        self.hue_factor = float(_checks.number("AdjustHue 'hue_factor'", hue_factor,
                                               -0.5, 0.5))

    def __call__(self, img):
        return hue_shifted(color_image("AdjustHue", img), self.hue_factor)
