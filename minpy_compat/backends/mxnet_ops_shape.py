"""MXNet implementations, second table: reductions, shapes and joining.

Adapters compute NumPy's result shape (MXNet's legacy NDArrays have no 0-d
shape) and hand it to the op, which reports it through ``logical``.
"""
import numpy as onp

from ..primitive import customop
from .mxnet_backend import logical
from .mxnet_ops import (OPS, TABLE, Invalid, Unsupported, float_dtype, mx, nd, register,
                        shape_of)

MAX_JOINED = 32  # concatenate/stack of more arrays than this run in NumPy


def _physical(shape):
    return shape if shape else (1,)


def _out(result, shape):
    return logical(result, shape) if shape == () else result


def _axes(axis, ndim):
    """NumPy's axis argument as a sorted tuple of non-negative ints."""
    if axis is None:
        return tuple(range(ndim))
    given = (axis,) if isinstance(axis, (int, onp.integer)) else axis
    if type(given) is not tuple or not all(
            isinstance(a, (int, onp.integer)) and not isinstance(a, bool) for a in given):
        raise Unsupported(f"axis {axis!r}")
    axes = tuple(sorted({int(a) % ndim for a in given if -ndim <= a < ndim}))
    if len(axes) != len(given):
        raise Invalid(f"axis {axis!r} out of range or repeated")
    return axes


def _kept_shape(shape, axes):
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


# ---- reductions -----------------------------------------------------------------------------
def _spread(g, x, axes, shape):
    """``g`` (reduced over ``axes``) back to ``x``'s shape."""
    kept = _physical(_kept_shape(shape, axes)) if shape else (1,)
    return nd.broadcast_to(g.reshape(kept), x.shape)


@register
@customop('mxnet')
def mx_sum(x, axes, keepdims, shape, out_shape):
    return _out(nd.sum(x, axis=axes, keepdims=keepdims) if shape else x, out_shape)


mx_sum.def_grad(lambda ans, x, axes, keepdims, shape, out_shape:
                lambda g: _spread(g, x, axes, shape), argnum=0)


@register
@customop('mxnet')
def mx_mean(x, axes, keepdims, shape, out_shape):
    return _out(nd.mean(x, axis=axes, keepdims=keepdims) if shape else x, out_shape)


mx_mean.def_grad(lambda ans, x, axes, keepdims, shape, out_shape: lambda g: _spread(
    g, x, axes, shape) / max(1, int(onp.prod([shape[a] for a in axes]))), argnum=0)


def _extreme_grad(ans, x, axes, keepdims, shape, out_shape):
    """Gradient of max/min: ties share it (as autograd does)."""
    wins = (x == _spread(ans, x, axes, shape)).astype(x.dtype)
    count = _spread(nd.sum(wins, axis=axes, keepdims=True), x, axes, shape) if shape else wins
    return lambda g: _spread(g, x, axes, shape) * wins / count


def _split_extreme_ties(pick, x, axes, keepdims):
    """``pick(x, axes)`` (max or min over ``axes``) written so that MXNet's gradient gives
    tied elements equal shares: the mean of the tied elements (MXNet's own gradient of
    ``max`` gives each of them the whole of it)."""
    with mx.autograd.pause():  # constants: no gradient flows through the choice of ties
        tied = nd.broadcast_equal(x, pick(x, axis=axes, keepdims=True))
        count = nd.sum(tied, axis=axes, keepdims=keepdims)
    # where() keeps -inf and NaN elsewhere out of the sum; without a tie count is 1 and
    # the value is the extreme itself, bit for bit.
    return nd.sum(nd.where(tied, x, tied), axis=axes, keepdims=keepdims) / count


def _extreme_recorded(pick):
    """What max/min record under ``grad``: a formulation whose MXNet gradient splits ties."""
    def record_as(x, axes, keepdims, shape, out_shape):
        if not shape:
            return x
        return _out(_split_extreme_ties(pick, x, axes, keepdims), out_shape)
    return record_as


@customop('mxnet')
def mx_max(x, axes, keepdims, shape, out_shape):
    return _out(nd.max(x, axis=axes, keepdims=keepdims) if shape else x, out_shape)


mx_max.def_grad(_extreme_grad, argnum=0)
register(mx_max, record_as=_extreme_recorded(nd.max))


@customop('mxnet')
def mx_min(x, axes, keepdims, shape, out_shape):
    return _out(nd.min(x, axis=axes, keepdims=keepdims) if shape else x, out_shape)


mx_min.def_grad(_extreme_grad, argnum=0)
register(mx_min, record_as=_extreme_recorded(nd.min))


