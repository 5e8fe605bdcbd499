"""MindSpore 2.10's functional convolutions, pools, padding and channel shuffles:
``conv1d``, ``conv2d``, ``avg_pool1d``, ``avg_pool2d``, ``max_pool2d``,
``adaptive_avg_pool1d/2d``, ``adaptive_max_pool1d/2d``, ``pad``, ``pixel_shuffle``,
``pixel_unshuffle`` and ``dropout1d/2d/3d``. The window arithmetic is the ``nn`` Cells'
(``nn.windows``, ``nn.conv_line``, the pool and padding Cells), so gradients come
from the tracer and float32 stays float32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.pixel_shuffle(ms.Tensor([[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]), 2).shape
(1, 1, 2, 2)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only


def _nn():
    from .. import nn  # nn imports ops: resolved at call time
    return nn


def _int(where, value, low=1):
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral,)) or value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", describe(value)))
    return int(value)


def _conv(op, input, weight, bias, stride, pad_mode, padding, dilation, groups, rank):
    from ..nn.conv_line import grouped_conv
    from ..nn.windows import padded, same_pads
    where = f"ops.{op}"
    float_only(f"{where} input", input)
    float_only(f"{where} weight", weight)
    shape, w_shape = onp.shape(getval(input)), onp.shape(getval(weight))
    if len(shape) != rank + 2 or len(w_shape) != rank + 2:
        raise CellArgumentError(message(f"{where} input", f"{rank + 2}-D input and weight",
                                        f"shapes {shape} and {w_shape}"))
    groups = _int(f"{where} groups", groups)
    if shape[1] != w_shape[1] * groups or w_shape[0] % groups:
        raise CellArgumentError(message(f"{where} weight", f"{shape[1] // groups} input "
                                        f"channels per group (groups={groups})",
                                        f"shape {w_shape}"))
    if pad_mode not in ("valid", "same", "pad"):
        raise CellArgumentError(message(f"{where} pad_mode", "'valid', 'same' or 'pad'",
                                        repr(pad_mode)))
    if rank == 1:
        input, weight = np.expand_dims(input, 2), np.expand_dims(weight, 2)
        stride, dilation = (1, _int(f"{where} stride", stride)), \
            (1, _int(f"{where} dilation", dilation))
        padding = (0, 0, padding, padding) if isinstance(padding, numbers.Integral) \
            else (0, 0) + tuple(padding)
    else:
        stride = (stride,) * 2 if isinstance(stride, numbers.Integral) else tuple(stride)
        dilation = (dilation,) * 2 if isinstance(dilation, numbers.Integral) else tuple(dilation)
        if isinstance(padding, numbers.Integral):
            padding = (padding,) * 4
        elif isinstance(padding, (tuple, list)) and len(padding) == 2:
            padding = (padding[0], padding[0], padding[1], padding[1])
        else:
            raise CellArgumentError(message(f"{where} padding", "an int or a tuple of 2 ints",
                                            repr(padding)))
    if pad_mode != "pad" and any(padding):
        raise CellArgumentError(message(f"{where} padding", f"0 with pad_mode='{pad_mode}'",
                                        repr(padding), "Pass pad_mode='pad'."))
    sizes, kernel = onp.shape(getval(input))[2:], onp.shape(getval(weight))[2:]
    if pad_mode == "same":
        padding = same_pads(sizes[0], kernel[0], stride[0], dilation[0]) + \
            same_pads(sizes[1], kernel[1], stride[1], dilation[1])
    out = grouped_conv(where, padded(input, tuple(padding)), weight, stride, dilation, groups)
    if bias is not None:
        out = out + np.reshape(bias, (1, -1, 1, 1))
    return out[:, :, 0] if rank == 1 else out


def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """1-D cross-correlation of (N, C, L) ``input`` with (F, C / groups, k) ``weight``."""
    return _conv("conv1d", input, weight, bias, stride, pad_mode, padding, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """2-D cross-correlation of (N, C, H, W) ``input`` with (F, C / groups, kh, kw)
    ``weight``."""
    return _conv("conv2d", input, weight, bias, stride, pad_mode, padding, dilation, groups, 2)


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True):
    """The mean of each window of an (N, C, L) input."""
    return _nn().AvgPool1d(kernel_size, stride, "pad" if padding else "valid", padding,
                           ceil_mode, count_include_pad)(input_x)


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    """The mean of each window of an (N, C, H, W) input (its sum over
    ``divisor_override`` when that is nonzero); ``padding`` an int or (top, bottom, left,
    right)."""
    _int("ops.avg_pool2d divisor_override", divisor_override, 0)
    pads = (padding,) * 4 if isinstance(padding, numbers.Integral) else padding
    if not isinstance(pads, (tuple, list)) or len(pads) != 4 or any(
            isinstance(p, bool) or not isinstance(p, numbers.Integral) or p < 0 for p in pads):
        raise CellArgumentError(message("ops.avg_pool2d padding", "an int >= 0 or a tuple of "
                                        "4 of them (top, bottom, left, right)", repr(padding)))
    cell = _nn().AvgPool2d(kernel_size, stride, "pad" if any(pads) else "valid", 0, ceil_mode,
                           count_include_pad, divisor_override or None)
    cell._pads = tuple(int(p) for p in pads)  # the Cell takes only even pads; these may not be
    return cell(input_x)


def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    """The maximum of each window of an (N, C, H, W) input."""
    stride = kernel_size if stride is None else stride
    return _nn().MaxPool2d(kernel_size, stride, "pad", padding, dilation, return_indices,
                           ceil_mode)(x)


def _divides(op, input, output_size):
    """MindSpore's 1-D adaptive pools take only equal bins."""
    length = onp.shape(getval(input))[-1] if onp.ndim(getval(input)) else 0
    size = _int(f"ops.{op} output_size", output_size)
    if length % size:
        raise CellArgumentError(message(f"ops.{op} input", f"a last axis divisible by "
                                        f"output_size {size}", f"length {length}"))


