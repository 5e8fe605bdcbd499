"""MindSpore's scattering ops: ``index_add``, ``index_fill``, ``scatter``, ``scatter_add``,
``scatter_nd``, ``scatter_nd_add``, ``tensor_scatter_elements``, ``tensor_scatter_update``,
``tensor_scatter_add``, ``select_scatter``, ``slice_scatter``, ``diagonal_scatter``.

Each op works out which flat places of the target its updates land on (a grid of flat
positions indexed the op's way), then adds them (repeated places add up) or writes them
(the last write to a place wins). Gradients reach the target and the updates; indices
get none.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.index_add(ms.Tensor([0.0, 0.0, 0.0]), ms.Tensor([0, 0, 2]), ms.Tensor([1.0, 2.0, 3.0]), 0)
array([3., 0., 3.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..dispatch.numpy_getitem import scatter_add as _scatter_zeros
from ..errors import CellArgumentError, message
from ..tensor import Parameter
from .indexing import _indices
from .writes import assign


def _shape(x):
    return onp.shape(getval(x))


def _grid(x):
    return onp.arange(int(onp.prod(_shape(x)))).reshape(_shape(x))


def _axis(where, axis, rank):
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise CellArgumentError(message(f"{where} axis", f"an axis in [{-rank}, {rank})",
                                        axis, "Pick an existing axis."))
    return axis % max(rank, 1)


def _pick(where, grid, key):
    try:
        return grid[key]
    except IndexError as err:
        raise CellArgumentError(message(f"{where} indices", f"indices within shape {grid.shape}",
                                        str(err), "Keep every index below its axis size."))


def _fit(where, updates, positions):
    if _shape(updates) != positions.shape:
        raise CellArgumentError(message(
            f"{where} updates", f"shape {positions.shape}", f"shape {_shape(updates)}",
            "Give one update per indexed place."))
    return updates


def _place(target, positions, updates, mode):
    """``target`` with ``updates`` added (mode ``'add'``) or written at flat ``positions``."""
    shape, flat = _shape(target), positions.ravel()
    dtype, size = getval(target).dtype, (int(onp.prod(shape)),)
    values = np.reshape(np.asarray(updates).astype(dtype), (-1,))
    if mode == "add":
        return target + np.reshape(_scatter_zeros(values, flat, size, dtype), shape)
    last = len(flat) - 1 - onp.unique(flat[::-1], return_index=True)[1]  # last write wins
    written = onp.zeros(size, bool)
    written[flat[last]] = True
    placed = _scatter_zeros(values[last], flat[last], size, dtype)
    return np.where(written.reshape(shape), np.reshape(placed, shape), target)


def _in_place(input_x, result):
    if isinstance(input_x, Parameter):
        return assign(input_x, result)
    return result


# ---- along one axis ------------------------------------------------------------------------
def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """``x`` with the slices of ``y`` added at ``indices`` along ``axis`` (repeats add up)."""
    where = "ops.index_add"
    index = _indices(where, indices).ravel()
    axis = _axis(where, axis, len(_shape(x)))
    positions = _pick(where, _grid(x), (slice(None),) * axis + (index,))
    return _place(x, positions, _fit(where, y, positions), "add")


def index_fill(x, axis, index, value):
    """``x`` with the slices at ``index`` along ``axis`` set to the scalar ``value``."""
    where = "ops.index_fill"
    axis = _axis(where, axis, len(_shape(x)))
    picked = _pick(where, _grid(x), (slice(None),) * axis + (_indices(where, index).ravel(),))
    if onp.ndim(getval(value)) != 0:
        raise CellArgumentError(message(f"{where} value", "a scalar or 0-d Tensor",
                                        f"shape {_shape(value)}", "Pass one fill value."))
    mask = onp.isin(_grid(x), picked)
    return np.where(mask, np.asarray(value).astype(getval(x).dtype), x)


def _elements(where, input, axis, index, src, reduction):
    index = _indices(where, index)
    axis = _axis(where, axis, len(_shape(input)))
    if index.ndim != len(_shape(input)):
        raise CellArgumentError(message(f"{where} indices", f"rank {len(_shape(input))}",
                                        f"rank {index.ndim}", "Match the input's rank."))
    grid = _grid(input)
    region = tuple(slice(None) if d == axis else slice(0, n) for d, n in enumerate(index.shape))
    if any(n > m for n, m in zip(index.shape, grid.shape)) or \
            (index.size and not (-grid.shape[axis] <= index.min() and
                                 index.max() < grid.shape[axis])):
        raise CellArgumentError(message(f"{where} indices", f"indices within shape {grid.shape}",
                                        f"shape {index.shape}, values up to {index.max()}",
                                        "Keep every index below its axis size."))
    positions = onp.take_along_axis(grid[region], index % max(grid.shape[axis], 1), axis)
    src_region = tuple(slice(0, n) for n in index.shape)
    updates = src if onp.ndim(getval(src)) == 0 else src[src_region]
    updates = np.broadcast_to(updates, positions.shape)
    return _place(input, positions, updates, "add" if reduction == "add" else "update")


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    """``input_x`` with ``updates[i][j]`` written (``reduction='add'``: added) at
    ``indices[i][j]`` along ``axis``."""
    if reduction not in ("none", "add"):
        raise CellArgumentError(message("ops.tensor_scatter_elements reduction",
                                        "'none' or 'add'", repr(reduction),
                                        "Pick one of those."))
    return _elements("ops.tensor_scatter_elements", input_x, axis, indices, updates, reduction)


def scatter(input, axis, index, src):
    """``input`` with ``src[i][j]`` written at ``index[i][j]`` along ``axis``."""
    return _elements("ops.scatter", input, axis, index, src, "none")


# ---- by index tuples -----------------------------------------------------------------------
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


def scatter_nd(indices, updates, shape):
    """Zeros of ``shape`` with ``updates`` added at the index tuples ``indices``."""
    shape = tuple(int(n) for n in onp.asarray(getval(shape)).ravel())
    positions = _nd_positions("ops.scatter_nd", shape, indices)
    zeros = np.zeros(shape, dtype=getval(updates).dtype)
    return _place(zeros, positions, _fit("ops.scatter_nd", updates, positions), "add")


def tensor_scatter_update(input_x, indices, updates):
    """``input_x`` with ``updates`` written at the index tuples ``indices``."""
    where = "ops.tensor_scatter_update"
    positions = _nd_positions(where, _shape(input_x), indices)
    return _place(input_x, positions, _fit(where, updates, positions), "update")


def tensor_scatter_add(input_x, indices, updates):
    """``input_x`` with ``updates`` added at the index tuples ``indices``."""
    where = "ops.tensor_scatter_add"
    positions = _nd_positions(where, _shape(input_x), indices)
    return _place(input_x, positions, _fit(where, updates, positions), "add")


def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """``tensor_scatter_add``, written back in place when ``input_x`` is a Parameter."""
    where = "ops.scatter_nd_add"
    positions = _nd_positions(where, _shape(input_x), indices)
    return _in_place(input_x, _place(input_x, positions, _fit(where, updates, positions), "add"))


def scatter_add(input_x, indices, updates):
    """``input_x`` with ``updates`` added at ``indices`` along axis 0, in place for a
    Parameter."""
    where = "ops.scatter_add"
    index = _indices(where, indices)[..., None]
    positions = _nd_positions(where, _shape(input_x), index)
    return _in_place(input_x, _place(input_x, positions, _fit(where, updates, positions), "add"))


# ---- by slices -----------------------------------------------------------------------------
def select_scatter(input, src, axis, index):
    """``input`` with the slice at ``index`` along ``axis`` replaced by ``src``."""
    where = "ops.select_scatter"
    axis = _axis(where, axis, len(_shape(input)))
    positions = _pick(where, _grid(input), (slice(None),) * axis + (int(index),))
    return _place(input, positions, _fit(where, src, positions), "update")


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """``input`` with ``input[start:end:step]`` along ``axis`` replaced by ``src``."""
    where = "ops.slice_scatter"
    axis = _axis(where, axis, len(_shape(input)))
    positions = _grid(input)[(slice(None),) * axis + (slice(start, end, step),)]
    return _place(input, positions, _fit(where, src, positions), "update")


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """``input`` with its diagonal (``offset``, over ``dim1`` and ``dim2``) replaced by
    ``src``."""
    where = "ops.diagonal_scatter"
    rank = len(_shape(input))
    positions = onp.diagonal(_grid(input), offset, _axis(where, dim1, rank),
                             _axis(where, dim2, rank))
    return _place(input, positions, _fit(where, src, positions), "update")
