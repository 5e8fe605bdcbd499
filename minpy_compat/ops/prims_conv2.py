"""MindSpore 2.10's transposed and 3-D layer primitives: ``Conv2DBackpropInput`` (and its
alias ``Conv2DTranspose``), ``Conv3D``, ``MaxPool3D`` and ``AvgPool3D``. Each is built on
the ``nn`` window arithmetic (``nn.conv_transpose``, ``nn.cells3d``) over the facade, so
gradients come from the tracer and float32 stays float32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> dout, w = ms.numpy.ones((1, 2, 2, 2)), ms.numpy.ones((2, 3, 3, 3))
>>> ops.Conv2DBackpropInput(3, 3)(dout, w, (1, 3, 4, 4)).shape
(1, 3, 4, 4)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .primitives import Primitive
from .prims_conv import _int, _nchw, _pad_mode, _pair, _rank


def _pads(where, pad, count, pad_mode):
    """``pad`` (an int or a tuple of ``count`` ints >= 0) as a tuple; nonzero needs 'pad'."""
    pads = (pad,) * count if isinstance(pad, numbers.Integral) else pad
    if not isinstance(pads, (tuple, list)) or len(pads) != count or any(
            _int(f"{where} pad", p, 0) < 0 for p in pads):
        raise CellArgumentError(message(f"{where} pad", f"an int or a tuple of {count} ints",
                                        repr(pad)))
    if pad_mode != "pad" and any(pads):
        raise CellArgumentError(message(f"{where} pad", f"0 with pad_mode='{pad_mode}'",
                                        repr(pad), "Pass pad_mode='pad'."))
    return tuple(int(p) for p in pads)


def _triple(where, value):
    """An int, 3 ints, or 5 ints (MindSpore's NCDHW form, the last 3 used) as 3 ints >= 1."""
    from ..nn.cells3d import triple
    if isinstance(value, (tuple, list)) and len(value) == 5:
        value = tuple(value[2:])
    return triple(where.split()[0], where.split()[-1], value)


def _shift(x, axis, before, after):
    """``x`` padded with zeros (positive) or cut (negative) along ``axis``."""
    widths = [(0, 0)] * np.ndim(x)
    widths[axis] = (max(before, 0), max(after, 0))
    x = np.pad(x, widths) if max(before, 0) or max(after, 0) else x
    index = [slice(None)] * np.ndim(x)
    index[axis] = slice(max(-before, 0), onp.shape(getval(x))[axis] - max(-after, 0))
    return x[tuple(index)]


class Conv2DBackpropInput(Primitive):
    """``Conv2DBackpropInput(out_channel, kernel_size, ...)(dout, weight, input_size)``: the
    gradient of ``Conv2D`` with respect to its input of shape ``input_size``, given the
    output gradient ``dout`` and the forward (C_out, C_in / group, kh, kw) ``weight``."""

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None,
                 mode=1, stride=1, dilation=1, group=1, data_format="NCHW"):
        super().__init__()
        where = self.name
        self.out_channel = _int(f"{where} out_channel", out_channel)
        self.kernel_size = _pair(f"{where} kernel_size", kernel_size, allow_four=False)
        self.pad_mode = _pad_mode(where, pad_mode)
        self.pad = _pads(where, pad if pad_list is None else pad_list, 4, self.pad_mode)
        if mode != 1:
            raise CellArgumentError(message(f"{where} mode", "1", repr(mode)))
        self.stride = _pair(f"{where} stride", stride)
        self.dilation = _pair(f"{where} dilation", dilation)
        self.group = _int(f"{where} group", group)
        self.data_format = _nchw(where, data_format)

    def __call__(self, dout, weight, input_size):
        from ..nn.conv_line import grouped_conv
        from ..nn.conv_transpose import _spread
        from ..nn.windows import same_pads
        where = type(self).__name__
        float_only(f"{where} dout", dout)
        float_only(f"{where} weight", weight)
        d_shape, w_shape = _rank(f"{where} dout", dout, 4), _rank(f"{where} weight", weight, 4)
        if not isinstance(input_size, (tuple, list)) or len(input_size) != 4 or not all(
                isinstance(n, numbers.Integral) and n > 0 for n in input_size):
            raise CellTypeError(message(f"{where} input_size", "a tuple of 4 positive ints "
                                        "(N, C, H, W)", describe(input_size)))
        g = self.group
        if w_shape[0] != d_shape[1] or w_shape[0] % g or w_shape[1] * g != input_size[1] \
                or d_shape[0] != input_size[0]:
            raise CellArgumentError(message(f"{where} weight", f"shape ({d_shape[1]}, "
                                            f"{input_size[1]} / {g}, kh, kw) for dout of "
                                            f"shape {d_shape} and input_size {input_size}",
                                            f"shape {w_shape}"))
        x = dout
        for i in range(2):
            size, k, s, d = input_size[2 + i], w_shape[2 + i], self.stride[i], self.dilation[i]
            before, after = same_pads(size, k, s, d) if self.pad_mode == "same" else \
                self.pad[2 * i:2 * i + 2]
            extent = d * (k - 1) + 1
            rest = size + before + after - extent - (d_shape[2 + i] - 1) * s
            if rest < 0 or rest >= s:
                raise CellArgumentError(message(f"{where} dout", f"the output size of Conv2D "
                                                f"on input_size {tuple(input_size)}",
                                                f"shape {d_shape}"))
            x = _shift(_spread(x, s, 2 + i), 2 + i, extent - 1 - before,
                       extent - 1 - after + rest)
        per = w_shape[0] // g
        kernels = np.concatenate([np.transpose(weight[j * per:(j + 1) * per], (1, 0, 2, 3))
                                  for j in range(g)], axis=0)
        return grouped_conv(where, x, kernels[:, :, ::-1, ::-1], (1, 1), self.dilation, g)


