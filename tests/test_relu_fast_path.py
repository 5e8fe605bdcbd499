"""``ops.relu`` (and so ``nn.ReLU``) as its own op: ``fmax(x, 0)`` forward, ``g`` times the
mask backward. It must give exactly what ``where(x > 0, x, 0)`` and its gradient gave: NaN,
-0.0 and the infinities included, every dtype kept, a NaN or inf in the incoming gradient
dropped where the mask is off (as ``where`` drops it), and second order through it."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat.array import Array
from minpy_compat import nn, ops

SPECIAL = [-1.5, 0.0, -0.0, 2.0, onp.nan, onp.inf, -onp.inf, 3e-39, -3e-39]


@pytest.mark.parametrize("dtype", [onp.float16, onp.float32, onp.float64, onp.int32, onp.int8])
def test_values_and_dtype_are_where_s(dtype):
    raw = onp.random.RandomState(0).randn(64) * 5
    if onp.dtype(dtype).kind == "f":
        raw = onp.concatenate([raw, SPECIAL])
    x = raw.astype(dtype)
    got = ops.relu(ms.Tensor(x))
    want = onp.where(x > 0, x, 0).astype(dtype)
    assert got.dtype == dtype and isinstance(got, Array)
    onp.testing.assert_array_equal(got, want)
    assert not onp.signbit(onp.asarray(got)[x == 0]).any()  # -0.0 comes out +0.0, as where's


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_the_gradient_is_where_s_even_for_nan_and_inf_cotangents(dtype):
    x = onp.array(SPECIAL + [0.5, -0.5], dtype)
    for g in (onp.linspace(-2, 2, len(x)).astype(dtype),
              onp.array([onp.nan, onp.inf, -onp.inf] * 3 + [1.0, onp.nan], dtype)):
        grad = ms.grad(lambda v: (ops.relu(v) * ms.Tensor(g)).sum())(ms.Tensor(x))
        assert grad.dtype == dtype
        onp.testing.assert_array_equal(grad, onp.where(x > 0, g, 0).astype(dtype))


def test_float64_finite_differences_and_second_order():
    x = onp.array([-1.3, -0.2, 0.4, 2.1])
    check_grads(lambda v: (ops.relu(v) ** 3).sum(), modes=["rev"], order=2)(x)
    check_grads(lambda v: (nn.ReLU()(v * 2.0) * v).sum(), modes=["rev"], order=2)(x)


def test_a_relu_cell_in_float32_keeps_float32_gradients():
    net = nn.SequentialCell(nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 1))
    x = ms.Tensor(onp.random.RandomState(1).randn(5, 3).astype(onp.float32))
    grads = ms.grad(lambda v: net(v).sum(), 0, net.trainable_params())(x)
    assert grads[0].dtype == onp.float32 and all(g.dtype == onp.float32 for g in grads[1])
