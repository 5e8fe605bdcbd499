"""MindSpore 2.10's remaining pool, unpool, resize and random primitives:
``MaxPool3DWithArgmax``, ``MaxPoolWithArgmaxV2`` (int64 or int32 indices, flat over each
image's spatial axes), ``AdaptiveAvgPool3D``, ``AdaptiveMaxPool3D`` (int32 indices),
``MaxUnpool2D``, ``MaxUnpool3D``, ``UpsampleNearest3D``, ``UpsampleTrilinear3D``,
``Dropout3D`` and ``Bernoulli``. Each maximum is gathered from ``x`` at its index, so its
gradient goes to that one place; int inputs stay int where MindSpore takes them, and
float32 stays float32.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> y, i = ops.MaxPoolWithArgmaxV2(2)(ms.Tensor(onp.arange(16.0).reshape(1, 1, 4, 4)))
>>> i.ravel().tolist()
[5, 7, 13, 15]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..nn.unpool_cells import sizes
from ..tensor import Tensor
from .primitives import Primitive
from .prims_conv import _rank


def _bool(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return value


def _format(where, value, formats):
    if value not in formats:
        raise CellArgumentError(message(f"{where} data_format", " or ".join(map(repr, formats)),
                                        repr(value)))
    return value


def _argmax_type(where, value):
    try:
        dtype = onp.dtype(value)
    except TypeError:
        dtype = None
    if dtype not in (onp.int32, onp.int64):
        raise CellTypeError(message(f"{where} argmax_type", "ms.int32 or ms.int64",
                                    describe(value)))
    return dtype


def _refuse(where, x, dtypes=("bool",)):
    """MindSpore's pool kernels refuse these dtypes (checked before the shape)."""
    dtype = onp.result_type(getval(x))
    if dtype.name in dtypes:
        raise CellTypeError(message(where, "a float or int Tensor (not " + ", ".join(dtypes)
                                    + ")", f"dtype {dtype}", "Cast it to a float dtype."))


def _gather(x, flat, lead):
    """``x``'s values at ``flat`` (indices into the axes after the first ``lead``)."""
    shape = onp.shape(getval(x))
    rows = int(onp.prod(shape[:lead]))
    picks = flat.reshape(rows, -1)
    values = np.reshape(x, (rows, -1))[onp.arange(rows)[:, None], picks]
    return np.reshape(values, flat.shape)


