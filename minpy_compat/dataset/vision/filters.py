"""Vision transforms that mix pixels linearly: GaussianBlur (OpenCV's separable kernel,
edges reflected without repeating the border pixel) and LinearTransformation."""
import numpy as onp

from ...errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from . import _checks
from .adjust import rounded

__all__ = ["GaussianBlur", "LinearTransformation"]

_SMALL = {1: [1.0], 3: [0.25, 0.5, 0.25], 5: [0.0625, 0.25, 0.375, 0.25, 0.0625],
          7: [0.03125, 0.109375, 0.21875, 0.28125, 0.21875, 0.109375, 0.03125]}


def gaussian_kernel(size, sigma):
    """OpenCV's ``getGaussianKernel``: its fixed tables for sigma 0 and sizes up to 7,
    else ``exp(-x^2 / (2 sigma^2))`` normalised."""
    if sigma <= 0 and size in _SMALL:
        return onp.array(_SMALL[size])
    if sigma <= 0:
        sigma = 0.3 * ((size - 1) * 0.5 - 1) + 0.8
    offsets = onp.arange(size) - (size - 1) / 2.0
    weights = onp.exp(-offsets ** 2 / (2.0 * sigma * sigma))
    return weights / weights.sum()


def _filtered(data, kernel, axis):
    half = len(kernel) // 2
    spread = [(0, 0)] * data.ndim
    spread[axis] = (half, half)
    mode = "reflect" if data.shape[axis] > 1 else "edge"
    padded = onp.pad(data, spread, mode=mode)
    length = data.shape[axis]
    return sum(weight * onp.take(padded, range(i, i + length), axis=axis)
               for i, weight in enumerate(kernel))


def _pair_of(where, value, check):
    values = (value, value) if not isinstance(value, (list, tuple)) else value
    if len(values) != 2:
        raise CellTypeError(message(where, "a value or a pair", describe(value)))
    return tuple(check(where, v) for v in values)


def _kernel_size(where, value):
    if not _checks.is_int(value):
        raise CellTypeError(message(where, "an int or a pair of ints", describe(value)))
    _checks.number(where, value, 1, _checks.MAX_SIZE, integer=True)
    if value % 2 == 0:
        raise CellArgumentError(message(where, "odd sizes", repr(value)))
    return int(value)


class GaussianBlur:
    """Blur with a Gaussian ``kernel_size`` (an int or ``(width, height)``, odd) of
    ``sigma`` (a number or ``(x, y)``; None: ``((size - 1) / 2 - 1) * 0.3 + 0.8``).
    uint8 images are within 1 of MindSpore's (OpenCV rounds in fixed point)."""

    def __init__(self, kernel_size, sigma=None):
        if not isinstance(kernel_size, (int, list, tuple)) or isinstance(kernel_size, bool):
            raise CellTypeError(message("GaussianBlur 'kernel_size'",
                                        "an int or a pair of ints", describe(kernel_size)))
        self.kernel_size = _pair_of("GaussianBlur 'kernel_size'", kernel_size, _kernel_size)
        if sigma is None:  # MindSpore's choice, passed on to OpenCV
            sigma = [((size - 1) * 0.5 - 1) * 0.3 + 0.8 for size in self.kernel_size]
        self.sigma = _pair_of("GaussianBlur 'sigma'", sigma, lambda where, v: float(
            _checks.number(where, v, 0, _checks.MAX_SIZE)))

    def __call__(self, img):
        img = _checks.image("GaussianBlur", img)
        work = onp.float64 if img.dtype == onp.float64 else onp.float32
        (size_x, size_y), (sigma_x, sigma_y) = self.kernel_size, self.sigma
        sigma_y = sigma_y if sigma_y > 0 else sigma_x
        across = _filtered(img.astype(work), gaussian_kernel(size_x, sigma_x).astype(work), 1)
        return rounded(_filtered(across, gaussian_kernel(size_y, sigma_y).astype(work), 0),
                       img.dtype)


class LinearTransformation:
    """``(image.ravel() - mean_vector) @ transformation_matrix``, shaped back, in float64:
    the matrix is D x D for an image of D values."""

    def __init__(self, transformation_matrix, mean_vector):
        matrix, mean = onp.asarray(transformation_matrix), onp.asarray(mean_vector)
        if matrix.dtype.kind not in "iuf" or mean.dtype.kind not in "iuf":
            raise CellTypeError(message("LinearTransformation", "arrays of numbers",
                                        f"{describe(transformation_matrix)} and "
                                        f"{describe(mean_vector)}"))
        if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1] or \
                mean.shape != (matrix.shape[0],):
            raise CellArgumentError(message(
                "LinearTransformation", "a D x D 'transformation_matrix' and a 'mean_vector' "
                "of D values", f"shapes {matrix.shape} and {mean.shape}"))
        self.transformation_matrix, self.mean_vector = matrix, mean

    def __call__(self, img):
        img = onp.asarray(img)
        size = self.mean_vector.shape[0]
        if img.size != size:
            raise DatasetPipelineError(message(
                "LinearTransformation: the image", f"{size} values (the matrix is "
                f"{size} x {size})", f"shape {img.shape}"))
        flat = img.reshape(-1).astype(onp.float64) - self.mean_vector
        return (flat @ self.transformation_matrix).reshape(img.shape)
