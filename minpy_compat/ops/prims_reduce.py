"""MindSpore's reduction and statistics primitive classes: ``ops.ReduceAll(keep_dims)(x,
axis)``, ``ops.ReduceStd(axis)(x)``, ``ops.Cummax(axis)(x)``, ``ops.Median()(x)``, ...

Each forwards to a function op (``math_reductions.py``) or composes the facade's
reductions, so gradients are the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.SquareSumAll()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0]))
(array(5., dtype=float32), array(9., dtype=float32))
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..tensor import is_tensor
from ..errors import CellArgumentError, CellTypeError, message
from . import math_reductions as R
from .prims_base import AttrPrimitive, check_int, check_ints, check_number


def _axes(axis, where, x):
    """MindSpore's axis argument (an int, a tuple/list, a Tensor; ``()`` means all) as
    NumPy's (None for all), each axis checked against x's rank."""
    if is_tensor(axis):
        axis = onp.asarray(getval(axis)).tolist()
    if axis is None or axis in ((), []):
        return None
    rank = max(onp.ndim(getval(x)), 1)
    for item in axis if isinstance(axis, (tuple, list)) else [axis]:
        if not -rank <= int(item) < rank:
            raise CellArgumentError(message(f"{where} axis", f"an axis in [{-rank}, {rank})",
                                            str(item)))
    return tuple(axis) if isinstance(axis, (tuple, list)) else int(axis)


def _keep_dims(where, keep_dims):
    return check_number(f"{where} keep_dims", keep_dims, (bool,))


class ReduceAll(AttrPrimitive):
    """``ReduceAll(keep_dims=False)(x, axis=None)``: whether all are true (Bool)."""

    def __init__(self, keep_dims=False):
        super().__init__()
        self._keep(keep_dims=_keep_dims("ReduceAll", keep_dims))

    def __call__(self, input, axis=None):
        return R.all(input, _axes(axis, "ReduceAll", input), self.keep_dims)


class ReduceAny(ReduceAll):
    """``ReduceAny(keep_dims=False)(x, axis=())``: whether any is true (Bool)."""

    def __init__(self, keep_dims=False):
        AttrPrimitive.__init__(self)
        self._keep(keep_dims=_keep_dims("ReduceAny", keep_dims))

    def __call__(self, x, axis=()):
        return R.any(x, _axes(axis, "ReduceAny", x), self.keep_dims)


class ReduceStd(AttrPrimitive):
    """``ReduceStd(axis=(), unbiased=True, keep_dims=False)(x)``: (std, mean) over axis."""

    def __init__(self, axis=(), unbiased=True, keep_dims=False):
        super().__init__()
        axis = tuple(axis) if isinstance(axis, list) else axis
        self._keep(axis=check_ints("ReduceStd axis", axis),
                   unbiased=check_number("ReduceStd unbiased", unbiased, (bool,)),
                   keep_dims=_keep_dims("ReduceStd", keep_dims))

    def __call__(self, x):
        axis = _axes(self.axis, "ReduceStd", x)
        mean = np.mean(x, axis=axis, keepdims=True)
        count = onp.size(getval(x)) // max(onp.size(getval(mean)), 1)
        spread = np.sum((x - mean) ** 2, axis=axis, keepdims=self.keep_dims)
        std = np.sqrt(spread / max(count - int(self.unbiased), 0))
        mean = mean if self.keep_dims else np.mean(x, axis=axis)
        return std.astype(getval(x).dtype), mean


class EuclideanNorm(AttrPrimitive):
    """``EuclideanNorm(keep_dims=False)(x, axes)``: sqrt(sum(x ** 2)) over the Tensor axes."""

    def __init__(self, keep_dims=False):
        super().__init__()
        self._keep(keep_dims=_keep_dims("EuclideanNorm", keep_dims))

    def __call__(self, x, axes):
        if not is_tensor(axes):
            raise CellTypeError(message("EuclideanNorm axes", "an int Tensor",
                                        type(axes).__name__, "Wrap them: ms.Tensor([0])."))
        norm = np.sqrt(np.sum(x * x, axis=_axes(axes, "EuclideanNorm", x),
                              keepdims=self.keep_dims))
        return norm.astype(getval(x).dtype)


class LpNorm(AttrPrimitive):
    """``LpNorm(axis, p=2, keep_dims=False, epsilon=1e-12)(x)``: the p-norm over axis."""

    def __init__(self, axis, p=2, keep_dims=False, epsilon=1e-12):
        super().__init__()
        axis = list(axis) if isinstance(axis, tuple) else axis
        self._keep(axis=check_ints("LpNorm axis", axis), p=check_int("LpNorm p", p),
                   keep_dims=_keep_dims("LpNorm", keep_dims),
                   epsilon=check_number("LpNorm epsilon", epsilon, (float,)))

    def __call__(self, input):
        axis = _axes(self.axis, "LpNorm", input)
        if self.p == 0:
            return np.sum((input != 0).astype(getval(input).dtype), axis=axis,
                          keepdims=self.keep_dims)
        total = np.sum(np.abs(input) ** self.p, axis=axis, keepdims=self.keep_dims)
        zero = getval(total) == 0  # no root of 0 taken: its gradient would be NaN
        norm = np.where(zero, 1.0, total) ** (1.0 / self.p)
        # MindSpore's norm is at least epsilon (there its gradient is 0)
        norm = np.where(zero | (getval(norm) < self.epsilon), self.epsilon, norm)
        return norm.astype(getval(input).dtype)


class Cummax(AttrPrimitive):
    """``Cummax(axis)(x)``: (running max, its Int64 index) along axis."""

    def __init__(self, axis):
        super().__init__()
        self._keep(axis=check_int(f"{type(self).__name__} axis", axis))

    def __call__(self, input):
        return R.cummax(input, self.axis)


class Cummin(Cummax):
    """``Cummin(axis)(x)``: (running min, its Int32 index) along axis."""

    def __call__(self, input):
        return R.cummin(input, self.axis)


class CumulativeLogsumexp(AttrPrimitive):
    """``CumulativeLogsumexp(exclusive, reverse)(x, axis)``: running log-sum-exp."""

    def __init__(self, exclusive=False, reverse=False):
        super().__init__()
        self._keep(exclusive=check_number("CumulativeLogsumexp exclusive", exclusive, (bool,)),
                   reverse=check_number("CumulativeLogsumexp reverse", reverse, (bool,)))

    def __call__(self, x, axis):
        axis = int(onp.asarray(getval(axis))) if is_tensor(axis) else check_int(
            "CumulativeLogsumexp axis", axis)
        if self.reverse:
            x = np.flip(x, axis=axis)
        result = R.logcumsumexp(x, axis)
        if self.exclusive:
            rest = np.take(result, onp.arange(onp.shape(getval(x))[axis] - 1), axis=axis)
            first = np.take(result, [0], axis=axis)  # log(0), as MindSpore: the lowest float
            start = np.full_like(first, onp.finfo(getval(first).dtype).min)
            result = np.concatenate([start, rest], axis=axis)
        return np.flip(result, axis=axis) if self.reverse else result


class CountNonZero(AttrPrimitive):
    """``CountNonZero(dims=None)(x)``: how many elements are not zero (Int64)."""

    def __init__(self, dims=None):
        super().__init__()
        self._keep(dims=dims if dims is None else check_ints("CountNonZero dims", dims))

    def __call__(self, x):
        dims = () if self.dims is None else self.dims
        return R.count_nonzero(x, dims, False, onp.int64)


class Median(AttrPrimitive):
    """``Median(global_median=False, axis=0, keep_dims=False, ignore_nan=False)(x)``:
    (lower median, its index) along axis, or (median of all of x, 0) when global_median."""

    def __init__(self, global_median=False, axis=0, keep_dims=False, ignore_nan=False):
        super().__init__()
        self._keep(global_median=check_number("Median global_median", global_median, (bool,)),
                   axis=check_int("Median axis", axis),
                   keep_dims=_keep_dims("Median", keep_dims),
                   ignore_nan=check_number("Median ignore_nan", ignore_nan, (bool,)))

    def __call__(self, x):
        if self.global_median:  # MindSpore gives index 0 and refuses keep_dims here
            if self.keep_dims:
                raise CellArgumentError(message("Median keep_dims", "False with global_median",
                                                "True"))
            return R.median(np.reshape(x, (-1,)), 0)[0], onp.zeros((), onp.int64)
        return R.median(x, self.axis, self.keep_dims)


def _square_sum_all(x, y):
    for name, value in (("x", x), ("y", y)):
        if not is_tensor(value) or getval(value).dtype.kind != "f":
            raise CellTypeError(message(f"SquareSumAll {name}", "a float Tensor",
                                        str(getattr(getval(value), "dtype", type(value)))))
    if onp.shape(getval(x)) != onp.shape(getval(y)):
        raise CellArgumentError(message("SquareSumAll y", f"x's shape {onp.shape(getval(x))}",
                                        f"shape {onp.shape(getval(y))}"))
    return np.sum(x * x), np.sum(y * y)


class SquareSumAll(AttrPrimitive):
    """``SquareSumAll()(x, y)``: (sum(x ** 2), sum(y ** 2))."""

    def __call__(self, x, y):
        return _square_sum_all(x, y)
