"""The faster NumPy calls of ``kernels.py`` give NumPy's own results, byte for byte.

``maximum``/``minimum`` of a large contiguous array and a scalar run with the scalar spread
along a row (NumPy's scalar-operand loop is 2-3x slower); anything else must reach NumPy
unchanged. Compared on the bytes, so signed zeros and NaNs count, and on dtype and type.
"""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from minpy_compat import kernels
from minpy_compat.array import Array

LARGE = (64, 300)  # 19,200 elements: above the row's threshold
SMALL = (8, 30)
SCALARS = [0, 0.0, -0.0, 1.5, -2, True, onp.float32(-0.0), onp.float64(0.25), onp.float16(3),
           onp.int64(2), onp.int32(-1), onp.nan, onp.inf]


def _special(shape, dtype, seed=0):
    values = onp.random.default_rng(seed).standard_normal(shape).astype(dtype)
    flat = values.reshape(-1)
    flat[::7], flat[::11], flat[::13] = 0.0, -0.0, onp.nan
    flat[::17], flat[::19] = onp.inf, -onp.inf
    return values


def _assert_same_bytes(ours, numpys):
    assert type(ours) is type(numpys) and ours.dtype == numpys.dtype
    assert ours.shape == numpys.shape
    assert onp.asarray(ours).tobytes() == onp.asarray(numpys).tobytes()


@pytest.mark.parametrize("shape", [LARGE, SMALL, (20000,)])
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32, onp.float16, onp.int64])
@pytest.mark.parametrize("scalar", SCALARS, ids=repr)
@pytest.mark.parametrize("ufunc", [onp.maximum, onp.minimum], ids=lambda u: u.__name__)
def test_a_scalar_operand_gives_numpys_bytes_on_either_side(ufunc, scalar, dtype, shape):
    x = (onp.random.default_rng(1).standard_normal(shape) * 5).astype(dtype) \
        if dtype is onp.int64 else _special(shape, dtype)
    call = kernels.FASTER_CALLS[ufunc]
    _assert_same_bytes(call(x, scalar), ufunc(x, scalar))
    _assert_same_bytes(call(scalar, x), ufunc(scalar, x))


def test_the_row_is_taken_exactly_where_it_pays(monkeypatch):
    """Large C-contiguous arrays with a scalar get a row; small, strided, keyword and
    array-array calls reach NumPy as they came."""
    seen = []
    real_full = onp.full
    monkeypatch.setattr(kernels.onp, "full", lambda *a, **k: seen.append(a) or real_full(*a, **k))
    call = kernels.FASTER_CALLS[onp.maximum]
    large = _special(LARGE, onp.float32)
    call(large, 0)
    assert seen == [(LARGE[-1], 0, onp.dtype(onp.float32))]
    seen.clear()
    call(_special(SMALL, onp.float32), 0)
    call(onp.asfortranarray(large), 0)
    call(large[:, ::2], 0)
    call(large, large)
    out = onp.empty_like(large)
    assert call(large, 0, out=out) is out
    assert seen == []


def test_the_facade_keeps_its_array_type_and_dtype_inside_and_outside_grad():
    x = _special(LARGE, onp.float32)
    ours = np.maximum(x, 0)
    assert type(ours) is Array and ours.dtype == onp.float32
    assert ours.tobytes() == onp.maximum(x, 0).tobytes()
    again = np.minimum(ours, onp.float32(0.5))  # an Array operand takes the row too
    expected = onp.minimum(onp.maximum(x, 0), onp.float32(0.5))
    assert type(again) is Array and again.tobytes() == expected.tobytes()


def test_relu_gradient_on_a_large_array_matches_finite_differences():
    x = onp.random.default_rng(3).standard_normal(LARGE)
    x[(onp.abs(x) < 1e-3) | (onp.abs(x - 0.5) < 1e-3)] = 0.25  # no kink within a step
    check_grads(lambda x: np.sum(np.maximum(x, 0.0) * np.minimum(0.5, x) ** 2),
                modes=["rev"], order=2)(x)
