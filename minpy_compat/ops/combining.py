"""MindSpore's combining and difference ops: ``block_diag``, ``cartesian_prod``,
``combinations``, ``meshgrid``, ``diff``, ``trapz``.

Built from the facade's indexing, joins and arithmetic, so gradients come from the
tracer; ``trapz`` of ints gives Float32, as in MindSpore.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.trapz(ms.Tensor([1.0, 2.0, 4.0]))
array(4.5, dtype=float32)
"""
import itertools

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .functional import one_dtype


def _shape(x):
    return onp.shape(getval(x))


def _one_d(where, inputs):
    for i, x in enumerate(inputs):
        if len(_shape(x)) != 1:
            raise CellArgumentError(message(f"{where} input {i}", "a 1-D Tensor",
                                            f"shape {_shape(x)}", "Flatten it first."))
    return one_dtype(where, inputs)


def block_diag(*inputs):
    """The Tensors (0-D as 1x1, 1-D as one row) on the diagonal of a zero matrix."""
    mats = [np.reshape(x, (1, -1)) if len(_shape(x)) < 2 else x
            for x in one_dtype("ops.block_diag", inputs)]
    for i, m in enumerate(mats):
        if len(_shape(m)) != 2:
            raise CellArgumentError(message(f"ops.block_diag input {i}", "a Tensor of rank 2 "
                                            "or less", f"shape {_shape(m)}", "Reshape it."))
    width = sum(_shape(m)[1] for m in mats)
    rows, left = [], 0
    for m in mats:
        r, c = _shape(m)
        dtype = getval(m).dtype
        rows.append(np.concatenate([np.zeros((r, left), dtype), m,
                                    np.zeros((r, width - left - c), dtype)], axis=1))
        left += c
    return np.concatenate(rows, axis=0)


def cartesian_prod(*inputs):
    """Every combination of one element from each 1-D Tensor, as rows."""
    inputs = _one_d("ops.cartesian_prod", inputs)
    if len(inputs) == 1:
        return inputs[0]
    grids = np.meshgrid(*inputs, indexing="ij")
    return np.stack([np.reshape(g, (-1,)) for g in grids], axis=1)


def combinations(input, r=2, with_replacement=False):
    """Every length-``r`` combination of the elements of 1-D ``input``, as rows."""
    _one_d("ops.combinations", [input])
    if not isinstance(r, (int, onp.integer)) or r < 0:
        raise CellArgumentError(message("ops.combinations r", "an int >= 0", repr(r),
                                        "Pass a combination length."))
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    rows = onp.array(list(pick(range(_shape(input)[0]), r)), onp.intp).reshape(-1, r)
    return input[rows]


def meshgrid(*inputs, indexing="xy"):
    """Coordinate grids from 1-D Tensors (``'xy'``: the first two axes swapped)."""
    if indexing not in ("xy", "ij"):
        raise CellArgumentError(message("ops.meshgrid indexing", "'xy' or 'ij'",
                                        repr(indexing), "Pick one of those."))
    inputs = _one_d("ops.meshgrid", inputs)
    return tuple(np.meshgrid(*inputs, indexing=indexing))


def diff(x, n=1, axis=-1, prepend=None, append=None):
    """The ``n``-th difference of ``x`` along ``axis`` (Bool: not-equal), after joining
    ``prepend`` and ``append``."""
    if not isinstance(n, (int, onp.integer)) or n < 0:
        raise CellArgumentError(message("ops.diff n", "an int >= 0", repr(n),
                                        "Pass how many times to difference."))
    rank = len(_shape(x))
    if not -max(rank, 1) <= axis < max(rank, 1) or rank == 0:
        raise CellArgumentError(message("ops.diff axis", f"an axis in [{-rank}, {rank})",
                                        axis, "Pick an existing axis."))
    parts = [p for p in (prepend, x, append) if p is not None]
    joined = np.concatenate(one_dtype("ops.diff", parts), axis=axis) if len(parts) > 1 else x
    return np.diff(joined, n=n, axis=axis)


def trapz(y, x=None, *, dx=1.0, dim=-1):
    """The trapezoid-rule integral of ``y`` along ``dim``, over sample points ``x`` (1-D or
    ``y``'s shape) or spacing ``dx``."""
    rank = len(_shape(y))
    if not -max(rank, 1) <= dim < max(rank, 1) or rank == 0:
        raise CellArgumentError(message("ops.trapz dim", f"an axis in [{-rank}, {rank})",
                                        dim, "Pick an existing axis."))
    if getval(y).dtype.kind not in "iuf":
        raise CellTypeError(message("ops.trapz y", "a numeric Tensor",
                                    f"dtype {getval(y).dtype}", "Cast it first."))
    if getval(y).dtype.kind != "f":
        y = np.asarray(y).astype(onp.float32)
    dim %= rank
    size = _shape(y)[dim]

    def part(t, start, stop):
        return t[(slice(None),) * dim + (slice(start, stop),)]
    heights = (part(y, 1, None) + part(y, 0, size - 1)) / 2
    if x is None:
        return np.sum(heights, axis=dim) * onp.asarray(dx, getval(heights).dtype)
    if len(_shape(x)) == 1:
        if _shape(x)[0] != size:
            raise CellArgumentError(message("ops.trapz x", f"{size} sample points",
                                            f"shape {_shape(x)}", "Give one per y value."))
        steps = np.reshape(np.diff(x), [-1 if d == dim else 1 for d in range(rank)])
    else:
        steps = np.diff(x, axis=dim)
    return np.sum(heights * np.asarray(steps).astype(getval(heights).dtype), axis=dim)
