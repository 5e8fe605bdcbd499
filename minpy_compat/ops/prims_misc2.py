"""MindSpore 2.10's ``BatchNorm`` (``is_training=True`` normalises by the batch and
moves the running ``mean``/``variance`` Parameters in place; ``False`` reads them),
``MultiMarginLoss``, and the random primitives ``RandomCategorical``, ``Multinomial`` and
``RandomShuffle`` (nonzero seeds give a repeatable stream; values need not equal
MindSpore's). Gradients come from the tracer; float32 stays float32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.RandomShuffle(seed=1)(ms.Tensor([1.0, 2.0, 3.0])).shape
(3,)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import Array
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .checks import float_only
from .functional import stop_gradient
from .primitives import Primitive
from .prims_random import _Random
from .writes import assign_all


def _unit(where, value, low_open):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value)))
    if not (0 < value <= 1 if low_open else 0 <= value <= 1):
        interval = "(0, 1]" if low_open else "[0, 1]"
        raise CellArgumentError(message(where, f"a float in {interval}", repr(value)))
    return float(value)


class BatchNorm(Primitive):
    """``BatchNorm(is_training, epsilon, momentum, data_format)(input_x, scale, bias, mean,
    variance)``: ``(y, batch_mean, batch_variance, reserve_1, reserve_2)``, ``y`` normalised
    per channel by the batch's statistics (training) or by ``mean``/``variance`` (which,
    as in MindSpore, get no gradient)."""

    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        super().__init__()
        if not isinstance(is_training, bool):
            raise CellTypeError(message("BatchNorm is_training", "a bool",
                                        describe(is_training)))
        self.is_training = is_training
        self.epsilon = _unit("BatchNorm epsilon", epsilon, True)
        self.momentum = _unit("BatchNorm momentum", momentum, False)
        if data_format not in ("NCHW", "NHWC"):
            raise CellArgumentError(message("BatchNorm data_format", "'NCHW' or 'NHWC'",
                                            repr(data_format)))
        self.data_format = data_format

    def __call__(self, input_x, scale, bias, mean, variance):
        float_only("BatchNorm input_x", input_x)
        shape = onp.shape(getval(input_x))
        if len(shape) < 2:
            raise CellArgumentError(message("BatchNorm input_x", "a tensor of rank >= 2",
                                            f"shape {shape}"))
        axis = len(shape) - 1 if self.data_format == "NHWC" else 1
        for name, value in (("scale", scale), ("bias", bias), ("mean", mean),
                            ("variance", variance)):
            if onp.shape(getval(value)) != (shape[axis],):
                raise CellArgumentError(message(f"BatchNorm {name}", f"shape ({shape[axis]},) "
                                                "(one value per channel)",
                                                f"shape {onp.shape(getval(value))}"))
        others = tuple(a for a in range(len(shape)) if a != axis)
        along = (-1,) + (1,) * (len(shape) - 1 - axis)
        dtype = getval(input_x).dtype
        if self.is_training:
            centre = np.mean(input_x, axis=others)
            spread = np.mean(np.square(input_x - np.reshape(centre, along)), axis=others)
        else:
            centre, spread = stop_gradient(mean), stop_gradient(variance)
        inv = scale / np.sqrt(spread + dtype.type(self.epsilon))
        y = (input_x - np.reshape(centre, along)) * np.reshape(inv, along) + \
            np.reshape(bias, along)
        if not self.is_training:
            zeros = onp.zeros(shape[axis], dtype).view(Array)
            return y, zeros, zeros, zeros, zeros
        self._move(mean, variance, getval(centre), getval(spread), onp.prod(
            [shape[a] for a in others]))
        centre, spread = stop_gradient(centre), stop_gradient(spread)
        return y, centre, spread, centre, spread

    def _move(self, mean, variance, centre, spread, count):
        """The running statistics moved toward the batch's (its variance unbiased)."""
        m = self.momentum
        unbiased = spread * (count / max(count - 1, 1))
        pairs = [(p, (1 - m) * onp.asarray(getval(p)) + m * v)
                 for p, v in ((mean, centre), (variance, unbiased)) if isinstance(p, Parameter)]
        assign_all(pairs)


