"""Gradients of the linear algebra decompositions autograd has none for (or only for some
calls): ``qr`` (the decomposition's own gradient; ``mode='complete'`` of a tall matrix
through LAPACK's Householder reflectors, ``householder_qr``), every form
of ``svd`` (``hermitian=``, ``full_matrices=True``) through the thin decomposition's rule,
and ``eigvals``/``eigvalsh`` as composites of ``eig``/``eigh``. ``linalg_gradients``
registers them.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import primitive_vjps
from autograd.tracer import getval

from .. import registry
from .derived_gradients import pull_back, refuse


# ---- small helpers -------------------------------------------------------------------------
def _swap_last(x):
    """The transpose of each matrix in a stack (the last two axes swapped)."""
    return anp.swapaxes(x, -1, -2)


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
    if onp.iscomplexobj(a):
        refuse("linalg.qr", 0, "a real matrix", f"a {a.dtype} one",
               "Differentiate the real and imaginary parts with real operations.")
    r = getval(ans if mode == "r" else ans[1])
    if onp.any(onp.diagonal(r, axis1=-2, axis2=-1) == 0):
        refuse("linalg.qr", 0, "a matrix of full rank (its first min(m, n) columns "
               "independent: otherwise Q's gradient is not unique)", "a rank-deficient one")


def _householder(a):
    """``qr(a, mode='complete')`` of a tall ``a`` (m > n) as LAPACK computes it: ``Q`` is
    the product of the reflectors ``H_k = I - tau_k v_k v_k^T`` that zero column k below the
    diagonal (``geqrf``: ``beta = -sign(alpha) |x|``, ``v_k[k] = 1``; ``tau = 0`` where
    the column is zero below the diagonal already), ``R`` is ``triu(Q^T a)``. Q's last
    m - n columns, an orthonormal basis of the complement NumPy could have picked otherwise,
    follow ``a`` through the reflectors smoothly: this is their gradient. Also says
    whether a column was skipped (``tau = 0``)."""
    rows, cols = onp.shape(getval(a))[-2:]
    q = onp.broadcast_to(onp.eye(rows), onp.shape(getval(a))[:-2] + (rows, rows))
    skipped = False
    for k in range(cols):
        x = (_swap_last(q) @ a[..., :, k:k + 1])[..., k:, :]  # column k, reflected so far
        alpha, tail = x[..., :1, :], x[..., 1:, :]
        tail_norm = onp.sqrt(onp.sum(getval(tail) ** 2, axis=(-2, -1), keepdims=True))
        keep = tail_norm == 0  # LAPACK leaves such a column alone: tau = 0
        skipped = skipped or bool(onp.any(keep))
        sign = onp.where(getval(alpha) >= 0, 1.0, -1.0)
        beta = -sign * anp.sqrt(alpha ** 2 + anp.sum(tail ** 2, axis=-2, keepdims=True))
        beta = anp.where(keep, 1.0, beta)
        v = anp.concatenate([anp.ones_like(alpha), tail / anp.where(keep, 1.0, alpha - beta)],
                            axis=-2)
        tau = anp.where(keep, 0.0, (beta - alpha) / beta)
        v = anp.concatenate([onp.zeros(onp.shape(getval(v))[:-2] + (k, 1)), v], axis=-2)
        q = q - (q @ v) * tau @ _swap_last(v)
    return q, anp.triu(_swap_last(q) @ a), skipped


def householder_qr(a):
    """``(q, r)`` of ``_householder``: the composite ``qr(a, 'complete')`` of a tall ``a``."""
    return _householder(a)[:2]


def _complete_qr_back(a, ans, g):
    """``qr(a, 'complete')``, m > n: without a gradient on Q's last m - n columns, the
    reduced rule; otherwise through ``householder_qr``, where LAPACK's reflectors are
    smooth (no column of ``a`` already zero below the diagonal, where Q jumps)."""
    cols = onp.shape(getval(a))[-1]
    q, r = ans[0], ans[1]
    gq, gr = g[0], g[1]
    if not onp.any(getval(gq)[..., :, cols:]):
        return [_qr_back(a, q[..., :, :cols], r[..., :cols, :], gq[..., :, :cols],
                         gr[..., :cols, :])]
    if _householder(getval(a))[2]:
        refuse("linalg.qr", 0, "no column zero below the diagonal (after the earlier "
               "reflections) where Q's last m - n columns in mode='complete' get a gradient "
               "(LAPACK skips such a column, and Q jumps there)", "such a column",
               "Use only Q[:, :n] and R, or mode='reduced'.")
    return pull_back(householder_qr, [0], (a,), {}, g)


def _qr_vjp_argnums(argnums, ans, args, kwargs):
    _check_qr(ans, args, kwargs)
    a = args[0]
    rows, cols = onp.shape(getval(a))[-2:]
    if _qr_mode(args, kwargs) == "complete" and rows > cols:
        return lambda g: _complete_qr_back(a, ans, g)
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


# ---- cholesky: NumPy reads one triangle ------------------------------------------------------
def _cholesky_back(lower, g):
    """Gradient of ``a`` for ``lower = cholesky(a)`` where ``a`` is read from its lower
    triangle (the real part of its diagonal), as LAPACK does.

    With ``a = l l^H``: ``dl = l phi(l^-1 da l^-H)``, ``phi`` the lower triangle with half
    the diagonal. For a real loss this gives ``s = l^-H phi(l^H g) l^-1`` against
    Hermitian ``da`` (in the ``Re tr(g^H dl)`` pairing: autograd's ``g`` is its
    conjugate); an entry below the diagonal stands for itself and its mirror image, so it
    gets ``s`` and ``s^H`` there. autograd's rule returned ``(s + s^T) / 2`` on both
    triangles (and used ``^T`` where complex matrices need ``^H``).
    """
    n = onp.shape(getval(lower))[-1]
    lower_h = anp.conj(_swap_last(lower))
    p = anp.tril(lower_h @ anp.conj(g)) / (1.0 + onp.eye(n))
    left = anp.linalg.solve(lower_h, p)  # l^-H p
    s = anp.conj(_swap_last(anp.linalg.solve(lower_h, anp.conj(_swap_last(left)))))
    below = anp.tril(s, -1) + anp.tril(anp.conj(_swap_last(s)), -1)
    return anp.conj(below) + anp.real(s) * onp.eye(n)


def _cholesky_vjp_argnums(argnums, ans, args, kwargs):
    """``cholesky(a)`` reads the lower triangle; NumPy 2's ``upper=True`` reads the upper
    one and returns ``l^H``, whose gradient is the same rule seen through ``^H``."""
    if not kwargs.get("upper", False):
        return lambda g: [_cholesky_back(ans, g)]
    return lambda g: [anp.conj(_swap_last(_cholesky_back(anp.conj(_swap_last(ans)),
                                                         anp.conj(_swap_last(g)))))]


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
