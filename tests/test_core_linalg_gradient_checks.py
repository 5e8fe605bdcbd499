"""numpy.linalg's gradients: every case of the table against finite differences (float64),
every registered name has a case, and float32 stays float32."""
import numpy as onp
import pytest
from conftest import check_grad

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.numpy import linalg_gradients as lg
from linalg_gradient_helpers import CASES, _function, _params, _scalar


HAS_NUMPY2_LINALG = hasattr(onp.linalg, "vector_norm")


def _calling(c, module):
    fun = _function(c.name, module)
    return lambda *arrays: fun(*c.layout(*arrays), **c.kwargs)


@pytest.mark.parametrize("c", _params(CASES))
def test_gradient_matches_finite_differences(c):
    call = _calling(c, np)
    check_grad(lambda *arrays: _scalar(call(*arrays)), *c.arrays, order=c.order)


def test_every_registered_name_has_a_case():
    names = {c.name for c in CASES}
    assert set(lg.REGISTERED) <= names
    assert {"linalg.qr", "linalg.norm", "linalg.lstsq", "einsum"} <= set(lg.REGISTERED)
    assert ("linalg.vector_norm" in lg.REGISTERED) == HAS_NUMPY2_LINALG


# ---- float32 stays float32 ------------------------------------------------------------------
FLOAT32_CASES = [c for c in CASES if (c.name, c.label) in {
    ("linalg.qr", "tall"), ("linalg.qr", "r-wide"), ("linalg.svd", "hermitian"),
    ("linalg.svd", "thin-wide"), ("linalg.eigvals", "complex"),
    ("linalg.eigvalsh", "lower"), ("linalg.cond", "p=1"), ("linalg.lstsq", "tall-vector"),
    ("linalg.tensorsolve", "plain"), ("linalg.matrix_power", "n=-3"),
    ("linalg.multi_dot", "three"), ("linalg.norm", "matrix-ord=2"),
    ("linalg.norm", "vector-ord=inf"), ("linalg.norm", "vector-ord=None"),
    ("einsum", "diagonal"), ("einsum", "ij,jj->i"), ("linalg.vector_norm", "ord=1"),
    ("linalg.trace", "offset"), ("vecdot", "broadcast")}]


@pytest.mark.parametrize("c", _params(FLOAT32_CASES))
def test_float32_gives_float32_gradients(c):
    call = _calling(c, np)
    arrays = [a.astype(onp.float32) for a in c.arrays]
    grads = grad(lambda *a: _scalar(call(*a)), list(range(len(arrays))))(*arrays)
    grads = grads if isinstance(grads, list) else [grads]
    assert [g.dtype for g in grads] == [onp.dtype(onp.float32)] * len(arrays)
    assert all(onp.all(onp.isfinite(g)) for g in grads)
