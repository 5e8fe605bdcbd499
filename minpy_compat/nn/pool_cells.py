"""MindSpore's 1-D pools (``nn.MaxPool1d``, ``nn.AvgPool1d``) and adaptive pools
(``nn.AdaptiveAvgPool1d``/``2d``, ``nn.AdaptiveMaxPool1d``/``2d``).

The 1-D pools run as MaxPool2d/AvgPool2d over a (N, C, 1, L) view (same pad modes and
counting rules). An adaptive pool cuts each axis of length L into ``output_size`` bins,
bin i covering [floor(i L / out), ceil((i + 1) L / out)) (MindSpore's bins where L is a
multiple of out, the only case its 1-D adaptive pools accept).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.AdaptiveAvgPool2d((1, 2))(ms.Tensor(numpy.ones((1, 2, 4, 4)))).shape
(1, 2, 1, 2)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .cell import Cell
from .conv_cells import AvgPool2d, MaxPool2d
from .conv_line import line_int
from .windows import check_float_input


def _line_input(where, x, ranks):
    shape = onp.shape(getval(x))
    if len(shape) not in ranks:
        wanted = " or ".join(f"rank-{r}" for r in ranks)
        raise CellArgumentError(message(f"{where} input", f"a {wanted} (N, C, L) tensor",
                                        f"shape {shape}"))
    check_float_input(where, x)
    return shape


class _Pool1d:
    """Mixin: a 2-D pool run over (N, C, 1, L); (C, L) inputs as MindSpore takes them."""

    def _line(self, kernel_size, stride, padding):
        where = type(self).__name__
        kernel = line_int(where, "kernel_size", kernel_size)
        return kernel, line_int(where, "stride", stride), line_int(where, "padding", padding, 0)

    def construct(self, x):
        rank = len(_line_input(type(self).__name__, x, (2, 3)))
        view = np.expand_dims(x, -2) if rank == 3 else x[None, :, None, :]
        out = self._pool(view)
        if isinstance(out, tuple):  # MaxPool1d(return_indices=True): indices in L already
            return tuple(o[:, :, 0] if rank == 3 else o[0, :, 0] for o in out)
        return out[:, :, 0] if rank == 3 else out[0, :, 0]

    def extend_repr(self):
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, "
                f"pad_mode={self.pad_mode.upper()}, padding={self.padding}")


class MaxPool1d(_Pool1d, MaxPool2d):
    """The maximum of each window of (N, C, L) or (C, L) inputs."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        kernel, step, pad = self._line(kernel_size, stride, padding)
        super().__init__((1, kernel), (1, step), pad_mode, (0, pad) if pad else 0, dilation,
                         return_indices, ceil_mode)
        self.kernel_size, self.stride, self.padding = kernel, step, pad


class AvgPool1d(_Pool1d, AvgPool2d):
    """The mean of each window of (N, C, L) or (C, L) inputs (``count_include_pad`` as
    AvgPool2d's)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True):
        kernel, step, pad = self._line(kernel_size, stride, padding)
        super().__init__((1, kernel), (1, step), pad_mode, (0, pad) if pad else 0,
                         ceil_mode, count_include_pad)
        self.kernel_size, self.stride, self.padding = kernel, step, pad


def _bins(x, axis, size, reduce):
    """``reduce`` over ``size`` adaptive bins along ``axis``."""
    length = onp.shape(getval(x))[axis]
    if size is None or size == length:
        return x
    parts = []
    for i in range(size):
        index = [slice(None)] * np.ndim(x)
        index[axis] = slice(i * length // size, math.ceil((i + 1) * length / size))
        parts.append(reduce(x[tuple(index)], axis=axis, keepdims=True))
    return np.concatenate(parts, axis=axis)


def _size(where, value, allow_none=False):
    ok = value is None and allow_none
    if not ok and (isinstance(value, bool) or not isinstance(value, numbers.Integral)):
        raise CellTypeError(message(f"{where} output_size", "a positive int"
                                    + (" or None" if allow_none else ""), describe(value)))
    if not ok and value <= 0:
        raise CellArgumentError(message(f"{where} output_size", "a positive int",
                                        repr(value)))
    return value if ok else int(value)


class _Adaptive(Cell):
    """What the adaptive pools share: ``output_size`` and the binning."""

    reduce = None
    axes = 1

    def __init__(self, output_size):
        super().__init__()
        where = type(self).__name__
        if self.axes == 1:
            self._sizes = (_size(where, output_size),)
        else:
            items = (output_size,) * 2 if output_size is None or isinstance(
                output_size, numbers.Integral) else output_size
            if type(items) is not tuple:
                raise CellTypeError(message(f"{where} output_size", "an int, None or a tuple "
                                            "of 2 of them", describe(output_size)))
            if len(items) != 2:
                raise CellArgumentError(message(f"{where} output_size", "an int, None or a "
                                                "tuple of 2 of them", repr(output_size)))
            self._sizes = tuple(_size(where, item, allow_none=True) for item in items)
        self.output_size = output_size

    def construct(self, x):
        where = type(self).__name__
        shape = onp.shape(getval(x))
        ranks = (3,) if self.axes == 1 else (3, 4)
        if len(shape) not in ranks:
            layout = "(N, C, L)" if self.axes == 1 else "(N, C, H, W) or (C, H, W)"
            raise CellArgumentError(message(f"{where} input", f"a {layout} tensor",
                                            f"shape {shape}"))
        check_float_input(where, x)
        for offset, size in enumerate(self._sizes):
            x = _bins(x, len(shape) - self.axes + offset, size, type(self).reduce)
        return x

    def extend_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_Adaptive):
    """The mean of each of ``output_size`` bins along L of an (N, C, L) input."""

    reduce = staticmethod(np.mean)


class AdaptiveMaxPool1d(_Adaptive):
    """The maximum of each of ``output_size`` bins along L of an (N, C, L) input."""

    reduce = staticmethod(np.max)


class AdaptiveAvgPool2d(_Adaptive):
    """The mean of each of ``output_size`` (rows, columns) bins of an (N, C, H, W) or
    (C, H, W) input; None keeps that axis."""

    reduce = staticmethod(np.mean)
    axes = 2


class AdaptiveMaxPool2d(_Adaptive):
    """The maximum of each of ``output_size`` bins of an (N, C, H, W) or (C, H, W) input;
    with ``return_indices=True`` also each maximum's flat index in H * W (int64)."""

    reduce = staticmethod(np.max)
    axes = 2

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size)
        if not isinstance(return_indices, bool):
            raise CellTypeError(message("AdaptiveMaxPool2d return_indices", "a bool",
                                        describe(return_indices)))
        self.return_indices = return_indices

    def construct(self, x):
        out = super().construct(x)
        return (out, Tensor(self._indices(getval(x)))) if self.return_indices else out

    def _indices(self, x):
        height, width = x.shape[-2:]
        rows, cols = (full if s is None else s for s, full in zip(self._sizes, (height, width)))
        found = onp.zeros(x.shape[:-2] + (rows, cols), onp.int64)
        for i in range(rows):
            top, bottom = i * height // rows, math.ceil((i + 1) * height / rows)
            for j in range(cols):
                left, right = j * width // cols, math.ceil((j + 1) * width / cols)
                block = x[..., top:bottom, left:right]
                # the window's size spelled out: an empty batch leaves -1 undetermined
                flat = block.reshape(block.shape[:-2] + ((bottom - top) * (right - left),)
                                     ).argmax(-1)
                found[..., i, j] = (top + flat // (right - left)) * width + left + flat % (
                    right - left)
        return found
