"""MindSpore's ``nn.Conv2dTranspose`` (NCHW) and ``nn.Conv1dTranspose`` (NCL).

The gradient of a convolution with respect to its input: the input is spread out by
``stride`` (zeros between its elements), padded by dilation * (kernel - 1) on each side and
cross-correlated with the flipped kernel; the full result is then cut to MindSpore's size:
'same' H * stride, 'valid' H * stride + max(dilated kernel - stride, 0) (zeros past the
full result), 'pad' H * stride - (top + bottom) + dilated kernel - stride, then
``output_padding`` rows and columns of zeros after (pad_mode 'pad' only, as in MindSpore).
The weight is (in_channels, out_channels / group, kh, kw), as MindSpore's.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Conv2dTranspose(2, 3, 3, stride=2)(ms.Tensor(numpy.ones((1, 2, 3, 3),
...                                                 numpy.float32))).shape
(1, 3, 6, 6)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from .basic import _positive_int
from .cell import Cell
from .conv_cells import check_group, conv_repr, conv_weights
from .conv_line import check_padding, grouped_conv, int_tuple, line_int, with_bias
from .windows import check_input, check_pad_mode, check_weight_dtype, pair


def _spread(x, stride, axis):
    """x with stride - 1 zeros between neighbours along ``axis``."""
    if stride == 1:
        return x
    size = onp.shape(getval(x))[axis]
    zeros = onp.zeros(onp.shape(getval(x)), onp.result_type(getval(x)))
    spread = np.stack([x] + [zeros] * (stride - 1), axis=axis + 1)
    shape = list(onp.shape(getval(x)))
    shape[axis] = size * stride
    spread = np.reshape(spread, shape)
    index = [slice(None)] * len(shape)
    index[axis] = slice(0, (size - 1) * stride + 1)
    return spread[tuple(index)]


def _cut(x, axis, start, size):
    """``size`` entries of x along ``axis`` from ``start``, zeros past its end."""
    have = onp.shape(getval(x))[axis]
    if start + size > have:
        widths = [(0, 0)] * np.ndim(x)
        widths[axis] = (0, start + size - have)
        x = np.pad(x, widths)
    index = [slice(None)] * np.ndim(x)
    index[axis] = slice(start, start + size)
    return x[tuple(index)]


class _ConvTranspose(Cell):
    """What the transposed convolutions share: the weights and the computation."""

    def _setup(self, where, in_channels, out_channels, group, has_bias, weight_init, bias_init,
               dtype):
        self.in_channels = _positive_int(f"{where} in_channels", in_channels)
        self.out_channels = _positive_int(f"{where} out_channels", out_channels)
        self.group = check_group(where, group, self.in_channels, self.out_channels)
        shape = (self.in_channels, self.out_channels // self.group) + self._kernel
        conv_weights(self, shape, weight_init, bias_init, has_bias, self.out_channels, dtype)

    def _transpose(self, where, x, pads, output_padding):
        """The transposed convolution of a 4-D x; ``pads`` is (top, bottom, left, right)."""
        check_weight_dtype(where, x, self.weight)
        sizes = onp.shape(getval(x))[2:]
        extents = [d * (k - 1) + 1 for k, d in zip(self._kernel, self._dilation)]
        x = _spread(_spread(x, self._stride[0], 2), self._stride[1], 3)
        x = np.pad(x, ((0, 0), (0, 0)) + tuple((e - 1, e - 1) for e in extents))
        per_group = self.in_channels // self.group
        kernels = [np.transpose(self.weight[g * per_group:(g + 1) * per_group], (1, 0, 2, 3))
                   for g in range(self.group)]
        kernels = kernels[0] if self.group == 1 else np.concatenate(kernels, axis=0)
        out = grouped_conv(where, x, kernels[:, :, ::-1, ::-1], (1, 1), self._dilation,
                           self.group)
        for axis, size, extent, stride in zip((2, 3), sizes, extents, self._stride):
            before, after = pads[2 * axis - 4:2 * axis - 2]
            if self.pad_mode == "same":
                wanted, start = size * stride, max(extent - stride, 0) // 2
            elif self.pad_mode == "valid":
                wanted, start = size * stride + max(extent - stride, 0), 0
            else:
                wanted, start = size * stride - before - after + extent - stride, before
            if wanted <= 0:
                raise CellArgumentError(message(
                    f"{where} input", "an output of at least 1 element after the padding is cut",
                    f"size {size} with padding {(before, after)}", "Pad less."))
            out = _cut(out, axis, start, wanted)
        out = with_bias(self, out)
        if any(output_padding):
            out = np.pad(out, ((0, 0), (0, 0), (0, output_padding[0]), (0, output_padding[1])))
        return out

    def _check_output_padding(self, where, output_padding):
        for pad, stride, dilation in zip(output_padding, self._stride, self._dilation):
            if pad >= max(stride, dilation):
                raise CellArgumentError(message(f"{where} output_padding",
                                                "values in [0, max(stride, dilation))",
                                                repr(output_padding)))
        if any(output_padding) and self.pad_mode != "pad":
            raise CellArgumentError(message(f"{where} output_padding", f"0 with pad_mode="
                                            f"'{self.pad_mode}'", repr(output_padding),
                                            "Pass pad_mode='pad' to pad the output."))
        return output_padding

    def extend_repr(self):
        return conv_repr(self)


class Conv2dTranspose(_ConvTranspose):
    """``Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
    bias_init=None)`` on (N, C, H, W)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, output_padding=0, dilation=1, group=1, has_bias=False,
                 weight_init=None, bias_init=None, dtype=onp.float32):
        super().__init__()
        where = "Conv2dTranspose"
        self.kernel_size, self.stride, self.dilation = kernel_size, stride, dilation
        self._kernel = pair(where, "kernel_size", kernel_size)
        self._stride = pair(where, "stride", stride)
        self._dilation = pair(where, "dilation", dilation)
        self.pad_mode = check_pad_mode(where, pad_mode)
        self.padding, self.output_padding = padding, output_padding
        self._pads = check_padding(where, int_tuple(where, "padding", padding, 4), self.pad_mode)
        self._output_padding = self._check_output_padding(
            where, int_tuple(where, "output_padding", output_padding, 2))
        self._setup(where, in_channels, out_channels, group, has_bias, weight_init, bias_init,
                    dtype)

    def construct(self, x):
        check_input("Conv2dTranspose", x, self.in_channels)
        return self._transpose("Conv2dTranspose", x, self._pads, self._output_padding)


class Conv1dTranspose(_ConvTranspose):
    """``Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None)`` on
    (N, C, L); the weight is (in_channels, out_channels / group, 1, kernel_size)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
                 bias_init=None, dtype=onp.float32):
        super().__init__()
        where = "Conv1dTranspose"
        self.kernel_size = line_int(where, "kernel_size", kernel_size)
        self.stride = line_int(where, "stride", stride)
        self.dilation = line_int(where, "dilation", dilation)
        self._kernel, self._stride = (1, self.kernel_size), (1, self.stride)
        self._dilation = (1, self.dilation)
        self.pad_mode = check_pad_mode(where, pad_mode)
        self.padding = padding
        self._pads = check_padding(where, (0, 0) + (line_int(where, "padding", padding, 0),) * 2,
                                   self.pad_mode)
        self._setup(where, in_channels, out_channels, group, has_bias, weight_init, bias_init,
                    dtype)

    def construct(self, x):
        check_input("Conv1dTranspose", x, self.in_channels, ranks=(3,))
        out = self._transpose("Conv1dTranspose", np.expand_dims(x, 2), self._pads, (0, 0))
        return out[:, :, 0]
