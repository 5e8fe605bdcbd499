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
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from . import scattering as T
from .indexing import _indices
from .prims_select import _highest, _lowest, _scatter_combine, _segment_reduce


# ---- segments ------------------------------------------------------------------------------
def _segment(name, reduce, fill, doc):
    op = _segment_reduce(f"ops.{name}", reduce, fill)

    def segment(input_x, segment_ids, num_segments):
        return op(input_x, segment_ids, num_segments)
    segment.__name__ = segment.__qualname__ = name
    segment.__doc__ = doc
    return segment


unsorted_segment_sum = _segment(
    "unsorted_segment_sum", np.sum, lambda d: 0,
    "The sum of the rows of ``input_x`` in each segment (ids outside 0..n-1 dropped).")
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
def _div(a, b):
    return a / b


_COMBINE = {"sub": lambda a, b: a - b, "mul": lambda a, b: a * b, "div": _div,
            "max": np.maximum, "min": np.minimum}


def _tensor_scatter(kind):
    op = _scatter_combine(f"ops.tensor_scatter_{kind}", _COMBINE[kind])

    def tensor_scatter(input_x, indices, updates):
        return op(input_x, indices, updates)
    tensor_scatter.__name__ = tensor_scatter.__qualname__ = f"tensor_scatter_{kind}"
    tensor_scatter.__doc__ = (f"``input_x`` combined ({kind}) with ``updates`` at the index "
                              "tuples ``indices`` (repeated places combine in turn).")
    return tensor_scatter


tensor_scatter_sub = _tensor_scatter("sub")
tensor_scatter_mul = _tensor_scatter("mul")
tensor_scatter_div = _tensor_scatter("div")
tensor_scatter_max = _tensor_scatter("max")
tensor_scatter_min = _tensor_scatter("min")


def _scatter_nd(kind):
    name = f"scatter_nd_{kind}"
    op = _scatter_combine(f"ops.{name}", _COMBINE[kind])

    def scatter_nd(input_x, indices, updates, use_locking=False):
        return T._in_place(input_x, op(input_x, indices, updates))
    scatter_nd.__name__ = scatter_nd.__qualname__ = name
    scatter_nd.__doc__ = (f"``tensor_scatter_{kind}``, written back in place when "
                          "``input_x`` is a Parameter.")
    return scatter_nd


scatter_nd_sub = _scatter_nd("sub")
scatter_nd_mul = _scatter_nd("mul")
scatter_nd_div = _scatter_nd("div")
scatter_nd_max = _scatter_nd("max")
scatter_nd_min = _scatter_nd("min")


def scatter_nd_update(input_x, indices, updates, use_locking=True):
    """``input_x`` with ``updates`` written at the index tuples ``indices``, in place for a
    Parameter."""
    where = "ops.scatter_nd_update"
    positions = T._nd_positions(where, T._shape(input_x), indices)
    return T._in_place(input_x, T._place(input_x, positions,
                                         T._fit(where, updates, positions), "update"))


# ---- along axis 0 --------------------------------------------------------------------------
def _rows(where, input_x, indices):
    """``indices`` as index tuples into axis 0, checked against ``input_x``'s length."""
    index = _indices(where, indices)
    rows = onp.shape(getval(input_x))[0] if onp.ndim(getval(input_x)) else 0
    if index.size and (index.min() < 0 or index.max() >= rows):
        raise CellArgumentError(message(f"{where} indices", f"values in [0, {rows})",
                                        f"{index.min()}..{index.max()}"))
    return index[..., None]


def scatter_update(input_x, indices, updates):
    """``input_x[indices] = updates`` (axis 0), in place for a Parameter."""
    return scatter_nd_update(input_x, _rows("ops.scatter_update", input_x, indices), updates)


def _scatter(kind):
    name = f"scatter_{kind}"
    op = _scatter_combine(f"ops.{name}", _COMBINE[kind])

    def scatter(input_x, indices, updates):
        index = _rows(f"ops.{name}", input_x, indices)
        return T._in_place(input_x, op(input_x, index, updates))
    scatter.__name__ = scatter.__qualname__ = name
    scatter.__doc__ = (f"``input_x`` combined ({kind}) with ``updates`` at rows ``indices``"
                       " (axis 0), in place for a Parameter.")
    return scatter


scatter_mul = _scatter("mul")
scatter_div = _scatter("div")
scatter_max = _scatter("max")
scatter_min = _scatter("min")
