"""MindSpore's reductions: ``ReduceMax``/``ops.amax``, ``ops.max`` with its indices,
``ops.prod``, ``argmax``/``argmin``, ``cumsum``/``CumSum`` and ``ops.norm``.

Dtypes follow MindSpore 2.10: the ``Reduce*`` primitives, ``amax``/``amin`` and
``cumsum`` keep an int input's dtype (``ReduceMean`` of Int32 is Int32, truncated);
the torch-style ``ops.sum``/``ops.prod``/``ops.cumprod`` widen ints to Int64;
``ops.argmax`` gives Int64 but ``ops.argmin`` and the ``Argmax``/``Argmin``
primitives Int32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[1.0, 3.0], [4.0, 0.0]])
>>> ops.max(x, 1)
(array([3., 4.], dtype=float32), array([1, 0]))
>>> ops.ReduceMax(keep_dims=True)(x, 1), ops.argmin(x)
(array([[3.],
       [4.]], dtype=float32), array(3, dtype=int32))
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import Array
from ..dtype import int32, int64
from .checks import axis_in_range, nonempty_reduction
from .primitives import Primitive


def _dtype(x):
    return onp.dtype(getattr(getval(x), "dtype", onp.float64))


def _axis(axis):
    if axis is None or axis == () or axis == []:
        return None
    return tuple(axis) if isinstance(axis, list) else axis


def _keep_dtype(result, x):
    """An int or bool input's reduction back in its dtype (NumPy widens to int64/float64)."""
    dtype = _dtype(x)
    return result.astype(dtype) if dtype.kind in "iub" and _dtype(result) != dtype else result


def _int64_for_ints(result, x):
    """torch-style reductions: ints and bools give Int64, floats keep theirs."""
    return result.astype(int64) if _dtype(x).kind in "iub" else result


# ---- function ops -----------------------------------------------------------------------
def amax(input, axis=None, keepdims=False):
    """The maximum over ``axis`` (ties share the gradient evenly, as in MindSpore)."""
    nonempty_reduction("ops.amax", input, _axis(axis))
    return _keep_dtype(np.amax(input, axis=_axis(axis), keepdims=keepdims), input)


def amin(input, axis=None, keepdims=False):
    """The minimum over ``axis`` (ties share the gradient evenly, as in MindSpore)."""
    nonempty_reduction("ops.amin", input, _axis(axis))
    return _keep_dtype(np.amin(input, axis=_axis(axis), keepdims=keepdims), input)


def _with_index(input, axis, keepdims, pick, choose):
    """``(values, Int64 indices)``; along an axis the gradient goes to the chosen index."""
    if axis is None:
        return choose(input, None, keepdims), pick(getval(input), None, keepdims)
    index = pick(getval(input), axis, True)
    values = np.take_along_axis(input, index, axis=axis)
    if not keepdims:
        values, index = np.squeeze(values, axis=axis), onp.squeeze(index, axis=axis)
    return values, index


def _argmax64(x, axis, keepdims):
    return onp.asarray(onp.argmax(x, axis=axis, keepdims=keepdims), onp.int64).view(Array)


def _argmin64(x, axis, keepdims):
    return onp.asarray(onp.argmin(x, axis=axis, keepdims=keepdims), onp.int64).view(Array)


def max(input, axis=None, keepdims=False):
    """``(maximum, its Int64 index)`` over ``axis`` (over everything when None)."""
    return _with_index(input, axis, keepdims, _argmax64, amax)


def min(input, axis=None, keepdims=False):
    """``(minimum, its Int64 index)`` over ``axis`` (over everything when None)."""
    return _with_index(input, axis, keepdims, _argmin64, amin)


def mean(x, axis=None, keep_dims=False):
    """The mean over ``axis``; an int input gives its dtype, truncated toward zero."""
    return _keep_dtype(np.mean(x, axis=_axis(axis), keepdims=keep_dims), x)


def prod(input, axis=None, keep_dims=False, dtype=None):
    """The product over ``axis``; ints give Int64, and ``dtype`` casts the result."""
    result = _int64_for_ints(np.prod(input, axis=_axis(axis), keepdims=keep_dims), input)
    return result if dtype is None else result.astype(dtype)


def argmax(input, dim=None, keepdim=False):
    """Int64 indices of the maximum (over the flattened input when ``dim`` is None)."""
    axis_in_range("ops.argmax dim", input, dim)
    return _argmax64(getval(input), dim, keepdim and dim is not None)


def argmin(input, axis=None, keepdims=False):
    """Int32 indices of the minimum (MindSpore's dtype, unlike ``argmax``)."""
    return _argmin64(getval(input), axis, keepdims and axis is not None).astype(int32)


def cumsum(x, axis, dtype=None):
    """Running sums along ``axis``, in ``x``'s dtype unless ``dtype`` is given."""
    result = _keep_dtype(np.cumsum(x, axis=axis), x)
    return result if dtype is None else result.astype(dtype)


