"""MindSpore's ``nn.MaxUnpool1d``/``2d``/``3d`` and ``nn.FractionalMaxPool2d``, and the
flat indices the max pools give with ``return_indices=True``.

A max pool's index is the flat position of each maximum in the (unpadded) spatial axes
of its sample and channel: L, H * W or D * H * W. MaxUnpool writes each value at its
index in a zero output (the last write wins where indices repeat) and hands every input
the gradient found at its index. FractionalMaxPool2d takes the maximum of ``kernel_size``
windows whose starts follow MindSpore's pseudo-random sequence, one per (N, C) drawn from
``_random_samples`` (U[0, 1); its last axis holds the width's sample, then the height's).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = ms.Tensor(numpy.array([[[1.0, 3.0, 2.0, 0.0]]], numpy.float32))
>>> out, index = nn.MaxPool1d(2, 2, pad_mode='pad', return_indices=True)(x)
>>> nn.MaxUnpool1d(2)(out, index).tolist()
[[[0.0, 3.0, 2.0, 0.0]]]
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.int_inputs import index_data
from ..primitive import customop
from ..tensor import Tensor
from .cell import Cell
from .windows import check_float_input


def window_indices(first, kernel, stride, before, spatial, dilation=None):
    """int64 flat indices (a Tensor) in ``spatial`` of each window's chosen tap: ``first``
    holds, for each (N, C, output position), the tap's number in ``ndindex(kernel)`` order;
    ``before`` is the padding ahead of each axis, ``dilation`` the taps' spacing."""
    offsets = onp.unravel_index(first, kernel)
    ranks = first.ndim - 2
    dilation = dilation or (1,) * ranks
    places = []
    for axis, (offset, step, pad, gap) in enumerate(zip(offsets, stride, before, dilation)):
        shape = [1] * first.ndim
        shape[2 + axis] = first.shape[2 + axis]
        places.append(onp.arange(first.shape[2 + axis]).reshape(shape) * step - pad
                      + offset * gap)
    places = [onp.clip(p, 0, n - 1) for p, n in zip(places, spatial[-ranks:])]
    return Tensor(onp.ravel_multi_index(places, spatial[-ranks:]).astype(onp.int64))


def check_return_indices(where, return_indices, pad_mode):
    """``return_indices`` as a bool; True needs pad_mode='pad' (MindSpore's rule)."""
    if not isinstance(return_indices, bool):
        raise CellTypeError(message(f"{where} return_indices", "a bool",
                                    describe(return_indices)))
    if return_indices and pad_mode != "pad":
        raise CellArgumentError(message(f"{where} return_indices", "False with pad_mode="
                                        f"'{pad_mode}'", "True", "Pass pad_mode='pad'."))
    return return_indices


def check_pad_only(where, pad_mode, **settings):
    """MindSpore's rule: each of ``settings`` (name: (value, default)) keeps its default
    unless pad_mode is 'pad'."""
    for name, (value, default) in settings.items():
        if value != default and pad_mode != "pad":
            raise CellArgumentError(message(f"{where} {name}", f"{default!r} with pad_mode="
                                            f"'{pad_mode}'", repr(value), "Pass pad_mode='pad'."))


# ---- the scatter behind MaxUnpool ------------------------------------------------------
@customop('numpy')
def _unpool(x, indices, size):
    x = onp.asarray(x)
    flat = x.reshape(x.shape[:2] + (-1,))
    out = onp.zeros(x.shape[:2] + (size,), x.dtype)
    rows, channels = onp.indices(flat.shape[:2])
    out[rows[..., None], channels[..., None], onp.asarray(indices).reshape(flat.shape)] = flat
    return out


def _unpool_grad_x(ans, x, indices, size):
    batch, channels = onp.shape(x)[:2]
    base = (onp.arange(batch * channels) * size).reshape(batch, channels, 1)
    places = base + onp.asarray(indices).reshape(batch, channels, -1)
    return lambda g: np.reshape(np.take(np.reshape(g, (-1,)), places), onp.shape(x))


_unpool.def_grad(_unpool_grad_x, argnum=0)


def sizes(where, name, value, count, low=1):
    """An int or a tuple of ``count`` ints >= ``low``, as a tuple."""
    items = (value,) * count if isinstance(value, numbers.Integral) else value
    if type(items) not in (tuple, list) or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in items):
        raise CellTypeError(message(f"{where} {name}", f"an int or a tuple of {count} ints",
                                    describe(value)))
    if len(items) != count or any(v < low for v in items):
        raise CellArgumentError(message(f"{where} {name}", f"an int or a tuple of {count} "
                                        f"ints >= {low}", repr(value)))
    return tuple(int(v) for v in items)


def unpool(where, x, indices, kernel, stride, padding, output_size=None):
    """The values of ``x`` written at ``indices`` into zeros of the unpooled size."""
    count = len(kernel)
    shape, index_shape = onp.shape(getval(x)), onp.shape(getval(indices))
    if len(shape) not in (count + 1, count + 2) or index_shape != shape:
        raise CellArgumentError(message(f"{where} input", f"x and indices of one shape, rank "
                                        f"{count + 1} or {count + 2}",
                                        f"shapes {shape} and {index_shape}"))
    check_float_input(where, x)
    index = index_data(indices)
    if index.dtype.kind not in "iu":
        raise CellTypeError(message(f"{where} indices", "an int Tensor", describe(indices)))
    spatial = tuple((n - 1) * s - 2 * p + k for n, k, s, p in
                    zip(shape[-count:], kernel, stride, padding))
    if output_size is not None and len(output_size):
        spatial = tuple(int(v) for v in tuple(output_size)[-count:])
    total = int(onp.prod(spatial))
    if index.size and (index.min() < 0 or index.max() >= total):
        raise CellArgumentError(message(f"{where} indices", f"values in [0, {total}) for an "
                                        f"output of {spatial}", f"{index.min()}..{index.max()}"))
    batched = len(shape) == count + 2
    view = x if batched else np.expand_dims(x, 0)
    out = _unpool(view, index if batched else index[None], total)
    out = np.reshape(out, onp.shape(getval(view))[:2] + spatial)
    return out if batched else out[0]


