"""MindSpore's sparse tensors, ``COOTensor`` and ``CSRTensor``: index Tensors plus a values
Tensor, so gradients reach ``values`` through the tracer. Duplicate COO indices add up in
``to_dense`` (as MindSpore's ScatterNd does).

>>> import numpy as onp, minpy_compat as ms
>>> coo = ms.COOTensor(ms.Tensor(onp.array([[0, 1]])), ms.Tensor(onp.array([2.0])), (2, 2))
>>> coo.to_dense().tolist()
[[0.0, 2.0], [0.0, 0.0]]
"""
import numpy as onp
from autograd.tracer import getval

from . import numpy as np
from .errors import CellArgumentError, CellTypeError, message
from .tensor import Tensor

INDEX_KINDS = ("int16", "int32", "int64")


def as_tensor(where, value):
    """``value`` when it is a Tensor (or traced one), else a TypeError naming ``where``."""
    if not hasattr(value, "dtype") or isinstance(getval(value), (onp.generic, bool, int, float)):
        raise CellTypeError(message(where, "a Tensor", type(value).__name__,
                                    "Wrap it: ms.Tensor(...)."))
    return value


def index_tensor(where, value, ndim):
    value = as_tensor(where, value)
    if onp.dtype(value.dtype).name not in INDEX_KINDS:
        raise CellTypeError(message(where, "an int16/int32/int64 Tensor", str(value.dtype)))
    if onp.ndim(value) != ndim:
        raise CellArgumentError(message(where, f"a {ndim}-D Tensor",
                                        f"shape {tuple(onp.shape(value))}"))
    return value


def dense_shape(where, shape, rank=None):
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, (int, onp.integer)) and not isinstance(s, bool) and s > 0
            for s in shape):
        raise CellTypeError(message(f"{where} shape", "a tuple of positive ints", repr(shape)))
    if rank is not None and len(shape) != rank:
        raise CellArgumentError(message(f"{where} shape", f"{rank} dimensions (one per index "
                                        "column)", repr(tuple(shape))))
    return tuple(int(s) for s in shape)


def at_pattern(where, sparse, dense):
    """``dense`` (of the sparse tensor's shape) at the sparse tensor's stored positions."""
    dense = as_tensor(where, dense)
    if tuple(onp.shape(dense)) != sparse.shape:
        raise CellArgumentError(message(where, f"a Tensor of shape {sparse.shape}",
                                        f"shape {tuple(onp.shape(dense))}"))
    return dense[sparse._rows()]


class _SparseValues:
    """What the two sparse forms share: a values Tensor over a dense shape, and the methods
    that change only the values (each form's ``_with`` rebuilds it around new values)."""

    values = property(lambda self: self._values, doc="The stored values Tensor.")
    shape = property(lambda self: self._shape, doc="The dense shape, a tuple.")
    dtype = property(lambda self: self._values.dtype.type, doc="The values' dtype.")
    size = property(lambda self: int(onp.size(self._values)), doc="How many values.")
    itemsize = property(lambda self: onp.dtype(self._values.dtype).itemsize,
                        doc="Bytes per value.")
    ndim = property(lambda self: len(self._shape), doc="Dimensions of the dense shape.")

    def astype(self, dtype, copy=True):
        """The values cast to ``dtype``."""
        return self._with(self._values.astype(dtype))

    def abs(self):
        """Absolute values, same places."""
        return self._with(np.abs(self._values))

    def __neg__(self):
        return self._with(-self._values)


class COOTensor(_SparseValues):
    """A sparse tensor in coordinate form: ``indices`` (N, ndim), ``values`` (N,), ``shape``."""

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        where = "COOTensor"
        self._indices = index_tensor(f"{where} indices", indices, 2)
        self._values = as_tensor(f"{where} values", values)
        if onp.ndim(self._values) != 1:
            raise CellArgumentError(message(f"{where} values", "a 1-D Tensor",
                                            f"shape {tuple(onp.shape(values))}"))
        if onp.shape(indices)[0] != onp.shape(values)[0]:
            raise CellArgumentError(message(f"{where} values", f"{onp.shape(indices)[0]} "
                                            "values (one per index row)",
                                            str(onp.shape(values)[0])))
        self._shape = dense_shape(where, shape, onp.shape(indices)[1])

    indices = property(lambda self: self._indices, doc="The (N, ndim) int index Tensor.")

    def __repr__(self):
        return f"COOTensor(shape={list(self._shape)}, dtype={self.dtype.__name__}, " \
               f"indices={self._indices!r}, values={self._values!r})"

    def _with(self, values):
        return COOTensor(self._indices, values, self._shape)

    def _rows(self):
        return tuple(getval(self._indices).T.astype(onp.int64))

    def to_tuple(self):
        """``(indices, values, shape)``."""
        return self._indices, self._values, self._shape

    def to_dense(self):
        """The dense Tensor (duplicate indices add up)."""
        from .ops import scatter_nd
        return scatter_nd(Tensor(getval(self._indices).astype(onp.int64)), self._values,
                          self._shape)

    def to_csr(self):
        """The same 2-D matrix as a CSRTensor (rows sorted, order kept within a row)."""
        if self.ndim != 2:
            raise CellArgumentError(message("COOTensor.to_csr", "a 2-D COOTensor",
                                            f"{self.ndim}-D"))
        ind = getval(self._indices)
        order = onp.argsort(ind[:, 0], kind="stable")
        counts = onp.bincount(ind[:, 0].astype(onp.int64), minlength=self._shape[0])
        indptr = onp.concatenate([[0], onp.cumsum(counts)]).astype(ind.dtype)
        return CSRTensor(Tensor(indptr), Tensor(ind[order, 1]), self._values[order],
                         self._shape)

    def coalesce(self):
        """Indices sorted and unique, duplicates summed (MindSpore asks for int64 indices)."""
        from .ops.fn_sparse import coalesced
        return coalesced("COOTensor.coalesce", self)

    def add(self, other, thresh):
        """``self + other`` (a COOTensor), dropping sums whose magnitude is below ``thresh``."""
        from .ops.fn_sparse import coo_add
        return coo_add(self, other, thresh)

    def __add__(self, other):
        if isinstance(other, COOTensor):
            return self.add(other, Tensor(onp.zeros((), self.dtype)))
        return self.to_dense() + as_tensor("COOTensor.__add__ other", other)

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            return self.add(-other, Tensor(onp.zeros((), self.dtype)))
        return self.to_dense() - as_tensor("COOTensor.__sub__ other", other)

    def __mul__(self, other):
        return self._with(self._values * at_pattern("COOTensor.__mul__ other", self, other))

    def __truediv__(self, other):
        return self._with(self._values / at_pattern("COOTensor.__truediv__ other", self, other))

    __div__ = __truediv__


