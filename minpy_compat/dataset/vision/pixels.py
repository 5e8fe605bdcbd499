"""Vision transforms of pixel values and layout: Rescale, Normalize, NormalizePad,
HWC2CHW, ToTensor, ToType, Decode (MindSpore 2.10's, on NumPy images)."""
import io

import numpy as onp

from ...errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from ..transforms import TypeCast
from . import _checks

__all__ = ["Decode", "HWC2CHW", "Normalize", "NormalizePad", "Rescale", "ToTensor", "ToType"]


class Rescale:
    """``image * rescale + shift`` as float32."""

    def __init__(self, rescale, shift):
        self.rescale = _checks.number("Rescale 'rescale'", rescale)
        self.shift = _checks.number("Rescale 'shift'", shift)

    def __call__(self, img):
        img = _checks.image("Rescale", img, ranks=range(0, 64))
        return (img.astype(onp.float64) * self.rescale + self.shift).astype(onp.float32)


def _mean_std(where, mean, std):
    for name, values in (("mean", mean), ("std", std)):
        if not isinstance(values, (list, tuple)) or not values:
            raise CellTypeError(message(f"{where} '{name}'", "a list or tuple of numbers",
                                        describe(values)))
        for i, value in enumerate(values):
            _checks.number(f"{where} '{name}[{i}]'", value, 0, 255, low_open=name == "std")
    if len(mean) != len(std):
        raise CellArgumentError(message(f"{where} 'mean' and 'std'", "the same length",
                                        f"{len(mean)} and {len(std)}"))
    return onp.array(mean, onp.float64), onp.array(std, onp.float64)


def _is_hwc(where, is_hwc):
    if not isinstance(is_hwc, bool):
        raise CellTypeError(message(f"{where} 'is_hwc'", "a bool", describe(is_hwc)))
    return is_hwc


def _normalized(where, img, mean, std, is_hwc):
    """``(img - mean) / std`` per channel in float64, channels last."""
    img = _checks.image(where, img)
    if img.ndim == 2:
        img = img[..., None]
    elif not is_hwc:
        img = onp.moveaxis(img, 0, -1)
    if img.shape[-1] != len(mean):
        raise DatasetPipelineError(message(
            f"{where}: the image", f"{len(mean)} channels (one per mean and std)",
            f"{img.shape[-1]} channels in shape {img.shape}"))
    return (img.astype(onp.float64) - mean) / std


class Normalize:
    """``(image - mean) / std`` per channel, as float32; channels last unless ``is_hwc`` is
    False. A 2-d image takes one mean and std."""

    def __init__(self, mean, std, is_hwc=True):
        self.mean, self.std = _mean_std("Normalize", mean, std)
        self.is_hwc = _is_hwc("Normalize", is_hwc)

    def __call__(self, img):
        ndim = onp.ndim(img)
        out = _normalized("Normalize", img, self.mean, self.std, self.is_hwc)
        if ndim == 2:
            return out[..., 0].astype(onp.float32)
        return (out if self.is_hwc else onp.moveaxis(out, -1, 0)).astype(onp.float32)


class NormalizePad:
    """``Normalize`` with one more channel of zeros, in ``dtype`` ('float32' or 'float16')."""

    def __init__(self, mean, std, dtype="float32", is_hwc=True):
        self.mean, self.std = _mean_std("NormalizePad", mean, std)
        if dtype not in ("float32", "float16"):
            raise CellTypeError(message("NormalizePad 'dtype'", "'float32' or 'float16'",
                                        describe(dtype)))
        self.dtype, self.is_hwc = dtype, _is_hwc("NormalizePad", is_hwc)

    def __call__(self, img):
        out = _normalized("NormalizePad", img, self.mean, self.std, self.is_hwc)
        out = onp.concatenate([out, onp.zeros(out.shape[:-1] + (1,))], axis=-1)
        return (out if self.is_hwc else onp.moveaxis(out, -1, 0)).astype(self.dtype)


class HWC2CHW:
    """<H,W,C> to <C,H,W>; a 2-d image comes back as it is, as MindSpore's."""

    def __call__(self, img):
        img = _checks.image("HWC2CHW", img)
        return img if img.ndim == 2 else onp.ascontiguousarray(img.transpose(2, 0, 1))


class ToTensor:
    """<H,W,C> (or <H,W>) pixels to <C,H,W> values divided by 255, in ``output_type``."""

    def __init__(self, output_type=onp.float32):
        self.output_type = TypeCast(output_type).data_type

    def __call__(self, img):
        img = _checks.image("ToTensor", img)
        img = img[None] if img.ndim == 2 else img.transpose(2, 0, 1)
        return (img.astype(onp.float64) / 255.0).astype(self.output_type)


class ToType(TypeCast):
    """Cast an image to ``data_type`` (NumPy's ``astype``)."""


class Decode:
    """Encoded image bytes (JPEG, PNG, ...) to an RGB <H,W,3> uint8 array, read by Pillow:
    MindSpore decodes with its own libraries, we need Pillow installed."""

    def __init__(self, to_pil=False):
        if not isinstance(to_pil, bool):
            raise CellTypeError(message("Decode 'to_pil'", "a bool", describe(to_pil)))
        try:
            from PIL import Image
        except ImportError:
            raise DatasetPipelineError(message(
                "Decode", "Pillow to decode images", "no module named PIL",
                "Install it with: pip install Pillow, or store decoded arrays.")) from None
        self._image, self.to_pil = Image, to_pil

    def __call__(self, data):
        data = onp.asarray(data)
        if data.dtype != onp.uint8 or data.ndim != 1:
            raise DatasetPipelineError(message("Decode: the input", "1-d uint8 encoded bytes",
                                               f"shape {data.shape} {data.dtype}"))
        try:
            picture = self._image.open(io.BytesIO(data.tobytes())).convert("RGB")
        except OSError as err:
            raise DatasetPipelineError(message("Decode: the input", "an encoded image",
                                               f"bytes Pillow cannot read ({err})")) from None
        return picture if self.to_pil else onp.asarray(picture)