def _reduction_call(op):
    def call(a, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
        if dtype is not None or out is not None or kwargs:
            raise Unsupported("dtype=, out= or other keyword arguments")
        float_dtype((a,))
        shape = shape_of(a)
        axes = _axes(axis, len(shape))
        if shape and not axes:
            raise Unsupported("axis=() (MXNet reads an empty axis as all axes)")
        if keepdims:
            out_shape = _kept_shape(shape, axes)
        else:
            out_shape = tuple(n for i, n in enumerate(shape) if i not in axes)
        return op(a, axes, bool(keepdims), shape, out_shape)
    return call


def _extreme_call(op):
    reduce = _reduction_call(op)

    def call(a, axis=None, out=None, keepdims=False, **kwargs):
        return reduce(a, axis=axis, out=out, keepdims=keepdims, **kwargs)
    return call


TABLE[onp.sum] = _reduction_call(mx_sum)
TABLE[onp.mean] = _reduction_call(mx_mean)
for _raw in {onp.max, onp.amax}:
    TABLE[_raw] = _extreme_call(mx_max)
for _raw in {onp.min, onp.amin}:
    TABLE[_raw] = _extreme_call(mx_min)


# ---- shapes --------------------------------------------------------------------------------
@register
@customop('mxnet')
def mx_reshape(x, shape):
    return _out(x.reshape(_physical(shape)), shape)


mx_reshape.def_grad(lambda ans, x, shape: lambda g: g.reshape(x.shape), argnum=0)


def _reshape_call(a, newshape=None, order="C", shape=None):
    newshape = shape if newshape is None else newshape
    if order != "C":
        raise Unsupported("order other than 'C'")
    float_dtype((a,))
    size = int(onp.prod(shape_of(a)))
    target = onp.empty((size,), dtype=onp.bool_).reshape(newshape).shape  # NumPy's -1 rules
    return mx_reshape(a, target)


TABLE[onp.reshape] = _reshape_call


@register
@customop('mxnet')
def mx_transpose(x, axes):
    if len(axes) > 1:
        return nd.transpose(x, axes=axes)
    return x if axes else logical(x, ())  # a 0-d array stays 0-d


mx_transpose.def_grad(lambda ans, x, axes: lambda g: nd.transpose(
    g, axes=tuple(onp.argsort(axes))) if len(axes) > 1 else g, argnum=0)


def _transpose_call(a, axes=None):
    float_dtype((a,))
    ndim = len(shape_of(a))
    if axes is None:
        return mx_transpose(a, tuple(reversed(range(ndim))))
    if not all(type(axis) is int and -ndim <= axis < ndim for axis in axes):
        raise Invalid(f"axes {axes!r}")  # NumPy's AxisError or TypeError
    axes = tuple(axis % ndim for axis in axes)
    if sorted(axes) != list(range(ndim)):
        raise Invalid(f"axes {axes}")
    return mx_transpose(a, axes)


TABLE[onp.transpose] = _transpose_call


def _expand_dims_call(a, axis):
    float_dtype((a,))
    shape = shape_of(a)
    if not isinstance(axis, int):
        raise Unsupported(f"axis {axis!r}")
    if not -len(shape) - 1 <= axis <= len(shape):
        raise Invalid(f"axis {axis!r}")
    axis %= len(shape) + 1
    return mx_reshape(a, shape[:axis] + (1,) + shape[axis:])


TABLE[onp.expand_dims] = _expand_dims_call


@register
@customop('mxnet')
def mx_copy(x):
    return x.copy()


mx_copy.def_grad(lambda ans, x: lambda g: g, argnum=0)


def _copy_call(a, order="K", **kwargs):
    if order not in ("K", "C", "A") or kwargs:
        raise Unsupported("order= or keyword arguments")
    float_dtype((a,))
    return mx_copy(a) if shape_of(a) else mx_reshape(a, ())


TABLE[onp.copy] = _copy_call


# ---- joining -----------------------------------------------------------------------------------
def _part(g, axis, begin, end, like):
    return nd.slice_axis(g, axis=axis, begin=begin, end=end).reshape(like.shape)


def _concat_grad(index):
    def maker(ans, axis, *xs):
        begin = sum(x.shape[axis] for x in xs[:index])
        return lambda g: _part(g, axis, begin, begin + xs[index].shape[axis], xs[index])
    return maker


@register
@customop('mxnet')
def mx_concatenate(axis, *xs):
    return nd.concat(*xs, dim=axis)


@register
@customop('mxnet')
def mx_stack(axis, *xs):
    return nd.stack(*xs, axis=axis)


def _stack_grad(index):
    return lambda ans, axis, *xs: lambda g: _part(g, axis, index, index + 1, xs[index])


for _i in range(MAX_JOINED):
    mx_concatenate.def_grad(_concat_grad(_i), argnum=_i + 1)
    mx_stack.def_grad(_stack_grad(_i), argnum=_i + 1)


def _join_call(op, extra_axis):
    def call(arrays, axis=0, out=None, **kwargs):
        arrays = list(arrays)
        if out is not None or kwargs or not 0 < len(arrays) <= MAX_JOINED:
            raise Unsupported("out=, keyword arguments or too many arrays")
        float_dtype(arrays, names=[f"argument 0 item {i}" for i in range(len(arrays))])
        shapes = {shape_of(a) for a in arrays}
        ndim = len(next(iter(shapes))) + extra_axis
        if () in shapes or not isinstance(axis, int) or not -ndim <= axis < ndim:
            raise Unsupported(f"axis {axis!r} or 0-d arrays")
        if not _joinable(shapes, None if extra_axis else axis % ndim):
            raise Invalid("shapes that do not join")
        return op(axis % ndim, *arrays)
    return call


def _joinable(shapes, axis):
    """Whether arrays of ``shapes`` stack (``axis`` None: all equal) or concatenate."""
    if axis is None:
        return len(shapes) == 1
    return len({shape[:axis] + shape[axis + 1:] if len(shape) > axis else None
                for shape in shapes}) == 1 and len({len(s) for s in shapes}) == 1


TABLE[onp.concatenate] = _join_call(mx_concatenate, 0)
TABLE[onp.stack] = _join_call(mx_stack, 1)


from . import mxnet_ops_index  # noqa: E402,F401  (fills TABLE with where, indexing, creation)
__all__ = ["OPS", "TABLE"]
