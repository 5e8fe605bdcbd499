"""MindSpore 2.10's remaining scatter-into-a-Parameter primitives: ``ScatterMul``,
``ScatterDiv``, ``ScatterMax`` and ``ScatterMin`` (rows picked by ``indices``, as
``ScatterAdd``) and ``ScatterNdAdd``, ``ScatterNdSub`` and ``ScatterNdUpdate`` (the last
axis of ``indices`` indexes the leading axes of ``input_x``; ``prims_scatter3.py`` has the
other four). Checks and arithmetic are the function ops'
(``scattering.scatter_value``); the new value is written through ``writes.assign_all``,
so a bad argument leaves the Parameter as it was; repeated indices apply one after
another.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name='x')
>>> ops.ScatterMax()(x, ms.Tensor([0, 0], ms.int32), ms.Tensor([5.0, 4.0])).tolist()
[5.0, 2.0, 3.0]
"""
from .prims_writes import _Scatter


class ScatterMul(_Scatter):
    """``ScatterMul()(input_x, indices, updates)``: ``input_x[indices] *= updates``."""

    kind = "mul"


class ScatterDiv(_Scatter):
    """``ScatterDiv()(input_x, indices, updates)``: ``input_x[indices] /= updates`` (ints
    truncate toward zero; ``updates`` may hold no 0)."""

    kind = "div"


class ScatterMax(_Scatter):
    """``ScatterMax()(input_x, indices, updates)``: ``input_x[indices] =
    max(input_x[indices], updates)``."""

    kind = "max"


class ScatterMin(_Scatter):
    """``ScatterMin()(input_x, indices, updates)``: ``input_x[indices] =
    min(input_x[indices], updates)``."""

    kind = "min"


class _ScatterNd(_Scatter):
    rows = False


class ScatterNdAdd(_ScatterNd):
    """``ScatterNdAdd()(input_x, indices, updates)``: ``input_x[indices] += updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    kind = "add"


class ScatterNdSub(_ScatterNd):
    """``ScatterNdSub()(input_x, indices, updates)``: ``input_x[indices] -= updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    kind = "sub"


class ScatterNdUpdate(_ScatterNd):
    """``ScatterNdUpdate()(input_x, indices, updates)``: ``input_x[indices] = updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    kind = "update"

    def __init__(self, use_locking=True):
        super().__init__(use_locking)
