"""MindSpore 2.10's sorted-segment, reordering, window and set primitives:
``SegmentSum``/``Max``/``Min``/``Mean``/``Prod``, ``ReverseSequence``, ``BatchToSpaceND``,
``SpaceToBatchND``, ``ChannelShuffle``, ``BartlettWindow``/``BlackmanWindow``/
``HammingWindow``, ``ListDiff`` and ``UniqueWithPad`` (with ``ops.unique_with_pad``).

Most forward to the function op of the same meaning; gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.SegmentSum()(ms.Tensor([1.0, 2.0, 4.0]), ms.Tensor([0, 0, 2], ms.int32))
array([3., 0., 4.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from . import fn_shaping as F
from . import fn_windows as W
from .prims_base import AttrPrimitive, check_int, check_ints, check_number
from .prims_select import _segment_reduce, refuse_bool


def _ints_of(where, x, kinds=(onp.int32, onp.int64)):
    data = onp.asarray(getval(x))
    if not is_tensor(x) or data.dtype not in kinds:
        raise CellTypeError(message(where, "an int32 or int64 Tensor", describe(x)))
    return data


# ---- sorted segments -----------------------------------------------------------------------
def _sorted_ids(where, input_x, segment_ids):
    ids = _ints_of(f"{where} segment_ids", segment_ids)
    rows = onp.shape(getval(input_x))[:1]
    if ids.ndim != 1 or (ids.size,) != rows:
        raise CellArgumentError(message(f"{where} segment_ids", f"a 1-D Tensor of {rows} ids "
                                        "(one per row of input_x)", f"shape {ids.shape}"))
    if ids.size and ids.min() < 0:
        raise CellArgumentError(message(f"{where} segment_ids", "ids >= 0", str(ids.min())))
    if (onp.diff(ids) < 0).any():
        raise CellArgumentError(message(f"{where} segment_ids", "ids sorted ascending",
                                        str(ids.tolist()), "Sort the rows by segment first."))
    return ids, int(ids[-1]) + 1 if ids.size else 0


def _segment(name, reduce, fill, empty_zero=False, mean=False):
    op = _segment_reduce(name, reduce, fill)

    def call(self, input_x, segment_ids):
        refuse_bool(name, input_x)
        ids, count = _sorted_ids(name, input_x, segment_ids)
        out = op(input_x, wrap(ids), count)
        sizes = onp.bincount(ids, minlength=count).reshape((-1,) + (1,) * (out.ndim - 1))
        if mean:
            dtype = getval(out).dtype
            ratio = out / onp.maximum(sizes, 1).astype(dtype if dtype.kind == "f" else "f8")
            out = ratio.astype(dtype) if dtype.kind == "f" else np.trunc(ratio).astype(dtype)
        if empty_zero:
            out = np.where(sizes > 0, out, onp.zeros((), getval(out).dtype))
        return out
    doc = f"``{name}()(input_x, segment_ids)``: per segment of the sorted ids, the rows' " \
          f"{name[7:].lower()} (rows of an empty segment are " \
          f"{'1' if name == 'SegmentProd' else '0'})."
    return type(name, (AttrPrimitive,), {"__call__": call, "__doc__": doc,
                                         "__module__": __name__})


SegmentSum = _segment("SegmentSum", np.sum, lambda d: 0)
SegmentMax = _segment("SegmentMax", np.max, lambda d: _extreme(d, "min"), empty_zero=True)
SegmentMin = _segment("SegmentMin", np.min, lambda d: _extreme(d, "max"), empty_zero=True)
SegmentMean = _segment("SegmentMean", np.sum, lambda d: 0, mean=True)
SegmentProd = _segment("SegmentProd", np.prod, lambda d: 1)


def _extreme(dtype, end):
    info = onp.finfo(dtype) if dtype.kind == "f" else onp.iinfo(dtype)
    return getattr(info, end)


# ---- reordering ----------------------------------------------------------------------------
class ReverseSequence(AttrPrimitive):
    """``ReverseSequence(seq_dim, batch_dim=0)(x, seq_lengths)``: each batch entry's first
    ``seq_lengths[i]`` elements along ``seq_dim`` reversed."""

    def __init__(self, seq_dim, batch_dim=0):
        super().__init__()
        self._keep(seq_dim=check_int("ReverseSequence seq_dim", seq_dim),
                   batch_dim=check_int("ReverseSequence batch_dim", batch_dim))

    def __call__(self, x, seq_lengths):
        return F.reverse_sequence(x, seq_lengths, self.seq_dim, self.batch_dim)


class BatchToSpaceND(AttrPrimitive):
    """``BatchToSpaceND(block_shape, crops)(input_x)``: ``ops.batch_to_space_nd``."""

    def __init__(self, block_shape, crops):
        super().__init__()
        self._keep(block_shape=check_ints("BatchToSpaceND block_shape", block_shape),
                   crops=crops)

    def __call__(self, input_x):
        return F.batch_to_space_nd(input_x, self.block_shape, self.crops)


class SpaceToBatchND(AttrPrimitive):
    """``SpaceToBatchND(block_shape, paddings)(input_x)``: ``ops.space_to_batch_nd``."""

    def __init__(self, block_shape, paddings):
        super().__init__()
        self._keep(block_shape=check_ints("SpaceToBatchND block_shape", block_shape),
                   paddings=paddings)

    def __call__(self, input_x):
        return F.space_to_batch_nd(input_x, self.block_shape, self.paddings)


class ChannelShuffle(AttrPrimitive):
    """``ChannelShuffle(group)(x)``: the channels (axis 1) of a rank > 3 ``x`` regrouped."""

    def __init__(self, group):
        super().__init__()
        self._keep(group=check_int("ChannelShuffle group", group))

    def __call__(self, x):
        if onp.ndim(getval(x)) <= 3:
            raise CellTypeError(message("ChannelShuffle x", "a Tensor of rank > 3",
                                        f"shape {onp.shape(getval(x))}"))
        return F.channel_shuffle(x, self.group)


# ---- windows -------------------------------------------------------------------------------
def _length(where, window_length, rank):
    data = onp.asarray(getval(window_length))
    if not is_tensor(window_length) or data.dtype not in (onp.int32, onp.int64):
        raise CellTypeError(message(where, "an int32 or int64 Tensor", describe(window_length)))
    if data.ndim != rank or data.size != 1:
        raise CellArgumentError(message(where, f"a {rank}-D Tensor holding one length",
                                        f"shape {data.shape}"))
    if data.ravel()[0] < 0:
        raise CellArgumentError(message(where, "a length >= 0", str(data.ravel()[0])))
    return wrap(data.reshape(()))


def _float_dtype(where, dtype):
    if onp.dtype(dtype) not in (onp.float16, onp.float32, onp.float64):
        raise CellTypeError(message(where, "float16, float32 or float64", str(dtype)))
    return onp.dtype(dtype)


class BartlettWindow(AttrPrimitive):
    """``BartlettWindow(periodic=True, dtype=float32)(window_length)``: the triangular
    window of the 0-d int Tensor ``window_length``."""
    _rank = 0

    def __init__(self, periodic=True, dtype=onp.float32):
        super().__init__()
        name = type(self).__name__
        self._keep(periodic=check_number(f"{name} periodic", periodic, (bool,)),
                   dtype=_float_dtype(f"{name} dtype", dtype))

    def _window(self, length):
        return W.bartlett_window(length, self.periodic, dtype=self.dtype)

    def __call__(self, window_length):
        where = f"{type(self).__name__} window_length"
        return self._window(_length(where, window_length, self._rank))


class BlackmanWindow(BartlettWindow):
    """``BlackmanWindow(periodic=True, dtype=float32)(window_length)``: the Blackman
    window of the 0-d int Tensor ``window_length``."""

    def _window(self, length):
        return W.blackman_window(length, self.periodic, dtype=self.dtype)


class HammingWindow(BartlettWindow):
    """``HammingWindow(periodic=True, alpha=0.54, beta=0.46, dtype=float32)(length)``:
    the generalised Hamming window of the one-element 1-D int Tensor ``length``."""
    _rank = 1

    def __init__(self, periodic=True, alpha=0.54, beta=0.46, dtype=onp.float32):
        super().__init__(periodic, dtype)
        self._keep(alpha=float(check_number("HammingWindow alpha", alpha, (int, float))),
                   beta=float(check_number("HammingWindow beta", beta, (int, float))))

    def _window(self, length):
        return W.hamming_window(int(length), self.periodic, self.alpha, self.beta, dtype=self.dtype)


# ---- sets ----------------------------------------------------------------------------------
class ListDiff(AttrPrimitive):
    """``ListDiff(out_idx=int32)(x, y)``: the values of the 1-D ``x`` not in ``y``, in
    order, and their positions in ``x``."""

    def __init__(self, out_idx=onp.int32):
        super().__init__()
        if onp.dtype(out_idx) not in (onp.int32, onp.int64):
            raise CellTypeError(message("ListDiff out_idx", "int32 or int64", str(out_idx)))
        self._keep(out_idx=onp.dtype(out_idx))

    def __call__(self, x, y):
        a, b = onp.asarray(getval(x)), onp.asarray(getval(y))
        if a.dtype != b.dtype:
            raise CellTypeError(message("ListDiff y", f"x's dtype {a.dtype}", str(b.dtype)))
        if a.ndim != 1 or b.ndim != 1:
            raise CellArgumentError(message("ListDiff", "1-D x and y",
                                            f"shapes {a.shape} and {b.shape}"))
        kept = onp.flatnonzero(~onp.isin(a, b))
        return wrap(a[kept]), wrap(kept.astype(self.out_idx))


def unique_with_pad(x, pad_num):
    """The distinct values of the 1-D ``x`` in order of first appearance, padded with
    ``pad_num`` to ``x``'s length, and each element's position among them."""
    data = onp.asarray(getval(x))
    if data.ndim != 1:
        raise CellArgumentError(message("ops.unique_with_pad x", "a 1-D Tensor",
                                        f"shape {data.shape}"))
    if data.dtype.kind not in "iuf":
        raise CellTypeError(message("ops.unique_with_pad x", "a real Tensor", describe(x)))
    values, first, inverse = onp.unique(data, return_index=True, return_inverse=True)
    order = onp.argsort(first)
    rank = onp.empty_like(order)
    rank[order] = onp.arange(order.size)
    out = onp.full(data.shape, onp.asarray(getval(pad_num)).reshape(()), data.dtype)
    out[:order.size] = values[order]
    idx_dtype = onp.int64 if data.dtype == onp.int64 else onp.int32
    return wrap(out), wrap(rank[inverse.ravel()].astype(idx_dtype))


class UniqueWithPad(AttrPrimitive):
    """``UniqueWithPad()(x, pad_num)``: ``ops.unique_with_pad``."""

    def __call__(self, x, pad_num):
        return unique_with_pad(x, pad_num)


# ---- edit distance -------------------------------------------------------------------------
def _levenshtein(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def _sequences(where, indices, values, shape):
    idx = _ints_of(f"{where}_indices", indices, (onp.int64,))
    dense = _ints_of(f"{where}_shape", shape, (onp.int64,))
    vals = onp.asarray(getval(values))
    if idx.ndim != 2 or idx.shape != (vals.size, dense.size):
        raise CellArgumentError(message(f"{where}_indices", f"shape ({vals.size}, "
                                        f"{dense.size}) (one row per value)", f"{idx.shape}"))
    seqs = {}
    for row, value in sorted(zip(map(tuple, idx.tolist()), vals.tolist())):
        seqs.setdefault(row[:-1], []).append(value)
    return seqs, dense


class EditDistance(AttrPrimitive):
    """``EditDistance(normalize=True)(hypothesis_indices, hypothesis_values,
    hypothesis_shape, truth_indices, truth_values, truth_shape)``: the Levenshtein
    distance of each pair of sparse sequences (divided by the truth's length)."""

    def __init__(self, normalize=True):
        super().__init__()
        self._keep(normalize=check_number("EditDistance normalize", normalize, (bool,)))

    def __call__(self, hypothesis_indices, hypothesis_values, hypothesis_shape,
                 truth_indices, truth_values, truth_shape):
        hyp, h_shape = _sequences("EditDistance hypothesis", hypothesis_indices,
                                  hypothesis_values, hypothesis_shape)
        truth, t_shape = _sequences("EditDistance truth", truth_indices, truth_values,
                                    truth_shape)
        if h_shape.size != t_shape.size or \
                onp.asarray(getval(hypothesis_values)).dtype != \
                onp.asarray(getval(truth_values)).dtype:
            raise CellArgumentError(message("EditDistance truth", "the hypothesis' rank and "
                                            "value dtype", f"shape {t_shape.tolist()}"))
        out = onp.zeros(onp.maximum(h_shape, t_shape)[:-1], onp.float32)
        for pos in onp.ndindex(*out.shape):
            a, b = hyp.get(pos, []), truth.get(pos, [])
            dist = float(_levenshtein(a, b))
            if self.normalize:
                dist = dist / len(b) if b else (onp.inf if a else 0.0)
            out[pos] = dist
        return wrap(out)
