"""MindSpore's selecting and counting ops: ``index_select``, ``masked_select``,
``nonzero``, ``argwhere``, ``unique``, ``unique_consecutive``, ``bincount``, ``histc``,
``bucketize``, ``searchsorted``.

Picked values keep their gradient (``index_select``, ``masked_select``, ``unique``'s
values, ``bincount``'s weights); positions and counts are ints with none. Dtypes follow
MindSpore: positions Int64 (Int32 for ``unique``'s inverse, ``bucketize`` and
``searchsorted(out_int32=True)``), ``bincount`` Float32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.bincount(ms.Tensor([2, 1, 2]))
array([0., 1., 2.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..dispatch.numpy_getitem import scatter_add as _scatter_zeros
from ..errors import CellArgumentError, CellTypeError, message
from .indexing import _indices
from .int_inputs import index_data


def _data(x):
    return onp.asarray(index_data(x))


def _axis(where, axis, rank):
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise CellArgumentError(message(f"{where} axis", f"an axis in [{-rank}, {rank})",
                                        axis, "Pick an existing axis."))
    return axis % max(rank, 1)


# ---- picking values ------------------------------------------------------------------------
def index_select(input, axis, index):
    """The slices of ``input`` along ``axis`` at the 1-D int Tensor ``index``."""
    picked = _indices("ops.index_select", index)
    if picked.ndim != 1:
        raise CellArgumentError(message("ops.index_select index", "a 1-D Tensor",
                                        f"rank {picked.ndim}", "Flatten it first."))
    axis = _axis("ops.index_select", axis, onp.ndim(getval(input)))
    size = onp.shape(getval(input))[axis]
    if picked.size and (picked.min() < -size or picked.max() >= size):
        raise CellArgumentError(message("ops.index_select index", f"indices below {size}",
                                        picked.tolist(), "Keep them in range."))
    return np.take(input, picked, axis=axis)


def masked_select(input, mask):
    """The elements of ``input`` where the Bool Tensor ``mask`` is True (both broadcast),
    as a 1-D Tensor."""
    keep = _data(mask)
    if keep.dtype != bool:
        raise CellTypeError(message("ops.masked_select mask", "a Bool Tensor",
                                    f"dtype {keep.dtype}", "Compare first, e.g. x > 0."))
    shape = onp.broadcast_shapes(onp.shape(getval(input)), keep.shape)
    return np.broadcast_to(input, shape)[onp.broadcast_to(keep, shape)]


# ---- positions -----------------------------------------------------------------------------
def nonzero(input, *, as_tuple=False):
    """The positions of non-zero elements: an Int64 ``(n, rank)`` Tensor, or a tuple of
    one 1-D Tensor per axis with ``as_tuple=True``."""
    where = onp.nonzero(_data(input)) if onp.ndim(_data(input)) else onp.nonzero(
        _data(input).reshape(1))
    found = tuple(onp.asarray(w, onp.int64) for w in where)
    if as_tuple:
        return found
    return onp.stack(found, -1) if found else onp.zeros((0, 0), onp.int64)


def argwhere(input):
    """``nonzero``'s ``(n, rank)`` Int64 positions."""
    return nonzero(input)


# ---- distinct values -----------------------------------------------------------------------
def unique(input):
    """The distinct elements of ``input`` in order of first appearance, and for each
    element the Int32 position of its value among them."""
    data = _data(input).ravel()
    _, first, inverse = onp.unique(data, return_index=True, return_inverse=True)
    order = onp.argsort(first, kind="stable")
    rank = onp.empty_like(order)
    rank[order] = onp.arange(order.size)
    values = np.reshape(input, (-1,))[first[order]]
    return values, rank[inverse.ravel()].reshape(onp.shape(getval(input))).astype(onp.int32)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """``input`` with each run of equal elements (slices along ``dim``) kept once; with
    the Int64 run number of every element and the Int64 run lengths when asked."""
    data = _data(input)
    if dim is None:
        flat, axis = data.ravel(), 0
        source = np.reshape(input, (-1,))
    else:
        axis = _axis("ops.unique_consecutive", dim, data.ndim)
        flat, source = onp.moveaxis(data, axis, 0), input
    size = flat.shape[0]
    changed = onp.ones(size, bool)
    if size > 1:
        rest = (flat[1:] != flat[:-1]).reshape(size - 1, -1).any(axis=1)
        changed[1:] = rest
    starts = onp.nonzero(changed)[0]
    out = [np.take(source, starts, axis=axis)]
    if return_inverse:
        runs = onp.cumsum(changed) - 1
        out.append(runs.reshape(data.shape if dim is None else (size,)).astype(onp.int64))
    if return_counts:
        out.append(onp.diff(onp.append(starts, size)).astype(onp.int64))
    return out[0] if len(out) == 1 else tuple(out)


