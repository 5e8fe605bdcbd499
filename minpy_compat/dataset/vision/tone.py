"""Vision transforms of tone and colour: Invert, Posterize, AutoContrast, Equalize and
ConvertColor, as MindSpore 2.10's (OpenCV's and Pillow's formulas) on NumPy images."""
import numpy as onp

from ...errors import (CellArgumentError, CellTypeError, DatasetPipelineError, describe,
                       message)
from . import _checks
from .enums import ConvertMode

__all__ = ["AutoContrast", "ConvertColor", "Equalize", "Invert", "Posterize"]


class Invert:
    """``255 - pixel`` of an <H,W,3> image."""

    def __call__(self, img):
        img = _checks.rgb("Invert", img)
        return (255 - img).astype(img.dtype)


class Posterize:
    """Keep the ``bits`` high bits of each uint8 (or int8) pixel."""

    def __init__(self, bits):
        self.bits = int(_checks.number("Posterize 'bits'", bits, 0, 8, integer=True))

    def __call__(self, img):
        img = _checks.image("Posterize", img, dtypes=("uint8", "int8"))
        return img & onp.array((0xFF << (8 - self.bits)) & 0xFF).astype(img.dtype)


def _channels(img):
    return img[..., None] if img.ndim == 2 else img


def _per_channel(img, lut_of):
    """Apply, channel by channel, the 256-entry table ``lut_of(histogram)``."""
    planes = _channels(img)
    out = onp.stack([lut_of(onp.bincount(planes[..., c].ravel(), minlength=256))
                     [planes[..., c]] for c in range(planes.shape[-1])], axis=-1)
    return out.reshape(img.shape).astype(onp.uint8)


def _contrast_lut(histogram, cutoff, ignore):
    """Pillow's autocontrast table: drop ``cutoff`` percent at each end, stretch the rest."""
    histogram = histogram.copy()
    histogram[list(ignore)] = 0
    cut = int(histogram.sum() * cutoff // 100)
    for order in (slice(None), slice(None, None, -1)):
        left, view = cut, histogram[order]
        for i in range(256):
            taken = min(left, view[i])
            view[i] -= taken
            left -= taken
            if left <= 0:
                break
    present = onp.nonzero(histogram)[0]
    if present.size == 0 or present[-1] <= present[0]:
        return onp.arange(256)
    low, high = present[0], present[-1]
    scale = onp.float32(255.0 / (high - low))  # in float32, as MindSpore: its values at the top
    levels = onp.arange(256, dtype=onp.float32) * scale + onp.float32(-low * scale)
    return onp.clip(levels.astype(onp.int64), 0, 255)


class AutoContrast:
    """Stretch each channel to 0..255 after dropping ``cutoff`` percent of the darkest and
    the brightest pixels; the levels in ``ignore`` do not count."""

    def __init__(self, cutoff=0.0, ignore=None):
        self.cutoff = float(_checks.number("AutoContrast 'cutoff'", cutoff, 0, 50))
        if self.cutoff >= 50:
            raise CellArgumentError(message("AutoContrast 'cutoff'", "a value in [0, 50)",
                                            repr(cutoff)))
        ignore = [] if ignore is None else [ignore] if _checks.is_int(ignore) else ignore
        if not isinstance(ignore, (list, tuple)):
            raise CellTypeError(message("AutoContrast 'ignore'", "an int or a list of ints",
                                        describe(ignore)))
        for value in ignore:
            _checks.number("AutoContrast 'ignore'", value, 0, 255, integer=True)
        self.ignore = tuple(ignore)

    def __call__(self, img):
        img = _checks.image("AutoContrast", img, dtypes=("uint8",))
        return _per_channel(img, lambda h: _contrast_lut(h, self.cutoff, self.ignore))


def _equalize_lut(histogram):
    """OpenCV's equalizeHist table: the cumulative count past the first level, to 0..255."""
    first = int(onp.nonzero(histogram)[0][0])
    total = int(histogram.sum())
    if histogram[first] == total:
        return onp.full(256, first)
    scale = onp.float32(255.0 / (total - histogram[first]))
    counted = onp.maximum(onp.cumsum(histogram) - histogram[first], 0)
    lut = onp.rint(counted.astype(onp.float32) * scale)
    return onp.clip(lut, 0, 255).astype(onp.int64)


class Equalize:
    """Equalize each channel's histogram (OpenCV's ``equalizeHist``)."""

    def __call__(self, img):
        return _per_channel(_checks.image("Equalize", img, dtypes=("uint8",)), _equalize_lut)


def _gray(img, order):
    """OpenCV's luma ``0.299 R + 0.587 G + 0.114 B`` (uint8 in 14-bit fixed point)."""
    red, green, blue = (img[..., i] for i in order)
    if img.dtype == onp.uint8:
        red, green, blue = (c.astype(onp.int64) for c in (red, green, blue))
        total = red * 4899 + green * 9617 + blue * 1868
        return ((total + (1 << 13)) >> 14).astype(onp.uint8)
    return (red * 0.299 + green * 0.587 + blue * 0.114).astype(img.dtype)


def _with_alpha(img):
    alpha = 255 if img.dtype == onp.uint8 else 1
    return onp.concatenate([img, onp.full(img.shape[:2] + (1,), alpha, img.dtype)], axis=-1)


_CONVERSIONS = {  # mode: (channels in, conversion)
    0: (3, _with_alpha), 1: (4, lambda x: x[..., :3]),
    2: (3, lambda x: _with_alpha(x[..., ::-1])), 3: (4, lambda x: x[..., 2::-1]),
    4: (3, lambda x: x[..., ::-1]), 5: (4, lambda x: x[..., [2, 1, 0, 3]]),
    6: (3, lambda x: _gray(x, (2, 1, 0))), 7: (3, lambda x: _gray(x, (0, 1, 2))),
    8: (1, lambda x: onp.repeat(x, 3, axis=-1)),
    9: (1, lambda x: _with_alpha(onp.repeat(x, 3, axis=-1))),
    10: (4, lambda x: _gray(x, (2, 1, 0))), 11: (4, lambda x: _gray(x, (0, 1, 2))),
}


class ConvertColor:
    """Convert between colour spaces as OpenCV's ``cvtColor`` (``ConvertMode``)."""

    def __init__(self, convert_mode):
        self.convert_mode = _checks.enum_member("ConvertColor 'convert_mode'", convert_mode,
                                                ConvertMode)

    def __call__(self, img):
        channels, convert = _CONVERSIONS[int(self.convert_mode)]
        img = _checks.image("ConvertColor", img)
        img = img[..., None] if img.ndim == 2 else img
        if img.shape[2] != channels:
            raise DatasetPipelineError(message(
                "ConvertColor: the image", f"{channels} channel(s) for "
                f"{self.convert_mode.name}", f"shape {img.shape}"))
        return onp.ascontiguousarray(convert(img))