def cumprod(input, dim, dtype=None):
    """Running products along ``dim``; ints give Int64, and ``dtype`` casts the result."""
    axis_in_range("ops.cumprod dim", input, dim, rank_zero_ok=False)
    result = _int64_for_ints(np.cumprod(input, axis=dim), input)
    return result if dtype is None else result.astype(dtype)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``numpy.linalg.norm``'s orders; ints give Float32, float16 stays float16."""
    if dtype is not None:
        A = A.astype(dtype)
    elif _dtype(A).kind in "iub":
        A = A.astype(onp.float32)
    return np.linalg.norm(A, ord=ord, axis=_axis(dim), keepdims=keepdim)


# ---- primitive ops ----------------------------------------------------------------------
class _Reduce(Primitive):
    def __init__(self, keep_dims=False):
        super().__init__()
        self.keep_dims = keep_dims

    def __call__(self, x, axis=()):
        if self.reduce in (np.amax, np.amin):
            nonempty_reduction(type(self).__name__, x, _axis(axis))
        reduced = self.reduce(x, axis=_axis(axis), keepdims=self.keep_dims)
        return _keep_dtype(reduced, x)


class ReduceSum(_Reduce):
    """The sum over ``axis`` (all axes by default); ints keep their dtype."""
    reduce = staticmethod(np.sum)


class ReduceMean(_Reduce):
    """The mean over ``axis``; an int input gives its dtype, truncated toward zero."""
    reduce = staticmethod(np.mean)


class ReduceMax(_Reduce):
    """``ReduceMax(keep_dims)(x, axis)``: the maximum (ties share the gradient)."""
    reduce = staticmethod(np.amax)


class ReduceMin(_Reduce):
    """``ReduceMin(keep_dims)(x, axis)``: the minimum (ties share the gradient)."""
    reduce = staticmethod(np.amin)


class ReduceProd(_Reduce):
    """``ReduceProd(keep_dims)(x, axis)``: the product."""
    reduce = staticmethod(np.prod)


class Argmax(Primitive):
    """``Argmax(axis, output_type)(x)``: indices of the maximum, Int32 by default."""

    def __init__(self, axis=-1, output_type=int32):
        super().__init__()
        self.axis, self.output_type = axis, output_type

    def __call__(self, x):
        return _argmax64(getval(x), self.axis, False).astype(self.output_type)


class Argmin(Argmax):
    """``Argmin(axis, output_type)(x)``: indices of the minimum, Int32 by default."""

    def __call__(self, x):
        return _argmin64(getval(x), self.axis, False).astype(self.output_type)


class ArgMaxWithValue(Primitive):
    """``(Int64 index, value)`` of the maximum along ``axis``."""

    def __init__(self, axis=0, keep_dims=False):
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def __call__(self, x):
        values, index = max(x, self.axis, self.keep_dims)
        return index, values


class ArgMinWithValue(ArgMaxWithValue):
    """``(Int64 index, value)`` of the minimum along ``axis``."""

    def __call__(self, x):
        values, index = min(x, self.axis, self.keep_dims)
        return index, values


class L2Normalize(Primitive):
    """``x / sqrt(max(sum(x ** 2, axis), epsilon))``: unit L2 norm along ``axis``."""

    def __init__(self, axis=0, epsilon=1e-4):
        super().__init__()
        self.axis, self.epsilon = axis, epsilon

    def __call__(self, x):
        squares = np.sum(np.square(x), axis=_axis(self.axis), keepdims=True)
        return x / np.sqrt(np.maximum(squares, self.epsilon)).astype(_dtype(x))


class CumSum(Primitive):
    """``CumSum(exclusive, reverse)(x, axis)``: running sums, shifted by one when
    ``exclusive``, from the end when ``reverse``."""

    def __init__(self, exclusive=False, reverse=False):
        super().__init__()
        self.exclusive, self.reverse = exclusive, reverse

    def _scan(self, x, axis):
        return cumsum(x, axis)

    def __call__(self, x, axis):
        if self.reverse:
            x = np.flip(x, axis=axis)
        result = self._scan(x, axis)
        if self.exclusive:
            result = self._shift(result, x, axis)
        return np.flip(result, axis=axis) if self.reverse else result

    def _shift(self, result, x, axis):
        start = np.zeros_like(np.take(result, [0], axis=axis)) + self._identity
        rest = np.take(result, onp.arange(onp.shape(getval(x))[axis] - 1), axis=axis)
        return np.concatenate([start.astype(_dtype(result)), rest], axis=axis)

    _identity = 0


class CumProd(CumSum):
    """``CumProd(exclusive, reverse)(x, axis)``: running products, shifted by one
    (starting at 1) when ``exclusive``, from the end when ``reverse``."""
    _identity = 1

    def _scan(self, x, axis):
        return _keep_dtype(np.cumprod(x, axis=axis), x)
