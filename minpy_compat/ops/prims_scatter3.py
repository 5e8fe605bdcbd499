"""MindSpore 2.10's ``ScatterNdMul``, ``ScatterNdDiv``, ``ScatterNdMax`` and ``ScatterNdMin``:
``input_x`` (a Parameter) combined in place with ``updates`` at the index tuples
``indices``, on the scatter family's shared checks and arithmetic
(``scattering.scatter_value``), written all or nothing.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name='x')
>>> ops.ScatterNdMax()(x, ms.Tensor([[0], [2]], ms.int32), ms.Tensor([5.0, 1.0])).tolist()
[5.0, 2.0, 3.0]
"""
from .prims_scatter2 import _ScatterNd


class ScatterNdMul(_ScatterNd):
    """``ScatterNdMul()(input_x, indices, updates)``: ``input_x[indices] *= updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    kind = "mul"


class ScatterNdDiv(_ScatterNd):
    """``ScatterNdDiv()(input_x, indices, updates)``: ``input_x[indices] /= updates`` (ints
    truncate toward zero; a float divided by 0 gives inf, as MindSpore's)."""

    kind = "div"


class ScatterNdMax(_ScatterNd):
    """``ScatterNdMax()(input_x, indices, updates)``: ``input_x[indices] =
    max(input_x[indices], updates)`` at index tuples."""

    kind = "max"


class ScatterNdMin(_ScatterNd):
    """``ScatterNdMin()(input_x, indices, updates)``: ``input_x[indices] =
    min(input_x[indices], updates)`` at index tuples."""

    kind = "min"
