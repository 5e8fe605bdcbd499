"""``mint.nn.functional``'s pools and resizing (PyTorch-style arguments: ``stride`` None
for the kernel size, ``divisor_override`` None, ``return_indices``), forwarding to
``ops``' pools so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat.mint.nn import functional as F
>>> F.avg_pool1d(ms.Tensor([[[1.0, 3.0, 5.0, 7.0]]]), 2)
array([[[2., 6.]]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ... import numpy as np
from ... import ops
from ...errors import CellArgumentError, CellTypeError, describe, message
from .fn_act import check_bool

adaptive_avg_pool2d = ops.adaptive_avg_pool2d
adaptive_avg_pool3d = ops.adaptive_avg_pool3d
adaptive_avg_pool3d_ext = ops.adaptive_avg_pool3d
adaptive_max_pool2d = ops.adaptive_max_pool2d
max_unpool2d = ops.max_unpool2d


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """``input`` resized on its spatial axes to ``size``, or ``scale_factor`` times (rounded
    down), by 'nearest', 'linear', 'bilinear' or 'bicubic' (PyTorch's: a = -0.75, taps past
    an edge read the edge element) interpolation."""
    from ...ops.nnf_interpolate import resize
    if scale_factor is not None and size is None:
        spatial = onp.shape(getval(input))[2:]
        scales = (scale_factor,) * len(spatial) if isinstance(scale_factor, numbers.Real) \
            else tuple(scale_factor)
        if len(scales) != len(spatial) or any(s <= 0 for s in scales):
            raise CellArgumentError(message("mint.nn.functional.interpolate scale_factor",
                                            f"a number > 0 or {len(spatial)} of them",
                                            repr(scale_factor)))
        size = tuple(int(onp.floor(n * s)) for n, s in zip(spatial, scales))
        if len(size) == 1:
            size = size[0]
    return resize(input, size, None, mode, align_corners, None, torch_cubic=True)


def adaptive_avg_pool1d(input, output_size):
    """The mean of each of ``output_size`` near-equal windows of an (N, C, L) or (C, L)
    input (PyTorch's windows: the length need not divide; ``ops.adaptive_avg_pool1d``,
    MindSpore's older function, requires it)."""
    if not isinstance(output_size, numbers.Integral) or isinstance(output_size, bool):
        raise CellTypeError(message("mint.nn.functional.adaptive_avg_pool1d output_size",
                                    "an int", describe(output_size)))
    return np.squeeze(ops.adaptive_avg_pool2d(np.expand_dims(input, -2), (1, output_size)), -2)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """The max of each of ``output_size`` near-equal windows of an (N, C, L) or (C, L)
    input (and the int64 positions of the maxima with ``return_indices``)."""
    check_bool("mint.nn.functional.adaptive_max_pool1d return_indices", return_indices)
    if not isinstance(output_size, numbers.Integral) or isinstance(output_size, bool):
        raise CellTypeError(message("mint.nn.functional.adaptive_max_pool1d output_size",
                                    "an int", describe(output_size)))
    found = ops.adaptive_max_pool2d(np.expand_dims(input, -2), (1, output_size), True)
    out, indices = np.squeeze(found[0], -2), np.squeeze(found[1], -2)
    return (out, indices.astype(onp.int64)) if return_indices else out


def check_half_pad(where, kernel_size, padding, dims):
    """MindSpore's (and PyTorch's) average-pool rule: each axis's padding is at most half
    its kernel size (padding given per axis; other forms are left to the pool itself)."""
    def per_axis(value):
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            return (int(value),) * dims
        if isinstance(value, (tuple, list)) and len(value) == dims and all(
                isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
            return tuple(int(v) for v in value)
        return None
    kernel, pads = per_axis(kernel_size), per_axis(padding)
    if kernel is not None and pads is not None and any(2 * p > k for p, k in zip(pads, kernel)):
        raise CellArgumentError(message(
            f"{where} padding", f"at most half of kernel_size {kernel_size!r} on each axis",
            repr(padding), "Use a smaller padding or a larger kernel_size."))


def _stride(stride, kernel_size):
    return kernel_size if stride is None or stride == () or stride == [] else stride


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    """The mean of each window of an (N, C, L) input."""
    check_half_pad("mint.nn.functional.avg_pool1d", kernel_size, padding, 1)
    return ops.avg_pool1d(input, kernel_size, _stride(stride, kernel_size), padding,
                          ceil_mode, count_include_pad)


def _divisor(where, divisor_override):
    if divisor_override is None:
        return 0
    if isinstance(divisor_override, bool) or not isinstance(divisor_override,
                                                            numbers.Integral):
        raise CellTypeError(message(f"{where} divisor_override", "None or an int",
                                    describe(divisor_override)))
    if divisor_override <= 0:
        raise CellArgumentError(message(f"{where} divisor_override", "None or an int > 0",
                                        repr(divisor_override)))
    return int(divisor_override)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    """The mean of each window of an (N, C, H, W) input."""
    divisor = _divisor("mint.nn.functional.avg_pool2d", divisor_override)
    check_half_pad("mint.nn.functional.avg_pool2d", kernel_size, padding, 2)
    if isinstance(padding, (tuple, list)) and len(padding) == 2:  # (rows, columns)
        padding = (padding[0], padding[0], padding[1], padding[1])
    return ops.avg_pool2d(input, kernel_size, _stride(stride, kernel_size), padding,
                          ceil_mode, count_include_pad, divisor)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    """The mean of each window of an (N, C, D, H, W) input."""
    divisor = _divisor("mint.nn.functional.avg_pool3d", divisor_override)
    check_half_pad("mint.nn.functional.avg_pool3d", kernel_size, padding, 3)
    return ops.avg_pool3d(input, kernel_size, _stride(stride, kernel_size), padding,
                          ceil_mode, count_include_pad, divisor)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The max of each window of an (N, C, H, W) input (and the flat int64 positions of
    the maxima in each plane with ``return_indices``)."""
    return ops.max_pool2d(input, kernel_size, stride=stride, padding=padding,
                          dilation=dilation, return_indices=return_indices,
                          ceil_mode=ceil_mode)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    """``interpolate`` (without ``recompute_scale_factor``)."""
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_bilinear2d_op(x, output_size=None, scales=None, align_corners=False):
    """Bilinear 2-D resize to ``output_size`` or by ``scales`` (MindSpore's primitive)."""
    scale = None if scales is None else tuple(scales)
    return interpolate(x, output_size, scale, "bilinear", align_corners)


def upsample_nearest2d_op(x, output_size=None, scales=None):
    """Nearest-neighbour 2-D resize to ``output_size`` or by ``scales`` (MindSpore's
    primitive)."""
    scale = None if scales is None else tuple(scales)
    return interpolate(x, output_size, scale, "nearest")


def _unnormalize(coord, size, align_corners):
    if align_corners:
        return (coord + 1) / 2 * (size - 1)
    return ((coord + 1) * size - 1) / 2


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """``input`` (N, C, H, W) sampled at ``grid``'s (N, Ho, Wo, 2) (x, y) points in
    [-1, 1], by 'bilinear' or 'nearest' interpolation, outside points 'zeros' or
    'border'."""
    where = "mint.nn.functional.grid_sample"
    if mode not in ("bilinear", "nearest"):
        raise CellArgumentError(message(f"{where} mode", "'bilinear' or 'nearest' (the modes "
                                        "supported here)", repr(mode)))
    if padding_mode not in ("zeros", "border"):
        raise CellArgumentError(message(f"{where} padding_mode", "'zeros' or 'border' (the "
                                        "modes supported here)", repr(padding_mode)))
    shape, g_shape = onp.shape(getval(input)), onp.shape(getval(grid))
    if len(shape) != 4 or len(g_shape) != 4 or g_shape[-1] != 2 or g_shape[0] != shape[0]:
        raise CellArgumentError(message(f"{where} grid", "(N, H_out, W_out, 2) for an "
                                        "(N, C, H, W) input", f"input {shape} and grid "
                                        f"{g_shape}"))
    n, c, h, w = shape
    dtype = getval(input).dtype
    x = _unnormalize(grid[..., 0], w, bool(align_corners))
    y = _unnormalize(grid[..., 1], h, bool(align_corners))
    if padding_mode == "border":
        x, y = np.clip(x, 0, w - 1), np.clip(y, 0, h - 1)
    flat = np.reshape(np.transpose(input, (0, 2, 3, 1)), (n * h * w, c))
    batch = (onp.arange(n) * h * w).reshape(n, 1, 1)

    def corner(iy, ix):
        inside = ((ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)).astype(dtype)
        rows = batch + onp.clip(iy, 0, h - 1) * w + onp.clip(ix, 0, w - 1)
        return np.take(flat, rows, axis=0) * inside[..., None]

    if mode == "nearest":
        out = corner(onp.round(getval(y)).astype(int), onp.round(getval(x)).astype(int))
    else:
        x0, y0 = onp.floor(getval(x)).astype(int), onp.floor(getval(y)).astype(int)
        wx, wy = (x - x0)[..., None], (y - y0)[..., None]
        out = (corner(y0, x0) * (1 - wx) * (1 - wy) + corner(y0, x0 + 1) * wx * (1 - wy)
               + corner(y0 + 1, x0) * (1 - wx) * wy + corner(y0 + 1, x0 + 1) * wx * wy)
    return np.transpose(out, (0, 3, 1, 2)).astype(dtype)
