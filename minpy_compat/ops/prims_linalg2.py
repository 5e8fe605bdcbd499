"""MindSpore's solver and decomposition primitive classes (``CholeskyInverse``,
``CholeskySolve``, ``Eig``, ``Geqrf``, ``Lstsq``, ``LuSolve``, ``LuUnpack``, ``MatrixPower``,
``MatrixSolve``, ``MatrixSolveLs``, ``MatrixTriangularSolve``, ``Qr``, ``Svd``, ``NuclearNorm``,
``Pdist``, ``Renorm``, ``TridiagonalMatMul``), each forwarding to a function op
(``fn_linalg.py``, ``math_linalg.py``, ...) or the facade's ``linalg``: gradients are the
tracer's (``Geqrf`` has none, as in MindSpore).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.MatrixTriangularSolve()(ms.Tensor([[2.0, 0.0], [1.0, 1.0]]), ms.Tensor([[2.0], [3.0]]))
array([[1.],
       [2.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, message
from . import fn_complex as FC
from . import fn_linalg as FL
from . import math_distance as D
from . import math_linalg as L
from .prims_base import AttrPrimitive, check_int, check_number


def _flag(where, value):
    return check_number(where, value, (bool,))


def _half(fn, *xs):
    """``fn(*xs)``, Float16 computed in float32 and cast back (as MindSpore's CPU kernels)."""
    half = [getattr(getval(x), "dtype", None) == onp.float16 for x in xs]
    out = fn(*[np.asarray(x).astype(onp.float32) if h else x for x, h in zip(xs, half)])
    back = (lambda y: np.asarray(y).astype(onp.float16)) if any(half) else (lambda y: y)
    return tuple(map(back, out)) if isinstance(out, tuple) else back(out)


class _Flagged(AttrPrimitive):
    """A primitive whose constructor takes the bool flags named in ``_flags``."""
    _flags = ()

    def __init__(self, *args, **kwargs):
        super().__init__()
        values = dict(self._flags)
        values.update(zip([n for n, _ in self._flags], args), **kwargs)
        name = type(self).__name__
        self._keep(**{k: _flag(f"{name} {k}", v) for k, v in values.items()})


class CholeskyInverse(_Flagged):
    """``CholeskyInverse(upper=False)(x)``: A⁻¹ from A's Cholesky factor ``x``."""
    _flags = (("upper", False),)

    def __call__(self, x):
        return FL.cholesky_inverse(x, self.upper)


class CholeskySolve(_Flagged):
    """``CholeskySolve(upper=False)(x1, x2)``: X with A X = x1, A's Cholesky factor x2."""
    _flags = (("upper", False),)

    def __call__(self, x1, x2):
        return FL.cholesky_solve(x1, x2, self.upper)


class Eig(_Flagged):
    """``Eig(compute_v=False)(x)``: (eigenvalues, eigenvectors), complex; without
    ``compute_v`` the second output is a 0-D zero, as MindSpore's."""
    _flags = (("compute_v", False),)

    def __call__(self, x):
        values, vectors = FL.eig(x)
        return (values, vectors if self.compute_v else wrap(onp.zeros((), values.dtype)))


def _geqrf(x):
    FL.matrices("Geqrf x", x)
    data = getval(x)
    flat = data.reshape((-1,) + data.shape[-2:])
    pairs = [onp.linalg.qr(m, mode="raw") for m in flat]
    y = onp.stack([h.T for h, _ in pairs]).reshape(data.shape).astype(data.dtype)
    tau = onp.stack([t for _, t in pairs]).reshape(data.shape[:-2] + (-1,))
    return wrap(y), wrap(tau.astype(data.dtype))


class Geqrf(AttrPrimitive):
    """``Geqrf()(x)``: LAPACK's (y, tau), the Householder form of x's QR factorization
    (no gradient, as MindSpore)."""

    def __call__(self, x):
        return _half(_geqrf, x)


class Lstsq(AttrPrimitive):
    """``Lstsq(fast=True, l2_regularizer=0.0)(matrix, rhs)``: the least-squares (or
    minimum-norm) X of matrix X = rhs; a 1-D rhs counts as one column."""

    def __init__(self, fast=True, l2_regularizer=0.0):
        super().__init__()
        self._keep(fast=_flag("Lstsq fast", fast),
                   l2_regularizer=check_number("Lstsq l2_regularizer", l2_regularizer,
                                               (float,)))
        if l2_regularizer != 0.0:
            raise CellTypeError(message("Lstsq l2_regularizer", "0.0 (MindSpore supports no "
                                        "other)", repr(l2_regularizer),
                                        "Use MatrixSolveLs for a regularized solve."))

    def __call__(self, matrix, rhs):
        FL.matrices("Lstsq matrix", matrix)
        if onp.ndim(getval(rhs)) not in (1, 2) or onp.ndim(getval(matrix)) != 2:
            raise CellArgumentError(message("Lstsq rhs", "a 2-D matrix and a 1-D or 2-D rhs",
                                            f"shapes {onp.shape(getval(matrix))} and "
                                            f"{onp.shape(getval(rhs))}"))
        column = rhs if onp.ndim(getval(rhs)) == 2 else np.reshape(rhs, (-1, 1))
        return _half(FL.lstsq, matrix, column)


class LuSolve(AttrPrimitive):
    """``LuSolve()(x, lu_data, lu_pivots)``: X with A X = x, A given by its LU factors."""

    def __call__(self, x, lu_data, lu_pivots):
        return _half(FL.lu_solve, x, lu_data, lu_pivots)


class LuUnpack(_Flagged):
    """``LuUnpack(unpack_data=True, unpack_pivots=True)(LU_data, LU_pivots)``: (P, L, U)
    with A = P L U (all three whatever the flags, as MindSpore 2.10)."""
    _flags = (("unpack_data", True), ("unpack_pivots", True))

    def __call__(self, LU_data, LU_pivots):
        return FL.lu_unpack(LU_data, LU_pivots)


class MatrixPower(AttrPrimitive):
    """``MatrixPower(n)(x)``: each square matrix to the int power n (< 0: of its inverse)."""

    def __init__(self, n):
        super().__init__()
        self._keep(n=check_int("MatrixPower n", n))

    def __call__(self, x):
        dtype = getattr(getval(x), "dtype", None)
        if dtype is None or dtype.kind not in "iu" or onp.ndim(getval(x)) < 2:
            return L.matrix_power(x, self.n)
        if self.n < 0:
            raise CellArgumentError(message("MatrixPower n", "n >= 0 for an int x", str(self.n),
                                            "Cast x to float for a negative power."))
        return wrap(onp.linalg.matrix_power(getval(x), self.n).astype(dtype))


class MatrixSolve(_Flagged):
    """``MatrixSolve(adjoint=False)(matrix, rhs)``: X with matrix X = rhs (matrixᴴ X =
    rhs when ``adjoint``)."""
    _flags = (("adjoint", False),)

    def __call__(self, matrix, rhs):
        return _half(lambda m, r: FL.matrix_solve(m, r, self.adjoint), matrix, rhs)


class MatrixSolveLs(_Flagged):
    """``MatrixSolveLs(fast=True)(matrix, rhs, l2)``: the l2-regularized least-squares X
    of matrix X = rhs (minimum norm for a wide matrix); without ``fast``, the plain
    minimum-norm least-squares X (l2 unused, as MindSpore)."""
    _flags = (("fast", True),)

    def __call__(self, matrix, rhs, l2):
        FL.matrices("MatrixSolveLs matrix", matrix)
        FL.matrices("MatrixSolveLs rhs", rhs)
        if onp.ndim(getval(l2)) != 0:
            raise CellArgumentError(message("MatrixSolveLs l2", "a 0-D Tensor",
                                            f"shape {onp.shape(getval(l2))}"))
        if not self.fast:
            return np.matmul(FL.pinv(matrix), rhs)
        m, n = onp.shape(getval(matrix))[-2:]
        dtype = getval(matrix).dtype
        weight = onp.asarray(getval(l2), dtype)
        adj = np.swapaxes(np.conj(matrix), -1, -2)
        if m >= n:
            gram = np.matmul(adj, matrix) + weight * onp.eye(n, dtype=dtype)
            return np.linalg.solve(gram, np.matmul(adj, rhs))
        gram = np.matmul(matrix, adj) + weight * onp.eye(m, dtype=dtype)
        return np.matmul(adj, np.linalg.solve(gram, rhs))


class MatrixTriangularSolve(_Flagged):
    """``MatrixTriangularSolve(lower=True, adjoint=False)(matrix, rhs)``: X with T X = rhs,
    T the lower (upper) triangle of matrix (Tᴴ when ``adjoint``)."""
    _flags = (("lower", True), ("adjoint", False))

    def __call__(self, matrix, rhs):
        FL.matrices("MatrixTriangularSolve matrix", matrix, square=True)
        triangle = np.tril(matrix) if self.lower else np.triu(matrix)
        if self.adjoint:
            triangle = np.swapaxes(np.conj(triangle), -1, -2)
        return np.linalg.solve(triangle, rhs)


class Qr(_Flagged):
    """``Qr(full_matrices=False)(x)``: (Q, R) with x = Q R (complete Q when full)."""
    _flags = (("full_matrices", False),)

    def __call__(self, x):
        return _half(lambda m: FL.qr(m, "complete" if self.full_matrices else "reduced"), x)


class Svd(_Flagged):
    """``Svd(full_matrices=False, compute_uv=True)(x)``: (s, u, v) with x = u diag(s) vᴴ;
    without ``compute_uv``, u and v are (1,) zeros, as MindSpore's."""
    _flags = (("full_matrices", False), ("compute_uv", True))

    def __call__(self, x):
        if self.compute_uv:
            return FL.svd(x, self.full_matrices)
        s = FL.svd(x, compute_uv=False)
        empty = onp.zeros((1,), getval(x).dtype)
        return s, wrap(empty), wrap(empty.copy())


class NuclearNorm(AttrPrimitive):
    """``NuclearNorm(dim=None, keepdim=False)(x)``: the sum of the singular values of the
    matrices spanning the two axes ``dim`` (a 2-D x's when None)."""

    def __init__(self, dim=None, keepdim=False):
        super().__init__()
        if dim is not None:
            dim = list(check_int("NuclearNorm dim", d) for d in dim) \
                if isinstance(dim, (tuple, list)) and len(dim) == 2 else \
                check_number("NuclearNorm dim", dim, (list,))
        self._keep(dim=dim, keepdim=_flag("NuclearNorm keepdim", keepdim))

    def __call__(self, x):
        FL.matrices("NuclearNorm x", x, kinds="f")
        rank = onp.ndim(getval(x))
        if self.dim is None and rank != 2:
            raise CellArgumentError(message("NuclearNorm x", "a 2-D Tensor when dim is None",
                                            f"shape {onp.shape(getval(x))}"))
        dim = self.dim or [0, 1]
        if not all(-rank <= d < rank for d in dim) or dim[0] % rank == dim[1] % rank:
            raise CellArgumentError(message("NuclearNorm dim", f"two distinct axes in "
                                            f"[{-rank}, {rank})", repr(self.dim)))
        first, second = dim[0] % rank, dim[1] % rank
        moved = np.moveaxis(x, (first, second), (-2, -1))
        total = np.sum(np.linalg.svd(moved, compute_uv=False), axis=-1)
        if self.keepdim:
            total = np.expand_dims(np.expand_dims(total, min(first, second)),
                                   max(first, second))
        return total.astype(getval(x).dtype)


class Pdist(AttrPrimitive):
    """``Pdist(p=2.0)(x)``: the p-norm distance between each pair of rows of a 2-D x."""

    def __init__(self, p=2.0):
        super().__init__()
        self._keep(p=check_number("Pdist p", p, (float,)))

    def __call__(self, x):
        if onp.ndim(getval(x)) != 2:
            raise CellArgumentError(message("Pdist x", "a 2-D Tensor",
                                            f"shape {onp.shape(getval(x))}"))
        return D.pdist(x, self.p)


class Renorm(AttrPrimitive):
    """``Renorm(p, dim, maxnorm)(x)``: x with each slice along ``dim`` whose p-norm exceeds
    ``maxnorm`` scaled down to it."""

    def __init__(self, p, dim, maxnorm):
        super().__init__()
        self._keep(p=check_int("Renorm p", p), dim=check_int("Renorm dim", dim),
                   maxnorm=check_number("Renorm maxnorm", maxnorm, (float,)))

    def __call__(self, x):
        return FC.renorm(x, self.p, self.dim, self.maxnorm)


def _diagonal_rows(where, x, size):
    shape = onp.shape(getval(x))
    if len(shape) < 2 or shape[-2] != 1 or shape[-1] != size:
        raise CellArgumentError(message(where, f"shape (..., 1, {size})", f"shape {shape}"))
    return np.swapaxes(x, -1, -2)


class TridiagonalMatMul(AttrPrimitive):
    """``TridiagonalMatMul()(superdiag, maindiag, subdiag, rhs)``: T @ rhs for the
    tridiagonal T given by its three (..., 1, M) diagonals."""

    def __call__(self, superdiag, maindiag, subdiag, rhs):
        FL.matrices("TridiagonalMatMul rhs", rhs)
        size = onp.shape(getval(rhs))[-2]
        up = _diagonal_rows("TridiagonalMatMul superdiag", superdiag, size)
        main = _diagonal_rows("TridiagonalMatMul maindiag", maindiag, size)
        down = _diagonal_rows("TridiagonalMatMul subdiag", subdiag, size)
        zero = np.zeros_like(rhs[..., :1, :])
        below = np.concatenate([rhs[..., 1:, :], zero], axis=-2)
        above = np.concatenate([zero, rhs[..., :-1, :]], axis=-2)
        return main * rhs + up * below + down * above
