"""conv2d on MXNet takes integer and float16 inputs, and float16 gradients stay float16."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn import layers
from toolkit_shape_helpers import randn


def need_mxnet():
    return pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")


# ---- conv2d on MXNet -----------------------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.int64, onp.int32, onp.float16])
def test_mxnet_conv2d_takes_integer_and_float16_inputs(dtype):
    need_mxnet()
    x = (onp.arange(2 * 3 * 5 * 5) % 7).reshape(2, 3, 5, 5).astype(dtype)
    w = (onp.arange(4 * 3 * 3 * 3) % 5 - 2).reshape(4, 3, 3, 3).astype(dtype)
    b = onp.arange(4).astype(dtype)
    # MXNetError: "only support floating point types" / "FP16 gemm on cpu not implemented".
    out = layers.conv2d(x, w, b, pad=1, backend="mxnet")
    expected = layers.conv2d(x, w, b, pad=1, backend="numpy")
    assert out.dtype == expected.dtype == dtype
    onp.testing.assert_array_equal(onp.asarray(out), onp.asarray(expected))


def test_mxnet_conv2d_float16_gradients_keep_float16():
    need_mxnet()
    x, w = randn(1, 2, 4, 4, dtype=onp.float16), randn(3, 2, 3, 3, dtype=onp.float16)
    b = onp.zeros(3, onp.float16)
    ours = grad(lambda x, w: np.sum(layers.conv2d(x, w, b, backend="mxnet")), [0, 1])(x, w)
    ref = grad(lambda x, w: np.sum(layers.conv2d(x, w, b, backend="numpy")), [0, 1])(x, w)
    for got, want in zip(ours, ref):
        assert got.dtype == onp.float16
        onp.testing.assert_allclose(onp.asarray(got, float), onp.asarray(want, float),
                                    rtol=1e-2, atol=5e-2)
