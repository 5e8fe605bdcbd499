"""MindSpore 2.10's matrix Cells: ``MatDet`` and ``MatInverse`` (of symmetric positive
definite matrices, through their Cholesky factor, as MindSpore's), ``MatrixDiag``,
``MatrixDiagPart`` and ``MatrixSetDiag`` (batched diagonals). Differentiable through the
tracer; float32 stays float32 (MindSpore's CPU build has no kernel for any of them).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.MatrixDiagPart()(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))
array([1., 4.], dtype=float32)
"""
import numpy as onp

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from ..tracing import getval
from .cell import Cell


def _matrices(where, x, name="input_x", square=False, floats=True):
    """``x``'s shape, after checking it is a Tensor of rank >= 2 (square if asked)."""
    if not is_tensor(x):
        raise CellTypeError(message(f"{where} {name}", "a Tensor", describe(x)))
    dtype = getval(x).dtype
    if floats and dtype.kind != "f":
        raise CellTypeError(message(f"{where} {name}", "a float16, float32 or float64 Tensor",
                                    str(dtype), "Cast it: x.astype(ms.float32)."))
    shape = onp.shape(getval(x))
    if len(shape) < 2 or (square and shape[-1] != shape[-2]):
        kind = "square matrices" if square else "matrices"
        raise CellArgumentError(message(f"{where} {name}", f"a Tensor of {kind} (..., M, N)",
                                        f"shape {shape}"))
    return shape


def _cholesky(where, a):
    _matrices(where, a, "input_a", square=True)
    if not onp.all(onp.linalg.eigvalsh(getval(a).astype(onp.float64)) > 0):
        raise CellArgumentError(message(f"{where} input_a", "symmetric positive definite "
                                        "matrices (they are factored by Cholesky)",
                                        "a matrix that is not"))
    return np.linalg.cholesky(a)


class MatDet(Cell):
    """The determinant of each symmetric positive definite matrix: ``prod(diag(L))**2``."""

    def __init__(self):
        super().__init__()

    def construct(self, a):
        factor = _cholesky("MatDet", a)
        diagonal = np.diagonal(factor, axis1=-2, axis2=-1)
        return np.square(np.prod(diagonal, axis=-1)).astype(getval(a).dtype)


class MatInverse(Cell):
    """The inverse of each symmetric positive definite matrix: ``inv(L).T @ inv(L)``."""

    def __init__(self):
        super().__init__()

    def construct(self, a):
        inverse = np.linalg.inv(_cholesky("MatInverse", a))
        return np.matmul(np.swapaxes(inverse, -1, -2), inverse).astype(getval(a).dtype)


class MatrixDiag(Cell):
    """A batch of vectors (..., N) as diagonal matrices (..., N, N)."""

    def __init__(self):
        super().__init__()

    def construct(self, input_x):
        if not is_tensor(input_x):
            raise CellTypeError(message("MatrixDiag input_x", "a Tensor", describe(input_x)))
        shape = onp.shape(getval(input_x))
        if not shape:
            raise CellArgumentError(message("MatrixDiag input_x", "a Tensor of rank >= 1",
                                            "a 0-d Tensor"))
        eye = onp.eye(shape[-1], dtype=getval(input_x).dtype)
        return np.expand_dims(input_x, -1) * eye


class MatrixDiagPart(Cell):
    """The main diagonal of each matrix: (..., M, N) -> (..., min(M, N))."""

    def __init__(self):
        super().__init__()

    def construct(self, input_x):
        _matrices("MatrixDiagPart", input_x, floats=False)
        return np.diagonal(input_x, axis1=-2, axis2=-1)


class MatrixSetDiag(Cell):
    """Each matrix (..., M, N) with its main diagonal replaced by ``diagonal``
    (..., min(M, N))."""

    def __init__(self):
        super().__init__()

    def construct(self, input_x, diagonal):
        shape = _matrices("MatrixSetDiag", input_x, floats=False)
        wanted = shape[:-2] + (min(shape[-2:]),)
        if not is_tensor(diagonal) or onp.shape(getval(diagonal)) != wanted:
            got = f"shape {onp.shape(getval(diagonal))}" if is_tensor(diagonal) \
                else describe(diagonal)
            raise CellArgumentError(message("MatrixSetDiag diagonal", f"a Tensor of shape "
                                            f"{wanted}", got))
        mask = onp.eye(shape[-2], shape[-1], dtype=bool)
        size = wanted[-1]
        spread = np.expand_dims(diagonal, -1) * onp.eye(size, shape[-1])  # (..., k, N)
        if shape[-2] > size:  # tall: rows past the diagonal get zeros
            pad = [(0, 0)] * (len(shape) - 2) + [(0, shape[-2] - size), (0, 0)]
            spread = np.pad(spread, pad)
        return np.where(mask, spread.astype(getval(input_x).dtype), input_x)
