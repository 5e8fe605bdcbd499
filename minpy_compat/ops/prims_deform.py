"""MindSpore 2.10's deformable convolution: the ``DeformableOffsets`` primitive (bilinear
samples of an NCHW input at kernel taps moved by learnt offsets, scaled by a mask, laid out
as an (N, C, H_out * kh, W_out * kw) image) and ``ops.deformable_conv2d`` (those samples
convolved with stride ``kernel_size``). The offsets carry ``3 * deformable_groups * kh *
kw`` channels: x offsets, then y offsets, then masks (used as given, no sigmoid); samples
outside the image read zero. Gradients (input, offsets, weight, bias) come from the tracer.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor(onp.arange(4.0).reshape(1, 1, 2, 2))
>>> offsets = ms.Tensor(onp.concatenate([onp.full((1, 1, 2, 2), 0.5),
...                                      onp.zeros((1, 1, 2, 2)), onp.ones((1, 1, 2, 2))], 1))
>>> ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (1, 1))(x, offsets).asnumpy().tolist()
[[[[0.5, 0.5], [2.5, 1.5]]]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .prims_base import AttrPrimitive, check_int


def _tuple(where, value, count, low):
    """``value`` as a tuple of ``count`` ints of at least ``low``."""
    items = tuple(value) if isinstance(value, (tuple, list)) else None
    if items is None or len(items) != count:
        raise CellArgumentError(message(where, f"a tuple of {count} ints", repr(value)))
    for item in items:
        if check_int(where, item) < low:
            raise CellArgumentError(message(where, f"ints of at least {low}", repr(value)))
    return items


def _float_tensor(where, value):
    data = getval(value)
    dtype = getattr(data, "dtype", None)
    if dtype is None or not onp.issubdtype(dtype, onp.floating) or onp.ndim(data) != 4:
        shown = f"{dtype} of shape {onp.shape(data)}" if dtype is not None else describe(value)
        raise CellTypeError(message(where, "a rank-4 float16/float32/float64 Tensor", shown))
    return data


def _settings(where, strides, pads, ksize, dilations, data_format, groups, modulated):
    if data_format != "NCHW":
        raise CellArgumentError(message(f"{where} data_format", "'NCHW'", repr(data_format)))
    if modulated is not True:
        raise CellArgumentError(message(f"{where} modulated", "True (the only mode MindSpore "
                                        "supports)", repr(modulated)))
    strides = _tuple(f"{where} strides", strides, 4, 1)
    dilations = _tuple(f"{where} dilations", dilations, 4, 1)
    if strides[:2] != (1, 1) or dilations[:2] != (1, 1):
        raise CellArgumentError(message(f"{where} strides/dilations", "1 along N and C",
                                        f"{strides} and {dilations}"))
    return (strides[2:], _tuple(f"{where} pads", pads, 4, 0),
            _tuple(f"{where} kernel_size", ksize, 2, 1), dilations[2:],
            check_int(f"{where} deformable_groups", groups))


def deform_sample(where, x, offsets, strides, pads, ksize, dilations, groups):
    """The (N, C, H_out * kh, W_out * kw) bilinear samples of ``x`` at the offset taps."""
    data, moved = _float_tensor(f"{where} x", x), _float_tensor(f"{where} offsets", offsets)
    n, c, h, w = data.shape
    (kh, kw), taps = ksize, ksize[0] * ksize[1]
    out_h = (h + pads[0] + pads[1] - dilations[0] * (kh - 1) - 1) // strides[0] + 1
    out_w = (w + pads[2] + pads[3] - dilations[1] * (kw - 1) - 1) // strides[1] + 1
    if groups < 1 or c % groups:
        raise CellArgumentError(message(f"{where} deformable_groups", f"a divisor of the "
                                        f"{c} input channels", str(groups)))
    want = (n, 3 * groups * taps, out_h, out_w)
    if out_h < 1 or out_w < 1 or moved.shape != want:
        raise CellArgumentError(message(f"{where} offsets", f"shape {want}",
                                        f"shape {moved.shape}"))
    if moved.dtype != data.dtype:
        raise CellTypeError(message(f"{where} offsets", f"dtype {data.dtype} (as x)",
                                    str(moved.dtype)))
    parts = np.reshape(offsets, (n, 3, groups, kh, kw, out_h, out_w))
    rows = (onp.arange(out_h) * strides[0] - pads[0])[:, None] + \
        (onp.arange(kh) * dilations[0])[:, None, None]          # (kh, 1, out_h, 1)
    cols = onp.arange(out_w) * strides[1] - pads[2] + \
        (onp.arange(kw) * dilations[1])[:, None, None]          # (kw, 1, out_w)
    py = parts[:, 1] + rows.reshape(kh, 1, out_h, 1).astype(data.dtype)
    px = parts[:, 0] + cols.reshape(1, kw, 1, out_w).astype(data.dtype)
    y0, x0 = onp.floor(getval(py)), onp.floor(getval(px))
    ly, lx = py - y0, px - x0
    flat = np.reshape(x, (n, groups, c // groups, h * w))
    batch = onp.arange(n)[:, None, None, None, None, None]
    group = onp.arange(groups)[None, :, None, None, None, None]
    total = 0.0
    for dy, wy in ((0, 1 - ly), (1, ly)):
        for dx, wx in ((0, 1 - lx), (1, lx)):
            yy, xx = (y0 + dy).astype(onp.int64), (x0 + dx).astype(onp.int64)
            inside = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
            index = onp.where(inside, yy * w + xx, 0)
            picked = flat[batch, group, :, index]               # (..., out_w, c // groups)
            total = total + picked * np.expand_dims(wy * wx * inside.astype(data.dtype), -1)
    total = total * np.expand_dims(parts[:, 2], -1)             # (n, g, kh, kw, oh, ow, cg)
    image = np.transpose(total, (0, 1, 6, 4, 2, 5, 3))          # (n, g, cg, oh, kh, ow, kw)
    return np.reshape(image, (n, c, out_h * kh, out_w * kw))


class DeformableOffsets(AttrPrimitive):
    """``DeformableOffsets(strides, pads, ksize, dilations=(1, 1, 1, 1), data_format='NCHW',
    deformable_groups=1, modulated=True)(x, offsets)``: the offset bilinear samples of
    ``x`` laid out as an (N, C, H_out * kh, W_out * kw) image."""

    def __init__(self, strides, pads, ksize, dilations=(1, 1, 1, 1), data_format="NCHW",
                 deformable_groups=1, modulated=True):
        super().__init__()
        settings = _settings(self.name, strides, pads, ksize, dilations, data_format,
                             deformable_groups, modulated)
        self._keep(strides=tuple(strides), pads=tuple(pads), ksize=tuple(ksize),
                   dilations=tuple(dilations), data_format=data_format,
                   deformable_groups=deformable_groups, modulated=modulated)
        self._settings = settings

    def __call__(self, x, offsets):
        return deform_sample(self.name, x, offsets, *self._settings)


def deformable_conv2d(x, weight, offsets, kernel_size, strides, padding, bias=None,
                      dilations=(1, 1, 1, 1), groups=1, deformable_groups=1, modulated=True):
    """The 2-D deformable convolution of an NCHW ``x`` by ``weight`` at taps moved by
    ``offsets`` (x offsets, y offsets and masks)."""
    where = "deformable_conv2d"
    settings = _settings(where, strides, padding, kernel_size, dilations, "NCHW",
                         deformable_groups, modulated)
    image = deform_sample(where, x, offsets, *settings)
    kernel, (kh, kw) = getval(weight), settings[2]
    n, c = onp.shape(getval(x))[:2]
    groups = check_int(f"{where} groups", groups)
    shape = getattr(kernel, "shape", None)
    if groups < 1 or c % groups or shape is None or len(shape) != 4 or \
            shape[1:] != (c // groups, kh, kw) or shape[0] % groups:
        raise CellArgumentError(message(f"{where} weight", f"shape (C_out, {c} // groups, "
                                        f"{kh}, {kw}) with groups={groups} dividing C_out and "
                                        f"{c}", f"shape {shape}"))
    out_h, out_w = image.shape[2] // kh, image.shape[3] // kw
    cells = np.reshape(image, (n, groups, c // groups, out_h, kh, out_w, kw))
    taps = np.reshape(weight, (groups, shape[0] // groups, c // groups, kh, kw))
    y = np.reshape(np.einsum("ngcykxl,gockl->ngoyx", cells, taps), (n, shape[0], out_h, out_w))
    if bias is not None:
        if onp.shape(getval(bias)) != (shape[0],):
            raise CellArgumentError(message(f"{where} bias", f"shape ({shape[0]},)",
                                            f"shape {onp.shape(getval(bias))}"))
        y = y + np.reshape(bias, (1, -1, 1, 1))
    return y


__all__ = ["DeformableOffsets", "deformable_conv2d"]
