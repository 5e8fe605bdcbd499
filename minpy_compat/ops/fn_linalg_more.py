"""MindSpore's matrix builders, norms and products: ``matrix_band_part``, ``matrix_diag``,
``matrix_diag_part``, ``matrix_set_diag``, ``vector_norm``, ``matrix_norm``, ``vecdot``,
``cov``, ``vander``, ``mm``, ``mv``, ``addbmm``, ``addr``, ``batch_dot``, ``adjoint``, ``t``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.mv(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([1.0, 1.0]))
array([3., 7.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .fn_linalg import _keep, _mT, matrices
from .functional import _float_like_inputs
from .prims_linalg import _band_part


def _dtype_of(x):
    return getattr(getval(x), "dtype", onp.dtype(type(getval(x))))


def _shape(x):
    return onp.shape(getval(x))


def _rank(where, x, want):
    if len(_shape(x)) not in want:
        raise CellArgumentError(message(where, f"a {' or '.join(map(str, want))}-D Tensor",
                                        f"shape {_shape(x)}"))


def _as_float(x):
    return x if _dtype_of(x).kind in "fc" else np.asarray(x).astype(onp.float32)


def matrix_band_part(x, lower, upper):
    """``x`` zeroed outside ``lower`` diagonals below and ``upper`` above (negative: all)."""
    return _band_part(x, lower, upper)


def _int_k(where, k):
    value = getval(k)
    if onp.ndim(value) != 0 or onp.asarray(value).dtype.kind not in "iu":
        raise CellArgumentError(message(where, "one int diagonal offset", repr(value),
                                        "Pass a single diagonal; bands are not supported."))
    return int(value)


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Each last-axis vector of ``x`` as diagonal ``k`` of a (num_rows, num_cols) matrix
    filled with ``padding_value``."""
    k, n = _int_k("ops.matrix_diag k", k), _shape(x)[-1]
    rows = int(getval(num_rows)) if int(getval(num_rows)) != -1 else n + abs(k)
    cols = int(getval(num_cols)) if int(getval(num_cols)) != -1 else n + abs(k)
    if min(rows + min(k, 0), cols - max(k, 0)) != n:
        raise CellArgumentError(message("ops.matrix_diag num_rows/num_cols",
                                        f"a diagonal {k} of length {n}",
                                        f"a ({rows}, {cols}) matrix"))
    i = onp.arange(n)
    placer = onp.zeros((n, rows, cols), _dtype_of(x))
    placer[i, i + max(-k, 0), i + max(k, 0)] = 1
    mask = placer.sum(0)
    full = np.einsum("...k,kij->...ij", x, placer)
    return np.where(mask > 0, full, onp.asarray(getval(padding_value), _dtype_of(x)))


def _diag_index(shape, k):
    rows, cols = shape[-2:]
    length = min(rows + min(k, 0), cols - max(k, 0))
    if length <= 0:
        raise CellArgumentError(message("ops.matrix_diag_part k",
                                        f"a diagonal inside the ({rows}, {cols}) matrix",
                                        f"k {k}"))
    i = onp.arange(length)
    return i + max(-k, 0), i + max(k, 0)


def _tensor_arg(where, value):
    if not hasattr(getval(value), "shape") or isinstance(getval(value), onp.generic):
        raise CellTypeError(message(where, "a Tensor", type(getval(value)).__name__,
                                    "Wrap it: ms.Tensor(value)."))
    return value


def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """Diagonal ``k`` (a Tensor) of each matrix in the last two axes of ``x``."""
    _tensor_arg("ops.matrix_diag_part k", k)
    _tensor_arg("ops.matrix_diag_part padding_value", padding_value)
    _rank("ops.matrix_diag_part x", x, range(2, 33))
    r, c = _diag_index(_shape(x), _int_k("ops.matrix_diag_part k", k))
    return x[..., r, c]


def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """``x`` with diagonal ``k`` of each matrix replaced by ``diagonal``."""
    _rank("ops.matrix_set_diag x", x, range(2, 33))
    r, c = _diag_index(_shape(x), _int_k("ops.matrix_set_diag k", k))
    if _shape(diagonal)[-1:] != (len(r),):
        raise CellArgumentError(message("ops.matrix_set_diag diagonal",
                                        f"a last axis of {len(r)}", f"shape {_shape(diagonal)}"))
    placer = onp.zeros((len(r),) + _shape(x)[-2:], _dtype_of(x))
    placer[onp.arange(len(r)), r, c] = 1
    on_diag = placer.sum(0) > 0
    return np.where(on_diag, np.einsum("...k,kij->...ij", diagonal, placer), x)


def _norm_dtype(where, x, dtype):
    if dtype is not None:
        return np.asarray(x).astype(dtype)
    return _as_float(x)


def p_norm(x, ord, axis=None, keepdims=False):
    """The ``ord`` vector norm of ``x`` over ``axis`` (an int, a tuple or None: all)."""
    size = abs(x)
    if ord == onp.inf:
        return np.max(size, axis=axis, keepdims=keepdims)
    if ord == -onp.inf:
        return np.min(size, axis=axis, keepdims=keepdims)
    if ord == 0:
        return np.sum(getval(size) != 0, axis=axis, keepdims=keepdims).astype(size.dtype)
    if ord == 1:
        return np.sum(size, axis=axis, keepdims=keepdims)
    return np.sum(size ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    """The ``ord`` vector norm over ``axis`` (all elements when None)."""
    x = _norm_dtype("ops.vector_norm", x, dtype)
    if isinstance(ord, str):
        raise CellTypeError(message("ops.vector_norm ord", "a number", repr(ord)))
    return _keep(p_norm(x, ord, axis=axis if axis is None else tuple(axis)
                        if isinstance(axis, (tuple, list)) else axis, keepdims=keepdims), x)


def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):
    """The ``ord`` matrix norm ('fro', 'nuc', +-1, +-2, +-inf) over the two ``axis``."""
    A = _norm_dtype("ops.matrix_norm", A, dtype)
    if ord not in ("fro", "nuc", 1, -1, 2, -2, onp.inf, -onp.inf):
        raise CellArgumentError(message("ops.matrix_norm ord", "'fro', 'nuc', 1, -1, 2, -2, "
                                        "inf or -inf", repr(ord)))
    _rank("ops.matrix_norm A", A, range(2, 33))
    return _keep(np.linalg.norm(A, ord, axis=tuple(axis), keepdims=keepdims), A)


