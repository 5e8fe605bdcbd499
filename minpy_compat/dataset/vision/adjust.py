"""Vision transforms that adjust colour and tone by a factor: AdjustBrightness,
AdjustContrast, AdjustSaturation, AdjustGamma, AdjustSharpness and Solarize, as MindSpore
2.10's (OpenCV's ``convertTo``/``addWeighted`` rounding) on NumPy images."""
import numpy as onp

from ...errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from . import _checks
from .tone import _gray

__all__ = ["AdjustBrightness", "AdjustContrast", "AdjustGamma", "AdjustSaturation",
           "AdjustSharpness", "Solarize"]


def factor(where, value):
    return float(_checks.number(where, value, 0, _checks.MAX_SIZE))


def rounded(values, dtype):
    """Float ``values`` back to ``dtype``: integers rounded half to even and saturated
    (OpenCV's ``saturate_cast``), floats cast."""
    dtype = onp.dtype(dtype)
    if dtype.kind in "iu":
        info = onp.iinfo(dtype)
        return onp.clip(onp.rint(values), info.min, info.max).astype(dtype)
    return values.astype(dtype)


def blend(img, other, alpha, work=None):
    """``img * alpha + other * (1 - alpha)`` (OpenCV's ``addWeighted``), in float32 for
    uint8 images unless ``work`` says."""
    work = work or (onp.float32 if img.dtype.itemsize <= 4 else onp.float64)
    alpha = work(alpha)
    mixed = img.astype(work) * alpha + other.astype(work) * (work(1) - alpha)
    return rounded(mixed, img.dtype)


def color_image(where, img, ranks=(3,)):
    img = _checks.image(where, img, ranks)
    if img.ndim == 3 and img.shape[2] != 3:
        raise DatasetPipelineError(message(f"{where}: the image", "3 channels (<H,W,3>)",
                                           f"shape {img.shape}"))
    return img


class AdjustBrightness:
    """Each pixel times ``brightness_factor`` (saturated for integer images)."""

    def __init__(self, brightness_factor):
        self.brightness_factor = factor("AdjustBrightness 'brightness_factor'",
                                        brightness_factor)

    def __call__(self, img):
        img = color_image("AdjustBrightness", img, (2, 3))
        return brightened(img, self.brightness_factor)


def brightened(img, alpha):
    work = onp.float32 if img.dtype.itemsize <= 4 else onp.float64
    return rounded(img.astype(work) * work(alpha), img.dtype)


def contrasted(img, alpha):
    """Blend with the mean grey level (rounded for integer images)."""
    mean = _gray(img, (0, 1, 2)).astype(onp.float64).mean()
    mean = onp.rint(mean) if img.dtype.kind in "iu" else mean
    return blend(img, onp.full_like(img, mean), alpha)


class AdjustContrast:
    """Blend each pixel with the image's mean grey level: ``contrast_factor`` 0 gives a flat
    grey image, 1 the image itself."""

    def __init__(self, contrast_factor):
        self.contrast_factor = factor("AdjustContrast 'contrast_factor'", contrast_factor)

    def __call__(self, img):
        return contrasted(color_image("AdjustContrast", img), self.contrast_factor)


def saturated(img, alpha):
    """Blend with the image's own grey version."""
    return blend(img, _gray(img, (0, 1, 2))[..., None], alpha)


class AdjustSaturation:
    """Blend each pixel with its grey level: ``saturation_factor`` 0 gives grey, 1 the
    image itself."""

    def __init__(self, saturation_factor):
        self.saturation_factor = factor("AdjustSaturation 'saturation_factor'",
                                        saturation_factor)

    def __call__(self, img):
        return saturated(color_image("AdjustSaturation", img), self.saturation_factor)


class AdjustGamma:
    """``floor(255.999 * gain * (pixel / 255) ** gamma)`` for integer images (MindSpore's
    table: truncated, not rounded), ``(gain * pixel) ** gamma`` clipped to ``[0, 1]`` for
    float ones."""

    def __init__(self, gamma, gain=1):
        self.gamma = factor("AdjustGamma 'gamma'", gamma)
        self.gain = float(_checks.number("AdjustGamma 'gain'", gain))

    def __call__(self, img):
        img = _checks.image("AdjustGamma", img)
        if img.dtype.kind in "iu":
            table = 255.999 * self.gain * onp.power(onp.arange(256) / 255.0, self.gamma)
            return onp.clip(onp.floor(table), 0, 255).astype(img.dtype)[img]
        out = onp.power(self.gain * img.astype(onp.float64), self.gamma)
        return onp.clip(out, 0, 1).astype(img.dtype)


def sharpened(img, alpha, work=None):
    """Blend with the image smoothed by Pillow's 3x3 kernel (centre 5, the rest 1, over
    13); the border pixels keep their values. ``work``: the blend's float type."""
    data = img.astype(onp.float64)
    height, width = img.shape[:2]
    smooth = data.copy()
    if height > 2 and width > 2:
        total = sum(data[1 + dy:height - 1 + dy, 1 + dx:width - 1 + dx]
                    for dy in (-1, 0, 1) for dx in (-1, 0, 1)) + 4 * data[1:-1, 1:-1]
        smooth[1:-1, 1:-1] = total / 13.0
    return blend(img, rounded(smooth, img.dtype), alpha, work)


class AdjustSharpness:
    """Blend with a smoothed copy: ``sharpness_factor`` 0 blurs, 1 keeps, 2 sharpens."""

    def __init__(self, sharpness_factor):
        self.sharpness_factor = factor("AdjustSharpness 'sharpness_factor'",
                                       sharpness_factor)

    def __call__(self, img):
        return sharpened(color_image("AdjustSharpness", img, (2, 3)), self.sharpness_factor)


def solarize_range(transform, threshold):
    """``transform``'s ``(min, max)`` threshold from one number ``t`` (``(t, t)``) or a
    pair, each in ``[0, 255]``."""
    where = f"{transform} 'threshold'"
    values = (threshold, threshold) if _checks.is_number(threshold) else threshold
    if not isinstance(values, (list, tuple)) or len(values) != 2 or \
            not all(map(_checks.is_number, values)):
        raise CellTypeError(message(where, "a number or a (min, max) pair",
                                    describe(threshold)))
    for i, value in enumerate(values):
        _checks.number(f"{transform} 'threshold[{i}]'", value, 0, 255)
    if values[0] > values[1]:
        raise CellArgumentError(message(where, "min <= max", repr(tuple(values))))
    return tuple(float(v) for v in values)


def solarized(img, low, high):
    """MindSpore's rule: ``min == max`` means ``[min, 255]``."""
    high = 255 if low == high else high
    inside = (img >= low) & (img <= high)
    return onp.where(inside, 255 - img, img).astype(img.dtype)


class Solarize:
    """``255 - pixel`` for the pixels in ``[min, max]`` of ``threshold``; one number ``t``,
    or ``min == max``, means ``[t, 255]``. Float images too, still from 255, as MindSpore's."""

    def __init__(self, threshold):
        self.threshold = solarize_range("Solarize", threshold)

    def __call__(self, img):
        return solarized(_checks.image("Solarize", img), *self.threshold)
