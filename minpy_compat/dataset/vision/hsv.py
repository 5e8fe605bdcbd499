"""RgbToHsv and HsvToRgb: MindSpore 2.10's NumPy conversions, which run Python's
``colorsys`` on each pixel (H, S and V in ``[0, 1]`` for ``[0, 1]`` input; float64 out),
here vectorised with the same float64 arithmetic."""
import numpy as onp

from ...errors import CellTypeError, describe, message

__all__ = ["HsvToRgb", "RgbToHsv"]


def _channels_last(where, img, is_hwc):
    """``img`` (<H,W,3>, <N,H,W,3>, or channels first) as float64 with channels last."""
    if not isinstance(img, onp.ndarray):
        raise CellTypeError(message(f"{where}: the image", "a numpy.ndarray", describe(img)))
    if img.ndim not in (3, 4):
        raise CellTypeError(message(f"{where}: the image", "rank 3 or 4 (<H,W,C>, <N,H,W,C> "
                                    "or channels first)", f"shape {img.shape}"))
    data = img.astype(onp.float64)
    if not is_hwc:
        data = onp.moveaxis(data, -3, -1)
    if data.shape[-1] != 3:
        raise CellTypeError(message(f"{where}: the image", "3 channels", f"shape {img.shape}"))
    return data


def _back(data, is_hwc):
    return data if is_hwc else onp.ascontiguousarray(onp.moveaxis(data, -1, -3))


def rgb_to_hsv(rgb):
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    high, low = rgb.max(-1), rgb.min(-1)
    spread = high - low
    flat = spread == 0
    safe_spread = onp.where(flat, 1.0, spread)
    sat = onp.where(flat, 0.0, spread / onp.where(high == 0, 1.0, high))
    rc, gc, bc = ((high - c) / safe_spread for c in (red, green, blue))
    hue = onp.where(red == high, bc - gc, onp.where(green == high, 2.0 + rc - bc,
                                                    4.0 + gc - rc))
    hue = onp.where(flat, 0.0, (hue / 6.0) % 1.0)
    return onp.stack([hue, sat, high], axis=-1)


def hsv_to_rgb(hsv):
    hue, sat, value = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    sector = (hue * 6.0).astype(onp.int64)
    frac = hue * 6.0 - sector
    p, q = value * (1.0 - sat), value * (1.0 - sat * frac)
    t = value * (1.0 - sat * (1.0 - frac))
    choices = [(value, t, p), (q, value, p), (p, value, t), (p, q, value), (t, p, value),
               (value, p, q)]
    sector = sector % 6
    rgb = onp.stack([onp.choose(sector, [c[k] for c in choices]) for k in range(3)], -1)
    return onp.where((sat == 0.0)[..., None], value[..., None], rgb)


class RgbToHsv:
    """RGB to HSV on <H,W,3> (``is_hwc``) or <3,H,W> images, or batches of them."""

    def __init__(self, is_hwc=False):
        if not isinstance(is_hwc, bool):
            raise CellTypeError(message("RgbToHsv 'is_hwc'", "a bool", describe(is_hwc)))
        self.is_hwc = is_hwc

    def __call__(self, img):
        return _back(rgb_to_hsv(_channels_last("RgbToHsv", img, self.is_hwc)), self.is_hwc)


class HsvToRgb:
    """HSV to RGB on <H,W,3> (``is_hwc``) or <3,H,W> images, or batches of them."""

    def __init__(self, is_hwc=False):
        if not isinstance(is_hwc, bool):
            raise CellTypeError(message("HsvToRgb 'is_hwc'", "a bool", describe(is_hwc)))
        self.is_hwc = is_hwc

    def __call__(self, img):
        return _back(hsv_to_rgb(_channels_last("HsvToRgb", img, self.is_hwc)), self.is_hwc)
