"""MindSpore 2.10's pooling primitives beyond ``MaxPool``/``AvgPool``: ``MaxPool3D``,
``AvgPool3D`` (made with MindSpore's six-sided padding and ``ceil_mode``),
``MaxPoolWithArgmax`` (int32 indices, flat over each image's C * H * W) and
``AdaptiveMaxPool2D`` (values and int64 indices, flat over H * W). Windows come from the
``nn`` window arithmetic, so gradients come from the tracer (a maximum's to its first
position) and float32 stays float32.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> y, i = ops.MaxPoolWithArgmax(2, 2)(ms.Tensor(onp.arange(16.0).reshape(1, 1, 4, 4)))
>>> i.ravel().tolist()
[5, 7, 13, 15]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import Array
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .primitives import Primitive
from .prims_conv import _nchw, _pad_mode, _pair, _rank
from .prims_conv2 import _pads, _triple


def _first_max(taps):
    """The maximum over axis 2 of ``taps`` (its gradient to the first maximum) and where."""
    first = onp.argmax(getval(taps), axis=2)
    count = onp.shape(getval(taps))[2]
    chosen = onp.arange(count).reshape((1, 1, count) + (1,) * (np.ndim(taps) - 3)) \
        == first[:, :, None]
    return np.sum(np.where(chosen, taps, 0), axis=2), first


class _Pool3D(Primitive):
    def _setup(self, kernel_size, strides, pad_mode, pad, ceil_mode, data_format):
        where = self.name
        self.kernel_size = _triple(f"{where} kernel_size", kernel_size)
        self.strides = _triple(f"{where} strides", strides)
        self.pad_mode = _pad_mode(where, pad_mode)
        self.pad = _pads(where, pad, 6, self.pad_mode)
        if ceil_mode not in (None, False, True):
            raise CellTypeError(message(f"{where} ceil_mode", "a bool", describe(ceil_mode)))
        self.ceil_mode = bool(ceil_mode)
        if data_format != "NCDHW":
            raise CellArgumentError(message(f"{where} data_format", "'NCDHW'",
                                            repr(data_format)))
        self.data_format = data_format

    def _layout(self, x):
        """The six pads of ``x``'s D, H and W and the extra ones ``ceil_mode`` adds after."""
        from ..nn.cells3d import _same
        shape = _rank(f"{self.name} x", x, 5)
        float_only(f"{self.name} x", x)
        pads = _same(shape[2:], self.kernel_size, self.strides) if self.pad_mode == "same" \
            else self.pad
        extra = []
        for n, k, s, (a, b) in zip(shape[2:], self.kernel_size, self.strides,
                                   zip(pads[::2], pads[1::2])):
            span = n + a + b - k
            if span < 0:
                raise CellArgumentError(message(f"{self.name} x", f"at least {k} elements "
                                                "per axis after padding", f"shape {shape}"))
            out = -(-span // s) + 1 if self.ceil_mode else span // s + 1
            if self.ceil_mode and (out - 1) * s >= n + a:
                out -= 1
            extra.append(max((out - 1) * s + k - (n + a + b), 0))
        return shape, pads, extra

    def _taps(self, x, pads, extra, fill):
        from ..nn.cells3d import _padded, _windows
        full = tuple(p + (e if i % 2 else 0) for i, (p, e) in
                     enumerate(zip(pads, onp.repeat(extra, 2))))
        return _windows(self.name, _padded(x, full, fill), self.kernel_size, self.strides)


class MaxPool3D(_Pool3D):
    """``MaxPool3D(kernel_size, strides, pad_mode, pad_list, ceil_mode)(x)``: the maximum
    of each window of an (N, C, D, H, W) ``x``."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None,
                 data_format="NCDHW"):
        super().__init__()
        self._setup(kernel_size, strides, pad_mode, pad_list, ceil_mode, data_format)

    def __call__(self, x):
        _, pads, extra = self._layout(x)
        return _first_max(self._taps(x, pads, extra, -onp.inf))[0]


class AvgPool3D(_Pool3D):
    """``AvgPool3D(kernel_size, strides, pad_mode, pad, ceil_mode, count_include_pad,
    divisor_override)(x)``: the mean of each window of an (N, C, D, H, W) ``x``."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=0, data_format="NCDHW"):
        super().__init__()
        self._setup(kernel_size, strides, pad_mode, pad, ceil_mode, data_format)
        if not isinstance(count_include_pad, bool):
            raise CellTypeError(message("AvgPool3D count_include_pad", "a bool",
                                        describe(count_include_pad)))
        if isinstance(divisor_override, bool) or not isinstance(
                divisor_override, numbers.Integral) or divisor_override < 0:
            raise CellArgumentError(message("AvgPool3D divisor_override", "an int >= 0",
                                            repr(divisor_override)))
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def __call__(self, x):
        from ..nn.cells3d import _padded
        shape, pads, extra = self._layout(x)
        total = np.sum(self._taps(x, pads, extra, 0.0), axis=2)
        dtype = getval(total).dtype
        if self.divisor_override:
            return total / onp.asarray(self.divisor_override, dtype)
        inside = onp.ones((1, 1) + shape[2:], dtype)
        if self.count_include_pad:
            inside = _padded(inside, pads, 1.0)
            pads = (0,) * 6
        counts = onp.sum(getval(self._taps(inside, pads, extra, 0.0)), axis=2)
        return total / counts


class MaxPoolWithArgmax(Primitive):
    """``MaxPoolWithArgmax(kernel_size, strides, pad_mode)(x)``: the maximum of each window
    of an (N, C, H, W) ``x`` and its int32 index, flat over each image's C * H * W."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__()
        where = "MaxPoolWithArgmax"
        self.kernel_size = _pair(f"{where} kernel_size", kernel_size)
        self.strides = _pair(f"{where} strides", strides)
        self.pad_mode = _pad_mode(where, pad_mode, ("valid", "same"))
        self.data_format = _nchw(where, data_format)

    def __call__(self, x):
        from ..nn.windows import padded, same_pads, windows
        shape = _rank("MaxPoolWithArgmax x", x, 4)
        float_only("MaxPoolWithArgmax x", x)
        pads = (0,) * 4
        if self.pad_mode == "same":
            pads = sum((same_pads(shape[2 + i], self.kernel_size[i], self.strides[i], 1)
                        for i in range(2)), ())
        taps = windows("MaxPoolWithArgmax", padded(x, pads, -onp.inf), self.kernel_size,
                       self.strides)
        out, first = _first_max(taps)
        rows, cols = onp.shape(first)[2:]
        row = onp.arange(rows)[:, None] * self.strides[0] - pads[0] + first // \
            self.kernel_size[1]
        col = onp.arange(cols)[None, :] * self.strides[1] - pads[2] + first % \
            self.kernel_size[1]
        channel = onp.arange(shape[1]).reshape(1, -1, 1, 1)
        index = (channel * shape[2] + row) * shape[3] + col
        return out, index.astype(onp.int32).view(Array)


class AdaptiveMaxPool2D(Primitive):
    """``AdaptiveMaxPool2D(output_size)(input)``: the maximum of ``output_size`` near-equal
    bins of the last two axes of a 3-D or 4-D ``input``, and its int64 index in H * W."""

    def __init__(self, output_size):
        super().__init__()
        where = "AdaptiveMaxPool2D output_size"
        if not isinstance(output_size, (tuple, list)):
            raise CellTypeError(message(where, "a tuple of 2 ints (None keeps that size)",
                                        describe(output_size)))
        if len(output_size) != 2 or any(s is not None and (
                isinstance(s, bool) or not isinstance(s, numbers.Integral) or s < 1)
                for s in output_size):
            raise CellArgumentError(message(where, "a tuple of 2 positive ints or None",
                                            repr(output_size)))
        self.output_size = tuple(output_size)

    def __call__(self, input):
        from .nnf_windows import adaptive_max_pool2d
        shape = onp.shape(getval(input))
        if len(shape) not in (3, 4):
            raise CellArgumentError(message("AdaptiveMaxPool2D input", "a 3-D or 4-D tensor",
                                            f"shape {shape}"))
        float_only("AdaptiveMaxPool2D input", input)
        size = tuple(shape[-2 + i] if s is None else s for i, s in enumerate(self.output_size))
        return adaptive_max_pool2d(input, size, return_indices=True)