class _MaxUnpool(Cell):
    count = 0

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        where = type(self).__name__
        self.kernel_size = sizes(where, "kernel_size", kernel_size, self.count)
        self.stride = self.kernel_size if stride is None else sizes(where, "stride", stride,
                                                                    self.count)
        self.padding = sizes(where, "padding", padding, self.count, low=0)

    def construct(self, x, indices, output_size=None):
        return unpool(type(self).__name__, x, indices, self.kernel_size, self.stride,
                      self.padding, output_size)

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpool):
    """The inverse of MaxPool1d: (N, C, L) or (C, L) values placed at their indices."""
    count = 1


class MaxUnpool2d(_MaxUnpool):
    """The inverse of MaxPool2d: (N, C, H, W) or (C, H, W) values placed at their indices."""
    count = 2


class MaxUnpool3d(_MaxUnpool):
    """The inverse of MaxPool3d: (N, C, D, H, W) or (C, D, H, W) values at their indices."""
    count = 3


def _starts(sample, size, out, kernel):
    """MindSpore's pseudo-random window starts along one axis for one sample u."""
    alpha = (size - kernel) / (out - 1) if out > 1 else 0.0
    starts = [int(math.floor((i + sample) * alpha) - math.floor(sample * alpha))
              for i in range(out)]
    starts[-1] = size - kernel
    return starts


def fractional_pool(where, x, kernel, output, samples):
    """(values, int64 indices) of the fractional max pool of a rank-4 ``x``."""
    batch, channels, height, width = onp.shape(getval(x))
    rows, cols = onp.zeros((batch, channels, output[0], kernel[0]), onp.int64), \
        onp.zeros((batch, channels, output[1], kernel[1]), onp.int64)
    for n, c in onp.ndindex(batch, channels):
        u_width, u_height = samples[n, c]
        rows[n, c] = onp.add.outer(_starts(u_height, height, output[0], kernel[0]),
                                   onp.arange(kernel[0]))
        cols[n, c] = onp.add.outer(_starts(u_width, width, output[1], kernel[1]),
                                   onp.arange(kernel[1]))
    places = rows[:, :, :, None, :, None] * width + cols[:, :, None, :, None, :]
    places = places.reshape(batch, channels, output[0], output[1], -1)
    base = (onp.arange(batch * channels) * height * width).reshape(batch, channels, 1, 1, 1)
    taps = np.take(np.reshape(x, (-1,)), base + places)
    first = onp.argmax(getval(taps), axis=-1)
    chosen = onp.arange(places.shape[-1]) == first[..., None]
    return np.sum(np.where(chosen, taps, 0), axis=-1), \
        onp.take_along_axis(places, first[..., None], -1)[..., 0]


class FractionalMaxPool2d(Cell):
    """``FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`` on (N, C, H, W) or (C, H, W)."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        where = "FractionalMaxPool2d"
        self.kernel_size = sizes(where, "kernel_size", kernel_size, 2)
        if (output_size is None) == (output_ratio is None):
            raise CellArgumentError(message(f"{where} output_size", "exactly one of "
                                            "output_size and output_ratio",
                                            f"{output_size!r} and {output_ratio!r}"))
        self.output_size = None if output_size is None else sizes(where, "output_size",
                                                                  output_size, 2)
        self.output_ratio = output_ratio
        if output_ratio is not None:
            ratios = (output_ratio,) * 2 if isinstance(output_ratio, numbers.Real) \
                else tuple(output_ratio)
            if len(ratios) != 2 or not all(isinstance(r, numbers.Real) and 0 < r < 1
                                           for r in ratios):
                raise CellArgumentError(message(f"{where} output_ratio", "a float or a tuple "
                                                "of 2 floats in (0, 1)", repr(output_ratio)))
            self.output_ratio = ratios
        if not isinstance(return_indices, bool):
            raise CellTypeError(message(f"{where} return_indices", "a bool",
                                        describe(return_indices)))
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, x):
        where = "FractionalMaxPool2d"
        shape = onp.shape(getval(x))
        if len(shape) not in (3, 4):
            raise CellArgumentError(message(f"{where} input", "a (N, C, H, W) or (C, H, W) "
                                            "tensor", f"shape {shape}"))
        check_float_input(where, x)
        view = x if len(shape) == 4 else np.expand_dims(x, 0)
        batch, channels, height, width = onp.shape(getval(view))
        output = self.output_size or (int(height * self.output_ratio[0]),
                                      int(width * self.output_ratio[1]))
        for n, k, o, axis in zip((height, width), self.kernel_size, output, ("H", "W")):
            if o < 1 or o + k - 1 > n:
                raise CellArgumentError(message(f"{where} output_size", f"1 to {n - k + 1} "
                                                f"along {axis} (input {n}, kernel {k})", str(o)))
        samples = onp.random.uniform(size=(batch, channels, 2)) \
            if self._random_samples is None else onp.asarray(getval(self._random_samples))
        if samples.shape != (batch, channels, 2):
            raise CellArgumentError(message(f"{where} _random_samples", f"shape "
                                            f"{(batch, channels, 2)}", f"{samples.shape}"))
        out, index = fractional_pool(where, view, self.kernel_size, output, samples)
        if len(shape) == 3:
            out, index = out[0], index[0]
        return (out, Tensor(index)) if self.return_indices else out
