"""MindSpore's array primitive classes that pick, scatter and group elements:
``ops.UnsortedSegmentSum()(x, ids, n)``, ``ops.TensorScatterMax()(x, indices, updates)``,
``ops.GatherV2()(x, indices, axis)``, ``ops.SearchSorted()(seq, values)``, ...

Each forwards to a function op (``scattering.py``, ``selecting.py``, ``indexing.py``) or
composes the facade's ops, so gradients reach the data and the updates (never indices).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.UnsortedSegmentSum()(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0, 1, 0]), 2)
array([4., 2.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..tensor import is_tensor
from . import indexing as X
from . import scattering as T
from . import selecting as S
from .prims_base import AttrPrimitive, check_int, check_number, forwarding


# ---- segments ----------------------------------------------------------------------------
def _segments(where, x, segment_ids, num_segments, ids_dtypes):
    """(one-hot membership (num_segments, N), x as (N, rest...), output shape)."""
    ids = onp.asarray(getval(segment_ids))
    count = int(getval(num_segments)) if is_tensor(num_segments) else check_int(
        f"{where} num_segments", num_segments)
    if count <= 0:
        raise CellArgumentError(message(f"{where} num_segments", "an int > 0", str(count)))
    shape = onp.shape(getval(x))
    if shape[:ids.ndim] != ids.shape:
        raise CellArgumentError(message(f"{where} segment_ids", f"a prefix of shape {shape}",
                                        f"shape {ids.shape}"))
    if ids.dtype not in ids_dtypes:
        wanted = "an int" if ids.dtype.kind not in "iu" else "an " + ", ".join(
            d.name for d in ids_dtypes[:-1]) + f" or {ids_dtypes[-1].name}"
        raise CellTypeError(message(f"{where} segment_ids", f"{wanted} Tensor", str(ids.dtype)))
    member = ids.reshape(1, -1) == onp.arange(count).reshape(-1, 1)
    rest = shape[ids.ndim:]
    return member, np.reshape(x, (ids.size,) + rest), (count,) + rest


def refuse_bool(where, x):
    """MindSpore's segment reductions take numbers, not Bool."""
    if getattr(getval(x), "dtype", None) == onp.bool_:
        raise CellTypeError(message(f"{where} input_x", "a Tensor of numbers", "dtype bool",
                                    "Cast it with ops.cast(x, ms.int32)."))


def _segment_reduce(where, reduce, fill, ids_dtypes=X.INT32_UP):
    def op(input_x, segment_ids, num_segments):
        refuse_bool(where, input_x)
        member, rows, shape = _segments(where, input_x, segment_ids, num_segments, ids_dtypes)
        dtype = getval(input_x).dtype
        mask = member.reshape(member.shape + (1,) * (len(shape) - 1))
        empty = fill(dtype)
        picked = np.where(mask, rows[None], empty)
        return reduce(picked, axis=1).astype(dtype)
    return op


def _lowest(dtype):
    return onp.finfo(dtype).min if dtype.kind == "f" else onp.iinfo(dtype).min


def _highest(dtype):
    return onp.finfo(dtype).max if dtype.kind == "f" else onp.iinfo(dtype).max


UnsortedSegmentSum = forwarding(
    "UnsortedSegmentSum", _segment_reduce("UnsortedSegmentSum", np.sum, lambda d: 0,
                                          X.INT16_UP),
    "UnsortedSegmentSum()(x, segment_ids, num_segments): the sum of each segment.")
UnsortedSegmentMax = forwarding(
    "UnsortedSegmentMax", _segment_reduce("UnsortedSegmentMax", np.max, _lowest),
    "The max of each segment (the dtype's lowest value for an empty one).")
UnsortedSegmentMin = forwarding(
    "UnsortedSegmentMin", _segment_reduce("UnsortedSegmentMin", np.min, _highest),
    "The min of each segment (the dtype's highest value for an empty one).")
UnsortedSegmentProd = forwarding(
    "UnsortedSegmentProd", _segment_reduce("UnsortedSegmentProd", np.prod, lambda d: 1),
    "The product of each segment (1 for an empty one).")


# ---- scatter by index tuples -------------------------------------------------------------
def _scatter_combine(where, kind):
    """A TensorScatter* primitive combining each update with the value at its place
    (``fn_scatter``'s ``tensor_scatter_{kind}`` under the primitive's name): repeated places
    combine in order, ``scattering.combine_at``'s rounds."""
    def op(input_x, indices, updates):
        positions = T.tensor_positions(where, kind, input_x, indices, updates)
        return T.combine_at(input_x, positions.ravel(), np.reshape(updates, (-1,)),
                            T.COMBINE[kind])
    return op


TensorScatterUpdate = forwarding("TensorScatterUpdate", T.tensor_scatter_update,
                                 "x with updates written at the index tuples.")
TensorScatterAdd = forwarding("TensorScatterAdd", T.tensor_scatter_add,
                              "x with updates added at the index tuples.")
