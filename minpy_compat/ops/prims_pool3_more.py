"""MindSpore 2.10's ``UpsampleNearest3D`` and ``UpsampleTrilinear3D`` (one spatial axis at
a time, so gradients come from the tracer), ``Dropout3D`` (whole (N, C) volumes zeroed,
the kept ones scaled by ``1 / keep_prob``, and the bool mask) and ``Bernoulli`` (0/1
draws of ``x``'s shape and dtype). The companions of ``prims_pool3``.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.UpsampleNearest3D()(ms.Tensor(onp.ones((1, 1, 1, 2, 2))), [2, 4, 4]).shape
(1, 1, 2, 4, 4)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .checks import float_only
from .primitives import Primitive
from .prims_conv import _rank


def _int(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _targets(where, shape, output_size, scales):
    """The output (D, H, W) and the scales asked for (None with ``output_size``)."""
    if (output_size is None) == (scales is None):
        raise CellArgumentError(message(f"{where} output_size", "exactly one of output_size "
                                        "and scales", "both" if scales is not None
                                        else "neither"))
    name, value = ("output_size", output_size) if scales is None else ("scales", scales)
    kind, test = ("ints", _int) if scales is None else ("floats", lambda v: isinstance(
        v, (float, onp.floating)))
    if not isinstance(value, (tuple, list)) or not all(test(v) for v in value):
        raise CellTypeError(message(f"{where} {name}", f"a tuple or list of {kind}",
                                    describe(value)))
    if len(value) != 3 or any(v <= 0 for v in value):
        raise CellArgumentError(message(f"{where} {name}", f"3 {kind} > 0 (D, H, W)",
                                        repr(value)))
    if scales is None:
        return tuple(int(v) for v in value), None
    return tuple(int(math.floor(n * s)) for n, s in zip(shape[2:], value)), tuple(value)


class _Upsample3D(Primitive):
    def _plan(self, x, output_size, scales):
        float_only(f"{self.name} x", x)
        shape = _rank(f"{self.name} x", x, 5)
        outs, scales = _targets(self.name, shape, output_size, scales)
        steps = [n / o if scales is None else 1 / s
                 for n, o, s in zip(shape[2:], outs, scales or (None,) * 3)]
        return shape[2:], outs, steps


class UpsampleNearest3D(_Upsample3D):
    """``UpsampleNearest3D()(x, output_size=None, scales=None)``: an (N, C, D, H, W) ``x``
    resized by nearest neighbour to ``output_size`` (or ``floor(size * scales)``)."""

    def __call__(self, x, output_size=None, scales=None):
        for axis, (n, out, step) in enumerate(zip(*self._plan(x, output_size, scales)), 2):
            index = onp.minimum(onp.floor(onp.arange(out) * step), n - 1).astype(onp.int64)
            x = np.take(x, index, axis=axis)
        return x


class UpsampleTrilinear3D(_Upsample3D):
    """``UpsampleTrilinear3D(align_corners=False)(x, output_size=None, scales=None)``: an
    (N, C, D, H, W) ``x`` resized by trilinear interpolation."""

    def __init__(self, align_corners=False):
        super().__init__()
        if not isinstance(align_corners, bool):
            raise CellTypeError(message("UpsampleTrilinear3D align_corners", "a bool",
                                        describe(align_corners)))
        self.align_corners = align_corners

    def __call__(self, x, output_size=None, scales=None):
        dtype = onp.result_type(getval(x))
        for axis, (n, out, step) in enumerate(zip(*self._plan(x, output_size, scales)), 2):
            if self.align_corners:
                src = onp.arange(out) * ((n - 1) / (out - 1) if out > 1 else 0.0)
            else:
                src = onp.maximum((onp.arange(out) + 0.5) * step - 0.5, 0.0)
            low = onp.minimum(onp.floor(src).astype(onp.int64), n - 1)
            high = onp.minimum(low + 1, n - 1)
            frac = (src - low).astype(dtype).reshape((-1,) + (1,) * (4 - axis))
            x = np.take(x, low, axis=axis) * (1 - frac) + np.take(x, high, axis=axis) * frac
        return x


class Dropout3D(Primitive):
    """``Dropout3D(keep_prob=0.5)(x)``: each (N, C) volume of an (N, C, D, H, W) ``x`` kept
    with probability ``keep_prob`` (and scaled by ``1 / keep_prob``), with the bool mask."""

    def __init__(self, keep_prob=0.5):
        super().__init__()
        if not isinstance(keep_prob, (float, onp.floating)):
            raise CellTypeError(message("Dropout3D keep_prob", "a float", describe(keep_prob),
                                        "Pass it as a float such as 0.5."))
        if not 0 <= keep_prob <= 1:
            raise CellArgumentError(message("Dropout3D keep_prob", "a float in [0, 1]",
                                            repr(keep_prob)))
        self.keep_prob = float(keep_prob)

    def __call__(self, x):
        shape = _rank("Dropout3D x", x, 5)
        kept = onp.random.random_sample(shape[:2] + (1, 1, 1)) < self.keep_prob
        scale = kept * (1 / self.keep_prob if self.keep_prob else 0.0)
        mask = Tensor(onp.broadcast_to(kept, shape).copy())
        dtype = onp.result_type(getval(x))
        if dtype.kind == "f":
            return x * scale.astype(dtype), mask
        return Tensor((onp.asarray(getval(x)) * scale).astype(dtype)), mask


class Bernoulli(Primitive):
    """``Bernoulli(seed=-1, offset=0)(x, p=0.5)``: 0/1 draws of ``x``'s shape and dtype,
    each 1 with probability ``p`` (a float, or a Tensor of ``x``'s shape or of size 1);
    ``seed=-1`` draws from NumPy's global generator."""

    def __init__(self, seed=-1, offset=0):
        super().__init__()
        for name, value, low in (("seed", seed, -1), ("offset", offset, 0)):
            if not _int(value):
                raise CellTypeError(message(f"Bernoulli {name}", "an int", describe(value)))
            if value < low:
                raise CellArgumentError(message(f"Bernoulli {name}", f"an int >= {low}",
                                                repr(value)))
        self.seed, self.offset = seed, offset
        self._rng = onp.random if seed == -1 else onp.random.RandomState(
            (seed + offset) % 2 ** 32)

    def __call__(self, x, p=0.5):
        data, prob = onp.asarray(getval(x)), onp.asarray(getval(p))
        if prob.dtype.kind not in "iuf":
            raise CellTypeError(message("Bernoulli p", "a float or a float Tensor",
                                        describe(p)))
        if prob.size != 1 and prob.shape != data.shape:
            raise CellArgumentError(message("Bernoulli p", f"size 1 or x's shape {data.shape}",
                                            f"shape {prob.shape}"))
        if ((prob < 0) | (prob > 1)).any():
            raise CellArgumentError(message("Bernoulli p", "probabilities in [0, 1]",
                                            str(prob.ravel()[:4])))
        chance = prob.reshape(data.shape if prob.size != 1 else ())
        return Tensor((self._rng.random_sample(data.shape) < chance).astype(data.dtype))
