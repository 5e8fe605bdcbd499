"""Vision transforms on a given region: Erase, PadToSize and ResizedCrop, as MindSpore
2.10's on NumPy images; and ``get_image_num_channels``/``get_image_size``."""
import numpy as onp

from ...errors import CellTypeError, DatasetPipelineError, describe, message
from . import _checks
from .enums import Border, Inter, SliceMode
from .geometry import Resize, fill_values, padded, resized

__all__ = ["Erase", "PadToSize", "ResizedCrop", "SlicePatches", "get_image_num_channels",
           "get_image_size"]

_INT_MAX = 2 ** 31 - 1


def _box(transform, top, left, height, width):
    for name, value, low in (("top", top, 0), ("left", left, 0), ("height", height, 1),
                             ("width", width, 1)):
        _checks.number(f"{transform} '{name}'", value, low, _INT_MAX, integer=True)
    return int(top), int(left), int(height), int(width)


def _inside(transform, img, top, left, height, width):
    if top + height > img.shape[0] or left + width > img.shape[1]:
        raise DatasetPipelineError(message(
            transform, f"a {height}x{width} region at ({top}, {left}) inside the image",
            f"an image of shape {img.shape}"))


class Erase:
    """Set the ``height x width`` region at ``(top, left)`` to ``value`` (a number, or one
    per channel R, G, B)."""

    def __init__(self, top, left, height, width, value=0, inplace=False):
        self.box = _box("Erase", top, left, height, width)
        values = (value,) if _checks.is_number(value) else value
        if not isinstance(values, (list, tuple)) or len(values) not in (1, 3) or \
                not all(map(_checks.is_number, values)):
            raise CellTypeError(message("Erase 'value'", "a number or a tuple of 3 numbers",
                                        describe(value)))
        for i, item in enumerate(values):
            _checks.number(f"Erase 'value[{i}]'", item, 0, 255)
        if not isinstance(inplace, bool):
            raise CellTypeError(message("Erase 'inplace'", "a bool", describe(inplace)))
        self.value, self.inplace = tuple(values), inplace

    def __call__(self, img):
        img = _checks.image("Erase", img)
        top, left, height, width = self.box
        _inside("Erase", img, top, left, height, width)
        out = img if self.inplace and img.flags.writeable else img.copy()
        fill = self.value[0] if len(self.value) == 1 or img.ndim == 2 else \
            onp.resize(self.value, img.shape[2])
        out[top:top + height, left:left + width] = fill
        return out


class PadToSize:
    """Pad to ``size`` (an int or ``(h, w)``), the image at ``offset`` ``(top, left)``
    (an int for both; None: centred, the odd pixel after), padded as ``padding_mode``."""

    def __init__(self, size, offset=None, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _checks.size_pair("PadToSize 'size'", size)
        if offset is not None:
            offset = _checks.size_pair("PadToSize 'offset'", offset, low=0)
        self.offset = offset
        self.fill_value = fill_values("PadToSize 'fill_value'", fill_value)
        self.padding_mode = _checks.enum_member("PadToSize 'padding_mode'", padding_mode,
                                                Border)

    def __call__(self, img):
        img = _checks.image("PadToSize", img)
        (height, width), (rows, cols) = self.size, img.shape[:2]
        top, left = self.offset or ((height - rows) // 2, (width - cols) // 2)
        if rows + top > height or cols + left > width or top < 0 or left < 0:
            place = "centred" if self.offset is None else f"at offset ({top}, {left})"
            raise DatasetPipelineError(message(
                "PadToSize", f"an image that fits {height}x{width} {place}",
                f"shape {img.shape}", "Give a larger size or a smaller offset."))
        return padded(img, (left, top, width - cols - left, height - rows - top),
                      self.fill_value, self.padding_mode)


class ResizedCrop:
    """Crop the ``height x width`` region at ``(top, left)``, then resize it to ``size``
    (an int ``n`` means ``(n, n)``) with ``interpolation`` (``Resize``'s kernels)."""

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR):
        self.box = _box("ResizedCrop", top, left, height, width)
        self.size = _checks.size_pair("ResizedCrop 'size'", size)
        self.interpolation = Resize(1, interpolation).interpolation

    def __call__(self, img):
        img = _checks.image("ResizedCrop", img)
        top, left, height, width = self.box
        _inside("ResizedCrop", img, top, left, height, width)
        return resized(img[top:top + height, left:left + width], self.size,
                       self.interpolation)


class SlicePatches:
    """Cut the image into ``num_height x num_width`` equal patches (a tuple, row by row):
    ``SliceMode.PAD`` first pads the bottom and right with ``fill_value`` up to a multiple,
    ``SliceMode.DROP`` drops the remainder. One patch comes back as an array, as
    MindSpore's eager call gives it."""

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        self.num_height = int(_checks.number("SlicePatches 'num_height'", num_height, 1, 512,
                                             integer=True))
        self.num_width = int(_checks.number("SlicePatches 'num_width'", num_width, 1, 512,
                                            integer=True))
        self.slice_mode = _checks.enum_member("SlicePatches 'slice_mode'", slice_mode,
                                              SliceMode)
        self.fill_value = int(_checks.number("SlicePatches 'fill_value'", fill_value, 0, 255,
                                             integer=True))

    def __call__(self, img):
        img = _checks.image("SlicePatches", img)
        rows, cols = img.shape[:2]
        if self.slice_mode == SliceMode.PAD:
            step_h, step_w = -(-rows // self.num_height), -(-cols // self.num_width)
            img = padded(img, (0, 0, step_w * self.num_width - cols,
                               step_h * self.num_height - rows), (self.fill_value,),
                         Border.CONSTANT)
        else:
            step_h, step_w = rows // self.num_height, cols // self.num_width
        patches = tuple(img[i * step_h:(i + 1) * step_h, j * step_w:(j + 1) * step_w].copy()
                        for i in range(self.num_height) for j in range(self.num_width))
        return patches[0] if len(patches) == 1 else patches


def _array(where, image):
    if not isinstance(image, onp.ndarray):
        raise CellTypeError(message(f"{where} 'image'", "a numpy.ndarray", describe(image)))
    return _checks.image(where, image)


def get_image_num_channels(image):
    """The channels of an <H,W> (1) or <H,W,C> image."""
    image = _array("get_image_num_channels", image)
    return 1 if image.ndim == 2 else int(image.shape[2])


def get_image_size(image):
    """``[height, width]`` of an <H,W> or <H,W,C> image."""
    return [int(n) for n in _array("get_image_size", image).shape[:2]]
