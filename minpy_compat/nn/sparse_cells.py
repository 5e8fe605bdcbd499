"""MindSpore 2.10's sparse Cells: ``SparseToDense`` (a COOTensor to its dense Tensor) and
``SparseTensorDenseMatmul`` (a sparse matrix, given as indices/values/shape, times a dense
one). Both run ``ops``' sparse primitives, so gradients reach the values and the dense
operand.

>>> import numpy as onp, minpy_compat as ms
>>> from minpy_compat import nn
>>> coo = ms.COOTensor(ms.Tensor(onp.array([[0, 1]])), ms.Tensor(onp.array([2.0])), (1, 2))
>>> nn.SparseToDense()(coo).tolist()
[[0.0, 2.0]]
"""
from ..errors import CellTypeError, message
from .cell import Cell


class SparseToDense(Cell):
    """``SparseToDense()(sparse_tensor)``: a COOTensor's dense Tensor (of a repeated index,
    the last value stays, as ``ops.SparseToDense``)."""

    def construct(self, sparse_tensor):
        from ..sparse_tensors import COOTensor
        if not isinstance(sparse_tensor, COOTensor):
            raise CellTypeError(message("nn.SparseToDense sparse_tensor", "a COOTensor",
                                        type(sparse_tensor).__name__,
                                        "Build one with ms.COOTensor(indices, values, shape)."))
        from ..ops.prims_sparse import last_written
        return last_written(sparse_tensor).to_dense()


class SparseTensorDenseMatmul(Cell):
    """``SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values,
    sparse_shape, dense)``: the sparse matrix (transposed if adjoint_st) times ``dense``
    (transposed if adjoint_dt)."""

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        from ..ops.prims_sparse import SparseTensorDenseMatmul as Matmul
        self.adjoint_st, self.adjoint_dt = adjoint_st, adjoint_dt
        self.matmul = Matmul(adjoint_st, adjoint_dt)

    def construct(self, indices, values, sparse_shape, dense):
        return self.matmul(indices, values, sparse_shape, dense)
