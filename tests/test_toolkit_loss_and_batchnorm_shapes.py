"""The nn toolkit's losses name a scores array that is not 2-d; batchnorm of images with a
(C,) gamma is spatial and its shape mistakes are named; temporal_softmax_loss checks y and
mask."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn import layers

from conftest import check_grad
from toolkit_shape_helpers import randn


# ---- losses: scores must be (N, C) -------------------------------------------------
@pytest.mark.parametrize("loss, name", [(layers.softmax_loss, "softmax_loss argument 0 'x'"),
                                        (layers.svm_loss, "svm_loss argument 0 'x'"),
                                        (layers.softmax_cross_entropy,
                                         "softmax_cross_entropy argument 0 'prob'")])
def test_losses_name_one_dimensional_scores(loss, name):
    # A raw NumPy AxisError ("axis 1 is out of bounds") came out.
    with pytest.raises(ValueError, match=rf"{name}: expected a 2-d array of scores \(N, C\), "
                       r"got shape \(3,\)\. Reshape one sample with"):
        loss(onp.array([0.2, 0.3, 0.5]), onp.array([0]))


# ---- batchnorm: spatial for images, named shape mistakes ---------------------------
def spatial_reference(x, gamma, beta, eps=1e-5):
    mean, var = x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3))
    along = (lambda v: v.reshape(1, -1, 1, 1))
    return along(gamma) * (x - along(mean)) / onp.sqrt(along(var) + eps) + along(beta), \
        mean, var


def test_batchnorm_of_images_with_channel_gamma_is_spatial():
    x, gamma, beta = randn(3, 2, 4, 5), randn(2), randn(2)
    out, mean, var = layers.batchnorm(x, gamma, beta, momentum=0.8)  # raised a broadcast error
    expected, m, v = spatial_reference(x, gamma, beta)
    onp.testing.assert_allclose(out, expected, rtol=1e-12, atol=1e-12)
    onp.testing.assert_allclose(mean, 0.2 * m, atol=1e-15)
    onp.testing.assert_allclose(var, 0.2 * v, atol=1e-15)
    test_out, same_mean, _ = layers.batchnorm(x, gamma, beta, mode="test", running_mean=m,
                                              running_var=v)
    onp.testing.assert_allclose(test_out, expected, rtol=1e-12, atol=1e-12)
    onp.testing.assert_array_equal(same_mean, m)
    head = randn(*x.shape)
    check_grad(lambda x, g, b: layers.batchnorm(x, g, b)[0] * head, x, gamma, beta)
    check_grad(lambda x, g, b: layers.batchnorm(x, g, b, mode="test", running_mean=m,
                                                running_var=v)[0] * head, x, gamma, beta)


def test_spatial_batchnorm_keeps_float32_and_takes_scalar_beta():
    x, gamma = randn(2, 3, 2, 2, dtype=onp.float32), randn(3, dtype=onp.float32)
    outs = layers.batchnorm(x, gamma, onp.zeros(3, onp.float32))
    assert [a.dtype for a in outs] == [onp.float32] * 3 and outs[1].shape == (3,)
    grads = grad(lambda x, g: np.sum(layers.batchnorm(x, g, 0.5)[0] ** 3), [0, 1])(x, gamma)
    assert [g.dtype for g in grads] == [onp.float32, onp.float32]
    expected, _, _ = spatial_reference(x.astype(float), gamma.astype(float), onp.full(3, 0.5))
    onp.testing.assert_allclose(layers.batchnorm(x, gamma, 0.5)[0], expected, rtol=1e-4,
                                atol=1e-5)


@pytest.mark.parametrize("call, match", [
    (lambda: layers.batchnorm(onp.ones((2, 3, 4, 4)), onp.ones(5), onp.zeros(3)),
     r"batchnorm argument 1 'gamma': expected a shape that broadcasts to \(3, 4, 4\) or "
     r"\(3,\) per channel, got shape \(5,\)"),
    (lambda: layers.batchnorm(onp.ones((2, 3)), onp.ones(3), onp.zeros(4)),
     r"batchnorm argument 2 'beta': expected a shape that broadcasts to \(3,\), got shape "
     r"\(4,\)"),
    (lambda: layers.batchnorm(onp.ones((2, 3)), onp.ones(3), onp.zeros(3),
                              running_mean=onp.zeros(4)),
     r"batchnorm argument 'running_mean': expected shape \(3,\), one value per normalised "
     r"feature, got shape \(4,\)"),
    (lambda: layers.batchnorm(onp.ones((2, 3, 4, 4)), onp.ones(3), onp.zeros(3), mode="test",
                              running_var=onp.ones((3, 4, 4))),
     r"batchnorm argument 'running_var': expected shape \(3,\)"),
    (lambda: layers.batchnorm(onp.ones(3), 1.0, 0.0),
     r"batchnorm argument 0 'x': expected an \(N, D\) or \(N, C, H, W\) array, got shape "
     r"\(3,\)"),
])
def test_batchnorm_names_shape_mistakes(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ---- temporal_softmax_loss ---------------------------------------------------------
def temporal_reference(x, y, mask):
    N, T, _ = x.shape
    p = onp.exp(x - x.max(axis=2, keepdims=True))
    p /= p.sum(axis=2, keepdims=True)
    picked = p[onp.arange(N)[:, None], onp.arange(T)[None, :], y]
    return -onp.sum(onp.broadcast_to(mask, (N, T)) * onp.log(picked)) / N


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.integers(2, 5), st.integers(0, 2 ** 31 - 1))
def test_temporal_softmax_loss_takes_a_mask_that_broadcasts(N, T, V, seed):
    rs = onp.random.RandomState(seed)
    x, y = rs.standard_normal((N, T, V)), rs.randint(0, V, (N, T))
    per_step = rs.rand(T) > 0.3  # one mask for every sample: (T,) raised a reshape error
    loss = layers.temporal_softmax_loss(x, y, per_step)
    assert float(loss) == pytest.approx(temporal_reference(x, y, per_step), rel=1e-10, abs=1e-12)
    check_grad(lambda x: layers.temporal_softmax_loss(x, y, per_step), x)


@pytest.mark.parametrize("call, match", [
    (lambda: layers.temporal_softmax_loss(onp.zeros((2, 3, 4)), onp.zeros((2, 3), int),
                                          onp.ones((2, 2))),
     r"temporal_softmax_loss argument 2 'mask': expected shape \(2, 3\) or one that "
     r"broadcasts to it, one entry per sample and time step, got shape \(2, 2\)"),
    (lambda: layers.temporal_softmax_loss(onp.zeros((2, 3, 4)), onp.zeros((3, 2), int)),
     r"temporal_softmax_loss argument 1 'y': expected shape \(2, 3\), one entry per sample "
     r"and time step, got shape \(3, 2\)"),
    (lambda: layers.temporal_softmax_loss(onp.zeros((2, 3)), onp.zeros((2, 3), int)),
     r"temporal_softmax_loss argument 0 'x': expected a 3-d array of scores \(N, T, V\), "
     r"got shape \(2, 3\)"),
])
def test_temporal_softmax_loss_names_shape_mistakes(call, match):
    with pytest.raises(ValueError, match=match):
        call()
