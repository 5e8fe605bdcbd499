"""OpenCV's ``getRotationMatrix2D``, ``RotatedRect.boundingRect2f`` and ``warpAffine``
(10-bit fixed-point source coordinates, halves rounded to even; nearest pixel here, the
other kernels through ``_remap``), which MindSpore's ``Rotate`` and ``Affine`` run."""
import math

import numpy as onp

from . import _remap

_BITS = 10
_SCALE = 1 << _BITS


def rotation_matrix(center_x, center_y, degrees):
    """The 2x3 matrix turning ``degrees`` counter-clockwise about the centre."""
    angle = degrees * math.pi / 180.0
    cos, sin = math.cos(angle), math.sin(angle)
    return onp.array([[cos, sin, (1 - cos) * center_x - sin * center_y],
                      [-sin, cos, sin * center_x + (1 - cos) * center_y]])


def expanded_size(height, width, degrees):
    """``(height, width)`` of the box holding the turned image, from float32 corners as
    OpenCV's ``RotatedRect(..., degrees).boundingRect2f()`` gives it."""
    f32 = onp.float32
    angle = degrees * math.pi / 180.0
    b, a = f32(math.cos(angle)) * f32(0.5), f32(math.sin(angle)) * f32(0.5)
    w, h = f32(width), f32(height)
    xs = [-a * h - b * w, a * h - b * w]
    ys = [b * h - a * w, -b * h - a * w]
    xs, ys = xs + [-x for x in xs], ys + [-y for y in ys]
    return float(max(ys) - min(ys)), float(max(xs) - min(xs))


def _inverted(matrix):
    (m0, m1, m2), (m3, m4, m5) = matrix
    det = m0 * m4 - m1 * m3
    det = 1.0 / det if det != 0 else 0.0
    a0, a1, a3, a4 = m4 * det, -m1 * det, -m3 * det, m0 * det
    return (a0, a1, -a0 * m2 - a1 * m5), (a3, a4, -a3 * m2 - a4 * m5)


def _source_grid(matrix, height, width, frac_bits):
    """Each output pixel's preimage in fixed point with ``frac_bits`` fractional bits,
    as ``warpAffine`` rounds it (10-bit products, half a step added)."""
    (a0, a1, a2), (a3, a4, a5) = _inverted(matrix)
    xs, ys = onp.arange(width, dtype=onp.float64), onp.arange(height, dtype=onp.float64)
    half = _SCALE >> (frac_bits + 1)
    col_x = onp.rint(a0 * xs * _SCALE).astype(onp.int64)
    col_y = onp.rint(a3 * xs * _SCALE).astype(onp.int64)
    row_x = onp.rint((a1 * ys + a2) * _SCALE).astype(onp.int64) + half
    row_y = onp.rint((a4 * ys + a5) * _SCALE).astype(onp.int64) + half
    shift = _BITS - frac_bits
    return ((row_x[:, None] + col_x[None, :]) >> shift,
            (row_y[:, None] + col_y[None, :]) >> shift)


def warp_nearest(img, matrix, height, width, fill):
    """``img`` through the forward affine ``matrix`` into ``height x width``, each output
    pixel the source pixel nearest its preimage; outside pixels take ``fill`` (per channel)."""
    src_x, src_y = _source_grid(matrix, height, width, 0)
    inside = (src_x >= 0) & (src_x < img.shape[1]) & (src_y >= 0) & (src_y < img.shape[0])
    out = _remap.filled(img, height, width, fill)
    out[inside] = img[src_y[inside], src_x[inside]]
    return out


def warp(img, matrix, height, width, fill, taps=0):
    """``warp_nearest``, or OpenCV's bilinear (``taps`` 2) or bicubic (4) ``remap`` of the
    preimages taken in 1/32 pixel."""
    if not taps:
        return warp_nearest(img, matrix, height, width, fill)
    fixed_x, fixed_y = _source_grid(matrix, height, width, _remap.TAB_BITS)
    return _remap.sampled(img, fixed_x, fixed_y, taps, fill)


def rotated_any(img, degrees, expand, center, fill, taps=0):
    """``img`` turned ``degrees`` about ``center`` ``(x, y)`` (None: the image centre)."""
    height, width = img.shape[:2]
    if center is None:
        center = ((width - 1) / 2.0, (height - 1) / 2.0)
    center_x, center_y = (float(onp.float32(v)) for v in center)
    matrix = rotation_matrix(center_x, center_y, degrees)
    if expand:
        box_h, box_w = expanded_size(height, width, degrees)
        matrix[0, 2] += box_w / 2.0 - width / 2.0
        matrix[1, 2] += box_h / 2.0 - height / 2.0
        height, width = int(onp.rint(box_h)), int(onp.rint(box_w))
    return warp(img, matrix, height, width, fill, taps)
