"""Gradients for the linear algebra functions autograd has none for (or only for some
arguments): ``qr``, ``eigvals``, ``lstsq``, ``matrix_power``, every ``norm`` order, ...

Built with the rules of ``derived_gradients``: NumPy's own forward pass, and a gradient
from a composite (or an index map) written with autograd.numpy operations. Three
functions get a rule of their own:

* ``qr``: the gradient of the decomposition itself (no composite can restate it); so
  ``cholesky``'s, which autograd had, but on both triangles where NumPy reads one.
* ``norm`` and ``einsum`` keep autograd's fast rule where it is right and use a
  composite for the rest (``norm``'s orders 1, inf, 0, p < 1, matrix 1/2/inf, keepdims;
  ``einsum`` subscripts that repeat a letter in one operand, such as ``'ii->i'``).

``multi_dot`` takes a list, whose traced items autograd's primitive cannot see; the
facade in ``minpy_compat.numpy.linalg`` sends such calls to ``chained_multi_dot``.

The rules live by family: ``linalg_decompositions`` (``qr``, ``svd``, eigenvalues),
``linalg_determinants`` (``det``, ``slogdet``), ``linalg_norms`` (``norm``,
``vector_norm``, ``matrix_norm``, ``cond``), ``linalg_solvers``
(``solve``, ``lstsq``, ``pinv``, ``polyfit``, ``tensorinv``, ``tensorsolve``,
``matrix_power``, ``multi_dot``) and
``linalg_products`` (NumPy 2's names, the gufuncs, ``einsum``). This module registers them,
in one table.
"""
import types

import autograd.numpy as anp

from . import derived_gradients
from .derived_gradients import composite_vjp, register
from .linalg_determinants import det_vjp_argnums, slogdet_vjp_argnums
from .linalg_decompositions import (_cholesky_vjp_argnums, _qr_vjp_argnums, _svd_vjp_maker,
                                    eigvals_composite, eigvalsh_composite)
from .linalg_norms import (_norm_vjp_maker, cond_composite, matrix_norm_composite,
                           vector_norm_composite)
from .linalg_products import (_einsum_vjp_maker, _gufunc_vjp, cross_composite,
                              kron_composite, linalg_vecdot_composite, matmul_composite,
                              matvec_composite, numpy_cross_composite, outer_composite,
                              svdvals_composite,
                              tensordot_composite, trace_composite, vecdot_composite,
                              vecmat_composite)
from .linalg_solvers import (_lstsq_vjp_maker, _solve_vjp_argnums, matrix_power_composite,
                             pinv_vjp_argnums, polyfit_composite, tensorinv_composite,
                             tensorsolve_composite)
# Read from here by the facade (multi_dot) and the tests (composite values, rule choices).
from .linalg_decompositions import _matching_order  # noqa: F401
from .linalg_norms import _autograd_norm_options, norm_composite  # noqa: F401
from .linalg_products import _repeats_a_letter, einsum_composite  # noqa: F401
from .linalg_solvers import chained_multi_dot, lstsq_composite  # noqa: F401

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)
_LINALG = dict(module=anp.linalg, prefix="linalg.")


# ---- registrations -------------------------------------------------------------------------
register(["qr"], lambda fun: _qr_vjp_argnums, **_LINALG)
register(["svd"], _svd_vjp_maker, **_LINALG)
register(["cholesky"], lambda fun: _cholesky_vjp_argnums, **_LINALG)
register(["det"], lambda fun: det_vjp_argnums, **_LINALG)  # adj(a)^T, also where a is singular
register(["slogdet"], lambda fun: slogdet_vjp_argnums, **_LINALG)
register(["eigvals"], composite_vjp(eigvals_composite), **_LINALG)
register(["eigvalsh"], composite_vjp(eigvalsh_composite), **_LINALG)
register(["cond"], composite_vjp(cond_composite), **_LINALG)
register(["solve"], lambda fun: _solve_vjp_argnums, **_LINALG)
register(["lstsq"], _lstsq_vjp_maker, **_LINALG)
register(["tensorinv"], composite_vjp(tensorinv_composite), **_LINALG)
register(["tensorsolve"], composite_vjp(tensorsolve_composite), **_LINALG)
register(["matrix_power"], composite_vjp(matrix_power_composite), **_LINALG)
register(["pinv"], lambda fun: pinv_vjp_argnums, **_LINALG)  # rcond=, rtol=, hermitian=
register(["polyfit"], composite_vjp(polyfit_composite))  # through lstsq: full rank only
# autograd.numpy.linalg.norm is a Python wrapper around this primitive.
register(["norm"], _norm_vjp_maker, module=types.SimpleNamespace(
    norm=getattr(anp.linalg, "_primitive_norm", anp.linalg.norm)), prefix="linalg.")
register(["einsum"], _einsum_vjp_maker)
register(["cross"], composite_vjp(numpy_cross_composite))
register(["kron"], composite_vjp(kron_composite))  # autograd's: 2-D only

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
