"""MindSpore 2.10's remaining random primitives: ``RandomChoiceWithMask`` (with
``ops.choice_with_mask``), ``ParameterizedTruncatedNormal`` and ``NonDeterministicInts``.

Seeds work as in ``prims_random.py``: nonzero ``seed``/``seed2`` give a repeatable stream
per op object, zero draws from NumPy's global stream (``ms.set_seed`` seeds it); the
function ``choice_with_mask`` takes ``seed=None`` or an int as ``fn_random``'s ops do.
The distributions are MindSpore's; the values need not equal its.

>>> import numpy as onp
>>> from minpy_compat import ops, Tensor
>>> index, mask = ops.RandomChoiceWithMask(count=3, seed=1)(Tensor(onp.ones(4, bool)))
>>> index.shape, mask.dtype
((3, 1), dtype('bool'))
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, OpInputError, describe, message
from ..tensor import is_tensor
from . import fn_random as R
from .prims_random import _Random

_FLOATS = (onp.float16, onp.float32, onp.float64)
_INTS = (onp.int32, onp.int64, onp.uint32, onp.uint64)


# ---- picking true positions ----------------------------------------------------------------
def _choose(where, rng, input_x, count):
    mask = onp.asarray(getval(input_x))
    if not is_tensor(input_x) or mask.dtype != onp.bool_:
        raise CellTypeError(message(f"{where} input_x", "a bool Tensor", describe(input_x)))
    if not 1 <= mask.ndim <= 5:
        raise CellArgumentError(message(f"{where} input_x", "rank 1 to 5", f"rank {mask.ndim}"))
    places = onp.argwhere(mask)
    picked = places[rng.permutation(len(places))[:count]]
    index = onp.zeros((count, mask.ndim), onp.int32)
    index[:len(picked)] = picked
    return wrap(index), wrap(onp.arange(count) < len(picked))


def _count(where, count):
    if isinstance(count, bool) or not isinstance(count, numbers.Integral):
        raise CellTypeError(message(f"{where} count", "an int > 0", describe(count)))
    if count <= 0:
        raise CellArgumentError(message(f"{where} count", "an int > 0", str(count)))
    return int(count)


class RandomChoiceWithMask(_Random):
    """``RandomChoiceWithMask(count=256, seed=0, seed2=0)(input_x)``: up to ``count``
    random indices (int32, ``(count, input_x.ndim)``) of the True places of the bool
    ``input_x``, and a bool mask of which rows are real (the rest are zero padding)."""

    def __init__(self, count=256, seed=0, seed2=0):
        self.count = _count("RandomChoiceWithMask", count)
        super().__init__(seed, seed2)

    def __call__(self, input_x):
        return _choose("RandomChoiceWithMask", self._rng, input_x, self.count)


def choice_with_mask(input_x, count=256, seed=None):
    """``RandomChoiceWithMask(count)(input_x)`` drawn with ``seed`` (an int or None)."""
    where = "ops.choice_with_mask"
    count = _count(where, count)
    return _choose(where, R._rng("choice_with_mask", seed), input_x, count)


# ---- truncated normal with per-batch parameters -------------------------------------------
def _truncated(rng, low, high):
    """Standard normal draws, one per element of the bounds ``low < high`` (float64 arrays)."""
    out = onp.empty(low.shape)
    pending = onp.arange(low.size)
    low, high = low.ravel(), high.ravel()
    while pending.size:
        a, b = low[pending], high[pending]
        narrow = b - a <= 3.0  # uniform proposal, accepted by the density ratio
        nearest = onp.where(a > 0, a, onp.where(b < 0, b, 0.0))
        z = onp.where(narrow, a + (b - a) * rng.random_sample(a.size), 0.0)
        keep = narrow & (rng.random_sample(a.size) <= onp.exp((nearest ** 2 - z ** 2) / 2))
        tail = ~narrow & ((a > 0.5) | (b < -0.5))  # exponential proposal on a far tail
        edge = onp.where(a > 0.5, a, -b)
        rate = (edge + onp.sqrt(edge ** 2 + 4)) / 2
        t = edge + rng.exponential(size=a.size) / rate
        ok = rng.random_sample(a.size) <= onp.exp(-(t - rate) ** 2 / 2)
        t = onp.where(a > 0.5, t, -t)
        keep |= tail & ok & (t >= a) & (t <= b)
        z = onp.where(tail, t, z)
        plain = ~narrow & ~tail  # a normal proposal covers the interval well
        n = rng.standard_normal(a.size)
        keep |= plain & (n >= a) & (n <= b)
        z = onp.where(plain, n, z)
        out.flat[pending[keep]] = z[keep]
        pending = pending[~keep]
    return out


class ParameterizedTruncatedNormal(_Random):
    """``ParameterizedTruncatedNormal(seed=0, seed2=0)(shape, mean, stdevs, min, max)``:
    N(mean, stdevs) values kept within [min, max], one parameter set per batch (row 0 of
    ``shape``); the parameters are 0-d or ``(batch,)`` Tensors of one float dtype."""

    def __call__(self, shape, mean, stdevs, min, max):
        where = "ParameterizedTruncatedNormal"
        sizes = onp.asarray(getval(shape))
        if not is_tensor(shape) or sizes.dtype not in (onp.int32, onp.int64):
            raise CellTypeError(message(f"{where} shape", "an int32 or int64 Tensor",
                                        describe(shape)))
        if sizes.ndim != 1 or sizes.size < 2 or (sizes <= 0).any():
            raise CellArgumentError(message(f"{where} shape", "a 1-D Tensor of at least 2 "
                                            "sizes > 0", str(sizes.tolist())))
        batch, params, dtype = int(sizes[0]), {}, None
        for name, value in (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max)):
            data = onp.asarray(getval(value))
            if not is_tensor(value) or data.dtype not in _FLOATS:
                raise CellTypeError(message(f"{where} {name}", "a float16, float32 or float64 "
                                            "Tensor", describe(value)))
            if dtype is not None and data.dtype != dtype:
                raise CellTypeError(message(f"{where} {name}", f"dtype {dtype} (mean's)",
                                            str(data.dtype)))
            if data.ndim > 1 or data.size not in (1, batch):
                raise CellArgumentError(message(f"{where} {name}", f"a 0-d or ({batch},) "
                                                "Tensor", f"shape {data.shape}"))
            dtype = data.dtype
            params[name] = onp.broadcast_to(data.astype(onp.float64).ravel(), (batch,))
        if (params["stdevs"] <= 0).any():
            raise OpInputError(message(f"{where} stdevs", "values > 0 in each batch",
                                       str(params["stdevs"].tolist())))
        if (params["max"] <= params["min"]).any():
            raise OpInputError(message(f"{where} max", "values greater than min in each batch",
                                       f"max {params['max'].tolist()}, "
                                       f"min {params['min'].tolist()}"))
        full = (batch, int(onp.prod(sizes[1:])))
        column = {k: v[:, None] for k, v in params.items()}
        low = onp.broadcast_to((column["min"] - column["mean"]) / column["stdevs"], full)
        high = onp.broadcast_to((column["max"] - column["mean"]) / column["stdevs"], full)
        z = _truncated(self._rng, low, high)
        values = onp.clip(column["mean"] + column["stdevs"] * z, column["min"], column["max"])
        return wrap(values.reshape(tuple(int(n) for n in sizes)).astype(dtype))


# ---- raw random integers -------------------------------------------------------------------
class NonDeterministicInts(_Random):
    """``NonDeterministicInts(dtype=int64)(shape)``: integers spread over ``dtype``'s
    whole range (int32, int64, uint32 or uint64), drawn from NumPy's global stream;
    ``shape`` (a 1-D int Tensor) has at least 2 sizes, as in MindSpore 2.10."""

    def __init__(self, dtype=onp.int64):
        dtype = onp.dtype(dtype)
        if dtype not in _INTS:
            raise CellTypeError(message("NonDeterministicInts dtype", "int32, int64, uint32 "
                                        "or uint64", str(dtype)))
        self.dtype = dtype
        super().__init__()

    def __call__(self, shape):
        where = "NonDeterministicInts shape"
        sizes = onp.asarray(getval(shape))
        if not is_tensor(shape) or sizes.dtype not in _INTS:
            raise CellTypeError(message(where, "an int32, int64, uint32 or uint64 Tensor",
                                        describe(shape)))
        if sizes.ndim != 1 or sizes.size < 2 or (sizes <= 0).any():
            raise CellArgumentError(message(where, "a 1-D Tensor of at least 2 sizes > 0",
                                            str(sizes.tolist())))
        sizes = tuple(int(n) for n in sizes)
        raw = onp.random.bytes(int(onp.prod(sizes)) * self.dtype.itemsize)
        return wrap(onp.frombuffer(raw, self.dtype).reshape(sizes).copy())
