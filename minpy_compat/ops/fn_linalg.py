"""MindSpore's decompositions and solvers: ``svd``, ``qr``, ``pinv``, ``slogdet``,
``logdet``, ``cholesky`` (and its ``_inverse``/``_solve``), ``lstsq``, ``lu_solve``,
``lu_unpack``, ``matrix_exp``, ``matrix_solve``, ``cond``, ``eig`` and ``eigvals``.
Gradients come from autograd's linear-algebra table through ``minpy_compat.numpy``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.logdet(ms.Tensor([[2.0, 0.0], [0.0, 3.0]]))
array(1.7917595, dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message


def _dtype_of(x):
    return getattr(getval(x), "dtype", onp.dtype(type(getval(x))))


def matrices(where, x, square=False, kinds="fc"):
    """``x`` once it is a float (or complex) Tensor of matrices (square ones if asked)."""
    data, dtype = getval(x), _dtype_of(x)
    if dtype.kind not in kinds:
        raise CellTypeError(message(where, "a float32, float64, complex64 or complex128 Tensor",
                                    str(dtype), "Cast it first: x.astype(ms.float32)."))
    shape = onp.shape(data)
    if len(shape) < 2 or (square and shape[-1] != shape[-2]):
        want = "square matrices (..., n, n)" if square else "matrices (..., m, n)"
        raise CellArgumentError(message(where, f"a Tensor of {want}", f"shape {shape}"))
    return x


def _mT(x):
    return np.swapaxes(x, -1, -2)


def _keep(result, like):
    """``result`` in ``like``'s width: float32 stays float32 (NumPy widens some answers)."""
    single = _dtype_of(like) in (onp.float16, onp.float32, onp.complex64)
    kind = _dtype_of(result).kind
    want = onp.dtype({"f": onp.float32, "c": onp.complex64}[kind] if single else
                     {"f": onp.float64, "c": onp.complex128}[kind]) if kind in "fc" else None
    return result if want is None or _dtype_of(result) == want else result.astype(want)


def svd(input, full_matrices=False, compute_uv=True):
    """(s, u, v) with input = u @ diag(s) @ v^H; s alone when ``compute_uv`` is False."""
    matrices("ops.svd input", input)
    if not compute_uv:
        return np.linalg.svd(input, compute_uv=False)
    u, s, vh = np.linalg.svd(input, full_matrices=full_matrices)
    return s, u, np.conj(_mT(vh)) if _dtype_of(input).kind == "c" else _mT(vh)


def qr(input, mode="reduced"):
    """(Q, R) with input = Q @ R; ``mode`` 'reduced' or 'complete'."""
    if mode not in ("reduced", "complete"):
        raise CellTypeError(message("ops.qr mode", "'reduced' or 'complete'", repr(mode)))
    matrices("ops.qr input", input)
    return np.linalg.qr(input, mode=mode)


def pinv(x, *, atol=None, rtol=None, hermitian=False):
    """The Moore-Penrose pseudo-inverse; singular values at or under
    max(atol, rtol * largest) count as zero."""
    matrices("ops.pinv x", x)
    u, s, vh = np.linalg.svd(x, full_matrices=False)
    largest = onp.max(getval(s), axis=-1, keepdims=True) if getval(s).size else 0.0
    if rtol is None:
        rtol = 0.0 if atol is not None else \
            onp.finfo(getval(s).dtype).eps * max(onp.shape(getval(x))[-2:])
    cutoff = onp.maximum(getval(atol) if atol is not None else 0.0, getval(rtol) * largest)
    kept = getval(s) > cutoff
    s_inv = np.where(kept, 1.0 / np.where(kept, s, np.ones_like(s)), np.zeros_like(s))
    return _keep(np.matmul(_mT(np.conj(vh)) * s_inv[..., None, :], _mT(np.conj(u))), x)


def slogdet(input):
    """(sign, log|det|) of each square matrix."""
    matrices("ops.slogdet input", input, square=True)
    sign, logabs = np.linalg.slogdet(input)
    return _keep(sign, input), _keep(logabs, input)


def logdet(input):
    """log(det) of each square matrix: nan where det < 0, -inf where det is 0."""
    matrices("ops.logdet input", input, square=True)
    sign, logabs = np.linalg.slogdet(input)
    return _keep(np.where(getval(sign) < 0, onp.nan, logabs), input)


def cholesky(input_x, upper=False):
    """The Cholesky factor L (or U = L^H when ``upper``) of each SPD matrix."""
    matrices("ops.cholesky input_x", input_x, square=True)
    low = np.linalg.cholesky(input_x)
    return _mT(np.conj(low)) if upper else low


def _from_factor(factor, upper):
    """The lower factor L (A = L L^H), read from the triangle LAPACK reads."""
    return _mT(np.conj(np.triu(factor))) if upper else np.tril(factor)


def cholesky_inverse(input_x, upper=False):
    """The inverse of A from its Cholesky factor (A = L L^H, or U^H U when ``upper``)."""
    matrices("ops.cholesky_inverse input_x", input_x, square=True)
    low = _mT(np.conj(input_x)) if upper else input_x  # MindSpore reads the whole matrix
    return np.linalg.inv(np.matmul(low, _mT(np.conj(low))))