# ---- counting ------------------------------------------------------------------------------
def bincount(input, weights=None, minlength=0):
    """Float32 counts of each value of the 1-D non-negative int Tensor ``input`` (summed
    ``weights`` when given), at least ``minlength`` long."""
    values = _indices("ops.bincount", input)
    if values.ndim != 1 or (values.size and values.min() < 0):
        raise CellArgumentError(message("ops.bincount input", "a 1-D Tensor of values >= 0",
                                        f"shape {values.shape}", "Pass non-negative counts."))
    if minlength < 0:
        raise CellArgumentError(message("ops.bincount minlength", "an int >= 0", minlength,
                                        "Pass 0 or more."))
    length = max(int(values.max()) + 1 if values.size else 0, int(minlength))
    if weights is None:
        return onp.bincount(values, minlength=length).astype(onp.float32)
    weight = np.asarray(weights).astype(onp.float32)
    if onp.shape(getval(weight)) != values.shape:
        raise CellArgumentError(message("ops.bincount weights", f"shape {values.shape}",
                                        f"shape {onp.shape(getval(weight))}",
                                        "Give one weight per value."))
    return _scatter_zeros(weight, values, (length,), onp.float32)


def histc(input, bins=100, min=0.0, max=0.0):
    """Counts of ``input`` in ``bins`` equal bins over ``[min, max]`` (the data's range
    when both are 0), in ``input``'s dtype; values outside are left out."""
    data = _data(input)
    if data.dtype.kind not in "iuf" or not isinstance(bins, (int, onp.integer)) or bins <= 0:
        raise CellTypeError(message("ops.histc", "a numeric Tensor and bins > 0",
                                    f"dtype {data.dtype}, bins {bins!r}", "Cast or fix bins."))
    low, high = float(min), float(max)
    if low > high:
        raise CellArgumentError(message("ops.histc min/max", "min <= max",
                                        f"min {low}, max {high}", "Swap them."))
    if low == high and data.size:
        low, high = float(data.min()), float(data.max())
    if low == high:
        low, high = low - 1, high + 1
    counts, _ = onp.histogram(data, bins, range=(low, high))
    return counts.astype(data.dtype)


# ---- sorted positions ----------------------------------------------------------------------
def bucketize(input, boundaries, *, right=False):
    """For each element, the Int32 index of its bucket among the sorted list
    ``boundaries`` (``right=True``: a value equal to a boundary goes above it)."""
    if not isinstance(boundaries, (list, tuple)):
        raise CellTypeError(message("ops.bucketize boundaries", "a list of numbers",
                                    type(boundaries).__name__, "Pass a sorted list."))
    edges = onp.asarray(boundaries, float)
    found = onp.searchsorted(edges, _data(input), side="right" if right else "left")
    return onp.asarray(found, onp.int32)


def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None,
                 sorter=None):
    """Where each of ``values`` would go in ``sorted_sequence`` (innermost axis; leading
    axes are matched up), Int64 or Int32 with ``out_int32=True``."""
    if side not in (None, "left", "right") or (side == "left" and right):
        raise CellArgumentError(message("ops.searchsorted side", "'left' or 'right' (and "
                                        "not 'left' with right=True)", repr(side),
                                        "Pass one of them."))
    side = side or ("right" if right else "left")
    sequence, wanted = _data(sorted_sequence), _data(values)
    if sorter is not None:
        sequence = onp.take_along_axis(sequence, _data(sorter).astype(onp.intp), -1)
    if sequence.ndim > 1 and sequence.shape[:-1] != wanted.shape[:-1]:
        raise CellArgumentError(message("ops.searchsorted values",
                                        f"leading axes {sequence.shape[:-1]}",
                                        f"shape {wanted.shape}", "Match the leading axes."))
    if sequence.ndim <= 1:
        found = onp.searchsorted(sequence.ravel(), wanted, side=side)
    else:
        rows, width = sequence.reshape(-1, sequence.shape[-1]), wanted.shape[-1]
        found = onp.stack([onp.searchsorted(r, w, side=side) for r, w in
                           zip(rows, wanted.reshape(-1, width))]).reshape(wanted.shape)
    return onp.asarray(found, onp.int32 if out_int32 else onp.int64)
