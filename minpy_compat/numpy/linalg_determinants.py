"""Gradients of ``det`` and ``slogdet`` (``linalg_gradients`` registers them).

``d det(a) / da`` is the transpose of the adjugate, ``adj(a)^T``: finite everywhere, and
nonzero at a matrix of rank n - 1. autograd's rule spells it ``det(a) inv(a)^T``, which
raises at a singular matrix and loses accuracy near one. Here a well-conditioned matrix
keeps that rule; any other goes through its SVD ``a = u diag(s) vh``:
``adj(a)^T = det(u) det(vh) conj(u diag(p) vh)`` with ``p_i`` the product of the other
singular values (no division anywhere). Both are written with autograd.numpy operations,
so higher orders work (through ``svd``'s gradient, which needs distinct singular values).

``log|det(a)|`` has no finite gradient at a singular matrix: ``slogdet`` says so by name
instead of raising LinAlgError from inside ``inv``.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from .derived_gradients import refuse

# Below this ratio of smallest to largest singular value, det(a) inv(a)^T loses digits.
_WELL_CONDITIONED = 1e-6


def _swap_last(x):
    return anp.swapaxes(x, -1, -2)


def _others_product(s):
    """``p[..., i] = prod(s[..., j] for j != i)``, from running products on both sides."""
    ones = anp.ones_like(s[..., :1])
    before = anp.concatenate([ones, anp.cumprod(s[..., :-1], axis=-1)], axis=-1)
    after = anp.concatenate([ones, anp.cumprod(anp.flip(s[..., 1:], -1), axis=-1)], axis=-1)
    return before * anp.flip(after, -1)


def adjugate_transpose(a):
    """``adj(a)^T`` (``det(a) inv(a)^T`` where that exists) for a stack of square
    matrices, through the SVD: defined at singular matrices too."""
    u, s, vh = anp.linalg.svd(a)
    phase = onp.linalg.det(getval(u)) * onp.linalg.det(getval(vh))  # +-1 (a phase): constant
    product = u @ (_others_product(s)[..., :, None] * vh)
    return onp.asarray(phase)[..., None, None] * anp.conj(product)


def _well_conditioned(a):
    s = onp.linalg.svd(a, compute_uv=False)
    return bool(onp.all(s[..., -1] > s[..., 0] * _WELL_CONDITIONED))


def det_vjp_argnums(argnums, ans, args, kwargs):
    """``det(a)``: ``g adj(a)^T``, through ``inv`` or through the SVD (module docstring)."""
    a = args[0]
    value = getval(a)
    if value.shape[-1] == 0 or _well_conditioned(value):
        return lambda g: [g[..., None, None] * ans[..., None, None] *
                          _swap_last(anp.linalg.inv(a))]
    return lambda g: [g[..., None, None] * adjugate_transpose(a)]


def slogdet_vjp_argnums(argnums, ans, args, kwargs):
    """``slogdet(a)``: ``g_logabsdet inv(a)^T``; the sign is piecewise constant, so a
    singular matrix is refused only where log|det| itself gets a gradient."""
    a = args[0]
    singular = onp.asarray(getval(ans[0])) == 0

    def vjp(g):
        g_log = g[1]
        if onp.any(singular & (onp.asarray(getval(g_log)) != 0)):
            refuse("linalg.slogdet", 0, "a nonsingular matrix for the gradient of "
                   "log|det(a)|", "a singular one (log|det| is -inf there, its gradient "
                   "infinite)", "Use det(a) (its gradient is finite everywhere), or move "
                   "away from the singular matrix (e.g. add eps * eye).")
        safe = a  # a singular matrix gets no gradient here: inv(eye) stands in for it
        if onp.any(singular):
            safe = anp.where(singular[..., None, None], onp.eye(onp.shape(getval(a))[-1]), a)
        return [g_log[..., None, None] * _swap_last(anp.linalg.inv(safe))]
    return vjp
