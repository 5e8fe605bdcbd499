"""Gradients for the linear algebra functions autograd has none for (or only for some
arguments): ``qr``, ``eigvals``, ``lstsq``, ``matrix_power``, every ``norm`` order, ...

Built with the rules of ``derived_gradients``: NumPy's own forward pass, and a gradient
from a composite (or an index map) written with autograd.numpy operations. Three
functions get a rule of their own:

* ``qr``: the gradient of the decomposition itself (no composite can restate it).
* ``norm`` and ``einsum`` keep autograd's fast rule where it is right and use a
  composite for the rest (``norm``'s orders 1, inf, 0, p < 1, matrix 1/2/inf, keepdims;
  ``einsum`` subscripts that repeat a letter in one operand, such as ``'ii->i'``).

``multi_dot`` takes a list, whose traced items autograd's primitive cannot see; the
facade in ``minpy_compat.numpy.linalg`` sends such calls to ``chained_multi_dot``.
"""
import types

import autograd.numpy as anp
import numpy as onp
from autograd.core import VSpace, primitive_vjps
from autograd.numpy.numpy_vspaces import ArrayVSpace
from autograd.tracer import getval

from .. import registry
from ..array import TracedArray
from . import derived_gradients
from .derived_gradients import composite_vjp, moving_vjp, refuse, register

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)
_LINALG = dict(module=anp.linalg, prefix="linalg.")


# ---- small helpers -------------------------------------------------------------------------
def _swap_last(x):
    """The transpose of each matrix in a stack (the last two axes swapped)."""
    return anp.swapaxes(x, -1, -2)


def _normalized_axes(axes, ndim):
    """``axes`` as non-negative ints (NumPy has checked them in the forward pass)."""
    return tuple(int(axis) % ndim for axis in axes)


def _as_inexact(x):
    """``x`` as NumPy's norm sees it: an integer or bool array becomes float64 (only a
    constant can be one: traced values are floats)."""
    if getval(x).dtype.kind not in "fc":
        return onp.asarray(getval(x), dtype=onp.float64)
    return x


# ---- qr: the decomposition's own gradient ---------------------------------------------------
_QR_MODES = ("reduced", "complete", "r", "f", "full")


def _qr_mode(args, kwargs):
    return args[1] if len(args) > 1 else kwargs.get("mode", "reduced")


def _copy_lower_to_upper(m):
    """``m``'s lower triangle, mirrored onto the upper one (the diagonal kept once)."""
    return anp.tril(m) + _swap_last(anp.tril(m, -1))


def _qr_tall_back(q, r, gq, gr):
    """Gradient of ``a`` for ``q, r = qr(a)`` with ``a`` m x n, m >= n (reduced).

    From ``da = dq r + q dr``, ``q^T q = I`` and ``r`` upper triangular: with
    ``M = r gr^T - gq^T q``, the gradient is ``(gq + q copyltu(M)) r^-T``.
    ``gq`` is None where Q is not an output (mode 'r').
    """
    m = r @ _swap_last(gr)
    if gq is not None:
        m = m - _swap_last(gq) @ q
    pulled = q @ _copy_lower_to_upper(m)
    if gq is not None:
        pulled = pulled + gq
    return _swap_last(anp.linalg.solve(r, _swap_last(pulled)))  # pulled r^-T


def _qr_back(a, q, r, gq, gr):
    """Gradient of ``a`` for ``q, r = qr(a)`` (reduced, any shape).

    A wide ``a = [x y]`` (m < n) is ``x = q u`` (square) and ``y = q v``, ``v = q^T y``:
    ``y`` gets ``q gv``, and ``q`` gets ``y gv^T`` more.
    """
    rows, cols = anp.shape(a)[-2:]
    if rows >= cols:
        return _qr_tall_back(q, r, gq, gr)
    gu, gv = gr[..., :, :rows], gr[..., :, rows:]
    from_y = a[..., :, rows:] @ _swap_last(gv)
    gq = from_y if gq is None else gq + from_y
    gx = _qr_tall_back(q, r[..., :, :rows], gq, gu)
    return anp.concatenate([gx, q @ gv], axis=-1)


