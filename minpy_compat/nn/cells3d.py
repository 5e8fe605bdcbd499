"""MindSpore's 3-d layers: ``nn.Conv3d``, ``nn.MaxPool3d``, ``nn.AvgPool3d`` and
``nn.BatchNorm3d`` (NCDHW).

The window geometry is the 2-d Cells' (``windows.py``: pad modes, 'same' padding with the
extra element after, the kernel's extent) along three axes; everything is written with
``minpy_compat.numpy``, so the tracer differentiates it to any order.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = ms.Tensor(numpy.ones((1, 1, 4, 4, 4), numpy.float32))
>>> nn.Conv3d(1, 2, 3, weight_init='ones')(x).shape
(1, 2, 4, 4, 4)
>>> nn.MaxPool3d(kernel_size=2, stride=2)(x).shape
(1, 1, 2, 2, 2)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .basic import _positive_int
from .cell import Cell
from .conv_cells import check_group, conv_arguments, conv_repr, conv_weights
from .pool_geometry import ceil_pads, divisors, grown
from .normalization import BatchNorm2d, _number, check_batch_norm_input
from .windows import (check_float_input, check_input, check_pad_mode, check_weight_dtype,
                      out_size, same_pads)


def triple(where, name, value):
    """An int or a 3-tuple of positive ints as a (depth, height, width) triple."""
    items = (value,) * 3 if isinstance(value, numbers.Integral) else value
    if type(items) not in (tuple, list):
        raise CellTypeError(message(f"{where} {name}", "a positive int or a tuple of 3 of them",
                                    describe(value)))
    if len(items) != 3:  # a tuple of the wrong length is a ValueError (as MindSpore)
        raise CellArgumentError(message(f"{where} {name}", "a positive int or a tuple of 3 "
                                        "of them", repr(value)))
    for item in items:
        if isinstance(item, bool) or not isinstance(item, numbers.Integral) or item <= 0:
            raise CellArgumentError(message(f"{where} {name}",
                                            "a positive int or a tuple of 3 of them", repr(value)))
    return tuple(int(item) for item in items)


def _pads(where, padding, count, mode, wording):
    """``count`` pads >= 0 from an int or a tuple of ``count``; non-zero only with 'pad'."""
    items = (padding,) * count if isinstance(padding, numbers.Integral) else padding
    if type(items) in (tuple, list) and len(items) != count:
        raise CellArgumentError(message(f"{where} padding", f"an int or a tuple of {count} "
                                        f"ints ({wording})", repr(padding)))
    if type(items) not in (tuple, list) or not all(
            isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in items):
        raise CellTypeError(message(f"{where} padding", f"an int or a tuple of {count} ints "
                                    f"({wording})", describe(padding)))
    if any(p < 0 for p in items):
        raise CellArgumentError(message(f"{where} padding", "ints >= 0", repr(padding)))
    if mode != "pad" and any(items):
        raise CellArgumentError(message(f"{where} padding", f"0 with pad_mode='{mode}'",
                                        repr(padding), "Pass pad_mode='pad' to pad explicitly."))
    return tuple(int(p) for p in items)


def _same(shape, kernel, stride, dilation=(1, 1, 1)):
    """(front, back, top, bottom, left, right) padding for pad_mode='same'."""
    return sum((same_pads(n, k, s, d) for n, k, s, d in zip(shape, kernel, stride, dilation)),
               ())


def _padded(x, pads, value=0.0):
    if not any(pads):
        return x
    pairs = ((0, 0), (0, 0)) + tuple(zip(pads[::2], pads[1::2]))
    return np.pad(x, pairs, constant_values=value)


def _windows(where, x, kernel, stride, dilation=(1, 1, 1)):
    """(N, C, kd*kh*kw, Dout, Hout, Wout): for each kernel offset, the input it meets."""
    sizes = [out_size(where, n, k, s, d) for n, k, s, d in
             zip(onp.shape(getval(x))[2:], kernel, stride, dilation)]
    taps = []
    for offsets in onp.ndindex(*kernel):
        index = (slice(None), slice(None)) + tuple(
            slice(o * d, o * d + s * (n - 1) + 1, s)
            for o, d, s, n in zip(offsets, dilation, stride, sizes))
        taps.append(x[index])
    return np.stack(taps, axis=2)


class Conv3d(Cell):
    """``Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None)`` over NCDHW."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
                 bias_init=None, data_format="NCDHW", dtype=onp.float32):
        super().__init__()
        where = "Conv3d"
        conv_arguments(self, where, triple, in_channels, out_channels, kernel_size, stride,
                       dilation, pad_mode, padding)
        self._pads = _pads(where, padding, 6, self.pad_mode,
                           "head, tail, top, bottom, left, right")
        self.group = check_group(where, group, self.in_channels, self.out_channels)
        if data_format != "NCDHW":
            raise CellArgumentError(message(f"{where} data_format",
                                            "'NCDHW' (the only layout here)", repr(data_format)))
        self.format = data_format
        shape = (self.out_channels, self.in_channels // self.group) + self.kernel_size
        conv_weights(self, shape, weight_init, bias_init, has_bias, self.out_channels, dtype)

    def construct(self, x):
        shape = check_input("Conv3d", x, self.in_channels, ranks=(5,))
        check_weight_dtype("Conv3d", x, self.weight)
        pads = _same(shape[2:], self.kernel_size, self.stride, self.dilation) \
            if self.pad_mode == "same" else self._pads
        taps = _windows("Conv3d", _padded(x, pads), self.kernel_size, self.stride,
                        self.dilation)
        per_group, outs = self.in_channels // self.group, self.out_channels // self.group
        kernels = np.reshape(self.weight, (self.out_channels, per_group, -1))
        parts = [np.tensordot(taps[:, g * per_group:(g + 1) * per_group],
                              kernels[g * outs:(g + 1) * outs], axes=([1, 2], [1, 2]))
                 for g in range(self.group)]
        out = parts[0] if self.group == 1 else np.concatenate(parts, axis=-1)
        out = np.transpose(out, (0, 4, 1, 2, 3))
        if self.has_bias:
            out = out + np.reshape(self.bias, (1, -1, 1, 1, 1))
        return out

    def extend_repr(self):
        return f"{conv_repr(self)}, format={self.format}"


class _Pool3d(Cell):
    """What MaxPool3d and AvgPool3d share: the window geometry (``ceil_mode`` as the 2-d
    pools'), (N, C, D, H, W) or (C, D, H, W) inputs."""

    def __init__(self, kernel_size, stride, pad_mode, padding, ceil_mode, dilation=1):
        super().__init__()
        where = type(self).__name__
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self._kernel = triple(where, "kernel_size", kernel_size)
        self._stride = triple(where, "stride", stride)
        self._dilation = triple(where, "dilation", dilation)
        self.pad_mode = check_pad_mode(where, pad_mode)
        if not isinstance(ceil_mode, (bool, onp.bool_)):
            raise CellTypeError(message(f"{where} ceil_mode", "a bool", describe(ceil_mode)))
        self.ceil_mode = bool(ceil_mode)
        depth, rows, cols = _pads(where, padding, 3, self.pad_mode, "depth, rows, columns")
        self._pads = (depth, depth, rows, rows, cols, cols)

    def _windows(self, x, fill):
        """The windows of a rank-5 input, the pads used and the ``ceil_mode`` overhang."""
        shape = onp.shape(getval(x))
        pads = _same(shape[2:], self._kernel, self._stride) if self.pad_mode == "same" \
            else self._pads
        pads, extra = ceil_pads(shape[2:], self._kernel, self._stride, self._dilation, pads,
                                self.ceil_mode)
        return _windows(type(self).__name__, _padded(x, grown(pads, extra), fill), self._kernel,
                        self._stride, self._dilation), pads, extra

    def construct(self, x):
        where = type(self).__name__
        shape = check_input(where, x, ranks=(4, 5), layout="(C, D, H, W) or (N, C, D, H, W)")
        check_float_input(where, x)
        if len(shape) == 4:  # (C, D, H, W): MindSpore adds the batch axis and drops it again
            out = self._pool(np.expand_dims(x, 0))
            return tuple(o[0] for o in out) if isinstance(out, tuple) else out[0]
        return self._pool(x)

    def extend_repr(self):
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, "
                f"pad_mode={self.pad_mode.upper()}")


