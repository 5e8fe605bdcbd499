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
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..array import wrap
from ..dispatch.numpy_getitem import scatter_add as _scatter_zeros
from ..errors import CellArgumentError, CellTypeError, message
from ..tensor import Parameter
from .indexing import INT16_UP, _indices
from .scatter_places import _fit, _nd_positions, _shape, tensor_positions
from .writes import assign


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
def scatter_nd(indices, updates, shape):
    """Zeros of ``shape`` with ``updates`` added at the index tuples ``indices``."""
    shape = tuple(int(n) for n in onp.asarray(getval(shape)).ravel())
    positions = _nd_positions("ops.scatter_nd", shape, indices)
    _indices("ops.scatter_nd", indices, INT16_UP)
    zeros = np.zeros(shape, dtype=getval(updates).dtype)
    return _place(zeros, positions, _fit("ops.scatter_nd", updates, positions), "add")


def tensor_scatter_update(input_x, indices, updates):
    """``input_x`` with ``updates`` written at the index tuples ``indices``."""
    positions = tensor_positions("ops.tensor_scatter_update", "update", input_x, indices,
                                 updates)
    return _place(input_x, positions, updates, "update")


def tensor_scatter_add(input_x, indices, updates):
    """``input_x`` with ``updates`` added at the index tuples ``indices``."""
    positions = tensor_positions("ops.tensor_scatter_add", "add", input_x, indices, updates)
    return _place(input_x, positions, updates, "add")


def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """``tensor_scatter_add``, written back in place when ``input_x`` is a Parameter."""
    return _in_place(input_x, scatter_value("ops.scatter_nd_add", "add", input_x, indices,
                                            updates))


def scatter_add(input_x, indices, updates):
    """``input_x`` with ``updates`` added at ``indices`` along axis 0, in place for a
    Parameter."""
    return _in_place(input_x, scatter_value("ops.scatter_add", "add", input_x, indices,
                                            updates, rows=True))


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
    kinds = {getval(input).dtype.kind, getval(src).dtype.kind}
    dtype = onp.result_type(getval(input).dtype, getval(src).dtype)
    if "f" in kinds and kinds & set("iu"):  # MindSpore: an int meeting a float keeps the float
        dtype = max(getval(input).dtype, getval(src).dtype, key=lambda d: d.kind == "f")
    return _place(np.asarray(input).astype(dtype), positions, _fit(where, src, positions),
                  "update")


# ---- the scatter family's shared arithmetic ------------------------------------------------
# ``scatter_*`` / ``scatter_nd_*`` and the primitives ``Scatter*`` / ``ScatterNd*`` all check
# their arguments and compute their new value here; ``where`` names the caller.
def _div(a, b):
    """``a / b``; ints truncate toward zero, as MindSpore's kernels (and get no gradient);
    a float divided by 0 gives inf or nan, as MindSpore's ScatterNdDiv."""
    if getval(a).dtype.kind not in "iu":
        with onp.errstate(divide="ignore", invalid="ignore"):
            return a / b
    a, b = onp.asarray(getval(a)), onp.asarray(getval(b))
    q = onp.abs(a) // onp.where(b == 0, 1, onp.abs(b))
    q = onp.where((a < 0) != (b < 0), -q, q)
    info = onp.iinfo(a.dtype)  # n / 0 saturates (0 / 0 is 0), as MindSpore's ScatterNdDiv
    top, low, zero = (onp.array(v, a.dtype) for v in (info.max, info.min, 0))
    return onp.where(b == 0, onp.where(a > 0, top, onp.where(a < 0, low, zero)),
                     q).astype(a.dtype)


COMBINE = {"sub": lambda a, b: a - b, "mul": lambda a, b: a * b, "div": _div,
           "max": np.maximum, "min": np.minimum}


