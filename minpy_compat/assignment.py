"""Differentiable indexed assignment: ``x[index] = v`` and ``x[index] += v`` under ``grad``.

``TracedArray.__setitem__`` replaces the traced value by ``assign_at(x, index, v)``:
a copy with the slot written, whose gradient is ``g`` with the slot zeroed for ``x``
and ``g[index]`` (summed over broadcasting) for ``v``. Written with methods that work
on plain arrays and traced values alike, so it differentiates to any order.

A repeated integer index (``x[[0, 0]] = v``) writes one slot twice and NumPy keeps the
last write, so only the last writer of each slot gets a gradient; the earlier ones are
lost from the output and get zeros. ``x[[0, 0]] += v`` is ``x[[0, 0]] = x[[0, 0]] + v``
in NumPy (one increment, not two), and the same rule makes its gradient agree.
"""
import numpy as onp
from autograd.extend import primitive
from autograd.tracer import getval

from . import registry


@primitive
def assign_at(array, index, value):
    """A copy of ``array`` with ``array[index] = value`` (NumPy's casting rules)."""
    result = onp.array(array, copy=True)
    result[index] = value
    return result


def _may_repeat(index):
    """Whether ``index`` holds an integer array or list (only those can name a slot twice)."""
    for part in index if type(index) is tuple else (index,):
        if isinstance(part, (list, onp.ndarray)) and onp.asarray(part).dtype.kind in "iu":
            return True
    return False


def last_writers(shape, index):
    """A mask over ``zeros(shape)[index]``: True where that write is the one NumPy keeps
    (the last to each slot), or None when no slot is written twice. NumPy's own assignment
    decides, so the mask follows whatever order it writes in."""
    if not _may_repeat(index):
        return None
    owner = onp.full(shape, -1, dtype=onp.intp)
    writes = onp.arange(owner[index].size, dtype=onp.intp).reshape(owner[index].shape)
    owner[index] = writes
    kept = owner[index] == writes
    return None if kept.all() else kept


def _value_grad(g, index, value):
    grad = g[index]
    kept = last_writers(onp.shape(getval(g)), index)
    if kept is not None:
        grad = grad * kept
    shape = onp.shape(getval(value))
    if onp.shape(getval(grad)) != shape:  # value was broadcast into the slot
        grad = grad.sum(axis=tuple(range(onp.ndim(getval(grad)) - len(shape))))
        keep = tuple(i for i, n in enumerate(shape) if n == 1)
        if keep:
            grad = grad.sum(axis=keep, keepdims=True)
    dtype = getattr(getval(value), "dtype", None)
    if dtype is not None and dtype.kind == "f" and getval(grad).dtype != dtype:
        grad = grad.astype(dtype)
    return grad


def _value_grad_maker(ans, array, index, value):
    """``value``'s gradient: ``g`` at the slots it was written to; zeros where the array
    holds integers or booleans and ``value`` does not, because the write truncates it
    (``buf = np.zeros(2, int); buf[:] = v``) and a step function passes no gradient, as
    ``v.astype(int)`` passes none."""
    if getval(ans).dtype.kind not in "fc" and onp.result_type(getval(value)).kind in "fc":
        return lambda g: onp.zeros_like(getval(value))
    return lambda g: _value_grad(g, index, value)


registry.define_vjp(
    assign_at,
    lambda ans, array, index, value: lambda g: assign_at(g, index, 0),
    None,
    _value_grad_maker)
