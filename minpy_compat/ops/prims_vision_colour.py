"""MindSpore 2.10's colour primitives: ``RGBToHSV``, ``HSVToRGB``, ``AdjustHue`` and
``AdjustSaturation`` (TensorFlow's formulas, channels on the last axis, values in
[0, 1]). Facade arithmetic throughout, so gradients come from the tracer (MindSpore has
none for the last three) and each float dtype stays itself.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.RGBToHSV()(ms.Tensor([[1.0, 0.5, 0.0]])).tolist()
[[0.0833333358168602, 1.0, 1.0]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .math_elementwise import tensor_input
from .prims_base import AttrPrimitive


def _image(where, x, min_rank=1, rank=None):
    tensor_input(where, x)
    dtype = onp.dtype(getval(x).dtype)
    if dtype.name not in ("float16", "float32", "float64"):
        raise CellTypeError(message(where, "a float16, float32 or float64 Tensor", dtype.name,
                                    "Cast it first: x.astype(ms.float32)."))
    shape = onp.shape(getval(x))
    if (rank is not None and len(shape) != rank) or len(shape) < min_rank:
        wanted = f"a {rank}-D Tensor" if rank else f"a Tensor of rank >= {min_rank}"
        raise CellArgumentError(message(where, wanted, f"shape {shape}"))
    if shape[-1] != 3:
        raise CellArgumentError(message(where, "3 channels on the last axis",
                                        f"shape {shape}"))
    return dtype


def rgb_to_hsv(images):
    """(h, s, v) of RGB ``images`` as three arrays."""
    r, g, b = images[..., 0], images[..., 1], images[..., 2]
    value = np.maximum(np.maximum(r, g), b)
    delta = value - np.minimum(np.minimum(r, g), b)
    flat = getval(delta) == 0
    safe = np.where(flat, 1, delta).astype(getval(images).dtype)
    hue = np.where(getval(value) == getval(r), (g - b) / safe,
                   np.where(getval(value) == getval(g), 2 + (b - r) / safe, 4 + (r - g) / safe))
    hue = np.where(flat, 0 * hue, hue) / 6
    hue = np.where(getval(hue) < 0, hue + 1, hue)
    dark = getval(value) == 0
    saturation = np.where(dark, 0 * delta, delta / np.where(dark, 1, value).astype(
        getval(images).dtype))
    return hue, saturation, value


def hsv_to_rgb(hue, saturation, value):
    """RGB of (h, s, v) arrays, stacked on a new last axis."""
    dh = hue * 6
    parts = [np.clip(np.abs(dh - 3) - 1, 0, 1), np.clip(2 - np.abs(dh - 2), 0, 1),
             np.clip(2 - np.abs(dh - 4), 0, 1)]
    return np.stack([value * (1 - saturation + saturation * p) for p in parts], axis=-1)


class RGBToHSV(AttrPrimitive):
    """``RGBToHSV()(images)``: RGB pixels (last axis) as hue, saturation and value."""

    def __call__(self, images):
        _image("RGBToHSV images", images)
        return np.stack(rgb_to_hsv(images), axis=-1)


class HSVToRGB(AttrPrimitive):
    """``HSVToRGB()(x)``: a 4-D batch of HSV pixels (last axis) as RGB."""

    def __call__(self, x):
        _image("HSVToRGB x", x, rank=4)
        return hsv_to_rgb(x[..., 0], x[..., 1], x[..., 2])


def _scalar(where, value):
    tensor_input(where, value)
    data = getval(value)
    if data.dtype != onp.float32:
        raise CellTypeError(message(where, "a float32 Tensor", str(data.dtype)))
    if data.ndim != 0:
        raise CellArgumentError(message(where, "a 0-D Tensor", f"shape {data.shape}"))
    return value


class AdjustHue(AttrPrimitive):
    """``AdjustHue()(image, delta)``: RGB ``image`` with ``delta`` (a 0-D float32 Tensor,
    a fraction of the colour wheel) added to its hue."""

    def __call__(self, image, delta):
        dtype = _image("AdjustHue image", image, min_rank=3)
        _scalar("AdjustHue delta", delta)
        hue, saturation, value = rgb_to_hsv(image)
        hue = hue + delta.astype(dtype)
        hue = hue - onp.floor(getval(hue))
        return hsv_to_rgb(hue, saturation, value)


class AdjustSaturation(AttrPrimitive):
    """``AdjustSaturation()(image, scale)``: RGB ``image`` with its saturation multiplied
    by ``scale`` (a 0-D float32 Tensor) and clipped to [0, 1]."""

    def __call__(self, image, scale):
        dtype = _image("AdjustSaturation image", image, min_rank=3)
        _scalar("AdjustSaturation scale", scale)
        hue, saturation, value = rgb_to_hsv(image)
        return hsv_to_rgb(hue, np.clip(saturation * scale.astype(dtype), 0, 1), value)