class MultiMarginLoss(Primitive):
    """``MultiMarginLoss(p, margin, reduction)(x, target, weight=None)``: the multi-class
    hinge loss of (N, C) scores ``x`` at int64 class indices ``target``."""

    def __init__(self, p=1, margin=1.0, reduction="mean"):
        super().__init__()
        if isinstance(p, bool) or p not in (1, 2):
            raise CellArgumentError(message("MultiMarginLoss p", "1 or 2", repr(p)))
        if isinstance(margin, bool) or not isinstance(margin, numbers.Real):
            raise CellTypeError(message("MultiMarginLoss margin", "a float", describe(margin)))
        if reduction not in ("none", "mean", "sum"):
            raise CellArgumentError(message("MultiMarginLoss reduction",
                                            "'none', 'mean' or 'sum'", repr(reduction)))
        self.p, self.margin, self.reduction = p, float(margin), reduction

    def __call__(self, x, target, weight=None):
        from ..nn import MultiMarginLoss as Loss
        if onp.asarray(getval(target)).dtype != onp.int64:
            raise CellTypeError(message("MultiMarginLoss target", "an int64 Tensor",
                                        describe(target)))
        float_only("MultiMarginLoss x", x)
        return Loss(self.p, self.margin, self.reduction, weight)(x, target)


def _int_dtype(where, dtype, allowed):
    if dtype not in allowed:
        raise CellTypeError(message(f"{where} dtype", " or ".join(
            f"ms.{onp.dtype(d).name}" for d in allowed), repr(dtype)))
    return dtype


def _count(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, "an int > 0", describe(value)))
    if value <= 0:
        raise CellArgumentError(message(where, "an int > 0", repr(value)))
    return int(value)


class RandomCategorical(Primitive):
    """``RandomCategorical(dtype=ms.int64)(logits, num_sample, seed)``: ``num_sample``
    class indices per row of (N, C) ``logits``, drawn from ``softmax(logits)``."""

    def __init__(self, dtype=onp.int64):
        super().__init__()
        self.dtype = _int_dtype("RandomCategorical", dtype, (onp.int16, onp.int32, onp.int64))

    def __call__(self, logits, num_sample, seed):
        data = onp.asarray(getval(logits), onp.float64)
        if data.ndim != 2:
            raise CellArgumentError(message("RandomCategorical logits", "a 2-D (N, C) tensor",
                                            f"shape {data.shape}"))
        count = _count("RandomCategorical num_sample", num_sample)
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise CellTypeError(message("RandomCategorical seed", "an int", describe(seed)))
        rng = onp.random.RandomState(seed) if seed else onp.random
        prob = onp.exp(data - data.max(axis=1, keepdims=True))
        cum = onp.cumsum(prob / prob.sum(axis=1, keepdims=True), axis=1)
        draws = rng.random_sample((data.shape[0], count))
        index = (draws[:, :, None] >= cum[:, None, :-1]).sum(axis=2)
        return index.astype(self.dtype).view(Array)


class Multinomial(_Random):
    """``Multinomial(seed, seed2, dtype=ms.int32)(x, num_samples)``: ``num_samples``
    indices per row of 1-D or 2-D non-negative weights ``x``, drawn with replacement."""

    def __init__(self, seed=0, seed2=0, dtype=onp.int32):
        super().__init__(seed, seed2)
        self.dtype = _int_dtype("Multinomial", dtype, (onp.int32, onp.int64))

    def __call__(self, x, num_samples):
        data = onp.asarray(getval(x), onp.float64)
        if data.ndim not in (1, 2):
            raise CellArgumentError(message("Multinomial x", "a 1-D or 2-D tensor",
                                            f"shape {data.shape}"))
        count = _count("Multinomial num_samples", num_samples)
        rows = data.reshape(-1, data.shape[-1])
        if (rows < 0).any() or (rows.sum(axis=1) <= 0).any():
            raise CellArgumentError(message("Multinomial x", "weights >= 0 with a positive "
                                            "sum per row", f"{rows.tolist()}"))
        cum = onp.cumsum(rows / rows.sum(axis=1, keepdims=True), axis=1)
        draws = self._rng.random_sample((rows.shape[0], count))
        index = (draws[:, :, None] >= cum[:, None, :-1]).sum(axis=2)
        return index.reshape(data.shape[:-1] + (count,)).astype(self.dtype).view(Array)


class RandomShuffle(_Random):
    """``RandomShuffle(seed, seed2)(x)``: ``x`` with its first axis in a random order."""

    def __call__(self, x):
        if np.ndim(x) == 0:
            return x
        order = self._rng.permutation(onp.shape(getval(x))[0])
        return np.take(x, order, axis=0)