class Conv2DTranspose(Conv2DBackpropInput):
    """``Conv2DTranspose(out_channel, kernel_size, ...)(dout, weight, input_size)``: the
    transposed 2-D convolution, the same computation as ``Conv2DBackpropInput``."""


class Conv3D(Primitive):
    """``Conv3D(out_channel, kernel_size, ...)(x, weight)``: 3-D cross-correlation of an
    (N, C, D, H, W) ``x`` with an (out_channel, C / group, kd, kh, kw) ``weight``."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCDHW"):
        super().__init__()
        self.out_channel = _int("Conv3D out_channel", out_channel)
        self.kernel_size = _triple("Conv3D kernel_size", kernel_size)
        if mode != 1:
            raise CellArgumentError(message("Conv3D mode", "1", repr(mode)))
        self.pad_mode = _pad_mode("Conv3D", pad_mode)
        self.pad = _pads("Conv3D", pad, 6, self.pad_mode)
        self.stride = _triple("Conv3D stride", stride)
        self.dilation = _triple("Conv3D dilation", dilation)
        self.group = _int("Conv3D group", group)
        if data_format != "NCDHW":
            raise CellArgumentError(message("Conv3D data_format", "'NCDHW'", repr(data_format)))
        self.data_format = data_format

    def __call__(self, x, weight):
        from ..nn.cells3d import _padded, _same
        from .nnf_windows3d import conv3d
        float_only("Conv3D x", x)
        shape, w_shape = _rank("Conv3D x", x, 5), _rank("Conv3D weight", weight, 5)
        want = (self.out_channel, shape[1] // self.group) + self.kernel_size
        if w_shape != want or shape[1] % self.group or self.out_channel % self.group:
            raise CellArgumentError(message("Conv3D weight", f"shape {want}",
                                            f"shape {w_shape} for x of shape {shape}"))
        pads = _same(shape[2:], self.kernel_size, self.stride, self.dilation) \
            if self.pad_mode == "same" else self.pad
        return conv3d(_padded(x, pads), weight, None, self.stride, "valid", 0, self.dilation,
                      self.group)
