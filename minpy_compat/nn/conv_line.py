"""MindSpore's ``nn.Conv1d`` (NCL), and the grouped convolution it shares with the
transposed convolutions of ``conv_transpose.py``.

A 1-D convolution runs as a 2-D one over a (N, C, 1, L) view, as MindSpore does: its
weight is (out_channels, in_channels / group, 1, kernel_size). ``pad_mode`` as Conv2d's
('same': ceil(L / stride) outputs, the extra padding after; 'valid'; 'pad': ``padding``).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Conv1d(2, 3, 3)(ms.Tensor(numpy.ones((1, 2, 5), numpy.float32))).shape
(1, 3, 5)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .cell import Cell
from .conv_cells import check_group, conv_arguments, conv_repr, conv_weights
from .windows import check_input, check_weight_dtype, padded, same_pads, windows


def line_int(where, name, value, low=1):
    """An int >= ``low`` (a 1-D Cell's kernel_size, stride, dilation or padding); a tuple,
    float or bool is a TypeError, as in MindSpore."""
    expected = "a positive int" if low == 1 else f"an int >= {low}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(f"{where} {name}", expected, describe(value)))
    if value < low:
        raise CellArgumentError(message(f"{where} {name}", expected, repr(value)))
    return int(value)


def int_tuple(where, name, value, size, low=0):
    """An int or a tuple of ``size`` ints >= ``low``, as a tuple of ``size``."""
    items = (value,) * size if isinstance(value, numbers.Integral) else value
    if type(items) not in (tuple, list) or len(items) != size or not all(
            isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in items):
        raise CellTypeError(message(f"{where} {name}", f"an int or a tuple of {size} ints",
                                    describe(value)))
    if any(p < low for p in items) or isinstance(value, bool):
        raise CellArgumentError(message(f"{where} {name}", f"ints >= {low}", repr(value)))
    return tuple(int(p) for p in items)


def check_padding(where, pads, mode):
    if mode != "pad" and any(pads):
        raise CellArgumentError(message(f"{where} padding", f"0 with pad_mode='{mode}'",
                                        repr(pads), "Pass pad_mode='pad' to pad explicitly."))
    return pads


def grouped_conv(where, x, kernels, stride, dilation, group):
    """Cross-correlation of x (N, C, H, W) with kernels (F, C / group, kh, kw), no padding."""
    taps = windows(where, x, onp.shape(getval(kernels))[2:], stride, dilation)
    out_channels, per_group = onp.shape(getval(kernels))[:2]
    outs = out_channels // group
    kernels = np.reshape(kernels, (out_channels, per_group, -1))
    parts = [np.tensordot(taps[:, g * per_group:(g + 1) * per_group],
                          kernels[g * outs:(g + 1) * outs], axes=([1, 2], [1, 2]))
             for g in range(group)]
    out = parts[0] if group == 1 else np.concatenate(parts, axis=-1)
    return np.transpose(out, (0, 3, 1, 2))


def with_bias(cell, out):
    if cell.has_bias:
        out = out + np.reshape(cell.bias, (1, -1) + (1,) * (np.ndim(out) - 2))
    return out


class Conv1d(Cell):
    """``Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None)`` on (N, C, L)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
                 bias_init=None, dtype=onp.float32):
        super().__init__()
        where = "Conv1d"
        conv_arguments(self, where, line_int, in_channels, out_channels, kernel_size, stride,
                       dilation, pad_mode, padding)
        self._pads = check_padding(where, (line_int(where, "padding", padding, 0),) * 2,
                                   self.pad_mode)
        self.group = check_group(where, group, self.in_channels, self.out_channels)
        shape = (self.out_channels, self.in_channels // self.group, 1, self.kernel_size)
        conv_weights(self, shape, weight_init, bias_init, has_bias, self.out_channels, dtype)

    def construct(self, x):
        length = check_input("Conv1d", x, self.in_channels, ranks=(3,))[2]
        check_weight_dtype("Conv1d", x, self.weight)
        pads = same_pads(length, self.kernel_size, self.stride, self.dilation) \
            if self.pad_mode == "same" else self._pads
        x = padded(np.expand_dims(x, 2), (0, 0) + tuple(pads))
        out = grouped_conv("Conv1d", x, self.weight, (1, self.stride), (1, self.dilation),
                           self.group)
        return with_bias(self, out[:, :, 0])

    def extend_repr(self):
        return conv_repr(self)
