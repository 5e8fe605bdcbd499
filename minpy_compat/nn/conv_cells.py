"""MindSpore's ``nn.Conv2d``, ``nn.MaxPool2d`` and ``nn.AvgPool2d`` (NCHW).

``pad_mode``: 'same' (output ceil(H / stride); the extra row or column of padding
goes after), 'valid' (no padding) or 'pad' (``padding`` rows and columns of zeros;
an int, or (top, bottom, left, right) for Conv2d). Differentiable to any order.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> conv = nn.Conv2d(1, 2, 3, weight_init='ones')
>>> conv(ms.Tensor(numpy.ones((1, 1, 4, 4), numpy.float32))).shape
(1, 2, 4, 4)
>>> nn.MaxPool2d(kernel_size=2, stride=2)(ms.Tensor(numpy.ones((1, 1, 4, 4)))).shape
(1, 1, 2, 2)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import HeUniform, Uniform, initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .basic import _positive_int
from .cell import Cell
from .pool_geometry import ceil_pads, check_divisor, divisors, grown
from .windows import (check_float_input, check_input, check_pad_mode, check_weight_dtype,
                      padded, pair, same_pads, windows)


def _conv_padding(where, padding, mode):
    """(top, bottom, left, right) from an int or a 4-tuple; non-zero only with 'pad'."""
    items = (padding,) * 4 if isinstance(padding, numbers.Integral) else padding
    if type(items) is not tuple or len(items) != 4 or not all(
            isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in items):
        raise CellTypeError(message(f"{where} padding", "an int or a tuple of 4 ints "
                                    "(top, bottom, left, right)", describe(padding)))
    if any(p < 0 for p in items):
        raise CellArgumentError(message(f"{where} padding", "ints >= 0", repr(padding)))
    if mode != "pad" and any(items):
        raise CellArgumentError(message(f"{where} padding", f"0 with pad_mode='{mode}'",
                                        repr(padding), "Pass pad_mode='pad' to pad explicitly."))
    return tuple(int(p) for p in items)


def _data_format(where, data_format):
    if data_format != "NCHW":
        raise CellArgumentError(message(f"{where} data_format", "'NCHW' (the only layout here)",
                                        repr(data_format)))
    return data_format


def check_group(where, group, in_channels, out_channels):
    group = _positive_int(f"{where} group", group)
    if in_channels % group or out_channels % group:
        raise CellArgumentError(message(
            f"{where} group", "a divisor of in_channels and out_channels",
            f"group={group} for {in_channels} and {out_channels} channels"))
    return group


def conv_weights(cell, shape, weight_init, bias_init, has_bias, channels, dtype):
    """Set ``weight`` (HeUniform(sqrt 5) by default) and ``bias`` (U(+-1/sqrt(fan_in)),
    fan_in = prod(shape[1:])) on ``cell``, as MindSpore's convolutions do."""
    cell.weight_init = HeUniform(math.sqrt(5)) if weight_init is None else weight_init
    cell.weight = Parameter(initializer(cell.weight_init, shape, dtype), name="weight")
    cell.has_bias, cell.bias_init = has_bias, bias_init
    if has_bias:
        if bias_init is None:
            cell.bias_init = Uniform(1 / math.sqrt(int(onp.prod(shape[1:]))))
        cell.bias = Parameter(initializer(cell.bias_init, (channels,), dtype), name="bias")
    else:
        cell.bias = None


def conv_arguments(cell, where, sizes, in_channels, out_channels, kernel_size, stride,
                   dilation, pad_mode, padding):
    """Check and set what every convolution takes; ``sizes(where, name, value)`` reads one
    window size (an int for Conv1d, a pair for Conv2d, a triple for Conv3d)."""
    cell.in_channels = _positive_int(f"{where} in_channels", in_channels)
    cell.out_channels = _positive_int(f"{where} out_channels", out_channels)
    cell.kernel_size = sizes(where, "kernel_size", kernel_size)
    cell.stride = sizes(where, "stride", stride)
    cell.dilation = sizes(where, "dilation", dilation)
    cell.pad_mode = check_pad_mode(where, pad_mode)
    cell.padding = padding


