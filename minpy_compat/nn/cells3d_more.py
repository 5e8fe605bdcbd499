"""MindSpore's ``nn.Conv3dTranspose``, ``nn.InstanceNorm3d``, ``nn.ReflectionPad3d`` and
``nn.ReplicationPad3d`` (NCDHW).

Conv3dTranspose is Conv2dTranspose's arithmetic along three axes: the input spread out by
``stride``, padded by the dilated kernel's extent - 1 and cross-correlated with the
flipped kernel, then cut to MindSpore's size ('same' D * stride, 'valid'
D * stride + max(extent - stride, 0), 'pad' (D - 1) * stride - front - back + extent), and
``output_padding`` more entries of that result after (zeros past its end).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Conv3dTranspose(2, 3, 3, stride=2)(ms.Tensor(numpy.ones((1, 2, 2, 3, 3),
...                                                 numpy.float32))).shape
(1, 3, 4, 6, 6)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from .basic import _positive_int
from .cell import Cell
from .cells3d import _pads, triple
from .conv_cells import check_group, conv_repr, conv_weights
from .conv_transpose import _cut, _spread
from .norm_cells import _InstanceNorm
from .padding_cells import _IndexPad
from .windows import check_input, check_pad_mode, check_weight_dtype


def transpose3d(where, x, weight, group, stride, dilation, pad_mode, pads, output_padding):
    """The transposed 3-d convolution of a rank-5 ``x`` with an (in, out / group, kd, kh, kw)
    ``weight``; ``pads`` is (front, back, top, bottom, left, right)."""
    from ..ops.nnf_windows3d import conv3d
    sizes, kernel = onp.shape(getval(x))[2:], onp.shape(getval(weight))[2:]
    extents = [d * (k - 1) + 1 for k, d in zip(kernel, dilation)]
    for axis, step in zip((2, 3, 4), stride):
        x = _spread(x, step, axis)
    x = np.pad(x, ((0, 0), (0, 0)) + tuple((e - 1, e - 1) for e in extents))
    per_group = onp.shape(getval(weight))[0] // group
    kernels = [np.transpose(weight[g * per_group:(g + 1) * per_group], (1, 0, 2, 3, 4))
               for g in range(group)]
    kernels = kernels[0] if group == 1 else np.concatenate(kernels, axis=0)
    out = conv3d(x, kernels[:, :, ::-1, ::-1, ::-1], None, 1, "valid", 0, dilation, group)
    for axis, size, extent, step, extra in zip((2, 3, 4), sizes, extents, stride,
                                               output_padding):
        before, after = pads[2 * axis - 4:2 * axis - 2]
        if pad_mode == "same":
            wanted, start = size * step, max(extent - step, 0) // 2
        elif pad_mode == "valid":
            wanted, start = size * step + max(extent - step, 0), 0
        else:
            wanted, start = (size - 1) * step - before - after + extent, before
        if wanted <= 0:
            raise CellArgumentError(message(f"{where} input", "an output of at least 1 "
                                            "element after the padding is cut",
                                            f"size {size} with padding {(before, after)}",
                                            "Pad less."))
        out = _cut(out, axis, start, wanted + extra)
    return out


class Conv3dTranspose(Cell):
    """``Conv3dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, output_padding=0, has_bias=False, weight_init=None,
    bias_init=None, data_format='NCDHW')``; weight (in, out / group, kd, kh, kw)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, output_padding=0, has_bias=False,
                 weight_init=None, bias_init=None, data_format="NCDHW", dtype=onp.float32):
        super().__init__()
        where = "Conv3dTranspose"
        self.in_channels = _positive_int(f"{where} in_channels", in_channels)
        self.out_channels = _positive_int(f"{where} out_channels", out_channels)
        self.kernel_size = triple(where, "kernel_size", kernel_size)
        self.stride = triple(where, "stride", stride)
        self.dilation = triple(where, "dilation", dilation)
        self.pad_mode = check_pad_mode(where, pad_mode)
        self.padding = padding
        self._pads = _pads(where, padding, 6, self.pad_mode,
                           "head, tail, top, bottom, left, right")
        self.output_padding = output_padding
        self._output_padding = (0, 0, 0) if output_padding == 0 else \
            triple(where, "output_padding", output_padding)
        for pad, step, dilation_ in zip(self._output_padding, self.stride, self.dilation):
            if pad >= max(step, dilation_):
                raise CellArgumentError(message(f"{where} output_padding", "values in "
                                                "[0, max(stride, dilation))",
                                                repr(output_padding)))
        self.group = check_group(where, group, self.in_channels, self.out_channels)
        if data_format != "NCDHW":
            raise CellArgumentError(message(f"{where} data_format",
                                            "'NCDHW' (the only layout here)", repr(data_format)))
        self.format = data_format
        shape = (self.in_channels, self.out_channels // self.group) + self.kernel_size
        conv_weights(self, shape, weight_init, bias_init, has_bias, self.out_channels, dtype)

    def construct(self, x):
        check_input("Conv3dTranspose", x, self.in_channels, ranks=(5,))
        check_weight_dtype("Conv3dTranspose", x, self.weight)
        out = transpose3d("Conv3dTranspose", x, self.weight, self.group, self.stride,
                          self.dilation, self.pad_mode, self._pads, self._output_padding)
        if self.has_bias:
            out = out + np.reshape(self.bias, (1, -1, 1, 1, 1))
        return out

    def extend_repr(self):
        return f"{conv_repr(self)}, format={self.format}"


class InstanceNorm3d(_InstanceNorm):
    """Instance normalization of (N, C, D, H, W) inputs."""

    rank = 5


class ReflectionPad3d(_IndexPad):
    """The last three axes padded by their mirror images: an int or six sides
    (left, right, top, bottom, front, back)."""
    mode, sides = "reflect", 6

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad3d(_IndexPad):
    """The last three axes of a (C, D, H, W) or (N, C, D, H, W) input padded by repeating
    their edges (negative padding crops)."""
    mode, sides, ranks = "edge", 6, (4, 5)

    def __init__(self, padding):
        super().__init__(padding)
