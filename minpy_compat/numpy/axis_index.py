"""Index tuples along one axis, shared by the gradient rules (sort and partition orders,
``unique``, differences, the real FFTs, ``put_along_axis``): ``_along_axis_index`` applies
an argsort-like order along an axis, ``_along`` takes a part of one axis and all of the
others.
"""
import numpy as onp


def _along_axis_index(order, axis):
    """The index tuple that applies ``order`` (argsort-like) along ``axis``."""
    shape = order.shape
    index = []
    for dim, size in enumerate(shape):
        if dim == axis:
            index.append(order)
        else:
            view = [1] * len(shape)
            view[dim] = size
            index.append(onp.arange(size).reshape(view))
    return tuple(index)


def _along(axis, ndim, part):
    index = [slice(None)] * ndim
    index[axis] = part
    return tuple(index)
