"""MindSpore's sparse primitives on (indices, values, shape) triples: ``SparseToDense``,
``SparseTensorDenseMatmul``, ``SparseTensorDenseAdd`` and ``SparseSlice``. The values
stay traced, so gradients reach them (and the dense operand).

>>> import numpy as onp, minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.SparseToDense()(ms.Tensor(onp.array([[0, 1]])), ms.Tensor(onp.array([2.0])),
...                     (1, 2)).tolist()
[[0.0, 2.0]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from ..sparse_tensors import COOTensor, as_tensor, dense_shape
from ..tensor import Tensor
from .prims_base import AttrPrimitive, check_number


def _shape(where, shape):
    """A dense shape given as a tuple or a 1-D int Tensor."""
    if hasattr(shape, "dtype") and not isinstance(shape, (tuple, list)):
        shape = tuple(int(s) for s in onp.asarray(getval(shape)).reshape(-1))
    return dense_shape(where, shape)


def _coo(where, indices, values, shape):
    return COOTensor(indices, values, _shape(where, shape))


def last_written(coo):
    """``coo`` with only the last value of each repeated index (MindSpore's SparseToDense
    writes them in order, so the last one stays)."""
    ind = getval(coo.indices).astype(onp.int64)
    flat = onp.ravel_multi_index(tuple(ind.T), coo.shape, mode="clip") if len(ind) else ind[:, 0]
    _, first_of_reversed = onp.unique(flat[::-1], return_index=True)
    keep = onp.sort(len(flat) - 1 - first_of_reversed)
    return COOTensor(Tensor(ind[keep]), coo.values[keep], coo.shape)


class SparseToDense(AttrPrimitive):
    """``SparseToDense()(indices, values, sparse_shape)``: the dense Tensor (of a repeated
    index, the last value stays, as in MindSpore)."""

    def __call__(self, indices, values, sparse_shape):
        coo = _coo("SparseToDense sparse_shape", indices, values, sparse_shape)
        return last_written(coo).to_dense()


class SparseTensorDenseAdd(AttrPrimitive):
    """``SparseTensorDenseAdd()(x1_indices, x1_values, x1_shape, x2)``: sparse + dense."""

    def __call__(self, x1_indices, x1_values, x1_shape, x2):
        x2 = as_tensor("SparseTensorDenseAdd x2", x2)
        coo = _coo("SparseTensorDenseAdd x1_shape", x1_indices, x1_values, x1_shape)
        if coo.shape != tuple(onp.shape(x2)):
            raise CellArgumentError(message("SparseTensorDenseAdd x2", f"shape {coo.shape}",
                                            str(tuple(onp.shape(x2)))))
        return coo.to_dense() + x2


class SparseTensorDenseMatmul(AttrPrimitive):
    """``SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values,
    sparse_shape, dense)``: the 2-D sparse matrix (transposed if adjoint_st) times dense
    (transposed if adjoint_dt)."""

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        check_number("SparseTensorDenseMatmul adjoint_st", adjoint_st, (bool,))
        check_number("SparseTensorDenseMatmul adjoint_dt", adjoint_dt, (bool,))
        self._keep(adjoint_st=adjoint_st, adjoint_dt=adjoint_dt)

    def __call__(self, indices, values, sparse_shape, dense):
        where = "SparseTensorDenseMatmul"
        coo = _coo(f"{where} sparse_shape", indices, values, sparse_shape)
        dense = as_tensor(f"{where} dense", dense)
        if coo.ndim != 2 or onp.ndim(dense) != 2:
            raise CellArgumentError(message(f"{where} dense", "a 2-D sparse and a 2-D dense "
                                            "matrix", f"{coo.ndim}-D and {onp.ndim(dense)}-D"))
        rows, cols = (getval(coo.indices).T.astype(onp.int64))
        height = coo.shape[0]
        if self.adjoint_st:
            rows, cols, height = cols, rows, coo.shape[1]
        if self.adjoint_dt:
            dense = np.transpose(dense)
        if onp.shape(dense)[0] != coo.shape[1 - self.adjoint_st]:
            raise CellArgumentError(message(f"{where} dense", f"{coo.shape[1 - self.adjoint_st]}"
                                            " rows", str(onp.shape(dense)[0])))
        from . import unsorted_segment_sum
        products = coo.values[:, None].astype(dense.dtype) * dense[cols]
        return unsorted_segment_sum(products, Tensor(rows.astype(onp.int32)), height)


class SparseSlice(AttrPrimitive):
    """``SparseSlice()(indices, values, shape, start, size)``: the entries inside the box
    ``[start, start + size)``, as ``(indices, values, shape)`` relative to ``start``."""

    def __call__(self, indices, values, shape, start, size):
        where = "SparseSlice"
        coo = _coo(f"{where} shape", indices, values, shape)
        first = onp.asarray(getval(as_tensor(f"{where} start", start))).astype(onp.int64)
        extent = onp.asarray(getval(as_tensor(f"{where} size", size))).astype(onp.int64)
        if first.shape != (coo.ndim,) or extent.shape != (coo.ndim,) or \
                (first < 0).any() or (extent < 0).any():
            raise CellArgumentError(message(f"{where} start", f"{coo.ndim} non-negative "
                                            "starts and sizes", f"{first} and {extent}"))
        stop = onp.minimum(first + extent, coo.shape)
        ind = getval(coo.indices).astype(onp.int64)
        inside = onp.nonzero(((ind >= first) & (ind < stop)).all(1))[0]
        out_shape = onp.maximum(stop - first, 0)
        return Tensor(ind[inside] - first), coo.values[inside], Tensor(out_shape)
