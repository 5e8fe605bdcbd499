"""MindSpore 2.10's segment and scatter function ops: ``unsorted_segment_sum/max/min/prod``,
``tensor_scatter_sub/mul/div/max/min``, ``scatter_nd_update/sub/mul/div/max/min`` and
``scatter_update/mul/div/max/min`` (axis 0).

The ``scatter_*`` ops write the result back into a Parameter ``input_x`` in place (as
MindSpore's) and return it; given a plain Tensor they return the result. Gradients reach
the data and the updates of a non-Parameter call; indices get none.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.tensor_scatter_max(ms.Tensor([1.0, 5.0]), ms.Tensor([[0], [1]]), ms.Tensor([3.0, 2.0]))
array([3., 5.], dtype=float32)
"""

from .. import numpy as np
from . import scattering as T
from .indexing import INT16_UP, INT32_UP
from .prims_select import _highest, _lowest, _segment_reduce


# ---- segments ------------------------------------------------------------------------------
def _segment(name, reduce, fill, doc, ids_dtypes=INT32_UP):
    op = _segment_reduce(f"ops.{name}", reduce, fill, ids_dtypes)

    def segment(input_x, segment_ids, num_segments):
        return op(input_x, segment_ids, num_segments)
    segment.__name__ = segment.__qualname__ = name
    segment.__doc__ = doc
    return segment


unsorted_segment_sum = _segment(
    "unsorted_segment_sum", np.sum, lambda d: 0,
    "The sum of the rows of ``input_x`` in each segment (ids outside 0..n-1 dropped).",
    INT16_UP)
unsorted_segment_max = _segment(
    "unsorted_segment_max", np.max, _lowest,
    "The max of each segment (the dtype's lowest value for an empty one).")
unsorted_segment_min = _segment(
    "unsorted_segment_min", np.min, _highest,
    "The min of each segment (the dtype's highest value for an empty one).")
unsorted_segment_prod = _segment(
    "unsorted_segment_prod", np.prod, lambda d: 1,
    "The product of each segment (1 for an empty one).")


# ---- by index tuples -----------------------------------------------------------------------
def _tensor_scatter(kind):
    where = f"ops.tensor_scatter_{kind}"

    def tensor_scatter(input_x, indices, updates):
        positions = T.tensor_positions(where, kind, input_x, indices, updates)
        return T.combine_at(input_x, positions.ravel(), np.reshape(updates, (-1,)),
                            T.COMBINE[kind])
    tensor_scatter.__name__ = tensor_scatter.__qualname__ = f"tensor_scatter_{kind}"
    tensor_scatter.__doc__ = (f"``input_x`` combined ({kind}) with ``updates`` at the index "
                              "tuples ``indices`` (repeated places combine in turn).")
    return tensor_scatter


tensor_scatter_sub = _tensor_scatter("sub")
tensor_scatter_mul = _tensor_scatter("mul")
tensor_scatter_div = _tensor_scatter("div")
tensor_scatter_max = _tensor_scatter("max")
tensor_scatter_min = _tensor_scatter("min")


def _scatter_nd(kind, locking=False):
    name = f"scatter_nd_{kind}"

    def scatter_nd(input_x, indices, updates, use_locking=locking):
        return T._in_place(input_x, T.scatter_value(f"ops.{name}", kind, input_x, indices,
                                                    updates))
    scatter_nd.__name__ = scatter_nd.__qualname__ = name
    scatter_nd.__doc__ = (f"``input_x`` combined ({kind}) with ``updates`` at the index tuples "
                          "``indices``, written back in place when it is a Parameter.")
    return scatter_nd


scatter_nd_sub = _scatter_nd("sub")
scatter_nd_mul = _scatter_nd("mul")
scatter_nd_div = _scatter_nd("div")
scatter_nd_max = _scatter_nd("max")
scatter_nd_min = _scatter_nd("min")
scatter_nd_update = _scatter_nd("update", locking=True)


# ---- along axis 0 --------------------------------------------------------------------------
def _scatter(kind):
    name = f"scatter_{kind}"

    def scatter(input_x, indices, updates):
        return T._in_place(input_x, T.scatter_value(f"ops.{name}", kind, input_x, indices,
                                                    updates, rows=True))
    scatter.__name__ = scatter.__qualname__ = name
    scatter.__doc__ = (f"``input_x`` combined ({kind}) with ``updates`` at rows ``indices``"
                       " (axis 0), in place for a Parameter.")
    return scatter


scatter_update = _scatter("update")
scatter_mul = _scatter("mul")
scatter_div = _scatter("div")
scatter_max = _scatter("max")
scatter_min = _scatter("min")
