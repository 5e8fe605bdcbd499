"""Bugs the fuzz cases of ``test_cell_oracle_fuzznn16.py`` found, checked without the oracle:
empty batches through GroupNorm, Unfold, AdaptiveMaxPool2d(return_indices) and
(Log)Softmax over the empty axis; the average pools' padding rule; GroupNorm's channel
check."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import mint
from minpy_compat.mint.nn import functional as F

EMPTY = [
    (lambda: mint.nn.GroupNorm(1, 2, affine=False), (0, 2, 3), (0, 2, 3)),
    (lambda: mint.nn.GroupNorm(2, 4), (0, 4, 2, 2), (0, 4, 2, 2)),
    (lambda: mint.nn.Unfold(2, padding=1, stride=2), (0, 2, 3, 3), (0, 8, 4)),
    (lambda: mint.nn.LogSoftmax(dim=0), (0, 3), (0, 3)),
    (lambda: mint.nn.Softmax(dim=0), (0, 3), (0, 3)),
    (lambda: mint.nn.LogSoftmax(dim=1), (2, 0), (2, 0)),
]


@pytest.mark.parametrize("make, shape, want", EMPTY, ids=[
    "groupnorm", "groupnorm_affine", "unfold", "log_softmax", "softmax", "log_softmax_1"])
def test_empty_batch_gives_empty_output_and_gradient(make, shape, want):
    net = make()
    x = ms.Tensor(onp.zeros(shape, onp.float32))
    out = net(x)
    assert out.shape == want and out.dtype == onp.float32
    grad = ms.grad(lambda x: net(x).sum())(x)
    assert grad.shape == shape


def test_adaptive_max_pool2d_with_indices_on_an_empty_batch():
    out, indices = mint.nn.AdaptiveMaxPool2d((2, 3), return_indices=True)(
        ms.Tensor(onp.zeros((0, 1, 5, 5), onp.float32)))
    assert out.shape == (0, 1, 2, 3) and indices.shape == (0, 1, 2, 3)
    assert indices.dtype == onp.int64


def test_fixed_paths_keep_their_values_and_gradients():
    x = onp.random.default_rng(0).standard_normal((3, 4, 3))
    check_grads(lambda v: F.group_norm(v, 2), modes=["rev"], order=1)(x)
    check_grads(lambda v: F.log_softmax(v, dim=1), modes=["rev"], order=2)(x)
    want = (x - x.max(1, keepdims=True))
    want = want - onp.log(onp.exp(want).sum(1, keepdims=True))
    onp.testing.assert_allclose(F.log_softmax(ms.Tensor(x), dim=1), want, rtol=1e-12)


BAD_PADS = [
    (lambda: mint.nn.AvgPool1d(2, padding=2), "AvgPool1d padding"),
    (lambda: mint.nn.AvgPool2d((2, 4), padding=(2, 1)), "AvgPool2d padding"),
    (lambda: mint.nn.AvgPool3d(3, padding=2), "AvgPool3d padding"),
    (lambda: F.avg_pool1d(ms.Tensor(onp.ones((1, 1, 4), onp.float32)), 3, padding=2),
     "mint.nn.functional.avg_pool1d padding"),
    (lambda: F.avg_pool2d(ms.Tensor(onp.ones((1, 1, 4, 4), onp.float32)), 2, padding=2),
     "mint.nn.functional.avg_pool2d padding"),
    (lambda: F.avg_pool3d(ms.Tensor(onp.ones((1, 1, 4, 4, 4), onp.float32)), 2, padding=2),
     "mint.nn.functional.avg_pool3d padding"),
]


@pytest.mark.parametrize("call, where", BAD_PADS, ids=[w for _, w in BAD_PADS])
def test_avg_pool_padding_over_half_the_kernel_is_refused(call, where):
    with pytest.raises(ValueError, match=f"{where}: expected at most half of kernel_size"):
        call()


def test_avg_pool_padding_of_half_the_kernel_still_pools():
    x = ms.Tensor(onp.ones((1, 1, 4, 4), onp.float32))
    assert mint.nn.AvgPool2d((2, 4), padding=(1, 2))(x).shape == (1, 1, 3, 2)


def test_group_norm_channels_other_than_its_weight_are_refused():
    with pytest.raises(ValueError, match=r"ops.group_norm input: expected 4 channels on axis "
                                         r"1 \(the weight's\), got shape \(2, 6, 3\)"):
        mint.nn.GroupNorm(2, 4)(ms.Tensor(onp.ones((2, 6, 3), onp.float32)))