class MaxPool3d(_Pool3d):
    """The maximum of each window; its gradient goes to the first maximum."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode, dilation)
        from .unpool_cells import check_pad_only, check_return_indices
        self.return_indices = check_return_indices("MaxPool3d", return_indices, self.pad_mode)
        check_pad_only("MaxPool3d", self.pad_mode, dilation=(self._dilation, (1, 1, 1)),
                       ceil_mode=(self.ceil_mode, False))

    def _pool(self, x):
        taps, pads, _ = self._windows(x, -onp.inf)
        first = onp.argmax(getval(taps), axis=2)[:, :, None]
        chosen = onp.arange(onp.shape(getval(taps))[2])[None, None, :, None, None, None] \
            == first
        out = np.sum(np.where(chosen, taps, 0), axis=2)
        if not self.return_indices:
            return out
        from .unpool_cells import window_indices
        return out, window_indices(first[:, :, 0], self._kernel, self._stride, pads[::2],
                                   onp.shape(getval(x))[-3:], self._dilation)


class AvgPool3d(_Pool3d):
    """The mean of each window: padded zeros count (pad_mode 'same' too) unless
    ``count_include_pad=False``, a ``ceil_mode`` overhang never;
    ``divisor_override`` divides every window's sum by that number instead."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        if not isinstance(count_include_pad, bool):
            raise CellTypeError(message("AvgPool3d count_include_pad", "a bool",
                                        describe(count_include_pad)))
        if divisor_override is not None and (
                isinstance(divisor_override, bool)
                or not isinstance(divisor_override, numbers.Integral) or divisor_override <= 0):
            raise CellArgumentError(message("AvgPool3d divisor_override",
                                            "None or a positive int", repr(divisor_override)))
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def _pool(self, x):
        taps, pads, extra = self._windows(x, 0.0)
        total = np.sum(taps, axis=2)
        dtype = getval(total).dtype
        if self.divisor_override is not None:
            return total / onp.asarray(self.divisor_override, dtype)
        if not any(extra) and (not any(pads) or self.count_include_pad):  # 'same' pads count
            return total / onp.asarray(onp.prod(self._kernel), dtype)
        return total / divisors(onp.shape(getval(x))[2:], pads, extra, self.count_include_pad,
                                lambda ones: onp.sum(_windows("AvgPool3d", ones, self._kernel,
                                                              self._stride), axis=2), dtype)


class BatchNorm3d(Cell):
    """Batch normalization of (N, C, D, H, W) inputs per channel: as MindSpore, a
    ``BatchNorm2d`` (``bn2d``) over the (N, C, D * H, W) view."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, dtype=onp.float32):
        super().__init__()
        _positive_int("BatchNorm3d num_features", num_features)  # named for this Cell
        for name, value, ok, expected in (("eps", eps, lambda v: v >= 0, "a number >= 0"), (
                "momentum", momentum, lambda v: 0 <= v <= 1, "a number in [0, 1]")):
            _number("BatchNorm3d", name, value, ok, expected)
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise CellTypeError(message("BatchNorm3d use_batch_statistics", "True, False or None",
                                        describe(use_batch_statistics)))
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init,
                                moving_mean_init, moving_var_init, use_batch_statistics,
                                dtype=dtype)

    def construct(self, x):
        shape = check_input("BatchNorm3d", x, self.bn2d.num_features, ranks=(5,))
        check_batch_norm_input("BatchNorm3d", x, self.bn2d.gamma.dtype)
        return np.reshape(self.bn2d(np.reshape(x, shape[:2] + (-1, shape[4]))), shape)