def _check_qr(ans, args, kwargs):
    """Refuse the qr calls whose gradient is not defined (or not unique)."""
    a, mode = getval(args[0]), _qr_mode(args, kwargs)
    rows, cols = onp.shape(a)[-2:]
    if mode not in _QR_MODES:
        refuse("linalg.qr", 1, "mode 'reduced', 'complete' or 'r' (the modes with a "
               "gradient)", repr(mode), "Use mode='reduced' (Q, R) or mode='r' (R only).")
    if mode == "complete" and rows > cols:
        refuse("linalg.qr", 1, "mode='complete' only for m <= n (its extra m - n columns of "
               "Q are any orthonormal basis: no unique gradient)",
               f"mode='complete' for a {rows} x {cols} matrix",
               "Use mode='reduced', whose Q has a gradient.")
    if onp.iscomplexobj(a):
        refuse("linalg.qr", 0, "a real matrix", f"a {a.dtype} one",
               "Differentiate the real and imaginary parts with real operations.")
    r = getval(ans if mode == "r" else ans[1])
    if onp.any(onp.diagonal(r, axis1=-2, axis2=-1) == 0):
        refuse("linalg.qr", 0, "a matrix of full rank (its first min(m, n) columns "
               "independent: otherwise Q's gradient is not unique)", "a rank-deficient one")


def _qr_vjp_argnums(argnums, ans, args, kwargs):
    _check_qr(ans, args, kwargs)
    a = args[0]
    if _qr_mode(args, kwargs) == "r":
        def vjp(g):
            q, r = anp.linalg.qr(a)  # Q is needed too; traced again at higher order
            return [_qr_back(a, q, r, None, g)]
        return vjp
    q, r = ans[0], ans[1]
    return lambda g: [_qr_back(a, q, r, g[0], g[1])]


# ---- svd: every form of the call, through the thin decomposition's gradient ---------------
def _svd_form(args, kwargs):
    """``(full_matrices, compute_uv, hermitian)`` of a call ``svd(a, ...)``."""
    options = dict(zip(("full_matrices", "compute_uv", "hermitian"), args[1:]), **kwargs)
    return (options.get("full_matrices", True), options.get("compute_uv", True),
            options.get("hermitian", False))


def _hermitian_from_lower(a):
    """The Hermitian matrix NumPy decomposes for ``hermitian=True`` (``eigh`` reads the
    lower triangle only)."""
    return anp.tril(a) + anp.conj(_swap_last(anp.tril(a, -1)))


def _lower_part_of(g):
    """The gradient of ``a`` given that of ``_hermitian_from_lower(a)``: the upper triangle
    gets none, the lower one also collects what its mirror image got."""
    return anp.tril(g) + anp.tril(anp.conj(_swap_last(g)), -1)


def _svd_vjp_maker(fun):
    """``svd``: autograd's rule knows neither ``hermitian=`` nor the default
    ``full_matrices=True``.

    ``hermitian=True`` decomposes the Hermitian matrix that ``a``'s lower triangle
    spells out, and returns a valid SVD of it: the gradient goes through that matrix,
    then back to the lower triangle. The complete U of an m x n matrix with m > n has
    m - n extra columns (Vh: n - m extra rows when m < n), a basis of the complement
    that NumPy picks arbitrarily and on which no function of ``a`` depends smoothly. So
    a gradient may not flow into them: where the backward pass brings one the rule
    refuses; otherwise (S only, or only the first min(m, n) columns used) it pulls back
    through the thin decomposition.
    """
    thin_rule = registry._autograd_vjps.get(fun) or primitive_vjps[fun]

    def vjp_argnums(argnums, ans, args, kwargs):
        full, compute_uv, hermitian = _svd_form(args, kwargs)
        a = _hermitian_from_lower(args[0]) if hermitian else args[0]
        vjp = _svd_vjp(thin_rule, argnums, ans, a, full, compute_uv)
        if hermitian:
            return lambda g: (_lower_part_of(vjp(g)[0]),)
        return vjp
    return vjp_argnums


