"""Vision transforms that move pixels: Resize, CenterCrop, Crop, Pad, HorizontalFlip,
VerticalFlip and Rotate, as MindSpore 2.10's on NumPy images."""
import numpy as onp

from ...errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from . import _area, _checks, _resize, _warp
from .enums import Border, Inter

__all__ = ["CenterCrop", "Crop", "HorizontalFlip", "Pad", "Resize", "Rotate", "VerticalFlip"]


def resized(img, size, interpolation):
    """``img`` resized to ``size``: ``(h, w)``, or an int for the shorter side (the other
    side scaled and truncated)."""
    height, width = img.shape[:2]
    if isinstance(size, int):
        short, long_ = sorted((height, width))
        other = int(long_ * size / short)
        size = (size, other) if height <= width else (other, size)
    if interpolation == Inter.NEAREST:
        return _resize.nearest(img, *size)
    if interpolation == Inter.AREA:
        return _area.area(img, *size)
    if interpolation == Inter.BICUBIC:
        return _resize.bicubic(img, *size)
    return _resize.bilinear(img, *size)


class Resize:
    """Resize to ``size`` with OpenCV's ``NEAREST``, ``BILINEAR`` (``LINEAR``), ``BICUBIC``
    or ``AREA``."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        if _checks.is_int(size):
            self.size = int(_checks.number("Resize 'size'", size, 1, _checks.MAX_SIZE,
                                           integer=True))
        else:
            self.size = _checks.size_pair("Resize 'size'", size)
        _checks.enum_member("Resize 'interpolation'", interpolation, Inter)
        if interpolation not in (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA):
            raise CellArgumentError(message(
                "Resize 'interpolation'", "Inter.NEAREST, BILINEAR (LINEAR), BICUBIC or AREA",
                f"Inter.{interpolation.name}", "Other OpenCV kernels are not implemented."))
        self.interpolation = interpolation

    def __call__(self, img):
        return resized(_checks.image("Resize", img), self.size, self.interpolation)


def center_crop(img, height, width):
    """The centre ``height x width``; a side longer than the image is padded with zeros,
    the larger half of the padding first."""
    rows, cols = img.shape[:2]
    pads = [(max(height - rows, 0), max(width - cols, 0))]
    spread = [(p - p // 2, p // 2) for p in pads[0]] + [(0, 0)] * (img.ndim - 2)
    img = onp.pad(img, spread)
    top, left = (img.shape[0] - height) // 2, (img.shape[1] - width) // 2
    return img[top:top + height, left:left + width]


class CenterCrop:
    """The centre of the image, ``size`` an int or ``(h, w)``; too small an image is padded
    with zeros first."""

    def __init__(self, size):
        self.size = _checks.size_pair("CenterCrop 'size'", size)

    def __call__(self, img):
        return center_crop(_checks.image("CenterCrop", img), *self.size)


class Crop:
    """The ``size`` region whose top-left corner is ``coordinates`` ``(top, left)``."""

    def __init__(self, coordinates, size):
        if not isinstance(coordinates, (list, tuple)) or len(coordinates) != 2:
            raise CellTypeError(message("Crop 'coordinates'", "a (top, left) pair of ints",
                                        describe(coordinates)))
        for i, value in enumerate(coordinates):
            _checks.number(f"Crop 'coordinates[{i}]'", value, 0, 2 ** 31 - 1, integer=True)
        self.coordinates, self.size = tuple(coordinates), _checks.size_pair("Crop 'size'", size)

    def __call__(self, img):
        img = _checks.image("Crop", img)
        (top, left), (height, width) = self.coordinates, self.size
        if top + height > img.shape[0] or left + width > img.shape[1]:
            raise DatasetPipelineError(message(
                "Crop", f"a {height}x{width} region at ({top}, {left}) inside the image",
                f"an image of shape {img.shape}", "Crop a smaller region or Pad first."))
        return img[top:top + height, left:left + width]


def padding4(where, padding):
    """``(left, top, right, bottom)`` from an int, ``(left/right, top/bottom)`` or four."""
    values = (padding,) if _checks.is_int(padding) else padding
    if not isinstance(values, (list, tuple)) or not all(map(_checks.is_int, values)):
        raise CellTypeError(message(where, "an int or a tuple of 2 or 4 ints",
                                    describe(padding)))
    if len(values) not in (1, 2, 4):
        raise CellArgumentError(message(where, "1, 2 or 4 values", f"{len(values)}"))
    for value in values:
        _checks.number(where, value, 0, 2 ** 31 - 1, integer=True)
    return tuple(values * 4 if len(values) == 1 else values * 2 if len(values) == 2
                 else values)


def fill_values(where, fill_value):
    values = (fill_value,) if _checks.is_int(fill_value) else fill_value
    if not isinstance(values, (list, tuple)) or len(values) not in (1, 3) or \
            not all(map(_checks.is_int, values)):
        raise CellTypeError(message(where, "an int or a tuple of 3 ints (R, G, B)",
                                    describe(fill_value)))
    for value in values:
        _checks.number(where, value, 0, 255, integer=True)
    return tuple(values)


def padded(img, padding, fill, mode):
    """``img`` with ``padding`` ``(left, top, right, bottom)`` filled as ``mode`` says."""
    left, top, right, bottom = padding
    spread = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    if mode != Border.CONSTANT:
        return onp.pad(img, spread, mode=mode.value)
    if len(fill) == 1 or img.ndim == 2:
        return onp.pad(img, spread, constant_values=fill[0])
    channels = [onp.pad(img[..., c], spread[:2], constant_values=fill[c % 3])
                for c in range(img.shape[2])]
    return onp.stack(channels, axis=-1)


class Pad:
    """Pad the borders: ``padding`` an int, ``(left/right, top/bottom)`` or
    ``(left, top, right, bottom)``; ``fill_value`` for ``Border.CONSTANT``."""

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        self.padding = padding4("Pad 'padding'", padding)
        self.fill_value = fill_values("Pad 'fill_value'", fill_value)
        self.padding_mode = _checks.enum_member("Pad 'padding_mode'", padding_mode, Border)

    def __call__(self, img):
        return padded(_checks.image("Pad", img), self.padding, self.fill_value,
                      self.padding_mode)


class HorizontalFlip:
    """Mirror left to right."""

    def __call__(self, img):
        return _checks.image("HorizontalFlip", img)[:, ::-1].copy()


class VerticalFlip:
    """Mirror top to bottom."""

    def __call__(self, img):
        return _checks.image("VerticalFlip", img)[::-1].copy()


def quarter_turns(degrees):
    """The number of quarter turns in ``degrees``, or None when it is not a multiple of 90."""
    turns = float(degrees) / 90.0
    return int(turns) % 4 if turns == int(turns) else None


def rotation_args(where, resample, expand, center, quarter):
    """Rotate's checked ``(resample, expand, center)``: any angle turns by the nearest
    pixel; other kernels only for quarter turns (``quarter``) about the image centre."""
    resample = _checks.enum_member(f"{where} 'resample'", resample, Inter)
    if not isinstance(expand, bool):
        raise CellTypeError(message(f"{where} 'expand'", "a bool", describe(expand)))
    if center is not None and (not isinstance(center, (list, tuple)) or len(center) != 2 or
                               not all(map(_checks.is_number, center))):
        raise CellArgumentError(message(f"{where} 'center'", "None or an (x, y) pair",
                                        describe(center)))
    if resample != Inter.NEAREST and not (quarter and center is None):
        raise CellArgumentError(message(
            f"{where} 'resample'", "Inter.NEAREST for angles other than quarter turns",
            f"Inter.{resample.name}", "Other kernels are not implemented."))
    return resample, expand, None if center is None else tuple(center)


def turned(img, degrees, expand, center, fill):
    """``img`` turned ``degrees`` counter-clockwise as MindSpore's ``Rotate``."""
    turns = quarter_turns(degrees)
    if turns is None or center is not None:
        return _warp.rotated_any(img, float(degrees), expand, center, fill)
    return rotated(img, turns, expand, fill)


