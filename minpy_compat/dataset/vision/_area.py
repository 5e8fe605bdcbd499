"""OpenCV's ``INTER_AREA`` (what MindSpore's ``Resize(..., Inter.AREA)`` runs): shrinking,
each output pixel the area-weighted mean of the source pixels it covers (float32 weights;
exact multiples a block mean); growing, a linear resize with area weights."""
import math

import numpy as onp

from . import _resize


def _area_weights(src, dst):
    """A ``dst x src`` matrix of OpenCV's ``computeResizeAreaTab`` weights (float32)."""
    scale = src / dst
    weights = onp.zeros((dst, src), onp.float32)
    for out in range(dst):
        start, stop = out * scale, out * scale + scale
        cell = min(scale, src - start)
        first, last = math.ceil(start), min(math.floor(stop), src - 1)
        first = min(first, last)
        if first - start > 1e-3:
            weights[out, first - 1] = onp.float32((first - start) / cell)
        weights[out, first:last] = onp.float32(1.0 / cell)
        if stop - last > 1e-3:
            weights[out, last] = onp.float32(min(min(stop - last, 1.0), cell)) / onp.float32(cell)
    return weights


def _block_mean(img, rows, cols):
    """Exact multiples: block sums over the area, rounded half to even."""
    height, width = img.shape[0] // rows, img.shape[1] // cols
    shape = (height, rows, width, cols) + img.shape[2:]
    if img.dtype.kind in "iu":
        total = img.astype(onp.int64).reshape(shape).sum(axis=(1, 3))
        return onp.rint(total / (rows * cols)).astype(img.dtype)
    return img.reshape(shape).astype(onp.float64).mean(axis=(1, 3)).astype(img.dtype)


def _grow_weights(src, dst):
    """OpenCV's linear weights for ``INTER_AREA`` when a side grows: each output pixel
    takes the source pixel it starts in, blended with the next by the part it overlaps."""
    scale = src / dst
    left = onp.floor(onp.arange(dst) * scale).astype(onp.int64)
    frac = ((onp.arange(dst) + 1) - (left + 1) * (dst / src)).astype(onp.float32)
    frac = onp.where(frac <= 0, onp.float32(0), frac - onp.floor(frac)).astype(onp.float32)
    high = left >= src - 1
    left[high], frac[high] = src - 1, 0.0
    return left, onp.minimum(left + 1, src - 1), onp.float32(1.0) - frac, frac


def area(img, height, width):
    """``img`` resized to ``height x width``: area means, or when a side grows OpenCV's
    linear resize with area weights."""
    if height > img.shape[0] or width > img.shape[1]:
        rows = _grow_weights(img.shape[0], height)
        cols = _grow_weights(img.shape[1], width)
        if img.dtype.kind in "iu" and img.dtype.itemsize <= 2:
            return _resize._linear_ints(img, rows, cols)
        return _resize._linear_floats(img, rows, cols)
    rows, cols = img.shape[0] / height, img.shape[1] / width
    if rows == int(rows) and cols == int(cols):
        return _block_mean(img, int(rows), int(cols))
    work = onp.float64 if img.dtype == onp.float64 else onp.float32
    data = img.astype(work)
    across = onp.tensordot(data, _area_weights(img.shape[1], width).astype(work), ([1], [1]))
    across = onp.moveaxis(across, -1, 1)
    down = onp.tensordot(_area_weights(img.shape[0], height).astype(work), across, ([1], [0]))
    if img.dtype.kind in "iu":
        info = onp.iinfo(img.dtype)
        return onp.clip(onp.rint(down), info.min, info.max).astype(img.dtype)
    return down.astype(img.dtype)