def _svd_vjp(thin_rule, argnums, ans, a, full, compute_uv):
    if not compute_uv:
        return thin_rule(argnums, ans, (a,), {"compute_uv": False})
    m, n = getval(a).shape[-2:]
    k = min(m, n)
    if not full or m == n:
        return thin_rule(argnums, ans, (a,), {"full_matrices": False})
    u, s, vh = ans
    thin = thin_rule(argnums, (u[..., :k], s, vh[..., :k, :]), (a,), {"full_matrices": False})

    def vjp(g):
        gu, gs, gvh = g
        for part, extra in (("U's last", gu[..., k:]), ("Vh's last", gvh[..., k:, :])):
            if onp.any(getval(extra)):
                refuse("linalg.svd", 0, f"no gradient on {part} {max(m, n) - k} "
                       "columns/rows of full_matrices=True (a basis NumPy picks arbitrarily; "
                       "no function of `a` depends on it smoothly)", "a function that uses "
                       "them", f"Pass full_matrices=False, or use only the first {k} columns "
                       "of U and rows of Vh.")
        return thin((gu[..., :k], gs, gvh[..., :k, :]))
    return vjp


# ---- eigenvalues ----------------------------------------------------------------------------
def _matching_order(values, reference):
    """For each of ``reference``'s eigenvalues (last axis), the index of the nearest of
    ``values``; None when the two lists are already in the same order."""
    distance = onp.abs(values[..., :, None] - reference[..., None, :])
    order = onp.argmin(distance, axis=-2)
    if onp.array_equal(order, onp.broadcast_to(onp.arange(order.shape[-1]), order.shape)):
        return None
    return order


def eigvals_composite(a):
    """``eigvals`` as ``eig``'s eigenvalues, put in ``eigvals``' order (LAPACK may order
    them differently when it does not compute the eigenvectors)."""
    values = anp.linalg.eig(a)[0]
    order = _matching_order(getval(values), onp.linalg.eigvals(getval(a)))
    return values if order is None else anp.take_along_axis(values, order, axis=-1)


def eigvalsh_composite(a, UPLO="L"):
    """``eigvalsh`` as ``eigh``'s eigenvalues (ascending in both)."""
    return anp.linalg.eigh(a, UPLO=UPLO)[0]


# ---- norms ---------------------------------------------------------------------------------
def _frobenius(x, axis, keepdims):
    return anp.sqrt(anp.sum(anp.real(anp.conj(x) * x), axis=axis, keepdims=keepdims))