TensorScatterSub = forwarding(
    "TensorScatterSub", _scatter_combine("TensorScatterSub", "sub"),
    "x with updates subtracted at the index tuples.")
TensorScatterMax = forwarding(
    "TensorScatterMax", _scatter_combine("TensorScatterMax", "max"),
    "x with the max of it and the updates at the index tuples.")
TensorScatterMin = forwarding(
    "TensorScatterMin", _scatter_combine("TensorScatterMin", "min"),
    "x with the min of it and the updates at the index tuples.")
TensorScatterMul = forwarding(
    "TensorScatterMul", _scatter_combine("TensorScatterMul", "mul"),
    "x multiplied by the updates at the index tuples.")
TensorScatterDiv = forwarding(
    "TensorScatterDiv", _scatter_combine("TensorScatterDiv", "div"),
    "x divided by the updates at the index tuples.")
ScatterNd = forwarding("ScatterNd", T.scatter_nd,
                       "ScatterNd()(indices, updates, shape): zeros with updates added.")


class TensorScatterElements(AttrPrimitive):
    """``TensorScatterElements(axis=0, reduction='none')(data, indices, updates)``."""

    def __init__(self, axis=0, reduction="none"):
        super().__init__()
        if reduction not in ("none", "add"):
            raise CellArgumentError(message("TensorScatterElements reduction",
                                            "'none' or 'add'", repr(reduction)))
        self._keep(axis=check_int("TensorScatterElements axis", axis), reduction=reduction)

    def __call__(self, data, indices, updates):
        return T.tensor_scatter_elements(data, indices, updates, self.axis, self.reduction)


# ---- selecting ---------------------------------------------------------------------------
def _gather_v2(input_params, input_indices, axis):
    return X.gather(input_params, input_indices, int(getval(axis)) if is_tensor(axis)
                    else axis)


def _invert_permutation(input_x):
    if not isinstance(input_x, (tuple, list)):
        raise CellArgumentError(message("InvertPermutation input_x", "a tuple or list of ints",
                                        type(input_x).__name__, "Pass x.asnumpy().tolist()."))
    if sorted(input_x) != list(range(len(input_x))):
        raise CellArgumentError(message("InvertPermutation input_x",
                                        "a permutation of 0..n-1", str(input_x)[:80]))
    inverse = [0] * len(input_x)
    for i, value in enumerate(input_x):
        inverse[value] = i
    return tuple(inverse)


def _nonzero(input):
    return S.nonzero(input)


GatherV2 = forwarding("GatherV2", _gather_v2, "GatherV2()(x, indices, axis): x's slices.")
MaskedSelect = forwarding("MaskedSelect", S.masked_select, "x where mask is True, as 1-D.")
NonZero = forwarding("NonZero", _nonzero, "The (n, rank) Int64 positions of non-zeros.")
InvertPermutation = forwarding("InvertPermutation", _invert_permutation,
                               "The inverse of a permutation given as a tuple of ints.")
Unique = forwarding("Unique", S.unique, "(distinct values, each element's Int32 index).")


class UniqueConsecutive(AttrPrimitive):
    """``UniqueConsecutive(return_inverse, return_counts, dim)(x)``: (runs kept once,
    each element's run, run lengths), always three Tensors as in MindSpore."""

    def __init__(self, return_inverse=False, return_counts=False, dim=None):
        super().__init__()
        self._keep(return_inverse=check_number("UniqueConsecutive return_inverse",
                                               return_inverse, (bool,)),
                   return_counts=check_number("UniqueConsecutive return_counts",
                                              return_counts, (bool,)),
                   dim=dim if dim is None else check_int("UniqueConsecutive dim", dim))

    def __call__(self, input):
        return S.unique_consecutive(input, True, True, self.dim)


class SearchSorted(AttrPrimitive):
    """``SearchSorted(dtype=int64, right=False)(sorted_sequence, values, sorter=None)``."""

    def __init__(self, dtype=onp.int64, right=False):
        super().__init__()
        if onp.dtype(dtype) not in (onp.int32, onp.int64):
            raise CellTypeError(message("SearchSorted dtype", "int32 or int64", repr(dtype)))
        self._keep(dtype=dtype, right=check_number("SearchSorted right", right, (bool,)))

    def __call__(self, sorted_sequence, values, sorter=None):
        found = S.searchsorted(sorted_sequence, values, right=self.right, sorter=sorter)
        return found.astype(self.dtype)


class Bucketize(AttrPrimitive):
    """``Bucketize(boundaries)(x)``: each element's Int32 bucket among sorted floats."""

    def __init__(self, boundaries):
        super().__init__()
        if not isinstance(boundaries, list):
            raise CellTypeError(message("Bucketize boundaries", "a list of floats",
                                        type(boundaries).__name__))
        for value in boundaries:
            check_number("Bucketize boundaries item", value, (float,))
        self._keep(boundaries=boundaries)

    def __call__(self, input):
        return S.bucketize(input, self.boundaries)
