"""MindSpore 2.10's fractional pooling primitives: ``FractionalMaxPool`` and
``FractionalAvgPool`` (NHWC input, windows from a pooling sequence, returned with the row
and column sequences) and ``FractionalMaxPoolWithFixedKsize``,
``FractionalMaxPool3DWithFixedKsize`` with ``ops.fractional_max_pool3d`` (fixed-size
windows placed by ``random_samples``, returned with the int64 flat argmax).

Gradients come from the tracer (max: the first maximum; avg: spread evenly).

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> y, rows, cols = ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0])(ms.Tensor(onp.ones((1, 4, 4, 1))))
>>> y.shape, rows.asnumpy().tolist()
((1, 2, 2, 1), [0, 2, 4])
"""
import itertools
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from ..nn.unpool_cells import _starts
from .prims_base import AttrPrimitive

_SEQUENCE_DTYPES = (onp.float32, onp.float64, onp.int32, onp.int64)
_FIXED_DTYPES = (onp.float16, onp.float32, onp.float64, onp.int32, onp.int64)


def _pooling_sequence(size, out, pseudo_random, rng):
    """The ``out + 1`` window boundaries over ``size`` (TensorFlow's algorithm)."""
    base = size // out
    if size % out == 0:
        diff = [base] * out
    elif pseudo_random:
        alpha = size / out
        u_max = min((base + 2) / alpha - 1, (size + 1 - base) / alpha - (out - 1))
        u = rng.uniform() * u_max
        cum = [1] + [int(onp.ceil(alpha * (i + u))) for i in range(1, out)] + [size + 1]
        diff = onp.diff(cum).tolist()
    else:
        diff = [base + 1] * (size % out) + [base] * (out - size % out)
        rng.shuffle(diff)
    return onp.concatenate([[0], onp.cumsum(diff)]).astype(onp.int64)


def _pool_axis(x, axis, sequence, overlapping, reduce):
    """``reduce`` over each window of ``sequence`` along ``axis``, stacked on that axis."""
    last = onp.shape(getval(x))[axis] - 1
    parts = []
    for start, stop in zip(sequence[:-1], sequence[1:]):
        end = min(int(stop) - (0 if overlapping else 1), last)
        index = (slice(None),) * axis + (slice(int(start), end + 1),)
        parts.append(reduce(x[index], axis=axis, keepdims=True))
    return np.concatenate(parts, axis=axis)