def _pooled_max(where, x, kernel, stride, pads, dilation, ceil_mode):
    """Each window's maximum (the first, on ties) and its flat spatial index."""
    data = onp.asarray(getval(x))
    spatial, outs, widths = data.shape[2:], [], [(0, 0), (0, 0)]
    for n, k, s, p, d in zip(spatial, kernel, stride, pads, dilation):
        span = n + 2 * p - d * (k - 1) - 1
        out = (-(-span // s) if ceil_mode else span // s) + 1
        out -= int(ceil_mode and (out - 1) * s >= n + p)
        if span < 0:
            raise CellArgumentError(message(f"{where} x", f"spatial axes of at least "
                                            f"{d * (k - 1) + 1 - 2 * p} elements",
                                            f"shape {data.shape}"))
        outs.append(out)
        widths.append((p, max((out - 1) * s + d * (k - 1) + 1 - n - p, 0)))
    if data.size == 0:  # no batch or no channel: an empty answer, as MindSpore
        shape = data.shape[:2] + tuple(outs)
        return np.reshape(x, shape), onp.zeros(shape, onp.int64)
    low = -onp.inf if data.dtype.kind == "f" else onp.iinfo(data.dtype).min
    full = onp.pad(data, widths, constant_values=low)
    taps = [full[(Ellipsis,) + tuple(slice(o * d, o * d + (m - 1) * s + 1, s) for o, d, m, s
                                     in zip(offset, dilation, outs, stride))]
            for offset in onp.ndindex(*kernel)]
    first = onp.argmax(onp.stack(taps), axis=0)
    places = []
    for axis, (offset, s, p, d, n) in enumerate(zip(onp.unravel_index(first, kernel), stride,
                                                    pads, dilation, spatial)):
        shape = [1] * first.ndim
        shape[2 + axis] = outs[axis]
        start = onp.arange(outs[axis]).reshape(shape) * s - p
        places.append(onp.clip(start + offset * d, 0, n - 1))
    flat = onp.ravel_multi_index(places, spatial)
    return _gather(x, flat, 2), flat


class _ArgmaxPool(Primitive):
    count, formats = 3, ("NCDHW",)

    def _setup(self, kernel, strides, pads, dilation, ceil_mode, argmax_type, names):
        where, count = self.name, self.count
        self.kernel = sizes(where, names[0], kernel, count)
        self.strides = self.kernel if strides is None else sizes(where, "strides", strides,
                                                                 count)
        self.pads = sizes(where, "pads", pads, count, 0)
        if any(2 * p > k for p, k in zip(self.pads, self.kernel)):
            raise CellArgumentError(message(f"{where} pads", f"at most half of {names[0]} "
                                            f"{self.kernel}", repr(pads)))
        self.dilation = sizes(where, "dilation", dilation, count)
        self.ceil_mode = _bool(f"{where} ceil_mode", ceil_mode)
        self.argmax_type = _argmax_type(where, argmax_type)

    def __call__(self, x):
        _refuse(f"{self.name} x", x)
        _rank(f"{self.name} x", x, self.count + 2)
        out, flat = _pooled_max(self.name, x, self.kernel, self.strides, self.pads,
                                self.dilation, self.ceil_mode)
        return out, Tensor(flat.astype(self.argmax_type))


class MaxPool3DWithArgmax(_ArgmaxPool):
    """``MaxPool3DWithArgmax(ksize, strides, pads, ...)(x)``: the maximum of each window of
    an (N, C, D, H, W) ``x`` and its index, flat over D * H * W (``argmax_type``)."""

    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False,
                 data_format="NCDHW", argmax_type=onp.int64):
        super().__init__()
        self._setup(ksize, strides, pads, dilation, ceil_mode, argmax_type, ("ksize",))
        self.data_format = _format(self.name, data_format, self.formats)


class MaxPoolWithArgmaxV2(_ArgmaxPool):
    """``MaxPoolWithArgmaxV2(kernel_size, strides=None, ...)(x)``: the maximum of each
    window of an (N, C, H, W) ``x`` and its index, flat over H * W (``argmax_type``)."""

    count = 2

    def __init__(self, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
                 argmax_type=onp.int64):
        super().__init__()
        self._setup(kernel_size, strides, pads, dilation, ceil_mode, argmax_type,
                    ("kernel_size",))


def _adaptive_input(where, x, refused=("bool",)):
    _refuse(f"{where} x", x, refused)
    shape = onp.shape(getval(x))
    if len(shape) not in (4, 5) or 0 in shape:
        raise CellArgumentError(message(f"{where} x", "a (N, C, D, H, W) or (C, D, H, W) "
                                        "Tensor with no empty axis", f"shape {shape}"))
    return shape


class AdaptiveAvgPool3D(Primitive):
    """``AdaptiveAvgPool3D(output_size)(x)``: the mean of each of ``output_size`` near-equal
    (D, H, W) bins of a rank-5 or rank-4 ``x`` (None keeps that axis)."""

    def __init__(self, output_size):
        super().__init__()
        items = output_size if isinstance(output_size, tuple) else (output_size,) * 3
        if any(not (v is None or isinstance(v, numbers.Integral)) or isinstance(v, bool)
               for v in items):
            raise CellTypeError(message("AdaptiveAvgPool3D output_size", "an int or a tuple "
                                        "of 3 ints or None", describe(output_size)))
        if len(items) != 3 or any(v is not None and v < 1 for v in items):
            raise CellArgumentError(message("AdaptiveAvgPool3D output_size", "an int >= 1 or "
                                            "a tuple of 3 of them (or None)",
                                            repr(output_size)))
        self.output_size = output_size
        self._sizes = items

    def __call__(self, x):
        from ..nn.pool_cells import _bins
        rank = len(_adaptive_input("AdaptiveAvgPool3D", x,
                                   ("bool", "uint16", "uint32", "uint64")))
        dtype = onp.result_type(getval(x))
        out = x if dtype.kind == "f" else onp.asarray(getval(x), onp.float64)
        for axis, size in enumerate(self._sizes, start=rank - 3):
            out = _bins(out, axis, size, np.mean)
        return out if dtype.kind == "f" else Tensor(onp.trunc(out).astype(dtype))


class AdaptiveMaxPool3D(Primitive):
    """``AdaptiveMaxPool3D()(x, output_size)``: the maximum of each of ``output_size`` (an
    int32 Tensor of 3 values) (D, H, W) bins of a rank-5 or rank-4 ``x`` and its int32
    index, flat over D * H * W."""

    def __call__(self, x, output_size):
        from ..nn.pool3d_cells import AdaptiveMaxPool3d
        from ..tensor import is_tensor
        where = "AdaptiveMaxPool3D output_size"
        _adaptive_input("AdaptiveMaxPool3D", x)
        data = onp.asarray(getval(output_size))
        if not is_tensor(output_size) or data.dtype != onp.int32:
            raise CellTypeError(message(where, "an int32 Tensor", describe(output_size)))
        if data.shape != (3,) or (data < 1).any():
            raise CellArgumentError(message(where, "3 values >= 1 (D, H, W)",
                                            f"{data.tolist()}"))
        flat = AdaptiveMaxPool3d(tuple(int(v) for v in data))._indices(
            onp.asarray(getval(x)))
        return _gather(x, flat, flat.ndim - 3), Tensor(flat)


class _MaxUnpool(Primitive):
    count, formats = 2, ("NCHW", "NHWC")

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format=None):
        super().__init__()
        where, count = self.name, self.count
        self.ksize = sizes(where, "ksize", ksize, count)
        self.strides = sizes(where, "strides", strides, count, 0)
        self.strides = self.ksize if not any(self.strides) else self.strides
        self.pads = sizes(where, "pads", pads, count, 0)
        self.data_format = _format(where, data_format or self.formats[0], self.formats)
        shape = tuple(output_shape) if isinstance(output_shape, (tuple, list)) else None
        if shape is None or len(shape) not in (0, count + 2) or not all(
                isinstance(v, numbers.Integral) and v > 0 for v in shape):
            raise CellArgumentError(message(f"{where} output_shape", f"() or {count + 2} "
                                            "ints >= 1", repr(output_shape)))
        self.output_shape = shape

    def __call__(self, x, argmax):
        from ..nn.unpool_cells import _unpool
        from .int_inputs import index_data
        where, count = self.name, self.count
        index = index_data(argmax)
        if index.dtype not in (onp.int32, onp.int64):
            raise CellTypeError(message(f"{where} argmax", "an int32 or int64 Tensor",
                                        describe(argmax)))
        shape = _rank(f"{where} x", x, count + 2)
        if index.shape != shape:
            raise CellArgumentError(message(f"{where} argmax", f"x's shape {shape}",
                                            f"shape {index.shape}"))
        last = self.data_format[-1] == "C"
        if last:  # channels first for the scatter, back at the end
            x, index = np.moveaxis(x, -1, 1), onp.moveaxis(index, -1, 1)
        inner = onp.shape(getval(x))[2:]
        spatial = tuple((n - 1) * s - 2 * p + k for n, k, s, p in
                        zip(inner, self.ksize, self.strides, self.pads))
        if self.output_shape:
            wanted = self.output_shape[1:-1] if last else self.output_shape[2:]
            if any(abs(w - n) > s for w, n, s in zip(wanted, spatial, self.strides)):
                raise CellArgumentError(message(f"{where} output_shape", f"spatial sizes "
                                                f"within strides {self.strides} of {spatial}",
                                                repr(self.output_shape)))
            spatial = tuple(wanted)
        total = int(onp.prod(spatial))
        if index.size and (index.min() < 0 or index.max() >= total):
            raise CellArgumentError(message(f"{where} argmax", f"values in [0, {total}) for "
                                            f"an output of {spatial}",
                                            f"{index.min()}..{index.max()}"))
        out = np.reshape(_unpool(x, index, total), onp.shape(getval(x))[:2] + spatial)
        return np.moveaxis(out, 1, -1) if last else out


class MaxUnpool2D(_MaxUnpool):
    """``MaxUnpool2D(ksize, strides=0, pads=0, output_shape=(), data_format='NCHW')(x,
    argmax)``: the values of ``x`` written at ``argmax`` (flat over H * W) into zeros."""

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
        super().__init__(ksize, strides, pads, output_shape, data_format)


class MaxUnpool3D(_MaxUnpool):
    """``MaxUnpool3D(ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW')(x,
    argmax)``: the values of ``x`` written at ``argmax`` (flat over D * H * W) into zeros."""

    count, formats = 3, ("NCDHW", "NDHWC")

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCDHW"):
        super().__init__(ksize, strides, pads, output_shape, data_format)
