"""The random neural-network function ops' statistics (channel dropout, ``rrelu``,
``gumbel_softmax``), their gradients through the draw, and the docstrings and examples
of the ``ops.nnf_*`` modules."""
import doctest
import importlib

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

NAMES = ["celu", "glu", "hardshrink", "softshrink", "hardtanh", "prelu", "rrelu", "softsign",
         "softmin", "tanhshrink", "threshold", "fast_gelu", "gumbel_softmax",
         "binary_cross_entropy", "binary_cross_entropy_with_logits", "cross_entropy",
         "nll_loss", "kl_div", "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss",
         "margin_ranking_loss", "cosine_embedding_loss", "multi_margin_loss",
         "gaussian_nll_loss", "hinge_embedding_loss", "multilabel_soft_margin_loss", "conv1d",
         "conv2d", "avg_pool1d", "avg_pool2d", "max_pool2d", "adaptive_avg_pool1d",
         "adaptive_avg_pool2d", "adaptive_max_pool1d", "adaptive_max_pool2d", "pad",
         "pixel_shuffle", "pixel_unshuffle", "dropout1d", "dropout2d", "dropout3d",
         "group_norm", "batch_norm", "lp_pool1d", "lp_pool2d", "conv3d", "avg_pool3d",
         "max_pool3d", "interpolate"]


@pytest.mark.parametrize("op, shape, channels", [
    (ops.dropout1d, (20, 50, 8), (20, 50, 1)), (ops.dropout2d, (20, 50, 3, 3), (20, 50, 1, 1)),
    (ops.dropout3d, (20, 50, 2, 2, 2), (20, 50, 1, 1, 1))])
def test_channel_dropout_drops_whole_channels_at_rate_p_and_rescales(op, shape, channels):
    onp.random.seed(3)
    out = onp.asarray(op(ms.Tensor(onp.ones(shape, onp.float32)), p=0.3))
    assert out.dtype == onp.float32
    per_channel = out.reshape(channels[:2] + (-1,))
    assert (per_channel == per_channel[..., :1]).all()  # a channel is kept or dropped whole
    kept = per_channel[..., 0] != 0
    assert abs(kept.mean() - 0.7) < 0.05  # 1000 channels: 5 standard deviations is 0.07
    onp.testing.assert_allclose(per_channel[..., 0][kept], 1 / 0.7, rtol=1e-6)


def test_channel_dropout_not_training_or_p_zero_is_the_identity():
    x = ms.Tensor(onp.arange(8, dtype=onp.float32).reshape(1, 2, 2, 2))
    onp.testing.assert_array_equal(ops.dropout2d(x, 0.9, training=False), x)
    onp.testing.assert_array_equal(ops.dropout2d(x, 0.0), x)


def test_rrelu_slopes_lie_between_lower_and_upper_and_vary():
    onp.random.seed(5)
    x = -onp.ones(4000, onp.float32)
    slopes = -onp.asarray(ops.rrelu(ms.Tensor(x), 0.1, 0.3))
    assert slopes.dtype == onp.float32 and slopes.min() >= 0.1 and slopes.max() <= 0.3
    assert abs(slopes.mean() - 0.2) < 0.005 and slopes.std() > 0.05
    onp.testing.assert_array_equal(ops.rrelu(ms.Tensor([2.0, 0.0])), [2.0, 0.0])


def test_rrelu_gradient_is_the_drawn_slope():
    onp.random.seed(8)
    x = ms.Tensor(-onp.ones(50, onp.float32))
    onp.random.seed(8)
    slopes = -onp.asarray(ops.rrelu(x))
    onp.random.seed(8)
    onp.testing.assert_allclose(ops.grad(lambda v: ops.reduce_sum(ops.rrelu(v)))(x), slopes)


def test_gumbel_softmax_samples_follow_the_softmax_of_the_logits():
    onp.random.seed(11)
    logits = onp.log(onp.array([0.2, 0.3, 0.5], onp.float32))
    draws = onp.asarray(ops.gumbel_softmax(ms.Tensor(onp.tile(logits, (6000, 1))), tau=0.5,
                                           hard=True))
    assert draws.dtype == onp.float32 and set(onp.unique(draws)) == {0.0, 1.0}
    onp.testing.assert_array_equal(draws.sum(axis=1), 1.0)
    onp.testing.assert_allclose(draws.mean(axis=0), [0.2, 0.3, 0.5], atol=0.03)
    soft = onp.asarray(ops.gumbel_softmax(ms.Tensor(onp.tile(logits, (5, 1))), dim=1))
    onp.testing.assert_allclose(soft.sum(axis=1), 1.0, rtol=1e-6)
    assert ((soft > 0) & (soft < 1)).all()


def test_gumbel_softmax_hard_passes_the_soft_gradient():
    onp.random.seed(2)
    x = ms.Tensor(onp.array([[0.1, 0.5, 0.2]], onp.float32))
    g = ops.grad(lambda v: ops.reduce_sum(ops.gumbel_softmax(v, hard=True) *
                                          ms.Tensor([[1.0, 2.0, 3.0]])))(x)
    assert onp.asarray(g).shape == (1, 3) and onp.abs(onp.asarray(g)).sum() > 0
    onp.testing.assert_allclose(onp.asarray(g).sum(), 0.0, atol=1e-6)  # softmax rows


@pytest.mark.parametrize("name", NAMES)
def test_every_name_is_exported_with_a_one_line_docstring(name):
    fn = getattr(ops, name)
    assert name in ops.__all__ and fn.__doc__ and fn.__doc__.strip()


@pytest.mark.parametrize("module", ["nnf_activations", "nnf_losses", "nnf_losses_more",
                                    "nnf_windows", "nnf_norms", "nnf_windows3d",
                                    "nnf_interpolate"])
def test_module_examples_run(module):
    result = doctest.testmod(importlib.import_module(f"minpy_compat.ops.{module}"))
    assert result.attempted > 0 and result.failed == 0