def conv_repr(cell):
    """A convolution Cell's ``extend_repr``, MindSpore's wording."""
    return (f"input_channels={cell.in_channels}, output_channels={cell.out_channels}, "
            f"kernel_size={cell.kernel_size}, stride={cell.stride}, "
            f"pad_mode={cell.pad_mode}, padding={cell.padding}, dilation={cell.dilation}, "
            f"group={cell.group}, has_bias={cell.has_bias}, "
            f"weight_init={cell.weight_init}, bias_init={cell.bias_init}")


class Conv2d(Cell):
    """``Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None)``.

    Weight (out, in / group, kh, kw) ~ HeUniform(sqrt 5); bias ~ U(+-1/sqrt(fan_in)).
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
                 bias_init=None, data_format="NCHW", dtype=onp.float32):
        super().__init__()
        where = "Conv2d"
        conv_arguments(self, where, pair, in_channels, out_channels, kernel_size, stride,
                       dilation, pad_mode, padding)
        self._pads = _conv_padding(where, padding, self.pad_mode)
        self.group = check_group(where, group, self.in_channels, self.out_channels)
        self.format = _data_format(where, data_format)
        shape = (self.out_channels, self.in_channels // self.group) + self.kernel_size
        conv_weights(self, shape, weight_init, bias_init, has_bias, self.out_channels, dtype)

    def _padding_for(self, height, width):
        if self.pad_mode == "same":
            return (same_pads(height, self.kernel_size[0], self.stride[0], self.dilation[0])
                    + same_pads(width, self.kernel_size[1], self.stride[1], self.dilation[1]))
        return self._pads

    def construct(self, x):
        shape = check_input("Conv2d", x, self.in_channels)
        check_weight_dtype("Conv2d", x, self.weight)
        x = padded(x, self._padding_for(*shape[2:]))
        taps = windows("Conv2d", x, self.kernel_size, self.stride, self.dilation)
        per_group = self.in_channels // self.group
        outs = self.out_channels // self.group
        kernels = np.reshape(self.weight, (self.out_channels, per_group, -1))
        parts = [np.tensordot(taps[:, g * per_group:(g + 1) * per_group],
                              kernels[g * outs:(g + 1) * outs], axes=([1, 2], [1, 2]))
                 for g in range(self.group)]
        out = parts[0] if self.group == 1 else np.concatenate(parts, axis=-1)
        out = np.transpose(out, (0, 3, 1, 2))
        if self.has_bias:
            out = out + np.reshape(self.bias, (1, -1, 1, 1))
        return out

    def extend_repr(self):
        return f"{conv_repr(self)}, format={self.format}"


class _Pool2d(Cell):
    """What MaxPool2d and AvgPool2d share: the window geometry (``ceil_mode``'s last window
    may hang over the edge; ``dilation`` spaces a max pool's taps)."""

    def __init__(self, kernel_size, stride, pad_mode, padding, data_format, ceil_mode,
                 dilation=1):
        super().__init__()
        where = type(self).__name__
        self.kernel_size = kernel_size
        self.stride = stride
        self._kernel = pair(where, "kernel_size", kernel_size)
        self._stride = pair(where, "stride", stride)
        self._dilation = pair(where, "dilation", dilation)
        self.pad_mode = check_pad_mode(where, pad_mode)
        self.format = _data_format(where, data_format)
        if not isinstance(ceil_mode, (bool, onp.bool_)):
            raise CellTypeError(message(f"{where} ceil_mode", "a bool", describe(ceil_mode)))
        self.ceil_mode = bool(ceil_mode)
        if self.pad_mode != "pad" and padding != 0:
            raise CellArgumentError(message(f"{where} padding", f"0 with pad_mode="
                                            f"'{self.pad_mode}'", repr(padding),
                                            "Pass pad_mode='pad' to pad explicitly."))
        rows, cols = (0, 0) if padding == 0 else _pool_padding(where, padding)
        self.padding = padding
        self._pads = (rows, rows, cols, cols)

    def _windows(self, x, fill):
        """The input's windows, the pads used and the last windows' overhang (for counting
        padded elements)."""
        shape = check_input(type(self).__name__, x, ranks=(3, 4),
                            layout="(C, H, W) or (N, C, H, W)")
        check_float_input(type(self).__name__, x)
        if len(shape) == 3:  # (C, H, W): MindSpore adds the batch axis and drops it again
            return self._windows(np.expand_dims(x, 0), fill)
        pads = self._pads
        if self.pad_mode == "same":
            pads = (same_pads(shape[2], self._kernel[0], self._stride[0], 1)
                    + same_pads(shape[3], self._kernel[1], self._stride[1], 1))
        pads, extra = ceil_pads(shape[2:], self._kernel, self._stride, self._dilation, pads,
                                self.ceil_mode)
        taps = windows(type(self).__name__, padded(x, grown(pads, extra), fill), self._kernel,
                       self._stride, self._dilation)
        return taps, pads, extra

    def construct(self, x):
        out = self._pool(x)
        return out[0] if onp.ndim(getval(x)) == 3 else out

    def extend_repr(self):
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, "
                f"pad_mode={self.pad_mode.upper()}")


