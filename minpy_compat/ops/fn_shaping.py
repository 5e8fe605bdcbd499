"""MindSpore 2.10's shaping and index-making function ops: ``reverse``,
``reverse_sequence``, ``strided_slice``, ``slice``, ``repeat_elements``,
``space_to_batch_nd``, ``batch_to_space_nd``, ``channel_shuffle``, ``mirror_pad``,
``sequence_mask``, ``top_k``, ``tril_indices``, ``triu_indices``.

Each rearranges through the facade (take, reshape, transpose), so gradients are the
tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.sequence_mask(ms.Tensor([1, 2]), 3)
array([[ True, False, False],
       [ True,  True, False]])
"""
import builtins
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import Array
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from . import indexing as X
from . import prims_array as P
from . import rearranging as G


def _shape(x):
    return onp.shape(getval(x))


def _int(where, value, low=0):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", describe(value)))
    return int(value)


def _ints(where, value, count, low=1):
    values = P._ints(where, value)
    values = values * count if len(values) == 1 else values
    if len(values) != count or any(v < low for v in values):
        raise CellArgumentError(message(where, f"{count} ints >= {low}", repr(value)))
    return values


def _pairs(where, value, count):
    data = onp.asarray(getval(value) if is_tensor(value) else value)
    if data.dtype.kind not in "iu" or data.shape != (count, 2) or (data < 0).any():
        raise CellArgumentError(message(where, f"{count} (before, after) pairs of ints >= 0",
                                        repr(value)))
    return [tuple(int(v) for v in row) for row in data]


# ---- slicing and reversing -----------------------------------------------------------------
def reverse(x, axis):
    """``x`` reversed along each axis in the list ``axis``."""
    return P.ReverseV2(axis)(x)


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """``x`` with the first ``seq_lengths[b]`` entries along ``seq_dim`` of each batch
    ``b`` (along ``batch_dim``) reversed."""
    shape, lengths = _shape(x), onp.asarray(getval(seq_lengths))
    rank = len(shape)
    if not (-rank <= seq_dim < rank and -rank <= batch_dim < rank) or \
            seq_dim % rank == batch_dim % rank:
        raise CellArgumentError(message("ops.reverse_sequence seq_dim/batch_dim",
                                        f"two different axes of a rank-{rank} x",
                                        f"{seq_dim} and {batch_dim}"))
    seq_dim, batch_dim = seq_dim % rank, batch_dim % rank
    if lengths.dtype.kind not in "iu" or lengths.shape != (shape[batch_dim],) or \
            (lengths < 0).any() or (lengths > shape[seq_dim]).any():
        raise CellArgumentError(message(
            "ops.reverse_sequence seq_lengths", f"{shape[batch_dim]} ints in 0..{shape[seq_dim]}",
            f"{lengths.dtype} {lengths.tolist()}"))
    steps = onp.arange(shape[seq_dim]).reshape([-1 if i == seq_dim else 1 for i in range(rank)])
    ends = lengths.reshape([-1 if i == batch_dim else 1 for i in range(rank)])
    index = onp.broadcast_to(onp.where(steps < ends, ends - 1 - steps, steps), shape)
    return np.take_along_axis(x, index, axis=seq_dim)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    """``input_x[begin:end:strides]``, the masks' bit i changing the i-th index."""
    return P.StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                          shrink_axis_mask)(input_x, begin, end, strides)


def slice(input_x, begin, size):
    """The window of ``input_x`` starting at ``begin`` of ``size`` (-1: to the end)."""
    return P._slice(input_x, begin, size)


def repeat_elements(x, rep, axis=0):
    """Each element of ``x`` repeated ``rep`` times along ``axis``."""
    rep = _int("ops.repeat_elements rep", rep, 1)
    return np.repeat(x, rep, axis=axis)


