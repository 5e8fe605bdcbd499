"""MindSpore 2.10's random primitives ``UniformReal``, ``StandardNormal`` and
``UniformInt``: made with ``seed`` and ``seed2`` and called with a shape. Nonzero seeds
give a repeatable stream per op object (values need not equal MindSpore's).

>>> from minpy_compat import ops
>>> ops.UniformReal(seed=2)((2, 3)).shape
(2, 3)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..array import Array
from ..errors import CellArgumentError, CellTypeError, describe, message
from .primitives import Primitive


def _shape(where, shape):
    ok = isinstance(shape, tuple) and all(
        isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in shape)
    if not ok:
        raise CellTypeError(message(f"{where} shape", "a tuple of ints", repr(shape)))
    if any(s < 0 for s in shape):
        raise CellArgumentError(message(f"{where} shape", "a tuple of ints >= 0",
                                        repr(shape)))
    return shape


class _Random(Primitive):
    def __init__(self, seed=0, seed2=0):
        super().__init__()
        for name, value in (("seed", seed), ("seed2", seed2)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise CellTypeError(message(f"{type(self).__name__} {name}", "an int >= 0",
                                            describe(value)))
            if value < 0:
                raise CellArgumentError(message(f"{type(self).__name__} {name}",
                                                "an int >= 0", describe(value)))
        self.seed, self.seed2 = int(seed), int(seed2)
        self._rng = onp.random.RandomState((seed, seed2)) if seed or seed2 else onp.random


class UniformReal(_Random):
    """``UniformReal(seed, seed2)(shape)``: float32 values uniform in [0, 1)."""

    def __call__(self, shape):
        _shape("UniformReal", shape)
        return self._rng.random_sample(shape).astype(onp.float32).view(Array)


class StandardNormal(_Random):
    """``StandardNormal(seed, seed2)(shape)``: float32 values from N(0, 1)."""

    def __call__(self, shape):
        _shape("StandardNormal", shape)
        return self._rng.standard_normal(shape).astype(onp.float32).view(Array)


class UniformInt(_Random):
    """``UniformInt(seed, seed2)(shape, minval, maxval)``: int32 values in
    [minval, maxval), the bounds int32 scalar Tensors."""

    def __call__(self, shape, minval, maxval):
        _shape("UniformInt", shape)
        bounds = []
        for name, value in (("minval", minval), ("maxval", maxval)):
            data = onp.asarray(getval(value))
            if data.dtype != onp.int32 or data.size != 1:
                raise CellTypeError(message(f"UniformInt {name}", "an int32 scalar Tensor",
                                            describe(value)))
            bounds.append(int(data.reshape(())))
        if bounds[0] >= bounds[1]:
            raise CellArgumentError(message("UniformInt minval", f"less than maxval "
                                            f"{bounds[1]}", f"{bounds[0]}"))
        return self._rng.randint(bounds[0], bounds[1], size=shape).astype(onp.int32).view(Array)