def _pool_padding(where, padding):
    items = (padding, padding) if isinstance(padding, numbers.Integral) else padding
    if type(items) is not tuple or len(items) != 2 or not all(
            isinstance(p, numbers.Integral) and not isinstance(p, bool) and p >= 0
            for p in items):
        raise CellArgumentError(message(f"{where} padding", "an int >= 0 or a tuple of 2 "
                                        "(rows, columns)", repr(padding)))
    return int(items[0]), int(items[1])


class MaxPool2d(_Pool2d):
    """The maximum of each window; its gradient goes to the first maximum (as in MindSpore)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, padding, data_format, ceil_mode,
                         dilation)
        from .unpool_cells import check_pad_only, check_return_indices
        self.return_indices = check_return_indices(type(self).__name__, return_indices,
                                                   self.pad_mode)
        check_pad_only(type(self).__name__, self.pad_mode, dilation=(self._dilation, (1, 1)),
                       ceil_mode=(self.ceil_mode, False))

    def _pool(self, x):
        taps, pads, _ = self._windows(x, -onp.inf)
        first = onp.argmax(getval(taps), axis=2)[:, :, None]
        chosen = onp.arange(onp.shape(getval(taps))[2])[None, None, :, None, None] == first
        out = np.sum(np.where(chosen, taps, 0), axis=2)
        if not self.return_indices:
            return out
        from .unpool_cells import window_indices
        return out, window_indices(first[:, :, 0], self._kernel, self._stride, pads[::2],
                                   onp.shape(getval(x))[-2:], self._dilation)

    def construct(self, x):
        out = self._pool(x)
        if onp.ndim(getval(x)) == 3:
            return tuple(o[0] for o in out) if self.return_indices else out[0]
        return out


class AvgPool2d(_Pool2d):
    """The mean of each window; padded zeros count unless ``count_include_pad=False``
    (pad_mode 'same' never counts them, as in MindSpore; a ``ceil_mode`` overhang never
    does); ``divisor_override`` divides every window's sum by that number instead."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, padding, data_format, ceil_mode)
        self.count_include_pad = bool(count_include_pad)
        self.divisor_override = check_divisor(type(self).__name__, divisor_override)

    def _pool(self, x):
        taps, pads, extra = self._windows(x, 0.0)
        dtype = onp.result_type(getval(x))
        if dtype == onp.float16:  # summed in float32 (as MindSpore), rounded once at the end
            return self._average(taps.astype(onp.float32), pads, extra, x).astype(dtype)
        return self._average(taps, pads, extra, x)

    def _average(self, taps, pads, extra, x):
        total = np.sum(taps, axis=2)
        dtype = getval(total).dtype
        if self.divisor_override:
            return total / dtype.type(self.divisor_override)
        count_pads = self.pad_mode == "pad" and self.count_include_pad
        if not any(extra) and (not any(pads) or count_pads):
            return total / dtype.type(self._kernel[0] * self._kernel[1])
        counts = divisors(onp.shape(getval(x))[-2:], pads, extra, count_pads, lambda ones: onp.sum(
            windows("AvgPool2d", ones, self._kernel, self._stride), axis=2), dtype)
        return total / counts.reshape((1, 1) + counts.shape[2:])
