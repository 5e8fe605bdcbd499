"""Gradients of the linear algebra solvers and products of many matrices: ``solve`` (every
broadcast), ``lstsq`` (full rank only; its rank is boxed as a ``TracedCount``), ``tensorinv``,
``tensorsolve``,
``matrix_power``, ``chained_multi_dot`` (the facade's ``multi_dot`` for lists holding
traced arrays), ``pinv`` (every keyword) and ``polyfit`` (a least-squares fit).
``linalg_gradients`` registers them.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import VSpace
from autograd.numpy.numpy_vspaces import ArrayVSpace
from autograd.tracer import getval

from ..array import TracedArray
from .derived_gradients import composite_vjp, refuse
from .gradients import unbroadcast

_NUMPY2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"


# ---- solvers -------------------------------------------------------------------------------
def _solves_vectors(a, b):
    """Whether ``solve(a, b)`` reads ``b`` as (a stack of) vectors: NumPy 2 when ``b`` is
    1-D, NumPy 1 when ``b`` has one axis fewer than ``a``."""
    return onp.ndim(b) == 1 if _NUMPY2 else onp.ndim(b) == onp.ndim(a) - 1


def _solve_vjp_argnums(argnums, ans, args, kwargs):
    """``x = solve(a, b)``: ``gb = a^-T g`` and ``ga = -gb x^T``, vectors taken as one-column
    matrices, each summed down to its argument's shape where the stacks broadcast.
    autograd's rule returned the broadcast shape, and failed for NumPy 2's 1-D ``b``."""
    a, b = args[0], args[1]
    a_shape, b_shape = onp.shape(getval(a)), onp.shape(getval(b))
    vectors = _solves_vectors(getval(a), getval(b))

    def vjp(g):
        column, x = (g[..., None], ans[..., None]) if vectors else (g, ans)
        gb = anp.linalg.solve(anp.swapaxes(a, -1, -2), column)
        return [unbroadcast(-gb @ anp.swapaxes(x, -1, -2), a_shape) if argnum == 0 else
                unbroadcast(gb[..., 0] if vectors else gb, b_shape) for argnum in argnums]
    return vjp


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


# ---- pinv ----------------------------------------------------------------------------------
def _swap(x):
    return anp.swapaxes(x, -1, -2)


def _pinv_back(x, p, g):
    """The gradient of ``p = pinv(x)`` where the rank is constant (autograd's formula:
    Golub and Pereyra), for any cutoff (``rcond``/``rtol``) that keeps the rank."""
    rows, cols = onp.shape(getval(x))[-2:]
    return _swap(-p @ _swap(g) @ p + p @ _swap(p) @ g @ (onp.eye(rows) - x @ p)
                 + (onp.eye(cols) - p @ x) @ g @ _swap(p) @ p)


def pinv_vjp_argnums(argnums, ans, args, kwargs):
    """``pinv(a, rcond, hermitian)`` (NumPy 2: also ``rtol=``): autograd's rule took no
    argument but ``a``. ``hermitian=True`` inverts the matrix ``a``'s lower triangle
    spells out; the gradient goes back to that triangle."""
    from .linalg_decompositions import _hermitian_from_lower, _lower_part_of
    hermitian = args[2] if len(args) > 2 else kwargs.get("hermitian", False)
    if not hermitian:
        return lambda g: [_pinv_back(args[0], ans, g)]
    return lambda g: [_lower_part_of(_pinv_back(_hermitian_from_lower(args[0]), ans, g))]


def polyfit_composite(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """``numpy.polyfit`` step by step (the Vandermonde matrix, weighted and with its
    columns scaled to unit norm, solved by ``lstsq``), differentiable in ``x``, ``y``
    and ``w``; a rank-deficient fit is refused."""
    order = int(deg) + 1
    x, y = x + 0.0, y + 0.0
    if rcond is None:
        rcond = len(getval(x)) * onp.finfo(onp.result_type(getval(x))).eps
    lhs, rhs = anp.vander(x, order), y
    if w is not None:
        w = w + 0.0
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if anp.ndim(rhs) == 2 else w)
    scale = anp.sqrt(anp.sum(lhs * lhs, axis=0))
    lhs = lhs / scale
    values = onp.linalg.svd(getval(lhs), compute_uv=False)  # lstsq's rank, said here first
    rank = int(onp.sum(values > rcond * values[0]))
    if rank < order:
        refuse("polyfit", 0, f"a fit of full rank (at least deg + 1 = {order} distinct x "
               "values: otherwise the coefficients jump with the cutoff, no gradient)",
               f"rank {rank}", "Lower deg, or add distinct points.")
    c, residuals, rank, singular = anp.linalg.lstsq(lhs, rhs, rcond)
    c = anp.transpose(anp.transpose(c) / scale)
    if full:
        return c, residuals, rank, singular, rcond
    if not cov:
        return c
    base = anp.linalg.inv(anp.dot(anp.transpose(lhs), lhs)) / anp.outer(scale, scale)
    factor = 1 if cov == "unscaled" else residuals / (len(getval(x)) - order)
    return c, (base * factor if anp.ndim(y) == 1 else base[:, :, None] * factor)


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