def csr_rows(indptr):
    """The row of each stored value of a CSR matrix, from its ``indptr``."""
    indptr = onp.asarray(getval(indptr)).astype(onp.int64)
    return onp.repeat(onp.arange(len(indptr) - 1), onp.diff(indptr))


class CSRTensor(_SparseValues):
    """A sparse matrix in compressed-row form: ``indptr`` (M + 1,), ``indices`` and
    ``values`` (N,), ``shape`` (M, K)."""

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            indptr, indices = csr_tensor.indptr, csr_tensor.indices
            values, shape = csr_tensor.values, csr_tensor.shape
        where = "CSRTensor"
        self._indptr = index_tensor(f"{where} indptr", indptr, 1)
        self._indices = index_tensor(f"{where} indices", indices, 1)
        self._values = as_tensor(f"{where} values", values)
        if onp.ndim(values) < 1 or onp.shape(values)[0] != onp.shape(indices)[0]:
            raise CellArgumentError(message(f"{where} values", f"{onp.shape(indices)[0]} "
                                            "values (one per index)",
                                            f"shape {tuple(onp.shape(values))}"))
        self._shape = dense_shape(where, shape)
        if len(self._shape) < 2 or onp.shape(indptr)[0] != self._shape[0] + 1:
            raise CellArgumentError(message(f"{where} indptr", "shape[0] + 1 entries for a "
                                            "shape of 2 or more dimensions",
                                            f"{onp.shape(indptr)[0]} for {self._shape}"))

    indptr = property(lambda self: self._indptr, doc="Where each row starts, (M + 1,).")
    indices = property(lambda self: self._indices, doc="The column of each value.")

    def __repr__(self):
        return f"CSRTensor(shape={list(self._shape)}, dtype={self.dtype.__name__}, " \
               f"indptr={self._indptr!r}, indices={self._indices!r}, values={self._values!r})"

    def _with(self, values):
        return CSRTensor(self._indptr, self._indices, values, self._shape)

    def _rows(self):
        return csr_rows(self._indptr), getval(self._indices).astype(onp.int64)

    def to_tuple(self):
        """``(indptr, indices, values, shape)``."""
        return self._indptr, self._indices, self._values, self._shape

    def to_coo(self):
        """The same matrix as a COOTensor."""
        rows, cols = self._rows()
        dtype = onp.dtype(self._indices.dtype)
        return COOTensor(Tensor(onp.stack([rows, cols], 1).astype(dtype)), self._values,
                         self._shape)

    def to_dense(self):
        """The dense Tensor."""
        return self.to_coo().to_dense()

    def add(self, b, alpha, beta):
        """``alpha * self + beta * b`` for a CSRTensor ``b``."""
        from .ops.fn_sparse import csr_add
        return csr_add(self, b, alpha, beta)

    def mm(self, matrix):
        """``self @ matrix`` for a dense 2-D ``matrix``: a dense Tensor."""
        from .ops.fn_sparse import csr_matmul
        return csr_matmul("CSRTensor.mm", self, matrix)

    def mv(self, dense_vector):
        """``self @ dense_vector`` for a dense (K, 1) Tensor: a dense (M, 1) Tensor."""
        from .ops.fn_sparse import csr_mv
        return csr_mv(self, dense_vector)

    def sum(self, axis):
        """The sum along ``axis``, dims kept: a dense Tensor."""
        from .ops.fn_sparse import csr_reduce_sum
        return csr_reduce_sum(self, axis)

    def __add__(self, other):
        if isinstance(other, CSRTensor):
            one = Tensor(onp.ones((), self.dtype))
            return self.add(other, one, one)
        raise CellTypeError(message("CSRTensor.__add__ other", "a CSRTensor",
                                    type(other).__name__, "Densify first: x.to_dense()."))

    def __sub__(self, other):
        if isinstance(other, CSRTensor):
            one = Tensor(onp.ones((), self.dtype))
            return self.add(other, one, -one)
        raise CellTypeError(message("CSRTensor.__sub__ other", "a CSRTensor",
                                    type(other).__name__, "Densify first: x.to_dense()."))

    def __mul__(self, other):
        from .ops.fn_sparse import csr_mul
        return csr_mul(self, other)

    def __truediv__(self, other):
        from .ops.fn_sparse import csr_div
        return csr_div(self, other)

    __div__ = __truediv__
