"""MindSpore 2.10's layer primitives: ``Conv2D``, ``BiasAdd``, ``Dense``, ``MaxPool``,
``AvgPool`` and ``AdaptiveAvgPool2D``, made once with their attributes and called on
(N, C, H, W) tensors. The window arithmetic is the ``nn`` Cells', so gradients come from
the tracer and float32 stays float32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.Conv2D(out_channel=1, kernel_size=2)(ms.Tensor(ms.numpy.ones((1, 1, 3, 3))),
...                                          ms.Tensor(ms.numpy.ones((1, 1, 2, 2)))).shape
(1, 1, 2, 2)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .primitives import Primitive


def _int(where, value, low=1):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", describe(value)))
    return int(value)


def _pair(where, value, allow_four=True):
    """An int, a pair, or (1, 1, h, w) (MindSpore's NCHW form) as a pair of ints >= 1."""
    if isinstance(value, (tuple, list)) and allow_four and len(value) == 4:
        value = tuple(value[2:])
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return tuple(_int(where, v) for v in value)
    if isinstance(value, (tuple, list)):
        raise CellArgumentError(message(where, "an int or a tuple of 2 ints", repr(value)))
    return (_int(where, value),) * 2


def _pad_mode(where, pad_mode, modes=("valid", "same", "pad")):
    if not isinstance(pad_mode, str) or pad_mode.lower() not in modes:
        raise CellArgumentError(message(f"{where} pad_mode", " or ".join(map(repr, modes)),
                                        repr(pad_mode)))
    return pad_mode.lower()


def _nchw(where, data_format):
    if data_format != "NCHW":
        raise CellArgumentError(message(f"{where} data_format", "'NCHW' (the CPU layout)",
                                        repr(data_format)))
    return data_format


def _rank(where, x, rank):
    shape = onp.shape(getval(x))
    if len(shape) != rank:
        raise CellArgumentError(message(where, f"a {rank}-D tensor", f"shape {shape}"))
    return shape


class Conv2D(Primitive):
    """``Conv2D(out_channel, kernel_size, ...)(x, weight)``: 2-D cross-correlation of an
    (N, C, H, W) ``x`` with an (out_channel, C / group, kh, kw) ``weight``."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        super().__init__()
        self.out_channel = _int("Conv2D out_channel", out_channel)
        self.kernel_size = _pair("Conv2D kernel_size", kernel_size, allow_four=False)
        if mode != 1:
            raise CellArgumentError(message("Conv2D mode", "1", repr(mode)))
        self.pad_mode = _pad_mode("Conv2D", pad_mode)
        pads = (pad,) * 4 if isinstance(pad, numbers.Integral) else tuple(pad)
        if len(pads) != 4 or any(_int("Conv2D pad", p, 0) < 0 for p in pads):
            raise CellArgumentError(message("Conv2D pad", "an int or a tuple of 4 ints",
                                            repr(pad)))
        if self.pad_mode != "pad" and any(pads):
            raise CellArgumentError(message("Conv2D pad", f"0 with pad_mode='{pad_mode}'",
                                            repr(pad), "Pass pad_mode='pad'."))
        self.pad = pads
        self.stride = _pair("Conv2D stride", stride)
        self.dilation = _pair("Conv2D dilation", dilation)
        self.group = _int("Conv2D group", group)
        self.data_format = _nchw("Conv2D", data_format)

    def __call__(self, x, weight):
        from ..nn.conv_line import grouped_conv
        from ..nn.windows import padded, same_pads
        float_only("Conv2D x", x)
        float_only("Conv2D weight", weight)
        shape = _rank("Conv2D x", x, 4)
        w_shape = _rank("Conv2D weight", weight, 4)
        want = (self.out_channel, shape[1] // self.group) + self.kernel_size
        if w_shape != want or shape[1] % self.group or self.out_channel % self.group:
            raise CellArgumentError(message("Conv2D weight", f"shape {want}",
                                            f"shape {w_shape} for x of shape {shape}"))
        pads = self.pad
        if self.pad_mode == "same":
            pads = sum((same_pads(shape[2 + i], self.kernel_size[i], self.stride[i],
                                  self.dilation[i]) for i in range(2)), ())
        return grouped_conv("Conv2D", padded(x, pads), weight, self.stride, self.dilation,
                            self.group)


class BiasAdd(Primitive):
    """``BiasAdd()(x, bias)``: ``bias`` (one per channel) added along the channel axis."""

    def __init__(self, data_format="NCHW"):
        super().__init__()
        if data_format not in ("NCHW", "NHWC", "NCDHW"):
            raise CellArgumentError(message("BiasAdd data_format", "'NCHW', 'NHWC' or "
                                            "'NCDHW'", repr(data_format)))
        self.data_format = data_format

    def __call__(self, input_x, bias):
        shape, b_shape = onp.shape(getval(input_x)), onp.shape(getval(bias))
        axis = len(shape) - 1 if self.data_format == "NHWC" else 1
        if len(shape) < 2 or len(b_shape) != 1 or b_shape[0] != shape[axis]:
            raise CellArgumentError(message("BiasAdd bias", "a 1-D tensor with one value per "
                                            "channel", f"shape {b_shape} for input_x of shape "
                                            f"{shape}"))
        if getattr(getval(input_x), "dtype", None) != getattr(getval(bias), "dtype", None):
            raise CellTypeError(message("BiasAdd bias", "the dtype of input_x",
                                        describe(bias)))
        return input_x + np.reshape(bias, (-1,) + (1,) * (len(shape) - 1 - axis))


class Dense(Primitive):
    """``Dense()(x, w, b=None)``: ``x @ w.T + b``."""

    def __call__(self, x, w, b=None):
        x_shape, w_shape = onp.shape(getval(x)), onp.shape(getval(w))
        if len(w_shape) != 2 or not x_shape or x_shape[-1] != w_shape[1]:
            raise CellArgumentError(message("Dense w", f"shape (out, {x_shape[-1:]})",
                                            f"shape {w_shape} for x of shape {x_shape}"))
        out = np.matmul(x, np.swapaxes(w, 0, 1))
        return out if b is None else out + b


class _Pool(Primitive):
    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__()
        where = type(self).__name__
        self.kernel_size = _pair(f"{where} kernel_size", kernel_size, allow_four=False)
        self.strides = _pair(f"{where} strides", strides)
        self.pad_mode = _pad_mode(where, pad_mode, ("valid", "same"))
        self.data_format = _nchw(where, data_format)

    def __call__(self, x):
        _rank(f"{type(self).__name__} x", x, 4)
        float_only(f"{type(self).__name__} x", x)
        return self._cell(self.kernel_size, self.strides, self.pad_mode)(x)


class MaxPool(_Pool):
    """``MaxPool(kernel_size, strides, pad_mode)(x)``: the maximum of each window."""

    @property
    def _cell(self):
        from ..nn import MaxPool2d
        return MaxPool2d


class AvgPool(_Pool):
    """``AvgPool(kernel_size, strides, pad_mode)(x)``: the mean of each window ('same'
    leaves the padding out of the count)."""

    def _cell(self, kernel, strides, pad_mode):
        from ..nn import AvgPool2d
        return AvgPool2d(kernel, strides, pad_mode, count_include_pad=False)


class AdaptiveAvgPool2D(Primitive):
    """``AdaptiveAvgPool2D(output_size)(x)``: (..., H, W) averaged into ``output_size``
    bins (``None`` keeps that size)."""

    def __init__(self, output_size):
        super().__init__()
        sizes = output_size if isinstance(output_size, (tuple, list)) else (output_size,) * 2
        if len(sizes) != 2 or any(s is not None and _int("AdaptiveAvgPool2D output_size", s)
                                  is None for s in sizes):
            raise CellArgumentError(message("AdaptiveAvgPool2D output_size",
                                            "an int or a pair of ints or None",
                                            repr(output_size)))
        self.output_size = tuple(sizes)

    def __call__(self, input_x):
        from .nnf_windows import adaptive_avg_pool2d
        shape = onp.shape(getval(input_x))
        if len(shape) not in (3, 4):
            raise CellArgumentError(message("AdaptiveAvgPool2D input_x", "a 3-D or 4-D tensor",
                                            f"shape {shape}"))
        size = tuple(shape[-2 + i] if s is None else s for i, s in enumerate(self.output_size))
        return adaptive_avg_pool2d(input_x, size)
