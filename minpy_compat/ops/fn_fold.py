"""MindSpore 2.10's ``unfold`` (im2col) and ``fold`` (col2im): sliding (N, C, H, W)
windows gathered into columns (N, C * kh * kw, L), and columns summed back into an image.

Both read the same grid of flat positions, so ``fold`` is exactly ``unfold``'s adjoint
(a gather and a scatter-add); gradients are the tracer's.

>>> from minpy_compat import ops
>>> ops.unfold(ops.ones((1, 2, 3, 3)), 2).shape
(1, 8, 4)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..dispatch.numpy_getitem import scatter_add as _scatter_zeros
from ..errors import CellArgumentError, message
from . import prims_array as P


def _pair(where, value, low):
    values = P._ints(where, value)
    values = values * 2 if len(values) == 1 else values
    if len(values) != 2 or any(v < low for v in values):
        raise CellArgumentError(message(where, f"an int or 2 ints >= {low}", repr(value)))
    return values


def _settings(op, kernel_size, dilation, padding, stride):
    return (_pair(f"ops.{op} kernel_size", kernel_size, 1),
            _pair(f"ops.{op} dilation", dilation, 1),
            _pair(f"ops.{op} padding", padding, 0),
            _pair(f"ops.{op} stride", stride, 1))


def _positions(op, channels, size, kernel, dilation, padding, stride):
    """Flat positions into a padded (channels, H + 2 ph, W + 2 pw) image, shape
    (channels * kh * kw, L), and the padded size."""
    padded = tuple(n + 2 * p for n, p in zip(size, padding))
    counts = [(n - d * (k - 1) - 1) // s + 1
              for n, k, d, s in zip(padded, kernel, dilation, stride)]
    if min(counts) < 1:
        raise CellArgumentError(message(f"ops.{op} kernel_size", f"a window that fits the "
                                        f"padded size {padded}", f"{kernel} (dilation "
                                        f"{dilation})", "Use a smaller kernel or more padding."))
    rows = (onp.arange(kernel[0]) * dilation[0])[:, None, None, None] + \
        (onp.arange(counts[0]) * stride[0])[None, None, :, None]
    cols = (onp.arange(kernel[1]) * dilation[1])[None, :, None, None] + \
        (onp.arange(counts[1]) * stride[1])[None, None, None, :]
    within = (rows * padded[1] + cols).reshape(kernel[0] * kernel[1], -1)
    plane = padded[0] * padded[1]
    grid = onp.arange(channels)[:, None, None] * plane + within[None]
    return grid.reshape(channels * kernel[0] * kernel[1], -1), padded


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """(N, C, H, W) to (N, C * kh * kw, L): every sliding window as a column."""
    shape = onp.shape(getval(input))
    if len(shape) != 4:
        raise CellArgumentError(message("ops.unfold input", "a 4-D (N, C, H, W) Tensor",
                                        f"shape {shape}"))
    kernel, dilation, padding, stride = _settings("unfold", kernel_size, dilation, padding,
                                                  stride)
    positions, padded = _positions("unfold", shape[1], shape[2:], kernel, dilation, padding,
                                   stride)
    x = np.pad(input, [(0, 0), (0, 0), (padding[0],) * 2, (padding[1],) * 2])
    plane = shape[1] * (shape[2] + 2 * padding[0]) * (shape[3] + 2 * padding[1])
    return np.take(np.reshape(x, (shape[0], plane)), positions, axis=1)  # N may be 0


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """(N, C * kh * kw, L) to (N, C, H, W) with ``(H, W) = output_size``: the columns
    summed back onto their windows (``unfold``'s adjoint)."""
    shape = onp.shape(getval(input))
    size = _pair("ops.fold output_size", output_size, 1)
    kernel, dilation, padding, stride = _settings("fold", kernel_size, dilation, padding,
                                                  stride)
    per = kernel[0] * kernel[1]
    if len(shape) != 3 or shape[1] % per:
        raise CellArgumentError(message("ops.fold input", f"a 3-D (N, C * {per}, L) Tensor",
                                        f"shape {shape}"))
    positions, padded = _positions("fold", shape[1] // per, size, kernel, dilation, padding,
                                   stride)
    if positions.shape[1] != shape[2]:
        raise CellArgumentError(message("ops.fold input", f"L = {positions.shape[1]} windows "
                                        f"for output_size {size}", f"L = {shape[2]}"))
    batch, image = shape[0], shape[1] // per * padded[0] * padded[1]
    flat = (onp.arange(batch)[:, None, None] * image + positions[None]).ravel()
    dtype = getval(input).dtype
    summed = _scatter_zeros(np.reshape(input, (-1,)), flat, (batch * image,), dtype)
    summed = np.reshape(summed, (batch, shape[1] // per) + padded)
    return summed[:, :, padding[0]:padded[0] - padding[0], padding[1]:padded[1] - padding[1]]