def vecdot(x, y, *, axis=-1):
    """sum(conj(x) * y) over ``axis``."""
    return np.sum(np.conj(x) * y, axis=axis)


def cov(input, *, correction=1, fweights=None, aweights=None):
    """The covariance of the rows (variables) of a 1-D or 2-D ``input``."""
    _rank("ops.cov input", input, (1, 2))
    x = _as_float(input)
    weights = None
    for name, w in (("fweights", fweights), ("aweights", aweights)):
        if w is not None:
            _rank(f"ops.cov {name}", w, (1,))
            weights = w if weights is None else weights * w
    x2 = np.reshape(x, (1, -1)) if len(_shape(x)) == 1 else x
    if weights is None:
        weights = np.ones((_shape(x2)[1],), dtype=_dtype_of(x))
    total = np.sum(weights)
    mean = np.sum(x2 * weights, axis=1, keepdims=True) / total
    norm = total - correction if aweights is None else \
        total - correction * np.sum(weights * aweights) / total
    centred = x2 - mean
    result = np.matmul(centred * weights, _mT(np.conj(centred))) / norm
    return _keep(np.squeeze(result) if len(_shape(x)) == 1 else result, x)


def vander(x, N=None):
    """The Vandermonde matrix of a 1-D ``x``: columns x^(N-1) ... x^0."""
    _rank("ops.vander x", x, (1,))
    if N is not None and (not isinstance(N, int) or isinstance(N, bool) or N < 0):
        raise CellTypeError(message("ops.vander N", "a non-negative int", repr(N)))
    result = np.vander(x, N)
    want = _dtype_of(x) if _dtype_of(x).kind in "fc" else onp.dtype(onp.int64)
    return result if _dtype_of(result) == want else result.astype(want)


def mm(input, mat2):
    """The product of two 2-D Tensors."""
    _rank("ops.mm input", input, (2,))
    _rank("ops.mm mat2", mat2, (2,))
    return np.matmul(input, mat2)


def mv(mat, vec):
    """The product of a 2-D ``mat`` and a 1-D ``vec``."""
    _rank("ops.mv mat", mat, (2,))
    _rank("ops.mv vec", vec, (1,))
    return np.matmul(mat, vec)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * (the sum over the batch of batch1 @ batch2)."""
    _rank("ops.addbmm batch1", batch1, (3,))
    _rank("ops.addbmm batch2", batch2, (3,))
    total = np.sum(np.matmul(batch1, batch2), axis=0)
    return _float_like_inputs(beta * input + alpha * total, input, batch1)


def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """beta * x + alpha * outer(vec1, vec2)."""
    _rank("ops.addr vec1", vec1, (1,))
    _rank("ops.addr vec2", vec2, (1,))
    return _float_like_inputs(beta * x + alpha * np.outer(vec1, vec2), x, vec1)


def batch_dot(x1, x2, axes=None):
    """Per-sample dot products of x1 and x2 over ``axes`` (axis 0 is the batch)."""
    n1, n2 = len(_shape(x1)), len(_shape(x2))
    if n1 < 2 or n2 < 2:
        raise CellArgumentError(message("ops.batch_dot x1/x2", "Tensors of 2 or more dims",
                                        f"shapes {_shape(x1)} and {_shape(x2)}"))
    if axes is None:
        axes = (n1 - 1, n2 - 1 if n2 == 2 else n2 - 2)
    elif isinstance(axes, int):
        axes = (axes, axes)
    a1, a2 = axes[0] % n1, axes[1] % n2
    if a1 == 0 or a2 == 0 or _shape(x1)[a1] != _shape(x2)[a2]:
        raise CellArgumentError(message("ops.batch_dot axes", "non-batch axes of equal size",
                                        f"axes {tuple(axes)} of {_shape(x1)} and {_shape(x2)}"))
    left, right = np.moveaxis(x1, a1, -1), np.moveaxis(x2, a2, 1)
    rest1, rest2 = _shape(left)[1:-1], _shape(right)[2:]
    batch, k = _shape(x1)[0], _shape(x1)[a1]
    out = np.matmul(np.reshape(left, (batch, -1, k)), np.reshape(right, (batch, k, -1)))
    shape = (batch,) + rest1 + rest2
    return np.reshape(out, shape if len(shape) > 1 else (batch, 1))


def adjoint(x):
    """The conjugate transpose of each matrix in the last two axes."""
    _rank("ops.adjoint x", x, range(2, 33))
    return np.conj(_mT(x))


def t(input):
    """The transpose of a 2-D Tensor (a 1-D or 0-D one as it is)."""
    if len(_shape(input)) > 2:
        raise CellArgumentError(message("ops.t input", "a Tensor of 2 or fewer dims",
                                        f"shape {_shape(input)}"))
    return np.transpose(input) if len(_shape(input)) == 2 else input
