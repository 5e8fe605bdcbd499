"""Differentiable indexed assignment: ``x[index] = v`` and ``x[index] += v`` under ``grad``.

``TracedArray.__setitem__`` replaces the traced value by ``assign_at(x, index, v)``:
a copy with the slot written, whose gradient is ``g`` with the slot zeroed for ``x``
and ``g[index]`` (summed over broadcasting) for ``v``. Written with methods that work
on plain arrays and traced values alike, so it differentiates to any order.
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


def _value_grad(g, index, value):
    grad = g[index]
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


registry.define_vjp(
    assign_at,
    lambda ans, array, index, value: lambda g: assign_at(g, index, 0),
    None,
    lambda ans, array, index, value: lambda g: _value_grad(g, index, value))
