"""RandomResizedCrop: MindSpore 2.10's crop sampling (an area fraction and a log-uniform
aspect ratio, ``max_attempts`` tries, then a centre crop of the image clamped to the ratio
range) and ``Resize`` of the crop; ResizedCrop: the same on a given box."""
import math

from ...errors import CellArgumentError, DatasetPipelineError, message
from . import _checks
from .enums import Inter
from .geometry import resized
from .random_tone import ordered_pair

__all__ = ["RandomResizedCrop", "ResizedCrop"]
_KERNELS = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC)


class RandomResizedCrop(_checks.Random):
    """Crop a random region (``scale`` of the area, width/height in ``ratio``) and resize
    it to ``size`` with ``interpolation`` (NEAREST, BILINEAR or BICUBIC)."""

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
                 interpolation=Inter.BILINEAR, max_attempts=10):
        super().__init__()
        self.size = _checks.size_pair("RandomResizedCrop 'size'", size)
        self.scale = tuple(float(v) for v in ordered_pair(
            "RandomResizedCrop", "scale", scale, 0, _checks.MAX_SIZE))
        self.ratio = tuple(float(v) for v in ordered_pair(
            "RandomResizedCrop", "ratio", ratio, 0, _checks.MAX_SIZE))
        if self.ratio[0] <= 0:
            raise CellArgumentError(message("RandomResizedCrop 'ratio'", "values above 0",
                                            repr(ratio)))
        _checks.enum_member("RandomResizedCrop 'interpolation'", interpolation, Inter)
        self.interpolation = _kernel("RandomResizedCrop", interpolation)
        self.max_attempts = int(_checks.number("RandomResizedCrop 'max_attempts'",
                                               max_attempts, 1, 2 ** 31 - 1, integer=True))

    def crop_box(self, height, width):
        """``(top, left, crop_height, crop_width)``."""
        area = height * width
        log_low, log_high = math.log(self.ratio[0]), math.log(self.ratio[1])
        for _ in range(self.max_attempts):
            target = self._rng.uniform(*self.scale) * area
            aspect = math.exp(self._rng.uniform(log_low, log_high))
            crop_w = int(round(math.sqrt(target * aspect)))
            crop_h = int(round(math.sqrt(target / aspect)))
            if 0 < crop_w <= width and 0 < crop_h <= height:
                return (int(self._rng.integers(0, height - crop_h + 1)),
                        int(self._rng.integers(0, width - crop_w + 1)), crop_h, crop_w)
        aspect = width / height
        if aspect < self.ratio[0]:
            crop_w, crop_h = width, int(round(width / self.ratio[0]))
        elif aspect > self.ratio[1]:
            crop_h, crop_w = height, int(round(height * self.ratio[1]))
        else:
            crop_h, crop_w = height, width
        return (height - crop_h) // 2, (width - crop_w) // 2, crop_h, crop_w

    def __call__(self, img):
        img = _checks.image("RandomResizedCrop", img)
        top, left, crop_h, crop_w = self.crop_box(*img.shape[:2])
        return resized(img[top:top + crop_h, left:left + crop_w], self.size,
                       self.interpolation)


def _kernel(where, interpolation):
    _checks.enum_member(f"{where} 'interpolation'", interpolation, Inter)
    if interpolation not in _KERNELS:
        raise CellArgumentError(message(
            f"{where} 'interpolation'", "Inter.NEAREST, Inter.BILINEAR or Inter.BICUBIC",
            f"Inter.{interpolation.name}", "Other kernels are not implemented."))
    return interpolation


class ResizedCrop:
    """The box ``height x width`` at ``(top, left)``, resized to ``size`` (an int: a
    square) with ``interpolation``."""

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR):
        where = "ResizedCrop"
        self.top, self.left = (int(_checks.number(f"{where} '{name}'", value, 0,
                                                  _checks.MAX_SIZE, integer=True))
                               for name, value in (("top", top), ("left", left)))
        self.height, self.width = (int(_checks.number(f"{where} '{name}'", value, 1,
                                                      _checks.MAX_SIZE, integer=True))
                                   for name, value in (("height", height), ("width", width)))
        self.size = _checks.size_pair(f"{where} 'size'", (size, size) if _checks.is_int(size)
                                      else size)
        self.interpolation = _kernel(where, interpolation)

    def __call__(self, img):
        img = _checks.image("ResizedCrop", img)
        bottom, right = self.top + self.height, self.left + self.width
        if bottom > img.shape[0] or right > img.shape[1]:
            raise DatasetPipelineError(message(
                "ResizedCrop box", f"inside the image of {img.shape[0]}x{img.shape[1]}",
                f"rows {self.top}..{bottom}, columns {self.left}..{right}"))
        return resized(img[self.top:bottom, self.left:right], self.size, self.interpolation)