# ---- blocks and channels -------------------------------------------------------------------
def space_to_batch_nd(input_x, block_size, paddings):
    """(N, C, *spatial) padded, then each block offset moved to the batch axis:
    (N * prod(block_size), C, *spatial / block_size)."""
    where, shape = "ops.space_to_batch_nd", _shape(input_x)
    count = len(P._ints(f"{where} block_size", block_size))
    count = len(shape) - 2 if count == 1 else count
    blocks = _ints(f"{where} block_size", block_size, count)
    pads = _pairs(f"{where} paddings", paddings, count)
    x = np.pad(input_x, [(0, 0)] * (len(shape) - count) + pads)
    lead, padded = _shape(x)[:-count], _shape(x)[-count:]
    if any(n % b for n, b in zip(padded, blocks)):
        raise CellArgumentError(message(f"{where} paddings", f"padded sizes divisible by "
                                        f"{blocks}", f"{padded}"))
    split = lead + sum(((n // b, b) for n, b in zip(padded, blocks)), ())
    x = np.reshape(x, split)
    k = len(lead)
    order = tuple(k + 2 * i + 1 for i in range(count)) + tuple(range(k)) + \
        tuple(k + 2 * i for i in range(count))
    x = np.transpose(x, order)
    return np.reshape(x, (-1,) + lead[1:] + tuple(n // b for n, b in zip(padded, blocks)))


def batch_to_space_nd(input_x, block_shape, crops):
    """The inverse of ``space_to_batch_nd``: blocks moved back from the batch axis, then
    cropped by ``crops``."""
    where, shape = "ops.batch_to_space_nd", _shape(input_x)
    count = len(P._ints(f"{where} block_shape", block_shape))
    count = len(shape) - 2 if count == 1 else count
    blocks = _ints(f"{where} block_shape", block_shape, count)
    cut = _pairs(f"{where} crops", crops, count)
    total = int(onp.prod(blocks))
    if shape[0] % total:
        raise CellArgumentError(message(f"{where} input_x", f"a batch divisible by {total}",
                                        f"shape {shape}"))
    lead, spatial = (shape[0] // total,) + shape[1:-count], shape[-count:]
    x = np.reshape(input_x, blocks + lead + spatial)
    k = len(lead)
    order = tuple(range(count, count + k)) + sum(
        ((count + k + i, i) for i in range(count)), ())
    x = np.reshape(np.transpose(x, order), lead + tuple(n * b for n, b in zip(spatial, blocks)))
    full = _shape(x)[-count:]
    if any(a + b > n for (a, b), n in zip(cut, full)):
        raise CellArgumentError(message(f"{where} crops", f"crops within {full}", repr(cut)))
    return x[(builtins.slice(None),) * k + tuple(
        builtins.slice(a, n - b) for (a, b), n in zip(cut, full))]


def channel_shuffle(x, groups):
    """(N, C, *rest) with its channels regrouped: (N, groups, C/groups) read as
    (N, C/groups, groups)."""
    shape = _shape(x)
    groups = _int("ops.channel_shuffle groups", groups, 1)
    if len(shape) < 3 or shape[1] % groups:
        raise CellArgumentError(message("ops.channel_shuffle x", f"at least 3 dims, channels "
                                        f"divisible by groups={groups}", f"shape {shape}"))
    x = np.reshape(x, (shape[0], groups, shape[1] // groups) + shape[2:])
    return np.reshape(G.swapaxes(x, 1, 2), shape)


def mirror_pad(input_x, paddings, mode):
    """``input_x`` padded by the (rank, 2) ``paddings``, mirroring its edge ('REFLECT')
    or including it ('SYMMETRIC')."""
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise CellArgumentError(message("ops.mirror_pad mode", "'REFLECT' or 'SYMMETRIC'",
                                        repr(mode)))
    shape = _shape(input_x)
    pads = _pairs("ops.mirror_pad paddings", paddings, len(shape))
    shift = 0 if mode == "REFLECT" else 1
    for axis, (before, after) in enumerate(pads):
        n = shape[axis]
        if max(before, after) > n - 1 + shift:
            raise CellArgumentError(message("ops.mirror_pad paddings", f"at most {n - 1 + shift}"
                                            f" on axis {axis} ({mode})", f"{(before, after)}"))
        index = onp.arange(-before, n + after)
        index = onp.where(index < 0, -index - shift, index)
        index = onp.where(index >= n, 2 * n - 2 + shift - index, index)
        input_x = np.take(input_x, index, axis=axis)
    return input_x


# ---- masks and indices ---------------------------------------------------------------------
def sequence_mask(lengths, maxlen=None):
    """Bool mask of shape ``lengths.shape + (maxlen,)``: True below each length."""
    data = onp.asarray(getval(lengths))
    if data.dtype.kind not in "iu":
        raise CellTypeError(message("ops.sequence_mask lengths", "an int Tensor",
                                    str(data.dtype)))
    maxlen = int(data.max()) if maxlen is None else _int("ops.sequence_mask maxlen", maxlen, 1)
    return (onp.arange(maxlen) < data[..., None]).view(Array)


def top_k(input_x, k, sorted=True):
    """``(the k largest values along the last axis, their Int32 indices)``."""
    length = _shape(input_x)[-1] if _shape(input_x) else 1
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= k <= length:
        raise CellArgumentError(message("ops.top_k k", f"an int in 0..{length}", describe(k)))
    if k == 0:
        empty = np.take(input_x, onp.zeros(0, int), axis=-1)
        return empty, onp.zeros(onp.shape(getval(empty)), onp.int32).view(Array)
    return X.topk(input_x, k)


def _triangle(name, pick, row, col, offset, dtype):
    row = _int(f"ops.{name} row", row)
    col = _int(f"ops.{name} col", col)
    if isinstance(offset, bool) or not isinstance(offset, numbers.Integral):
        raise CellTypeError(message(f"ops.{name} offset", "an int", describe(offset)))
    dtype = onp.dtype(dtype)
    if dtype not in (onp.int32, onp.int64):
        raise CellTypeError(message(f"ops.{name} dtype", "int32 or int64", str(dtype)))
    return onp.stack(pick(row, int(offset), col)).astype(dtype).reshape(2, -1).view(Array)


def tril_indices(row, col, offset=0, *, dtype=onp.int64):
    """The (2, n) row/column indices of the lower triangle of a row x col matrix."""
    return _triangle("tril_indices", onp.tril_indices, row, col, offset, dtype)


def triu_indices(row, col, offset=0, *, dtype=onp.int64):
    """The (2, n) row/column indices of the upper triangle of a row x col matrix."""
    return _triangle("triu_indices", onp.triu_indices, row, col, offset, dtype)
