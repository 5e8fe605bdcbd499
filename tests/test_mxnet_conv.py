"""conv2d / max_pool2d on MXNet: the default when MXNet is installed, equal to NumPy's."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import grad  # noqa: E402
from minpy_compat.backends.mxnet_array import MXArray  # noqa: E402
from minpy_compat.nn import conv, conv_mxnet, layers  # noqa: E402

rng = onp.random.RandomState(3)
X, W, B = rng.normal(size=(2, 3, 5, 5)), rng.normal(size=(4, 3, 3, 3)), rng.normal(size=4)


def test_mxnet_is_the_default_and_its_values_are_numpys():
    assert conv.default_backend() == "mxnet"
    for stride, pad in [(1, 0), (1, 1), (2, 1)]:
        ours = layers.conv2d(X, W, B, stride, pad)
        assert type(ours) is MXArray
        onp.testing.assert_allclose(ours.asnumpy(), conv.conv2d(X, W, B, stride, pad, "numpy"),
                                    rtol=1e-12, atol=1e-12)
    pooled = layers.max_pool2d(X, 2, 1)
    onp.testing.assert_array_equal(pooled.asnumpy(), conv.max_pool2d(X, 2, 1, backend="numpy"))


def test_float32_stays_float32_in_values_and_gradients():
    x, w, b = (a.astype(onp.float32) for a in (X, W, B))
    out = layers.conv2d(x, w, b, 1, 1)
    assert out.dtype == onp.float32
    grads = grad(lambda x, w, b: np.sum(layers.conv2d(x, w, b, 1, 1) ** 2), [0, 1, 2])(x, w, b)
    assert [g.dtype for g in grads] == [onp.float32] * 3


@pytest.mark.parametrize("stride, pad", [(1, 1), (2, 0)])
def test_conv2d_gradients_match_finite_differences(stride, pad):
    weights = rng.normal(size=layers.conv2d(X, W, B, stride, pad).shape)
    check_fd(lambda x, w, b: np.sum(conv_mxnet.conv2d_op()(x, w, b, stride, pad) * weights),
             [X, W, B], argnums=[0, 1, 2])


def test_max_pool2d_gradient_matches_finite_differences():
    weights = rng.normal(size=(2, 3, 4, 4))
    check_fd(lambda x: np.sum(conv_mxnet.max_pool2d_op()(x, 2, 2, 1) * weights), [X], [0])


def test_gradients_agree_with_the_numpy_implementation():
    def loss(backend):
        return lambda x, w, b: np.sum(conv.max_pool2d(
            np.tanh(conv.conv2d(x, w, b, 1, 1, backend)), 2, backend=backend) ** 2)
    ours = grad(loss("mxnet"), [0, 1, 2])(X, W, B)
    reference = grad(loss("numpy"), [0, 1, 2])(X, W, B)
    for a, b in zip(ours, reference):
        onp.testing.assert_allclose(onp.asarray(a.asnumpy()), onp.asarray(b), rtol=1e-9,
                                    atol=1e-12)
