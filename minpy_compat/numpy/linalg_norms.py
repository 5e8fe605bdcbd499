"""Gradients of the linear algebra norms: ``norm`` keeps autograd's fast rule where it
is right and uses a composite for the rest (orders 1, inf, 0, p < 1, matrix 1/2/inf,
keepdims); NumPy 2's ``vector_norm``/``matrix_norm`` and ``cond`` are composites.
``linalg_gradients`` registers them.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import primitive_vjps
from autograd.tracer import getval

from .. import registry
from .derived_gradients import composite_vjp, refuse


# ---- small helpers -------------------------------------------------------------------------
def _normalized_axes(axes, ndim):
    """``axes`` as non-negative ints (NumPy has checked them in the forward pass)."""
    return tuple(int(axis) % ndim for axis in axes)


def _as_inexact(x):
    """``x`` as NumPy's norm sees it: an integer or bool array becomes float64 (only a
    constant can be one: traced values are floats)."""
    if getval(x).dtype.kind not in "fc":
        return onp.asarray(getval(x), dtype=onp.float64)
    return x


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
    if onp.any(onp.isinf(onp.linalg.cond(getval(x), p))):  # NumPy's inf: a singular matrix
        refuse("linalg.cond", 0, f"nonsingular matrices for the gradient of cond(x, p={p!r})",
               "a singular one (cond is inf there: no gradient)",
               "Move away from the singular matrix (e.g. add eps * eye).")
    if p is None or p in (2, -2):
        values = anp.linalg.svd(x, compute_uv=False)
        largest, smallest = values[..., 0], values[..., -1]
        return smallest / largest if p == -2 else largest / smallest
    return (anp.linalg.norm(x, p, axis=(-2, -1))
            * anp.linalg.norm(anp.linalg.inv(x), p, axis=(-2, -1)))