def adaptive_avg_pool1d(input, output_size):
    """Means over ``output_size`` equal bins of the last axis."""
    _divides("adaptive_avg_pool1d", input, output_size)
    return _nn().AdaptiveAvgPool1d(output_size)(input)


def adaptive_avg_pool2d(input, output_size):
    """Means over ``output_size`` near-equal bins of the last two axes."""
    return _nn().AdaptiveAvgPool2d(output_size)(input)


def adaptive_max_pool1d(input, output_size):
    """Maxima over ``output_size`` equal bins of the last axis."""
    _divides("adaptive_max_pool1d", input, output_size)
    return _nn().AdaptiveMaxPool1d(output_size)(input)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Maxima over ``output_size`` near-equal bins of the last two axes."""
    return _nn().AdaptiveMaxPool2d(output_size, return_indices)(input)


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
              "circular": "circular"}


def pad(input_x, padding, mode="constant", value=None):
    """``input_x`` padded by ``padding`` ((before, after) pairs from the last axis back)."""
    from ..nn.padding_cells import _padding, pad_cell
    if mode not in _PAD_MODES:
        raise CellArgumentError(message("ops.pad mode", "'constant', 'reflect', 'replicate' "
                                        "or 'circular'", repr(mode)))
    if isinstance(padding, list):
        padding = tuple(padding)
    padding = _padding("ops.pad", padding, 2 * onp.ndim(getval(input_x)))
    if mode != "constant" and value is not None:
        raise CellArgumentError(message("ops.pad value", f"None with mode='{mode}'",
                                        repr(value)))
    if mode == "circular":
        shape = onp.shape(getval(input_x))
        for i in range(len(padding) // 2):
            axis, before, after = len(shape) - 1 - i, padding[2 * i], padding[2 * i + 1]
            index = onp.arange(-before, shape[axis] + after) % shape[axis]
            input_x = np.take(input_x, index, axis=axis)
        return input_x
    return pad_cell("ops.pad", input_x, padding, _PAD_MODES[mode],
                    0 if value is None else value)


def pixel_shuffle(input, upscale_factor):
    """(*, C r², H, W) to (*, C, H r, W r)."""
    r = _int("ops.pixel_shuffle upscale_factor", upscale_factor)
    shape = onp.shape(getval(input))
    if len(shape) < 3 or shape[-3] % (r * r):
        raise CellArgumentError(message("ops.pixel_shuffle input", f"at least 3 dimensions, "
                                        f"axis -3 divisible by {r * r}", f"shape {shape}"))
    lead, (c, h, w) = shape[:-3], shape[-3:]
    x = np.reshape(input, (-1, c // (r * r), r, r, h, w))
    x = np.transpose(x, (0, 1, 4, 2, 5, 3))
    return np.reshape(x, lead + (c // (r * r), h * r, w * r))


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H r, W r) to (*, C r², H, W)."""
    r = _int("ops.pixel_unshuffle downscale_factor", downscale_factor)
    shape = onp.shape(getval(input))
    if len(shape) < 3 or shape[-1] % r or shape[-2] % r:
        raise CellArgumentError(message("ops.pixel_unshuffle input", f"at least 3 dimensions, "
                                        f"the last two divisible by {r}", f"shape {shape}"))
    lead, (c, h, w) = shape[:-3], shape[-3:]
    x = np.reshape(input, (-1, c, h // r, r, w // r, r))
    x = np.transpose(x, (0, 1, 3, 5, 2, 4))
    return np.reshape(x, lead + (c * r * r, h // r, w // r))


def dropout1d(input, p=0.5, training=True):
    """Zero whole channels (axis 1's rows) with probability ``p`` while ``training``."""
    return _channel_dropout("Dropout1d", input, p, training)


def dropout2d(input, p=0.5, training=True):
    """Zero whole (N, C) feature maps of an (N, C, H, W) input with probability ``p``."""
    return _channel_dropout("Dropout2d", input, p, training)


def dropout3d(input, p=0.5, training=True):
    """Zero whole (N, C) volumes of an (N, C, D, H, W) input with probability ``p``."""
    return _channel_dropout("Dropout3d", input, p, training)


def _channel_dropout(cell, input, p, training):
    if not isinstance(training, (bool, onp.bool_)):
        raise CellTypeError(message(f"ops.{cell.lower()} training", "a bool",
                                    describe(training)))
    layer = getattr(_nn(), cell)(p)
    layer.set_train(bool(training))
    return layer(input)
