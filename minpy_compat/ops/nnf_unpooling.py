"""MindSpore 2.10's functional forms of the newer pools and windows: ``adaptive_avg_pool3d``,
``adaptive_max_pool3d``, ``max_unpool1d``/``2d``/``3d``, ``conv3d_transpose``, ``lrn`` and
``fractional_max_pool2d``, each built on the matching Cell's arithmetic.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor(onp.array([[[2.0, 5.0]]], onp.float32))
>>> ops.max_unpool1d(x, ms.Tensor(onp.array([[[1, 2]]])), 2).tolist()
[[[0.0, 2.0, 5.0, 0.0]]]
"""
from autograd.tracer import getval
import numpy as onp

from ..errors import CellArgumentError, message
from .checks import float_only


def adaptive_avg_pool3d(input, output_size):
    """Means over ``output_size`` near-equal (D, H, W) bins of a rank-4 or rank-5 input."""
    from ..nn.pool3d_cells import AdaptiveAvgPool3d
    return AdaptiveAvgPool3d(output_size)(input)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Maxima over ``output_size`` (D, H, W) bins (and their int32 flat indices)."""
    from ..nn.pool3d_cells import AdaptiveMaxPool3d
    return AdaptiveMaxPool3d(output_size, return_indices)(input)


def _unpool(op, count, x, indices, kernel_size, stride, padding, output_size):
    from ..nn.unpool_cells import sizes, unpool
    where = f"ops.{op}"
    kernel = sizes(where, "kernel_size", kernel_size, count)
    stride = kernel if stride is None else sizes(where, "stride", stride, count)
    return unpool(where, x, indices, kernel, stride, sizes(where, "padding", padding, count, 0),
                  output_size)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of a 1-D max pool: ``x`` written at ``indices`` into zeros."""
    return _unpool("max_unpool1d", 1, x, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of a 2-D max pool: ``x`` written at ``indices`` into zeros."""
    return _unpool("max_unpool2d", 2, x, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of a 3-D max pool: ``x`` written at ``indices`` into zeros."""
    return _unpool("max_unpool3d", 3, x, indices, kernel_size, stride, padding, output_size)


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1,
                     group=1, output_padding=0):
    """The transposed 3-d convolution of (N, C, D, H, W) ``inputs`` with an
    (C, out / group, kd, kh, kw) ``weight``."""
    from ..nn.cells3d import _pads, triple
    from ..nn.cells3d_more import transpose3d
    from ..nn.conv_cells import check_group
    from ..nn.unpool_cells import sizes
    where = "ops.conv3d_transpose"
    float_only(f"{where} inputs", inputs)
    float_only(f"{where} weight", weight)
    shape, w_shape = onp.shape(getval(inputs)), onp.shape(getval(weight))
    if len(shape) != 5 or len(w_shape) != 5 or shape[1] != w_shape[0]:
        raise CellArgumentError(message(f"{where} weight", "a rank-5 (C, out / group, kd, kh, "
                                        "kw) weight for rank-5 (N, C, D, H, W) inputs",
                                        f"shapes {shape} and {w_shape}"))
    group = check_group(where, group, w_shape[0], w_shape[1] * group)
    if pad_mode not in ("valid", "same", "pad"):
        raise CellArgumentError(message(f"{where} pad_mode", "'valid', 'same' or 'pad'",
                                        repr(pad_mode)))
    pads = _pads(where, padding, 6, pad_mode, "head, tail, top, bottom, left, right")
    extra = sizes(where, "output_padding", output_padding, 3, 0)
    return transpose3d(where, inputs, weight, group, triple(where, "stride", stride),
                       triple(where, "dilation", dilation), pad_mode, pads, extra)


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """Local response normalization across the channels of an (N, C, H, W) ``x``."""
    from ..nn.combined_cells import lrn as normalized
    return normalized("ops.lrn", x, depth_radius, bias, alpha, beta, norm_region)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """The maximum of pseudo-randomly placed ``kernel_size`` windows of a rank-3 or rank-4
    input (``_random_samples`` (N, C, 2) fixes their placement)."""
    from ..nn.unpool_cells import FractionalMaxPool2d
    return FractionalMaxPool2d(kernel_size, output_size, output_ratio, return_indices,
                               _random_samples)(input)
