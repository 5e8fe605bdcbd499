"""Where the scatter-by-index-tuples ops write: the flat places of ``indices`` in the
target, and the checks of the ``tensor_scatter_*`` family in MindSpore's order (loaded
with ``scattering.py``, which every scatter op goes through)."""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, message
from .indexing import INT32_UP, _indices

# the input_x dtypes each TensorScatter* refuses (MindSpore 2.10)
REFUSED = {"update": (), "div": ("bool", "int8", "uint8")}


def _shape(x):
    return onp.shape(getval(x))


def _fit(where, updates, positions):
    if _shape(updates) != positions.shape:
        raise CellArgumentError(message(
            f"{where} updates", f"shape {positions.shape}", f"shape {_shape(updates)}",
            "Give one update per indexed place."))
    return updates


def _nd_positions(where, shape, indices):
    index = _indices(where, indices)
    if index.ndim == 0 or index.shape[-1] > len(shape):
        raise CellArgumentError(message(f"{where} indices", f"a last axis of at most {len(shape)}",
                                        f"shape {index.shape}", "Index the leading axes."))
    grid = onp.arange(int(onp.prod(shape))).reshape(shape)
    if index.size and (index.min() < 0 or
                       (index >= onp.array(shape[:index.shape[-1]])).any()):
        raise CellArgumentError(message(f"{where} indices", f"indices within shape {shape}",
                                        f"values up to {index.max()} (least {index.min()})",
                                        "Keep every index in range."))
    return grid[tuple(onp.moveaxis(index, -1, 0))]


def tensor_positions(where, kind, input_x, indices, updates):
    """The flat places of ``tensor_scatter_{kind}``, checked as MindSpore does: input_x's
    dtype, Int32/Int64 indices and updates of input_x's own dtype before the shapes
    (TensorScatterAdd checks the shapes first)."""
    x = onp.asarray(getval(input_x)).dtype
    if kind == "add":
        _fit(where, updates, _nd_positions(where, _shape(input_x), indices))
    if x.name in REFUSED.get(kind, ("bool",)):
        raise CellTypeError(message(f"{where} input_x", f"a Tensor of numbers (not {x})",
                                    f"dtype {x}", "Cast it to a wider int or a float dtype."))
    _indices(where, indices, INT32_UP)
    u = getattr(getval(updates), "dtype", x)
    if u != x:
        raise CellTypeError(message(f"{where} updates", f"input_x's dtype {x}", f"dtype {u}",
                                    "Cast the updates with ops.cast(updates, input_x.dtype)."))
    positions = _nd_positions(where, _shape(input_x), indices)
    _fit(where, updates, positions)
    return positions
