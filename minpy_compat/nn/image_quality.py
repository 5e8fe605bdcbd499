"""MindSpore 2.10's image-quality Cells: ``PSNR``, ``SSIM`` and ``MSSSIM`` on NCHW images,
one value per image. Built from slices and reductions of ``minpy_compat.numpy``, so their
gradients come from the tracer. Integer images are scaled to [0, 1] by their dtype's maximum
(``max_val`` too), as MindSpore; float64 images stay float64.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = numpy.zeros((1, 1, 4, 4), numpy.float32)
>>> round(float(nn.PSNR()(ms.Tensor(x), ms.Tensor(x + 0.1))[0]), 4)
20.0
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .cell import Cell


def _number(where, value, kinds, what):
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise CellTypeError(message(where, what, describe(value)))
    return value


def _check_common(owner, max_val, filter_size=1, filter_sigma=1.0, k1=0.01, k2=0.03):
    _number(f"{owner} max_val", max_val, numbers.Real, "an int or float > 0")
    if max_val <= 0:
        raise CellArgumentError(message(f"{owner} max_val", "an int or float > 0", repr(max_val)))
    _number(f"{owner} filter_size", filter_size, int, "an int >= 1")
    if filter_size < 1:
        raise CellArgumentError(message(f"{owner} filter_size", "an int >= 1", repr(filter_size)))
    _number(f"{owner} filter_sigma", filter_sigma, float, "a float > 0")
    if filter_sigma <= 0:
        raise CellArgumentError(message(f"{owner} filter_sigma", "a float > 0",
                                        repr(filter_sigma)))
    _number(f"{owner} k1", k1, float, "a float")
    _number(f"{owner} k2", k2, float, "a float")


def _images(owner, img1, img2):
    """Both images as floats in [0, max], and the scale applied (1 for float images)."""
    shapes = onp.shape(getval(img1)), onp.shape(getval(img2))
    for name, shape in zip(("img1", "img2"), shapes):
        if len(shape) != 4:
            raise CellArgumentError(message(f"{owner} {name}", "a 4-D (N, C, H, W) Tensor",
                                            f"shape {shape}"))
    dtypes = onp.result_type(getval(img1)), onp.result_type(getval(img2))
    if shapes[0] != shapes[1] or dtypes[0] != dtypes[1]:
        raise CellArgumentError(message(f"{owner} img2", f"img1's shape {shapes[0]} and dtype "
                                        f"{dtypes[0]}", f"{shapes[1]} and {dtypes[1]}"))
    if dtypes[0].kind in "iub":
        top = float(onp.iinfo(dtypes[0]).max) if dtypes[0].kind != "b" else 1.0
        return (np.asarray(img1).astype(np.float32) / top,
                np.asarray(img2).astype(np.float32) / top, top)
    float_type = np.float64 if dtypes[0] == onp.float64 else np.float32
    return np.asarray(img1).astype(float_type), np.asarray(img2).astype(float_type), 1.0


def _window_1d(size, sigma):
    offsets = onp.arange(-size // 2 + 1, size // 2 + 1, dtype=onp.float64)
    weights = onp.exp(-offsets ** 2 / (2.0 * sigma ** 2))
    return weights / weights.sum()


def _blur(x, weights):
    """'valid' correlation of the H and W axes with the separable window ``weights``."""
    size = len(weights)
    rows, cols = x.shape[2] - size + 1, x.shape[3] - size + 1
    x = sum(float(w) * x[:, :, k:k + rows, :] for k, w in enumerate(weights))
    return sum(float(w) * x[:, :, :, k:k + cols] for k, w in enumerate(weights))


def _ssim_and_cs(img1, img2, weights, c1, c2):
    """Per-(image, channel) means of the SSIM map and of its contrast-structure part."""
    mu1, mu2 = _blur(img1, weights), _blur(img2, weights)
    sigma1 = _blur(img1 * img1, weights) - mu1 * mu1
    sigma2 = _blur(img2 * img2, weights) - mu2 * mu2
    sigma12 = _blur(img1 * img2, weights) - mu1 * mu2
    cs = (2 * sigma12 + c2) / (sigma1 + sigma2 + c2)
    ssim = (2 * mu1 * mu2 + c1) / (mu1 * mu1 + mu2 * mu2 + c1) * cs
    return np.mean(ssim, axis=(2, 3)), np.mean(cs, axis=(2, 3))


class PSNR(Cell):
    """Peak signal-to-noise ratio (dB) of each image pair: 10 log10(max_val^2 / MSE)."""

    def __init__(self, max_val=1.0):
        super().__init__()
        _check_common("PSNR", max_val)
        self.max_val = max_val

    def construct(self, img1, img2):
        img1, img2, top = _images("PSNR", img1, img2)
        max_val = self.max_val / top if top > 1 else self.max_val
        mse = np.mean(np.square(img1 - img2), axis=(-3, -2, -1))
        return float(10.0 / onp.log(10.0)) * np.log(max_val ** 2 / mse)


class SSIM(Cell):
    """Structural similarity of each image pair with a Gaussian window ``filter_size`` wide,
    averaged over the valid positions and the channels."""

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        _check_common("SSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma = max_val, filter_size, filter_sigma
        self.k1, self.k2 = k1, k2
        self._weights = _window_1d(filter_size, filter_sigma)

    def construct(self, img1, img2):
        dtype = onp.result_type(getval(img1))
        if dtype not in (onp.float16, onp.float32, onp.float64):
            raise CellTypeError(message("SSIM img1", "a float16, float32 or float64 Tensor",
                                        f"dtype {dtype}"))
        img1, img2, _ = _images("SSIM", img1, img2)
        if min(img1.shape[2:]) < self.filter_size:
            raise CellArgumentError(message("SSIM img1", f"H and W >= filter_size "
                                            f"{self.filter_size}", f"shape {img1.shape}"))
        c1, c2 = (self.k1 * self.max_val) ** 2, (self.k2 * self.max_val) ** 2
        ssim, _ = _ssim_and_cs(img1, img2, self._weights, c1, c2)
        return np.mean(ssim, axis=-1)


def _halve(x):
    rows, cols = x.shape[2] // 2, x.shape[3] // 2
    x = x[:, :, :2 * rows, :2 * cols]
    return np.mean(np.reshape(x, x.shape[:2] + (rows, 2, cols, 2)), axis=(3, 5))


class MSSSIM(Cell):
    """Multi-scale SSIM: the contrast-structure terms of each of ``len(power_factors)``
    scales (halved by 2x2 average pooling) and the last scale's SSIM, raised to the powers
    and multiplied, averaged over the channels."""

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
                 filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        _check_common("MSSSIM", max_val, filter_size, filter_sigma, k1, k2)
        if not isinstance(power_factors, (tuple, list)) or not power_factors:
            raise CellTypeError(message("MSSSIM power_factors", "a non-empty tuple of floats",
                                        describe(power_factors)))
        self.max_val, self.power_factors = max_val, tuple(power_factors)
        self.filter_size, self.filter_sigma, self.k1, self.k2 = filter_size, filter_sigma, k1, k2
        self._weights = _window_1d(filter_size, filter_sigma)

    def construct(self, img1, img2):
        img1, img2, top = _images("MSSSIM", img1, img2)
        need = self.filter_size * 2 ** (len(self.power_factors) - 1)
        if min(img1.shape[2:]) < need:
            raise CellArgumentError(message(
                "MSSSIM img1", f"H and W >= filter_size * 2**(levels - 1) = {need}",
                f"shape {img1.shape}", "Pass fewer power_factors or a smaller filter_size."))
        max_val = self.max_val / top if top > 1 else self.max_val
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        powers = onp.asarray(self.power_factors, dtype=onp.float32)
        terms = []
        for level in range(len(powers)):
            ssim, cs = _ssim_and_cs(img1, img2, self._weights, c1, c2)
            terms.append(np.maximum(ssim if level == len(powers) - 1 else cs, 0.0))
            img1, img2 = _halve(img1), _halve(img2)
        stacked = np.stack(terms, axis=-1) ** powers.astype(onp.result_type(getval(ssim)))
        return np.mean(np.prod(stacked, axis=-1), axis=-1)