def _vector_norm(x, ord, axis, keepdims):
    """NumPy's vector norm of order ``ord`` over the axes ``axis`` (a tuple or None)."""
    if ord is None or ord == 2:
        return _frobenius(x, axis, keepdims)
    if ord == onp.inf:
        return anp.max(anp.abs(x), axis=axis, keepdims=keepdims)
    if ord == -onp.inf:
        return anp.min(anp.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:  # a count of nonzero entries: a constant
        raw = getval(x)
        return onp.sum(raw != 0, axis=axis, keepdims=keepdims).astype(raw.real.dtype)
    if ord == 1:
        return anp.sum(anp.abs(x), axis=axis, keepdims=keepdims)
    return anp.sum(anp.abs(x) ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


def _singular_values_over(x, row, col):
    return anp.linalg.svd(anp.moveaxis(x, (row, col), (-2, -1)), compute_uv=False)


def _matrix_norm(x, ord, axis, keepdims):
    """NumPy's matrix norm of order ``ord`` over the axis pair ``axis``."""
    row, col = _normalized_axes(axis, anp.ndim(x))
    if ord in (2, -2):
        choose = anp.max if ord == 2 else anp.min
        result = choose(_singular_values_over(x, row, col), axis=-1)
    elif ord == "nuc":
        result = anp.sum(_singular_values_over(x, row, col), axis=-1)
    elif ord in (1, -1):  # largest (smallest) column sum
        choose = anp.max if ord == 1 else anp.min
        result = choose(anp.sum(anp.abs(x), axis=row), axis=col - 1 if col > row else col)
    elif ord in (onp.inf, -onp.inf):  # largest (smallest) row sum
        choose = anp.max if ord == onp.inf else anp.min
        result = choose(anp.sum(anp.abs(x), axis=col), axis=row - 1 if row > col else row)
    else:  # None, 'fro', 'f'
        result = _frobenius(x, (row, col), False)
    if keepdims:
        shape = list(anp.shape(x))
        shape[row] = shape[col] = 1
        result = anp.reshape(result, shape)
    return result


def norm_composite(x, ord=None, axis=None, keepdims=False):
    """``numpy.linalg.norm`` restated (every order and axis NumPy accepts)."""
    x = _as_inexact(x)
    ndim = anp.ndim(x)
    if axis is None:
        if ord is None or (ord in ("f", "fro") and ndim == 2) or (ord == 2 and ndim == 1):
            return _frobenius(x, None, keepdims)
        axis = tuple(range(ndim))
    elif not isinstance(axis, tuple):
        axis = (int(axis),)
    if len(axis) == 1:
        return _vector_norm(x, ord, axis, keepdims)
    return _matrix_norm(x, ord, axis, keepdims)


def _norm_options(args, kwargs):
    """``(ord, axis, keepdims)`` of a norm call, whichever way they were passed."""
    names = ("ord", "axis", "keepdims")
    values = dict(zip(names, args[1:]))
    values.update({name: kwargs[name] for name in names if name in kwargs})
    return values.get("ord"), values.get("axis"), values.get("keepdims", False)


def _autograd_norm_options(x, ord, axis, keepdims):
    """``{'ord', 'axis'}`` for autograd's own norm rule when it is right for this call,
    else None. autograd's rule covers vector orders None/2/p > 1 and matrix orders
    None/'fro'/'nuc', without keepdims, and reads negative matrix axes wrongly: those
    are passed to it normalized."""
    ndim = onp.ndim(x)
    if keepdims:
        return None
    if isinstance(axis, tuple) and len(axis) == 1:
        axis = axis[0]
    matrix = isinstance(axis, tuple) or (axis is None and ndim == 2 and ord is not None)
    if matrix:
        if ord not in (None, "fro", "nuc") or axis is None and ndim != 2:
            return None
        return {"ord": ord, "axis": None if axis is None else _normalized_axes(axis, ndim)}
    if ord is None or (not isinstance(ord, str) and 1 < ord < onp.inf):
        return {"ord": ord, "axis": None if axis is None else _normalized_axes([axis], ndim)[0]}
    return None


def _norm_vjp_maker(fun):
    """``norm``: autograd's rule where it is right, the composite elsewhere."""
    autograd_rule = registry._autograd_vjps.get(fun) or primitive_vjps[fun]
    composite_rule = composite_vjp(norm_composite)(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        options = _autograd_norm_options(getval(args[0]), *_norm_options(args, kwargs))
        if options is None:
            return composite_rule(argnums, ans, args, kwargs)
        return autograd_rule(argnums, ans, (args[0],), options)
    return vjp_argnums


def vector_norm_composite(x, axis=None, keepdims=False, ord=2):
    """NumPy 2's ``linalg.vector_norm`` (a vector norm over any set of axes)."""
    x = _as_inexact(x)
    if axis is not None:
        axis = _normalized_axes(axis if isinstance(axis, tuple) else (axis,), anp.ndim(x))
    return _vector_norm(x, ord, axis, keepdims)


def matrix_norm_composite(x, keepdims=False, ord="fro"):
    """NumPy 2's ``linalg.matrix_norm``: ``norm`` over the last two axes."""
    return norm_composite(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def cond_composite(x, p=None):
    """``cond``: a ratio of singular values (p None, 2, -2), else
    ``norm(x, p) * norm(inv(x), p)`` over the last two axes."""
    if p is None or p in (2, -2):
        values = anp.linalg.svd(x, compute_uv=False)
        largest, smallest = values[..., 0], values[..., -1]
        return smallest / largest if p == -2 else largest / smallest
    return (anp.linalg.norm(x, p, axis=(-2, -1))
            * anp.linalg.norm(anp.linalg.inv(x), p, axis=(-2, -1)))


# ---- solvers -------------------------------------------------------------------------------
def _lstsq_cutoff(rcond, shape):
    """The relative cutoff below which lstsq counts a singular value as zero (NumPy
    solves in double precision, whose epsilon its defaults use)."""
    eps = onp.finfo(onp.float64).eps
    if rcond is None:
        return eps * max(shape)
    if isinstance(rcond, str) or rcond < 0:  # 'warn' (NumPy 1.x): the old default -1
        return eps
    return rcond


def lstsq_composite(a, b, rcond=None):
    """``lstsq`` for a full-rank ``a``: ``x = pinv(a) b``, the residuals' squared norms
    (when m > n), the rank (a constant) and the singular values."""
    singular = anp.linalg.svd(a, compute_uv=False)
    raw = getval(singular)
    cutoff = _lstsq_cutoff(rcond, anp.shape(a))
    rank = onp.intc(onp.sum(raw > cutoff * raw[0])) if raw.size else onp.intc(0)
    solution = anp.linalg.pinv(a) @ b
    rows, cols = anp.shape(a)
    if rank == cols and rows > cols:
        residuals = anp.sum(anp.abs(b - a @ solution) ** 2, axis=0)
        if anp.ndim(b) == 1:
            residuals = anp.reshape(residuals, (1,))
    else:
        residuals = onp.empty(0, raw.dtype)
    return solution, residuals, rank, singular


def _lstsq_vjp_maker(fun):
    composite_rule = composite_vjp(lstsq_composite)(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        a = getval(args[0])
        rank = int(getval(ans[2]))
        if rank < min(onp.shape(a)):
            refuse("linalg.lstsq", 0, "a matrix of full rank (the solution of a "
                   "rank-deficient system jumps with the cutoff: no gradient)",
                   f"a {onp.shape(a)[0]} x {onp.shape(a)[1]} matrix of rank {rank}")
        return composite_rule(argnums, ans, args, kwargs)
    return vjp_argnums


class TracedCount(TracedArray):
    """A traced NumPy integer scalar (lstsq's rank): ``int()`` and indexing read it, as
    an integer carries no gradient to drop."""

    __slots__ = []

    def __int__(self):
        return int(self._value)

    __index__ = __int__


# lstsq's rank is a NumPy integer scalar inside the traced result: autograd must box it
# when the result is unpacked, and know its vector space to build the result's zero
# gradient. Without these two entries every traced lstsq call fails.
_RANK_TYPE = type(onp.linalg.lstsq(onp.eye(1), onp.ones(1), rcond=None)[2])
if _RANK_TYPE not in TracedArray.type_mappings:
    TracedCount.register(_RANK_TYPE)
if _RANK_TYPE not in VSpace.mappings:
    ArrayVSpace.register(_RANK_TYPE)


def tensorinv_composite(a, ind=2):
    """``tensorinv``: ``inv`` of ``a`` seen as a matrix, reshaped back."""
    shape = anp.shape(a)
    rows = int(onp.prod(shape[:ind]))
    inverse = anp.linalg.inv(anp.reshape(a, (rows, -1)))
    return anp.reshape(inverse, shape[ind:] + shape[:ind])


def tensorsolve_composite(a, b, axes=None):
    """``tensorsolve``: ``solve`` of ``a`` and ``b`` seen as a matrix and a vector."""
    ndim = anp.ndim(a)
    if axes is not None:
        order = list(range(ndim))
        for axis in axes:
            order.remove(axis)
            order.insert(ndim, axis)
        a = anp.transpose(a, order)
    shape = anp.shape(a)[-(ndim - anp.ndim(b)):]
    size = int(onp.prod(shape))
    solution = anp.linalg.solve(anp.reshape(a, (size, size)), anp.reshape(b, (-1,)))
    return anp.reshape(solution, shape)


def matrix_power_composite(a, n):
    """``matrix_power`` with NumPy's own order of products (binary decomposition)."""
    n = int(n)
    if n == 0:
        raw = getval(a)
        return onp.broadcast_to(onp.eye(raw.shape[-1], dtype=raw.dtype), raw.shape).copy()
    if n < 0:
        a, n = anp.linalg.inv(a), -n
    if n <= 3:
        result = a
        for _ in range(n - 1):
            result = result @ a
        return result
    square = result = None
    while n > 0:
        square = a if square is None else square @ square
        n, bit = divmod(n, 2)
        if bit:
            result = square if result is None else result @ square
    return result


# ---- multi_dot (called by the facade for lists holding traced arrays) ----------------------
def _chain_splits(dims):
    """Where the cheapest product of matrices ``dims[i] x dims[i + 1]`` splits each run
    ``[i, j]`` (dynamic programming over multiply counts, as NumPy's multi_dot)."""
    count = len(dims) - 1
    cost = [[0] * count for _ in range(count)]
    split = [[0] * count for _ in range(count)]
    for length in range(1, count):
        for i in range(count - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                here = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if cost[i][j] is None or here < cost[i][j]:
                    cost[i][j], split[i][j] = here, k
    return split


def _product_in_order(matrices, split, i, j, dot):
    if i == j:
        return matrices[i]
    k = split[i][j]
    return dot(_product_in_order(matrices, split, i, k, dot),
               _product_in_order(matrices, split, k + 1, j, dot))


def chained_multi_dot(arrays, dot=anp.dot):
    """``multi_dot(arrays)`` as a chain of differentiable ``dot`` calls, in the cheapest
    order; a 1-D first (last) array is a row (column) vector, as in NumPy."""
    arrays = list(arrays)
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    if len(arrays) == 2:
        return dot(arrays[0], arrays[1])
    first_is_vector, last_is_vector = anp.ndim(arrays[0]) == 1, anp.ndim(arrays[-1]) == 1
    if first_is_vector:
        arrays[0] = arrays[0][None, :]
    if last_is_vector:
        arrays[-1] = arrays[-1][:, None]
    dims = [anp.shape(m)[0] for m in arrays] + [anp.shape(arrays[-1])[1]]
    result = _product_in_order(arrays, _chain_splits(dims), 0, len(arrays) - 1, dot)
    if first_is_vector and last_is_vector:
        return result[0, 0]
    if first_is_vector:
        return result[0]
    return result[:, 0] if last_is_vector else result


# ---- NumPy 2's linalg names and vector products --------------------------------------------
def svdvals_composite(x):
    """NumPy 2's ``linalg.svdvals``: the singular values."""
    return anp.linalg.svd(x, compute_uv=False)


def outer_composite(x1, x2):
    return anp.outer(x1, x2)


def trace_composite(x, offset=0, dtype=None):
    """NumPy 2's ``linalg.trace`` (over the last two axes) as a masked sum."""
    rows, cols = anp.shape(x)[-2:]
    mask = onp.eye(rows, cols, k=offset, dtype=getval(x).dtype)
    result = anp.sum(x * mask, axis=(-2, -1))
    return result if dtype is None else result.astype(dtype)


def matmul_composite(x1, x2):
    return anp.matmul(x1, x2)


def tensordot_composite(x1, x2, axes=2):
    return anp.tensordot(x1, x2, axes=axes)


def cross_composite(x1, x2, axis=-1):
    return anp.cross(x1, x2, axis=axis)


def linalg_vecdot_composite(x1, x2, axis=-1):
    """NumPy 2's ``linalg.vecdot``: ``sum(conj(x1) * x2)`` over ``axis``."""
    return anp.sum(anp.conj(x1) * x2, axis=axis)


_GUFUNC_CORES = {"vecdot": ((1, 1), 0), "matvec": ((2, 1), 1), "vecmat": ((1, 2), 1)}
_GUFUNC_KWARGS = {"axes", "axis", "dtype", "casting", "order", "subok"}


def _gufunc_axes(name, kwargs):
    """The core axes of each operand and of the result of a gufunc call (``axes=``,
    ``axis=`` or the default: the last ones)."""
    in_ndims, out_ndim = _GUFUNC_CORES[name]
    if kwargs.get("axes") is not None:
        axes = [tuple(a) if isinstance(a, (tuple, list)) else (a,) for a in kwargs["axes"]]
        return axes + [()] if len(axes) == len(in_ndims) else axes
    if kwargs.get("axis") is not None:
        axis = (kwargs["axis"],)
        return [axis] * len(in_ndims) + [axis if out_ndim else ()]
    return [tuple(range(-n, 0)) for n in in_ndims + (out_ndim,)]


def _core_last(x, axes):
    """``x`` with its core axes ``axes`` moved to the end, in order."""
    return anp.moveaxis(x, axes, tuple(range(-len(axes), 0)))


def _gufunc_result(result, out_axes, kwargs):
    if out_axes:
        result = anp.moveaxis(result, -1, out_axes[0])
    return result if kwargs.get("dtype") is None else result.astype(kwargs["dtype"])


def vecdot_composite(x1, x2, **kwargs):
    """NumPy 2's ``vecdot`` gufunc ``(n),(n)->()``: ``sum(conj(x1) * x2)``."""
    a1, a2, out = _gufunc_axes("vecdot", kwargs)
    product = anp.conj(_core_last(x1, a1)) * _core_last(x2, a2)
    return _gufunc_result(anp.sum(product, axis=-1), out, kwargs)


def matvec_composite(x1, x2, **kwargs):
    """NumPy 2's ``matvec`` gufunc ``(m,n),(n)->(m)``."""
    a1, a2, out = _gufunc_axes("matvec", kwargs)
    product = _core_last(x1, a1) * anp.expand_dims(_core_last(x2, a2), -2)
    return _gufunc_result(anp.sum(product, axis=-1), out, kwargs)


def vecmat_composite(x1, x2, **kwargs):
    """NumPy 2's ``vecmat`` gufunc ``(n),(n,m)->(m)`` (the vector conjugated)."""
    a1, a2, out = _gufunc_axes("vecmat", kwargs)
    product = anp.expand_dims(anp.conj(_core_last(x1, a1)), -1) * _core_last(x2, a2)
    return _gufunc_result(anp.sum(product, axis=-2), out, kwargs)


def _gufunc_vjp(name, composite):
    """A composite rule that first refuses keyword arguments the composite cannot follow."""
    def make(fun):
        rule = composite_vjp(composite)(fun)

        def vjp_argnums(argnums, ans, args, kwargs):
            unknown = sorted(key for key in set(kwargs) - _GUFUNC_KWARGS
                             if kwargs[key] is not None and kwargs[key] is not False)
            if unknown:
                refuse(name, unknown[0], "only the keyword arguments axes=, axis=, dtype=, "
                       "casting=, order=, subok= (a gradient is defined for those)",
                       f"{unknown[0]}={kwargs[unknown[0]]!r}",
                       "Move axes with np.moveaxis or reshape the result instead.")
            return rule(argnums, ans, args, kwargs)
        return vjp_argnums
    return make


# ---- einsum with a letter repeated inside one operand ---------------------------------------
def _repeats_a_letter(args):
    """Whether an einsum call repeats a subscript inside one operand (``'ii'``, ``'iij'``):
    the calls autograd's rule cannot take. A quick scan: it runs for every traced einsum."""
    if isinstance(args[0], str):
        inputs = args[0].split("->")[0].replace("...", "").replace(" ", "")
        return any(len(set(term)) != len(term) for term in inputs.split(","))
    sublists = args[1::2]
    for sublist in sublists:
        labels = [label for label in sublist if label is not Ellipsis]
        if len(set(labels)) != len(labels):
            return True
    return False


def _einsum_operand_positions(args):
    """The positions in ``args`` of an einsum call's operands (either convention)."""
    if isinstance(args[0], str):
        return list(range(1, len(args)))
    return list(range(0, len(args) - len(args) % 2, 2))


def _diagonal_over(operand, term, letter):
    """``operand`` (subscripts ``term``) with the two axes labelled ``letter`` replaced by
    their diagonal, as a new last axis; also gives the new subscripts."""
    first = term.index(letter)
    second = term.index(letter, first + 1)
    moved = anp.moveaxis(operand, (first, second), (-1, -2))
    rest = term[:first] + term[first + 1:second] + term[second + 1:]
    return anp.diagonal(moved, 0, -1, -2), rest + letter


def _without_repeats(operand, term):
    while True:
        repeated = [letter for letter in term if term.count(letter) > 1]
        if not repeated:
            return operand, term
        operand, term = _diagonal_over(operand, term, repeated[0])


def einsum_composite(*args, **kwargs):
    """``einsum`` with every repeated subscript inside an operand first taken as a
    diagonal, so the einsum left has distinct subscripts per operand."""
    positions = _einsum_operand_positions(args)
    inputs, output, _ = anp.parse_einsum_input(*[getval(arg) for arg in args])
    operands, terms = [], []
    for position, term in zip(positions, inputs.split(",")):
        operand, term = _without_repeats(args[position], term)
        operands.append(operand)
        terms.append(term)
    kwargs = {key: value for key, value in kwargs.items() if key != "out"}
    return anp.einsum(",".join(terms) + "->" + output, *operands, **kwargs)


def _only_moves(args):
    """Whether an einsum call has one operand and sums over nothing (``'ii->i'``): each
    output element is a copy of an input element."""
    positions = _einsum_operand_positions(args)
    if len(positions) != 1:
        return False
    inputs, output, _ = anp.parse_einsum_input(*[getval(arg) for arg in args])
    return set(inputs) <= set(output)


def _probe_kwargs(kwargs):
    return {key: value for key, value in kwargs.items() if key not in ("dtype", "casting")}


def _einsum_vjp_maker(fun):
    """``einsum``: autograd's rule, except for repeated subscripts inside an operand:
    an index map when the call only moves elements, a composite otherwise."""
    autograd_rule = registry._autograd_vjps.get(fun) or primitive_vjps[fun]
    composite_rule = composite_vjp(einsum_composite)(fun)
    moving_rules = {True: moving_vjp([1], _probe_kwargs)(fun),
                    False: moving_vjp([0], _probe_kwargs)(fun)}

    def vjp_argnums(argnums, ans, args, kwargs):
        if not _repeats_a_letter(args):
            return autograd_rule(argnums, ans, args, kwargs)
        if _only_moves(args):
            return moving_rules[isinstance(args[0], str)](argnums, ans, args, kwargs)
        return composite_rule(argnums, ans, args, kwargs)
    return vjp_argnums


# ---- registrations -------------------------------------------------------------------------
register(["qr"], lambda fun: _qr_vjp_argnums, **_LINALG)
register(["svd"], _svd_vjp_maker, **_LINALG)
register(["eigvals"], composite_vjp(eigvals_composite), **_LINALG)
register(["eigvalsh"], composite_vjp(eigvalsh_composite), **_LINALG)
register(["cond"], composite_vjp(cond_composite), **_LINALG)
register(["lstsq"], _lstsq_vjp_maker, **_LINALG)
register(["tensorinv"], composite_vjp(tensorinv_composite), **_LINALG)
register(["tensorsolve"], composite_vjp(tensorsolve_composite), **_LINALG)
register(["matrix_power"], composite_vjp(matrix_power_composite), **_LINALG)
# autograd.numpy.linalg.norm is a Python wrapper around this primitive.
register(["norm"], _norm_vjp_maker, module=types.SimpleNamespace(
    norm=getattr(anp.linalg, "_primitive_norm", anp.linalg.norm)), prefix="linalg.")
register(["einsum"], _einsum_vjp_maker)

# NumPy 2 only (register skips the names this NumPy lacks).
register(["vector_norm"], composite_vjp(vector_norm_composite), **_LINALG)
register(["matrix_norm"], composite_vjp(matrix_norm_composite), **_LINALG)
register(["svdvals"], composite_vjp(svdvals_composite), **_LINALG)
register(["outer"], composite_vjp(outer_composite), **_LINALG)
register(["trace"], composite_vjp(trace_composite), **_LINALG)
register(["matmul"], composite_vjp(matmul_composite), **_LINALG)
register(["tensordot"], composite_vjp(tensordot_composite), **_LINALG)
register(["cross"], composite_vjp(cross_composite), **_LINALG)
register(["vecdot"], composite_vjp(linalg_vecdot_composite), **_LINALG)
register(["vecdot"], _gufunc_vjp("vecdot", vecdot_composite))
register(["matvec"], _gufunc_vjp("matvec", matvec_composite))
register(["vecmat"], _gufunc_vjp("vecmat", vecmat_composite))

# Every name given a gradient here ("linalg.qr", "einsum", ...), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
