"""OpenCV's ``INTER_CUBIC`` resize (what MindSpore's ``Resize(..., Inter.BICUBIC)`` runs):
Keys' kernel with ``a = -0.75`` in float32, 4 taps per axis with edges replicated; uint8
weights rounded to 11 bits, the two passes summed in integers and the result scaled back
in float32 and rounded half to even (OpenCV's vector code)."""
import numpy as onp

_A = onp.float32(-0.75)
_ONE = 1 << 11


def cubic_coefficients(frac):
    """The 4 float32 weights for taps ``-1, 0, 1, 2`` at fractional offsets ``frac``."""
    f32 = onp.float32
    x = frac.astype(f32)
    a = _A
    c0 = ((a * (x + f32(1)) - f32(5) * a) * (x + f32(1)) + f32(8) * a) * (x + f32(1)) - \
        f32(4) * a
    c1 = ((a + f32(2)) * x - (a + f32(3))) * x * x + f32(1)
    rest = f32(1) - x
    c2 = ((a + f32(2)) * rest - (a + f32(3))) * rest * rest + f32(1)
    c3 = f32(1) - c0 - c1 - c2
    return onp.stack([c0, c1, c2, c3], axis=-1)


def _taps(src, dst):
    """Source indices ``(dst, 4)`` (clamped) and float32 weights ``(dst, 4)``."""
    scale = src / dst
    pos = ((onp.arange(dst) + 0.5) * scale - 0.5).astype(onp.float32)
    left = onp.floor(pos).astype(onp.int64)
    weights = cubic_coefficients(pos - left.astype(onp.float32))
    index = onp.clip(left[:, None] + onp.arange(-1, 3)[None, :], 0, src - 1)
    return index, weights


def bicubic(img, height, width):
    """``img`` (<H,W> or <H,W,C>, uint8 or float) resized to ``height x width``."""
    rows, row_w = _taps(img.shape[0], height)
    cols, col_w = _taps(img.shape[1], width)
    trail = (1,) * (img.ndim - 2)
    if img.dtype == onp.uint8:
        col_w = onp.rint(col_w * _ONE).astype(onp.int64)
        row_w = onp.rint(row_w * _ONE).astype(onp.int64)
        data = img.astype(onp.int64)
        across = sum(data[:, cols[:, k]] * col_w[:, k].reshape((1, -1) + trail)
                     for k in range(4))
        scale = onp.float32(1.0 / (_ONE * _ONE))
        total = onp.zeros((height, width) + img.shape[2:], onp.float32)
        for k in range(4):
            weight = (row_w[:, k].astype(onp.float32) * scale).reshape((-1, 1) + trail)
            total = total + across[rows[:, k]].astype(onp.float32) * weight
        return onp.clip(onp.rint(total), 0, 255).astype(onp.uint8)
    work = onp.float32 if img.dtype.itemsize <= 4 else onp.float64
    data = img.astype(work)
    across = sum(data[:, cols[:, k]] * col_w[:, k].astype(work).reshape((1, -1) + trail)
                 for k in range(4))
    down = sum(across[rows[:, k]] * row_w[:, k].astype(work).reshape((-1, 1) + trail)
               for k in range(4))
    return down.astype(img.dtype)
