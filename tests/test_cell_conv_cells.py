"""Conv1d, Conv2dTranspose, Conv1dTranspose, the 1-D and adaptive pools, GroupNorm and
InstanceNorm: float64 finite-difference checks (inputs and Parameters), dtypes, argument
errors naming the Cell, and what the MindSpore oracle could not record."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError

from conftest import check_grad
from test_cell_fuzz_round3 import assert_param_grads, cubed

F64 = onp.float64
NEW = ["Conv1d", "Conv2dTranspose", "Conv1dTranspose", "MaxPool1d", "AvgPool1d",
       "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
       "GroupNorm", "InstanceNorm1d", "InstanceNorm2d"]


def data(shape, dtype=F64, seed=0):
    return ms.Tensor(onp.random.default_rng(seed).standard_normal(shape).astype(dtype))


WITH_PARAMS = [
    (nn.Conv1d, (2, 4, 3), dict(stride=2, has_bias=True), (1, 2, 7)),
    (nn.Conv1d, (4, 2, 2), dict(pad_mode="pad", padding=1, dilation=2, group=2), (1, 4, 5)),
    (nn.Conv2dTranspose, (2, 2, 3), dict(stride=2, has_bias=True), (1, 2, 3, 3)),
    (nn.Conv2dTranspose, (4, 2, (2, 3)), dict(pad_mode="pad", padding=(1, 0, 0, 1), stride=2,
                                              output_padding=1, group=2), (1, 4, 2, 3)),
    (nn.Conv2dTranspose, (1, 2, 2), dict(pad_mode="valid", dilation=2), (2, 1, 2, 3)),
    (nn.Conv1dTranspose, (2, 3, 3), dict(stride=3, pad_mode="valid", has_bias=True), (1, 2, 3)),
    (nn.Conv1dTranspose, (2, 2, 4), dict(stride=2, pad_mode="pad", padding=1), (1, 2, 4)),
    (nn.GroupNorm, (2, 4), {}, (2, 4, 3)),
    (nn.InstanceNorm1d, (3,), {}, (2, 3, 4)),
    (nn.InstanceNorm2d, (2,), {}, (2, 2, 2, 3)),
]


@pytest.mark.parametrize("cls, args, kwargs, shape", WITH_PARAMS)
def test_gradients_match_finite_differences(cls, args, kwargs, shape):
    cell = cls(*args, dtype=F64, **kwargs)
    for param in cell.trainable_params():  # away from the initial ones and zeros
        param.set_data(onp.random.default_rng(1).standard_normal(param.shape) * 0.5 + 0.5)
    x = data(shape)
    check_grad(lambda v: cell(v) ** 2, x)
    assert_param_grads(cell, cubed, x)


POOLS = [
    (nn.MaxPool1d(3, 2, pad_mode="pad", padding=1), (1, 2, 7)),
    (nn.MaxPool1d(2, 1, pad_mode="same"), (3, 5)),
    (nn.AvgPool1d(3, 2, pad_mode="same"), (2, 2, 6)),
    (nn.AvgPool1d(3, 2, pad_mode="pad", padding=1, count_include_pad=False), (1, 2, 6)),
    (nn.AdaptiveAvgPool1d(3), (2, 2, 7)),
    (nn.AdaptiveMaxPool1d(3), (2, 2, 7)),
    (nn.AdaptiveAvgPool2d((2, None)), (1, 2, 5, 3)),
    (nn.AdaptiveMaxPool2d(3), (2, 5, 4)),
]


@pytest.mark.parametrize("cell, shape", POOLS)
def test_pool_gradients_match_finite_differences(cell, shape):
    check_grad(lambda v: cell(v) ** 2, data(shape))
    assert cell(data(shape, onp.float32)).dtype == onp.float32


@pytest.mark.parametrize("cls, args, kwargs, shape", WITH_PARAMS)
def test_float32_stays_float32(cls, args, kwargs, shape):
    cell = cls(*args, **kwargs)
    x = data(shape, onp.float32)
    assert cell(x).dtype == onp.float32
    grads = ms.grad(lambda v: cell(v).sum(), None, cell.trainable_params())(x)
    assert all(g.dtype == onp.float32 for g in grads)


def test_norms_keep_float16():
    x = data((2, 4, 3), onp.float16)
    assert nn.GroupNorm(2, 4)(x).dtype == onp.float16
    assert nn.InstanceNorm1d(4)(x).dtype == onp.float16


def test_adaptive_bins_beyond_multiples():
    # MindSpore's 1-D adaptive pools need L % output_size == 0; here bins are
    # [floor(i L / out), ceil((i + 1) L / out)), the 2-D pools' bins on every length
    x = onp.arange(7.0).reshape(1, 1, 7)
    assert nn.AdaptiveAvgPool1d(3)(ms.Tensor(x)).tolist() == [[[1.0, 3.0, 5.0]]]
    assert nn.AdaptiveMaxPool1d(3)(ms.Tensor(x)).tolist() == [[[2.0, 4.0, 6.0]]]
    image = data((1, 2, 5, 7))
    pooled = nn.AdaptiveAvgPool2d((2, 3))(image)
    onp.testing.assert_allclose(pooled[0, 1, 1, 2], onp.asarray(image)[0, 1, 2:5, 4:7].mean())


def test_adaptive_max_pool2d_return_indices():
    x = onp.random.default_rng(3).standard_normal((2, 3, 5, 4))
    out, indices = nn.AdaptiveMaxPool2d((2, 3), return_indices=True)(ms.Tensor(x))
    assert indices.dtype == onp.int64 and indices.shape == out.shape == (2, 3, 2, 3)
    flat = x.reshape(2, 3, -1)
    onp.testing.assert_array_equal(onp.take_along_axis(flat, indices.reshape(2, 3, -1), -1),
                                   onp.asarray(out).reshape(2, 3, -1))


def test_instance_norm_is_group_norm_per_channel_and_keeps_moving_stats():
    # MindSpore 2.10 (GPU kernel) normalizes with each instance's statistics in training
    # and evaluation alike, and never writes moving_mean/moving_variance back
    x = data((2, 3, 4, 5), onp.float32)
    norm, groups = nn.InstanceNorm2d(3), nn.GroupNorm(3, 3)
    for train in (True, False):
        norm.set_train(train)
        onp.testing.assert_allclose(norm(x), groups(x), rtol=1e-5, atol=1e-6)
    assert norm.moving_mean.tolist() == [0.0] * 3 and norm.moving_variance.tolist() == [1.0] * 3
    assert [p.name for p in norm.trainable_params()] == ["gamma", "beta"]
    assert nn.InstanceNorm1d(3, affine=False).trainable_params() == []


BAD = [
    (CellTypeError, "Conv1d kernel_size", lambda: nn.Conv1d(2, 3, (3, 3))),
    (CellArgumentError, "Conv1d padding", lambda: nn.Conv1d(2, 3, 3, padding=1)),
    (CellArgumentError, "Conv1d input", lambda: nn.Conv1d(2, 3, 3)(data((2, 5), onp.float32))),
    (CellArgumentError, "Conv2dTranspose group", lambda: nn.Conv2dTranspose(3, 4, 3, group=2)),
    (CellArgumentError, "Conv2dTranspose output_padding",
     lambda: nn.Conv2dTranspose(2, 2, 3, output_padding=1)),
    (CellArgumentError, "Conv2dTranspose output_padding",
     lambda: nn.Conv2dTranspose(2, 2, 3, stride=2, pad_mode="pad", output_padding=2)),
    (CellArgumentError, "Conv2dTranspose input", lambda: nn.Conv2dTranspose(
        1, 1, 3, pad_mode="pad", padding=2)(data((1, 1, 1, 1), onp.float32))),
    (CellTypeError, "Conv1dTranspose stride", lambda: nn.Conv1dTranspose(2, 3, 3, stride=1.5)),
    (CellTypeError, "Conv1dTranspose input",
     lambda: nn.Conv1dTranspose(2, 3, 3)(data((1, 2, 4), F64))),
    (CellArgumentError, "MaxPool1d kernel_size", lambda: nn.MaxPool1d(0)),
    (CellArgumentError, "MaxPool1d input", lambda: nn.MaxPool1d(2)(data((1, 1, 2, 4)))),
    (CellTypeError, "AvgPool1d kernel_size", lambda: nn.AvgPool1d((2, 2))),
    (CellArgumentError, "AdaptiveAvgPool1d output_size", lambda: nn.AdaptiveAvgPool1d(0)),
    (CellArgumentError, "AdaptiveAvgPool1d input", lambda: nn.AdaptiveAvgPool1d(2)(data((3, 6)))),
    (CellTypeError, "AdaptiveMaxPool1d output_size", lambda: nn.AdaptiveMaxPool1d(1.5)),
    (CellArgumentError, "AdaptiveAvgPool2d output_size", lambda: nn.AdaptiveAvgPool2d((1, 2, 3))),
    (CellTypeError, "AdaptiveMaxPool2d output_size", lambda: nn.AdaptiveMaxPool2d("2")),
    (CellTypeError, "AdaptiveMaxPool2d input",
     lambda: nn.AdaptiveMaxPool2d(2)(ms.Tensor(onp.ones((1, 4, 4), onp.int32)))),
    (CellArgumentError, "GroupNorm num_groups", lambda: nn.GroupNorm(3, 4)),
    (CellArgumentError, "GroupNorm input", lambda: nn.GroupNorm(2, 4)(data((2, 3, 5)))),
    (CellArgumentError, "InstanceNorm1d momentum", lambda: nn.InstanceNorm1d(3, momentum=1.5)),
    (CellTypeError, "InstanceNorm2d affine", lambda: nn.InstanceNorm2d(3, affine=1)),
    (CellArgumentError, "InstanceNorm2d input", lambda: nn.InstanceNorm2d(3)(data((2, 3, 5)))),
]


@pytest.mark.parametrize("error, where, make", BAD, ids=[b[1] for b in BAD])
def test_bad_arguments_name_the_cell(error, where, make):
    with pytest.raises(error, match=where + ": expected"):
        make()


@pytest.mark.parametrize("name", NEW)
def test_documented_and_exported(name):
    cls = getattr(nn, name)
    assert name in nn.__all__ and cls.__doc__ and cls.__doc__.strip()
    assert cls.__module__.startswith("minpy_compat.nn.")


@pytest.mark.parametrize("module", ["conv_line", "conv_transpose", "pool_cells", "norm_cells"])
def test_docstring_examples(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module("minpy_compat.nn." + module))
    assert result.attempted > 0 and result.failed == 0