class _FractionalPool(AttrPrimitive):
    _reduce = None

    def __init__(self, pooling_ratio, pseudo_random=False, overlapping=False,
                 deterministic=False, seed=0, seed2=0):
        super().__init__()
        where = self.name
        if not isinstance(pooling_ratio, list):
            raise CellTypeError(message(f"{where} pooling_ratio", "a list of 4 floats",
                                        describe(pooling_ratio)))
        if len(pooling_ratio) != 4 or not all(isinstance(r, numbers.Real) and r >= 1
                                              for r in pooling_ratio) or \
                pooling_ratio[0] != 1 or pooling_ratio[3] != 1:
            raise CellArgumentError(message(f"{where} pooling_ratio", "[1.0, row ratio >= 1, "
                                            "col ratio >= 1, 1.0]", repr(pooling_ratio)))
        for name, value in (("pseudo_random", pseudo_random), ("overlapping", overlapping),
                            ("deterministic", deterministic)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"{where} {name}", "a bool", describe(value)))
        for name, value in (("seed", seed), ("seed2", seed2)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise CellTypeError(message(f"{where} {name}", "an int", describe(value)))
        if not deterministic and (seed or seed2):
            raise CellArgumentError(message(f"{where} seed", "seed and seed2 both 0 unless "
                                            "deterministic=True", f"{seed} and {seed2}"))
        self._keep(pooling_ratio=list(pooling_ratio), pseudo_random=pseudo_random,
                   overlapping=overlapping, deterministic=deterministic, seed=seed,
                   seed2=seed2)

    def __call__(self, x):
        where = f"{self.name} x"
        data = getval(x)
        if onp.dtype(getattr(data, "dtype", None)) not in _SEQUENCE_DTYPES:
            raise CellTypeError(message(where, "a float32, float64, int32 or int64 Tensor",
                                        describe(x)))
        if data.ndim != 4 or 0 in data.shape:  # MindSpore refuses any empty axis
            raise CellArgumentError(message(where, "an (N, H, W, C) Tensor with no empty "
                                            "axis", f"shape {data.shape}"))
        sizes = data.shape[1:3]
        outs = [int(n // r) for n, r in zip(sizes, self.pooling_ratio[1:3])]
        if min(outs) < 1:
            raise CellArgumentError(message(f"{self.name} pooling_ratio", "ratios that leave "
                                            f"at least one output row and column of {sizes}",
                                            repr(self.pooling_ratio)))
        # deterministic: the same windows on every call (the seeds start a fresh stream)
        rng = onp.random.RandomState((self.seed, self.seed2)) if self.deterministic \
            else onp.random
        rows, cols = (_pooling_sequence(n, o, self.pseudo_random, rng)
                      for n, o in zip(sizes, outs))
        y = _pool_axis(x, 1, rows, self.overlapping, self._reduce)
        y = _pool_axis(y, 2, cols, self.overlapping, self._reduce)
        if data.dtype.kind == "i":
            y = y.astype(data.dtype)
        return y, Tensor(rows), Tensor(cols)


class FractionalMaxPool(_FractionalPool):
    """``FractionalMaxPool(pooling_ratio, ...)(x)``: the maxima of pseudo-randomly sized
    windows of an NHWC ``x``, with the int64 row and column window boundaries."""
    _reduce = staticmethod(np.max)


class FractionalAvgPool(_FractionalPool):
    """``FractionalAvgPool(pooling_ratio, ...)(x)``: the means of pseudo-randomly sized
    windows of an NHWC ``x``, with the int64 row and column window boundaries."""
    _reduce = staticmethod(np.mean)


def _sizes(where, value, count):
    items = (value,) * count if isinstance(value, numbers.Integral) else value
    if not isinstance(items, (tuple, list)) or len(items) != count or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) and v > 0
            for v in items):
        raise CellArgumentError(message(where, f"a positive int or a tuple of {count} positive "
                                        "ints", repr(value)))
    return tuple(int(v) for v in items)


def fixed_pool(x, kernel, output, samples, order):
    """(values, int64 flat argmax) of fixed-``kernel`` windows of an (N, C, *spatial) ``x``
    placed by ``samples`` (N, C, axes); spatial axis ``a`` uses sample ``order[a]``."""
    shape = onp.shape(getval(x))
    batch, channels, spatial = shape[0], shape[1], shape[2:]
    axes = len(spatial)
    places = onp.zeros((batch, channels) + tuple(output) + (int(onp.prod(kernel)),), onp.int64)
    strides = [int(onp.prod(spatial[a + 1:])) for a in range(axes)]
    for n, c in onp.ndindex(batch, channels):
        per_axis = []
        for a in range(axes):
            starts = _starts(float(samples[n, c, order[a]]), spatial[a], output[a],
                             kernel[a])
            per_axis.append(onp.add.outer(starts, onp.arange(kernel[a])) * strides[a])
        total = onp.zeros(tuple(output) + tuple(kernel), onp.int64)
        for a, taps in enumerate(per_axis):
            view = [1] * (2 * axes)
            view[a], view[axes + a] = output[a], kernel[a]
            total = total + taps.reshape(view)
        places[n, c] = total.reshape(tuple(output) + (-1,))
    base = (onp.arange(batch * channels) * int(onp.prod(spatial))).reshape(
        (batch, channels) + (1,) * (axes + 1))
    taps = np.take(np.reshape(x, (-1,)), base + places)
    first = onp.argmax(getval(taps), axis=-1)
    chosen = onp.arange(places.shape[-1]) == first[..., None]
    values = np.sum(np.where(chosen, taps, 0), axis=-1)
    if onp.dtype(getval(values).dtype) != getval(x).dtype:
        values = values.astype(getval(x).dtype)
    return values, Tensor(onp.take_along_axis(places, first[..., None], -1)[..., 0])


def _check_fixed(where, x, samples, rank, axes):
    data = getval(x)
    if onp.dtype(getattr(data, "dtype", None)) not in _FIXED_DTYPES:
        raise CellTypeError(message(f"{where} x", "a float or int32/int64 Tensor",
                                    describe(x)))
    if data.ndim != rank:
        raise CellArgumentError(message(f"{where} x", f"a rank-{rank} Tensor",
                                        f"shape {data.shape}"))
    values = onp.asarray(getval(samples))
    if values.dtype.kind != "f":
        raise CellTypeError(message(f"{where} random_samples", "a float Tensor",
                                    describe(samples)))
    if values.shape != data.shape[:2] + (axes,):
        raise CellArgumentError(message(f"{where} random_samples",
                                        f"shape {data.shape[:2] + (axes,)}",
                                        f"shape {values.shape}"))
    return data, values


def _check_room(where, spatial, kernel, output, slack):
    for n, k, o in zip(spatial, kernel, output):
        if k + o - slack > n:
            raise CellArgumentError(message(f"{where} output_shape", f"ksize + output - "
                                            f"{slack} <= input size along every axis "
                                            f"({spatial})",
                                            f"ksize {kernel} and output {output}"))


class FractionalMaxPoolWithFixedKsize(AttrPrimitive):
    """``FractionalMaxPoolWithFixedKsize(ksize, output_shape)(input_x, random_samples)``:
    the maxima of (kh, kw) windows of an NCHW ``input_x`` placed by ``random_samples``
    (N, C, 2), with their int64 flat (H * W) indices."""

    def __init__(self, ksize, output_shape, data_format="NCHW"):
        super().__init__()
        if data_format != "NCHW":
            raise CellArgumentError(message(f"{self.name} data_format", "'NCHW'",
                                            repr(data_format)))
        self._keep(ksize=_sizes(f"{self.name} ksize", ksize, 2),
                   output_shape=_sizes(f"{self.name} output_shape", output_shape, 2),
                   data_format=data_format)

    def __call__(self, input_x, random_samples):
        data, samples = _check_fixed(self.name, input_x, random_samples, 4, 2)
        _check_room(self.name, data.shape[2:], self.ksize, self.output_shape, 1)
        return fixed_pool(input_x, self.ksize, self.output_shape, samples, (1, 0))


class FractionalMaxPool3DWithFixedKsize(AttrPrimitive):
    """``FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format)(x,
    random_samples)``: the maxima of (kd, kh, kw) windows of a rank-5 (or rank-4, one
    sample) ``x`` placed by ``random_samples`` (N, C, 3), with int64 flat indices."""

    def __init__(self, ksize, output_shape, data_format="NCDHW"):
        super().__init__()
        if data_format not in ("NCDHW", "NDHWC"):
            raise CellArgumentError(message(f"{self.name} data_format", "'NCDHW' or 'NDHWC'",
                                            repr(data_format)))
        self._keep(ksize=_sizes(f"{self.name} ksize", ksize, 3),
                   output_shape=_sizes(f"{self.name} output_shape", output_shape, 3),
                   data_format=data_format)

    def __call__(self, x, random_samples):
        rank = onp.ndim(getval(x))
        single = rank == 4
        view = np.expand_dims(x, 0) if single else x
        if self.data_format == "NDHWC" and rank in (4, 5):
            view = np.moveaxis(view, -1, 1)
        data, samples = _check_fixed(self.name, view, random_samples, 5, 3)
        _check_room(self.name, data.shape[2:], self.ksize, self.output_shape, 0)
        y, index = fixed_pool(view, self.ksize, self.output_shape, samples, (0, 1, 2))
        if self.data_format == "NDHWC":
            y, index = np.moveaxis(y, 1, -1), Tensor(onp.moveaxis(index.asnumpy(), 1, -1))
        return (y[0], Tensor(index.asnumpy()[0])) if single else (y, index)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """The maxima of pseudo-randomly placed ``kernel_size`` windows of a rank-4 or rank-5
    ``input`` (``_random_samples`` (N, C, 3) fixes their placement)."""
    where = "fractional_max_pool3d"
    if output_size is None and output_ratio is None:
        raise CellArgumentError(message(f"{where} output_size", "output_size or output_ratio "
                                        "(output_size wins when both are given)", "neither"))
    shape = onp.shape(getval(input))
    if len(shape) not in (4, 5):
        raise CellArgumentError(message(f"{where} input", "a rank-4 or rank-5 Tensor",
                                        f"shape {shape}"))
    view = input if len(shape) == 5 else np.expand_dims(input, 0)
    spatial = onp.shape(getval(view))[2:]
    if output_size is None:
        ratios = (output_ratio,) * 3 if isinstance(output_ratio, numbers.Real) \
            else tuple(output_ratio)
        output_size = tuple(int(n * r) for n, r in zip(spatial, ratios))
    samples = _random_samples if _random_samples is not None else Tensor(
        onp.random.uniform(size=onp.shape(getval(view))[:2] + (3,)).astype(onp.float32))
    y, index = FractionalMaxPool3DWithFixedKsize(kernel_size, output_size)(view, samples)
    if len(shape) == 4:
        y, index = y[0], Tensor(index.asnumpy()[0])
    return (y, index) if return_indices else y


__all__ = ["FractionalAvgPool", "FractionalMaxPool", "FractionalMaxPool3DWithFixedKsize",
           "FractionalMaxPoolWithFixedKsize", "fractional_max_pool3d"]
