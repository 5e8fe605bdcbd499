"""Resampling with OpenCV's conventions (what MindSpore's ``Resize`` runs): pixel centres
at ``(i + 0.5) * scale - 0.5``, edges clamped, uint8 weights in 11-bit fixed point."""
import numpy as onp

_BITS = 11
_ONE = 1 << _BITS


def _nearest_index(src, dst):
    scale = 1.0 / (dst / src)
    return onp.minimum(onp.floor(onp.arange(dst) * scale).astype(onp.int64), src - 1)


def _linear_weights(src, dst):
    """For each output index: the two source indices and their weights (float)."""
    pos = (onp.arange(dst) + 0.5) * (src / dst) - 0.5
    left = onp.floor(pos).astype(onp.int64)
    frac = (pos - left).astype(onp.float32)
    low = left < 0
    left[low], frac[low] = 0, 0.0
    high = left >= src - 1
    left[high], frac[high] = src - 1, 0.0
    return left, onp.minimum(left + 1, src - 1), onp.float32(1.0) - frac, frac


def nearest(img, height, width):
    rows = _nearest_index(img.shape[0], height)
    return img[rows][:, _nearest_index(img.shape[1], width)]


def _area_by_two(img):
    """OpenCV's linear resize of an exact half is its area resize: 2x2 means, rounded."""
    blocks = img.astype(onp.int64 if img.dtype.kind in "biu" else onp.float64)
    total = blocks[0::2, 0::2] + blocks[1::2, 0::2] + blocks[0::2, 1::2] + blocks[1::2, 1::2]
    if img.dtype.kind in "biu":
        return ((total + 2) >> 2).astype(img.dtype)
    return (total / 4).astype(img.dtype)


def _linear_ints(img, rows, cols):
    """uint8 path: each weight rounded to 11 bits, rows combined as OpenCV's SIMD code does
    (MindSpore's values, up to 1 where its build takes another path)."""
    (r0, r1, b0, b1), (c0, c1, a0, a1) = rows, cols
    a0, a1 = onp.rint(a0 * _ONE).astype(onp.int64), onp.rint(a1 * _ONE).astype(onp.int64)
    b0, b1 = onp.rint(b0 * _ONE).astype(onp.int64), onp.rint(b1 * _ONE).astype(onp.int64)
    shape = (-1,) + (1,) * (img.ndim - 2)
    data = img.astype(onp.int64)
    across = data[:, c0] * a0.reshape((1,) + shape) + data[:, c1] * a1.reshape((1,) + shape)
    # OpenCV's vector code: each row's sums dropped 4 bits, times its weight, high 16 bits
    down = ((across[r0] >> 4) * b0.reshape(shape + (1,)) >> 16) + \
        ((across[r1] >> 4) * b1.reshape(shape + (1,)) >> 16)
    info = onp.iinfo(img.dtype)
    return onp.clip((down + 2) >> 2, info.min, info.max).astype(img.dtype)


def _linear_floats(img, rows, cols):
    (r0, r1, b0, b1), (c0, c1, a0, a1) = rows, cols
    shape = (-1,) + (1,) * (img.ndim - 2)
    data = img.astype(onp.float32) if img.dtype.itemsize <= 4 else img
    across = data[:, c0] * a0.reshape((1,) + shape) + data[:, c1] * a1.reshape((1,) + shape)
    down = across[r0] * b0.reshape(shape + (1,)) + across[r1] * b1.reshape(shape + (1,))
    return down.astype(img.dtype)


def bilinear(img, height, width):
    if img.shape[0] == 2 * height and img.shape[1] == 2 * width:
        return _area_by_two(img)
    rows = _linear_weights(img.shape[0], height)
    cols = _linear_weights(img.shape[1], width)
    if img.dtype.kind in "iu" and img.dtype.itemsize <= 2:
        return _linear_ints(img, rows, cols)
    return _linear_floats(img, rows, cols)


def _cubic_weights(src, dst):
    """For each output index: four source indices (edges repeated) and OpenCV's cubic
    weights (A = -0.75), positions in float32 as OpenCV computes them."""
    pos = ((onp.arange(dst) + 0.5) * (src / dst) - 0.5).astype(onp.float32)
    left = onp.floor(pos).astype(onp.int64)
    x = (pos - left).astype(onp.float32)
    a = onp.float32(-0.75)
    w0 = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    w1 = ((a + 2) * x - (a + 3)) * x * x + 1
    w2 = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1
    weights = onp.stack([w0, w1, w2, 1 - w0 - w1 - w2], axis=1).astype(onp.float32)
    taps = onp.clip(left[:, None] + onp.arange(-1, 3), 0, src - 1)
    return taps, weights


def bicubic(img, height, width):
    """OpenCV's INTER_CUBIC: uint8 weights in 11-bit fixed point, the sum rounded off 22
    bits and saturated; floats in float32."""
    (rows, b), (cols, a) = _cubic_weights(img.shape[0], height), \
        _cubic_weights(img.shape[1], width)
    shape = (-1,) + (1,) * (img.ndim - 2)
    if img.dtype.kind in "iu" and img.dtype.itemsize <= 2:
        a, b = onp.rint(a * _ONE).astype(onp.int64), onp.rint(b * _ONE).astype(onp.int64)
        data = img.astype(onp.int64)
    else:
        data = img.astype(onp.float32) if img.dtype.itemsize <= 4 else img
    across = sum(data[:, cols[:, k]] * a[:, k].reshape((1,) + shape) for k in range(4))
    down = sum(across[rows[:, k]] * b[:, k].reshape(shape + (1,)) for k in range(4))
    if img.dtype.kind not in "iu" or img.dtype.itemsize > 2:
        return down.astype(img.dtype)
    info = onp.iinfo(img.dtype)
    return onp.clip((down + (1 << 21)) >> 22, info.min, info.max).astype(img.dtype)
