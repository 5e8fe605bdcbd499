"""MXNet implementations, third table: where, indexing by ints and slices, creation.

As in ``mxnet_ops_shape``, adapters work out NumPy's result shape (MXNet's legacy
NDArrays have no 0-d shape) and hand it to the op.
"""
import numpy as onp

from ..primitive import customop
from .mxnet_array import MXArray
from .mxnet_backend import FLOATS, current_mxnet_context
from .mxnet_ops import TABLE, Invalid, Unsupported, float_dtype, nd, register, shape_of
from .mxnet_ops_shape import _out, _physical


# ---- where ----------------------------------------------------------------------------------
@register
@customop('mxnet')
def mx_where(condition, x, y):
    return nd.where(condition, x, y)


mx_where.def_grad(lambda ans, c, x, y: lambda g: nd.zeros_like(c), argnum=0)
mx_where.def_grad(lambda ans, c, x, y: lambda g: nd.where(c, g, nd.zeros_like(g)), argnum=1)
mx_where.def_grad(lambda ans, c, x, y: lambda g: nd.where(c, nd.zeros_like(g), g), argnum=2)


def _where_call(condition, x=None, y=None):
    if x is None or y is None:
        raise Unsupported("where with one argument")
    float_dtype((x, y), first=1)
    float_dtype((condition, x), allow_bool=True)
    if not shape_of(condition) == shape_of(x) == shape_of(y) != ():
        raise Unsupported("where with broadcasting or 0-d arrays")
    return mx_where(condition, x, y)


TABLE[onp.where] = _where_call


# ---- indexing by ints and slices -------------------------------------------------------------
@register
@customop('mxnet')
def mx_getitem(x, begin, end, step, shape):
    return _out(nd.slice(x, begin=begin, end=end, step=step).reshape(_physical(shape)), shape)


def _getitem_grad(ans, x, begin, end, step, shape):
    sliced = tuple(len(range(b, e, s)) for b, e, s in zip(begin, end, step))
    return lambda g: nd._internal._slice_assign(
        nd.zeros_like(x), g.reshape(sliced), begin=begin, end=end, step=step)


mx_getitem.def_grad(_getitem_grad, argnum=0)


def getitem_call(x, index):
    """``x[index]`` for ints and positive-step slices; Unsupported otherwise."""
    float_dtype((x,))
    shape = shape_of(x)
    index = index if type(index) is tuple else (index,)
    for item in index:  # x[..., 0], x[None, 0]: named, whatever the count
        if type(item) not in (int, slice):
            raise Unsupported(f"index {item!r}")
    if len(index) > len(shape):  # NumPy's IndexError
        raise Invalid(f"too many indices ({len(index)}) for {len(shape)}-d array")
    if not shape:
        raise Unsupported("x[()] of a 0-d array")
    begin, end, step, out_shape = [], [], [], []
    for i, n in enumerate(shape):
        item = index[i] if i < len(index) else slice(None)
        if type(item) is int and -n <= item < n:
            b = item % n
            begin.append(b), end.append(b + 1), step.append(1)
        elif type(item) is int:
            raise Invalid(f"index {item} out of range")
        else:
            b, e, s = item.indices(n)
            if s <= 0 or len(range(b, e, s)) == 0:
                raise Unsupported("negative step or empty slice")
            begin.append(b), end.append(e), step.append(s), out_shape.append(len(range(b, e, s)))
    return mx_getitem(x, tuple(begin), tuple(end), tuple(step), tuple(out_shape))


TABLE["getitem"] = getitem_call


# ---- creation (no gradient: nothing to differentiate) ----------------------------------------
def _creation_call(fill):
    def call(shape, dtype=None, order="C", **kwargs):
        if order != "C" or kwargs:
            raise Unsupported("order= or keyword arguments")
        dtype = onp.dtype(float if dtype is None else dtype)
        shape = (shape,) if isinstance(shape, (int, onp.integer)) else shape
        if type(shape) not in (tuple, list):
            raise Unsupported(f"shape {shape!r}")
        if not all(isinstance(n, (int, onp.integer)) and n >= 0 for n in shape):
            raise Invalid(f"shape {shape!r}")
        if dtype not in FLOATS or 0 in shape:
            raise Unsupported(f"dtype {dtype} or an empty shape")
        shape = tuple(map(int, shape))
        data = nd.full(_physical(shape), fill, ctx=current_mxnet_context(), dtype=dtype)
        return MXArray(data, shape, dtype)
    return call


TABLE[onp.zeros] = _creation_call(0.0)
TABLE[onp.ones] = _creation_call(1.0)