# the ufunc whose unbuffered ``.at`` applies a COMBINE in order (ints divide by ``_div``)
_AT = {COMBINE["sub"]: onp.subtract, COMBINE["mul"]: onp.multiply,
       COMBINE["max"]: onp.maximum, COMBINE["min"]: onp.minimum, _div: onp.true_divide}


def combine_at(target, flat, values, combine):
    """``target`` with each of ``values`` combined into its flat place ``flat``, in order:
    the k-th update to a place is applied in round k (repeats combine one after another).
    Outside a trace one unbuffered ``ufunc.at`` pass does the same, linear in the updates."""
    dtype, ufunc = getval(target).dtype, _AT.get(combine)
    if not (isbox(target) or isbox(values)) and ufunc is not None and (
            ufunc is not onp.true_divide or dtype.kind in "fc"):
        out = onp.array(getval(target), dtype)
        with onp.errstate(divide="ignore", invalid="ignore"):
            ufunc.at(out.reshape(-1), flat, onp.asarray(getval(values)).astype(dtype))
        return wrap(out)
    order = onp.argsort(flat, kind="stable")
    rank = onp.empty(len(flat), int)
    rank[order] = onp.arange(len(flat)) - onp.searchsorted(flat[order], flat[order], "left")
    result = target
    for k in range(int(rank.max()) + 1 if rank.size else 0):
        take = onp.flatnonzero(rank == k)
        current = np.reshape(result, (-1,))[flat[take]]
        result = _place(result, flat[take], combine(current, values[take]).astype(dtype),
                        "update")
    return result


def _converts(u, x):
    """Whether MindSpore converts updates of dtype ``u`` into an in-place ``x`` of dtype
    ``x``: the promoted dtype must be ``x`` itself."""
    if u.kind == "b" or (x.kind in "fc" and u.kind in "iu"):
        return True
    return onp.promote_types(u, x) == x


def _checked_dtypes(where, input_x, updates):
    x = onp.asarray(getval(input_x)).dtype
    if x.kind not in "iufc":
        raise CellTypeError(message(f"{where} input_x", "a Tensor of numbers (not bool)",
                                    f"dtype {x}", "Cast it to an int or float dtype."))
    u = getattr(getval(updates), "dtype", None)
    if u is not None and not _converts(onp.dtype(u), x):
        raise CellTypeError(message(
            f"{where} updates", f"a dtype that converts to input_x's {x}", f"dtype {u}",
            "Cast the updates with ops.cast(updates, input_x.dtype)."))
    return np.asarray(updates).astype(x)


def scatter_value(where, kind, input_x, indices, updates, rows=False):
    """The new value of ``input_x`` after a scatter of ``kind`` (``'add'``, ``'sub'``,
    ``'mul'``, ``'div'``, ``'max'``, ``'min'`` or ``'update'``): by index tuples, or along
    axis 0 when ``rows``. Checks indices, updates (shape and dtype) and, along axis 0, that
    a ``'div'`` has no 0 (MindSpore's ScatterDiv refuses one; ScatterNdDiv gives inf)."""
    if rows:
        index = _indices(where, indices)
        length = _shape(input_x)[0] if _shape(input_x) else 0
        if index.size and (index.min() < 0 or index.max() >= length):
            raise CellArgumentError(message(f"{where} indices", f"values in [0, {length})",
                                            f"{index.min()}..{index.max()}",
                                            "Keep every row index in range."))
        indices = index[..., None]
    positions = _nd_positions(where, _shape(input_x), indices)
    _fit(where, updates, positions)
    values = _checked_dtypes(where, input_x, updates)
    if rows and kind == "div" and (onp.asarray(getval(values)) == 0).any():
        raise CellArgumentError(message(f"{where} updates", "no 0 values", "a 0",
                                        "Division by zero is refused."))
    if kind in ("add", "update"):
        return _place(input_x, positions, values, kind)
    return combine_at(input_x, positions.ravel(), np.reshape(values, (-1,)), COMBINE[kind])