def rotated(img, turns, expand, fill):
    """``turns`` quarter turns counter-clockwise about OpenCV's centre ``((w-1)/2, (h-1)/2)``,
    nearest pixel (halves rounded up); without ``expand`` the shape stays and the
    uncovered pixels take ``fill``."""
    if expand or turns % 2 == 0 or img.shape[0] == img.shape[1]:
        return onp.ascontiguousarray(onp.rot90(img, turns))
    height, width = img.shape[:2]
    cy, cx = (height - 1) / 2.0, (width - 1) / 2.0
    ys, xs = onp.mgrid[0:height, 0:width].astype(onp.float64)
    sign = 1 if turns == 1 else -1
    src_x = onp.floor(cx + sign * (cy - ys) + 0.5).astype(onp.int64)
    src_y = onp.floor(cy + sign * (xs - cx) + 0.5).astype(onp.int64)
    inside = (src_x >= 0) & (src_x < width) & (src_y >= 0) & (src_y < height)
    out = onp.empty_like(img)
    out[...] = fill[0] if len(fill) == 1 or img.ndim == 2 else onp.resize(fill, img.shape[2])
    out[inside] = img[src_y[inside], src_x[inside]]
    return out


class Rotate:
    """Rotate by ``degrees`` counter-clockwise about ``center`` ``(x, y)`` (None: the image
    centre), nearest pixel; ``expand`` grows the output to hold the whole image."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None,
                 fill_value=0):
        self.degrees = float(_checks.number("Rotate 'degrees'", degrees))
        self.resample, self.expand, self.center = rotation_args(
            "Rotate", resample, expand, center, quarter_turns(degrees) is not None)
        self.fill_value = fill_values("Rotate 'fill_value'", fill_value)

    def __call__(self, img):
        return turned(_checks.image("Rotate", img), self.degrees, self.expand, self.center,
                      self.fill_value)
