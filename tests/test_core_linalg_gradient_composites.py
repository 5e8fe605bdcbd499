"""numpy.linalg's composites: each composite's value is NumPy's."""
import numpy as onp
import pytest
from minpy_compat.numpy import linalg_gradients as lg
from linalg_gradient_helpers import CASES, _function, _params


# ---- each composite's value is NumPy's -------------------------------------------------------
COMPOSITES = {
    "linalg.eigvals": lg.eigvals_composite, "linalg.eigvalsh": lg.eigvalsh_composite,
    "linalg.cond": lg.cond_composite, "linalg.lstsq": lg.lstsq_composite,
    "linalg.tensorinv": lg.tensorinv_composite, "linalg.tensorsolve": lg.tensorsolve_composite,
    "linalg.matrix_power": lg.matrix_power_composite, "polyfit": lg.polyfit_composite,
    "linalg.multi_dot": lg.chained_multi_dot, "linalg.norm": lg.norm_composite,
    "einsum": lg.einsum_composite, "linalg.vector_norm": lg.vector_norm_composite,
    "linalg.matrix_norm": lg.matrix_norm_composite, "linalg.svdvals": lg.svdvals_composite,
    "linalg.outer": lg.outer_composite, "linalg.trace": lg.trace_composite,
    "linalg.matmul": lg.matmul_composite, "linalg.tensordot": lg.tensordot_composite,
    "linalg.cross": lg.cross_composite, "linalg.vecdot": lg.linalg_vecdot_composite,
    "vecdot": lg.vecdot_composite, "matvec": lg.matvec_composite,
    "vecmat": lg.vecmat_composite, "kron": lg.kron_composite,
}


def _assert_same(ours, theirs):
    if isinstance(theirs, tuple):
        assert isinstance(ours, tuple) and len(ours) == len(theirs)
        for mine, numpys in zip(ours, theirs):
            _assert_same(mine, numpys)
        return
    ours, theirs = onp.asarray(ours), onp.asarray(theirs)
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype
    onp.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("c", _params([c for c in CASES if c.name in COMPOSITES]))
def test_composite_value_is_numpys(c):
    args = c.layout(*c.arrays)
    _assert_same(COMPOSITES[c.name](*args, **c.kwargs), _function(c.name, onp)(*args, **c.kwargs))
