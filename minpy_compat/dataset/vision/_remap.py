"""OpenCV's ``remap`` with ``BORDER_CONSTANT``, as ``warpAffine`` and ``warpPerspective``
run it: source positions in 1/32 pixel; bilinear (2x2) or bicubic (4x4, ``a = -0.75``)
weights from OpenCV's 32x32 table, 15-bit integers summing to 1 for uint8 (float32
otherwise); a tap outside the image reads the fill value."""
import numpy as onp

from ._cubic import cubic_coefficients
from .enums import Inter

TAB_BITS = 5
_TAB = 1 << TAB_BITS
_ONE = 1 << 15
LINEAR, CUBIC = 2, 4
# taps a side for the kernels the warps implement (0: nearest pixel, no table); OpenCV's
# warps run AREA as bilinear
TAPS = {Inter.NEAREST: 0, Inter.BILINEAR: LINEAR, Inter.BICUBIC: CUBIC, Inter.AREA: LINEAR}


def filled(img, height, width, fill):
    """A ``height x width`` image of ``img``'s channels and dtype, all ``fill``."""
    out = onp.empty((height, width) + img.shape[2:], img.dtype)
    out[...] = fill[0] if len(fill) == 1 or img.ndim == 2 else onp.resize(fill, img.shape[2])
    return out


def _one_axis(ksize):
    """``(32, ksize)`` float32 weights for each 1/32 offset."""
    offsets = onp.arange(_TAB, dtype=onp.float32) / onp.float32(_TAB)
    if ksize == LINEAR:
        return onp.stack([onp.float32(1) - offsets, offsets], axis=-1)
    return cubic_coefficients(offsets)


def _int_table(table, ksize):
    """OpenCV's 15-bit weights: each rounded, then the rounding error taken off the largest
    (or put on the smallest) of the taps ``ksize//2 .. ksize//2 + 1`` in each direction."""
    ints = onp.rint(table * _ONE).astype(onp.int64)
    for k in range(_TAB * _TAB):
        block = ints[k]
        diff = int(block.sum()) - _ONE
        if diff == 0:
            continue
        mid = ksize // 2
        low = high = (mid, mid)
        for row in range(mid, min(mid + 2, ksize)):
            for col in range(mid, min(mid + 2, ksize)):
                if block[row, col] < block[low]:
                    low = (row, col)
                elif block[row, col] > block[high]:
                    high = (row, col)
        block[high if diff < 0 else low] -= diff
    return ints


def _tables(ksize):
    axis = _one_axis(ksize)
    table = axis[:, None, :, None] * axis[None, :, None, :]  # (fy, fx, ky, kx)
    table = table.reshape(_TAB * _TAB, ksize, ksize).astype(onp.float32)
    return table, _int_table(table, ksize)


_CACHE = {}


def sampled(img, fixed_x, fixed_y, ksize, fill):
    """``img`` read at ``(fixed_x, fixed_y) / 32`` with ``ksize`` taps a side."""
    if ksize not in _CACHE:
        _CACHE[ksize] = _tables(ksize)
    floats, ints = _CACHE[ksize]
    integer = img.dtype == onp.uint8
    work = onp.int64 if integer else (onp.float32 if img.dtype.itemsize <= 4 else onp.float64)
    weights = (ints if integer else floats.astype(work))[
        (fixed_y & (_TAB - 1)) * _TAB + (fixed_x & (_TAB - 1))]
    first = 1 - ksize // 2
    base_x, base_y = (fixed_x >> TAB_BITS) + first, (fixed_y >> TAB_BITS) + first
    border = filled(img, 1, 1, fill)[0, 0]
    trail = (1,) * (img.ndim - 2)
    total = 0
    for row in range(ksize):
        for col in range(ksize):
            xs, ys = base_x + col, base_y + row
            inside = (xs >= 0) & (xs < img.shape[1]) & (ys >= 0) & (ys < img.shape[0])
            values = onp.where(inside.reshape(inside.shape + trail),
                               img[onp.clip(ys, 0, img.shape[0] - 1),
                                   onp.clip(xs, 0, img.shape[1] - 1)], border).astype(work)
            total = total + values * weights[..., row, col].reshape(inside.shape + trail)
    if integer:
        return onp.clip((total + (_ONE >> 1)) >> 15, 0, 255).astype(img.dtype)
    return total.astype(img.dtype)