def cholesky_solve(input, input2, upper=False):
    """X with A X = input, A given by its Cholesky factor ``input2``."""
    matrices("ops.cholesky_solve input2", input2, square=True)
    matrices("ops.cholesky_solve input", input)
    low = _from_factor(input2, upper)
    inner = np.linalg.solve(low, input)
    return np.linalg.solve(_mT(np.conj(low)), inner)


def lstsq(input, A):
    """The least-squares X minimising |input @ X - A| (``input`` of full column rank)."""
    matrices("ops.lstsq input", input)
    if onp.ndim(getval(A)) not in (1, 2):
        raise CellArgumentError(message("ops.lstsq A", "a 1-D or 2-D Tensor",
                                        f"shape {onp.shape(getval(A))}"))
    return np.matmul(pinv(input), A)


def _permutation(pivots, n):
    """The permutation matrices P (A = P L U) of LAPACK's 1-based row swaps."""
    piv = onp.asarray(getval(pivots))
    flat = piv.reshape(-1, piv.shape[-1])
    out = onp.zeros((flat.shape[0], n, n))
    for b, row in enumerate(flat):
        perm = onp.arange(n)
        for i, p in enumerate(row):
            if not 1 <= p <= n:
                raise CellArgumentError(message("ops.lu_unpack LU_pivots",
                                                f"pivots in 1..{n}", f"{int(p)}"))
            perm[[i, p - 1]] = perm[[p - 1, i]]
        out[b] = onp.eye(n)[perm].T
    return out.reshape(piv.shape[:-1] + (n, n))


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """(P, L, U) from ``LU_data``/``LU_pivots`` as LAPACK's getrf gives them: A = P L U."""
    matrices("ops.lu_unpack LU_data", LU_data)
    if _dtype_of(LU_pivots).kind not in "iu":
        raise CellTypeError(message("ops.lu_unpack LU_pivots", "an int Tensor",
                                    str(_dtype_of(LU_pivots))))
    m, n = onp.shape(getval(LU_data))[-2:]
    k = min(m, n)
    perm = _permutation(LU_pivots, m).astype(_dtype_of(LU_data))
    lower = np.tril(LU_data, -1)[..., :, :k] + onp.eye(m, k, dtype=_dtype_of(LU_data))
    upper = np.triu(LU_data)[..., :k, :]
    return perm, lower, upper


def lu_solve(b, LU_data, LU_pivots):
    """X with A X = b, A given by its LU factorization (``LU_data``, ``LU_pivots``)."""
    matrices("ops.lu_solve LU_data", LU_data, square=True)
    perm, lower, upper = lu_unpack(LU_data, LU_pivots)
    return np.linalg.solve(upper, np.linalg.solve(lower, np.matmul(_mT(perm), b)))


def matrix_exp(input):
    """The matrix exponential of each square matrix (scaling and squaring, Taylor)."""
    matrices("ops.matrix_exp input", input, square=True)
    norm = onp.max(onp.abs(getval(input)).sum(-1)) if getval(input).size else 0.0
    steps = int(max(0, onp.ceil(onp.log2(norm)))) + 1 if norm > 0 else 0
    scaled = input / (2.0 ** steps)
    eye = onp.broadcast_to(onp.eye(onp.shape(getval(input))[-1], dtype=_dtype_of(input)),
                           onp.shape(getval(input)))
    term, total = eye, eye
    for k in range(1, 19):
        term = np.matmul(term, scaled) / k
        total = total + term
    for _ in range(steps):
        total = np.matmul(total, total)
    return total


def matrix_solve(matrix, rhs, adjoint=False):
    """X with matrix X = rhs (or matrix^H X = rhs when ``adjoint``)."""
    matrices("ops.matrix_solve matrix", matrix, square=True)
    return np.linalg.solve(_mT(np.conj(matrix)) if adjoint else matrix, rhs)


def cond(A, p=None):
    """The condition number of each matrix in the ``p`` norm (None: 2-norm via SVD)."""
    matrices("ops.cond A", A, square=True)
    if p is None or p in (2, -2):
        s = np.linalg.svd(A, compute_uv=False)
        ratio = s[..., 0] / s[..., -1]
        return _keep(ratio if p != -2 else 1.0 / ratio, A)
    if p not in ("fro", "nuc", 1, -1, onp.inf, -onp.inf):
        raise CellArgumentError(message("ops.cond p", "None, 'fro', 'nuc', 1, -1, 2, -2, "
                                        "inf or -inf", repr(p)))
    norm = np.linalg.norm
    return _keep(norm(A, p, axis=(-2, -1)) * norm(np.linalg.inv(A), p, axis=(-2, -1)), A)


def eig(A):
    """(eigenvalues, eigenvectors) of each square matrix, complex."""
    matrices("ops.eig A", A, square=True)
    values, vectors = np.linalg.eig(A)
    return _complex(values, A), _complex(vectors, A)


def eigvals(A):
    """The eigenvalues of each square matrix, complex."""
    matrices("ops.eigvals A", A, square=True)
    return _complex(np.linalg.eigvals(A), A)


def _complex(result, like):
    return _keep(result.astype(onp.complex128) if _dtype_of(result).kind == "f" else result,
                 like)
