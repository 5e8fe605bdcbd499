"""Which calls the fast VJP makers (``fast_vjps.py``) cover, and how their gradients are
summed back to an argument's shape: both worked out once per op, in the forward pass.
"""
from functools import lru_cache
from math import prod

import numpy as onp

from ..array import Array
from ..kernels import MANY_ROWS, SHORT_ROW, rows_as_columns
from .gradients import _add_reduce, unbroadcast

# Values whose dtype the fast path reads directly: never traced, never Python numbers.
PLAIN_TYPES = frozenset([onp.ndarray, Array, onp.float16, onp.float32, onp.float64, onp.longdouble])


def traced_shapes(argnums, ans, args):
    """The shapes of the traced arguments (a tuple), or None where the fast path does not
    apply (see ``fast_vjps.py``). One and two traced arguments, most calls, are
    checked without a loop; a dtype is compared by identity first (NumPy's float dtypes
    are singletons), by value only where that fails."""
    if type(ans) not in PLAIN_TYPES:
        return None
    dtype = ans.dtype
    if dtype.kind != "f":
        return None
    count = len(argnums)
    if count == 1:
        value = args[argnums[0]]
        if type(value) in PLAIN_TYPES and (value.dtype is dtype or value.dtype == dtype):
            return (value.shape,)
        return None
    if count == 2:
        x, y = args[argnums[0]], args[argnums[1]]
        if type(x) in PLAIN_TYPES and type(y) in PLAIN_TYPES and \
                (x.dtype is dtype or x.dtype == dtype) and (y.dtype is dtype or y.dtype == dtype):
            return x.shape, y.shape
        return None
    shapes = []
    for argnum in argnums:
        value = args[argnum]
        if type(value) not in PLAIN_TYPES or value.dtype != dtype:
            return None
        shapes.append(value.shape)
    return shapes


@lru_cache(maxsize=1024)
def summing_to(g_shape, shape):
    """``unbroadcast(·, shape)`` for a ``g`` of ``g_shape``, its axes found once, in the
    forward pass: None where nothing is summed. A plain ``g`` of that shape goes straight
    to ``add.reduce``; anything else (a traced ``g`` at higher order) to ``unbroadcast``.
    Each function depends on the two shapes only, and a training step meets the same
    shapes every time, so they are kept (0.4-0.6 µs a broadcast op in the forward pass,
    0.06 µs from the cache)."""
    if g_shape == shape:
        return None
    lead = len(g_shape) - len(shape)
    if lead < 0:
        return lambda g: unbroadcast(g, shape)
    if lead:  # a bias row: the leading axes summed away
        if g_shape[lead:] != shape:
            return lambda g: unbroadcast(g, shape)
        axes, keepdims = tuple(range(lead)), False
    else:  # a keepdims column: the length-1 axes summed, kept
        axes = tuple([i for i, n in enumerate(shape) if n == 1 and g_shape[i] != 1])
        keepdims = True
        if axes == (len(shape) - 1,) and 2 <= g_shape[-1] <= SHORT_ROW and \
                len(shape) > 1 and prod(shape) >= MANY_ROWS:
            return _summing_short_rows(g_shape, shape)

    def summed(g):
        if type(g) is onp.ndarray and g.shape == g_shape:
            return _add_reduce(g, axes, None, None, keepdims)
        return unbroadcast(g, shape)
    return summed


def _summing_short_rows(g_shape, shape):
    """``g`` summed along its last, short axis (a softmax's ``x - max(x, axis=-1,
    keepdims=True)``): NumPy runs its loop once per row, so the transposed copy is summed
    along its first axis instead ((256, 10) float32: 4.4 µs row by row, 2.1 µs transposed),
    for the rows ``kernels.py``'s max/min take that way. Each row is summed in order rather
    than pairwise: a gradient's sum, whose rounding no result of NumPy's has to match."""
    def summed(g):
        if type(g) is onp.ndarray and g.shape == g_shape:
            return _add_reduce(rows_as_columns(g), 0).reshape(shape)
        return unbroadcast(g, shape)
    return summed
