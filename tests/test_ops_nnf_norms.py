"""``ops.group_norm``, ``ops.batch_norm``, ``ops.lp_pool1d/2d``, ``ops.conv3d``,
``ops.avg_pool3d``, ``ops.max_pool3d`` and ``ops.interpolate``: float64 finite
differences, float32 kept, batch_norm's running statistics (values recorded from
MindSpore 2.10), and errors naming the op and argument."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError
from test_ops_nnf import assert_float32_kept, check_each_argument

RNG = onp.random.default_rng(21)


def _x(*shape, low=-2.0):
    return RNG.uniform(low, 2, shape)


STATS = [_x(3), _x(3, low=0.5), _x(3, low=0.5), _x(3)]

DIFFERENTIABLE = [
    ("group_norm", lambda x, w, b: ops.group_norm(x, 2, w, b), [_x(2, 4, 3), _x(4), _x(4)]),
    ("batch_norm_eval", lambda x, w, b: ops.batch_norm(x, STATS[0], STATS[1], w, b),
     [_x(2, 3, 2), _x(3), _x(3)]),
    ("batch_norm_training", lambda x, w: ops.batch_norm(x, STATS[0].copy(), STATS[1].copy(),
                                                        w, STATS[3], True),
     [_x(2, 3, 2), _x(3)]),
    ("lp_pool1d", lambda x: ops.lp_pool1d(x, 2, 2), [_x(1, 2, 6)]),
    ("lp_pool2d", lambda x: ops.lp_pool2d(x, 1.5, (2, 1), 1), [_x(1, 2, 3, 3, low=0.2)]),
    ("conv3d", lambda x, w, b: ops.conv3d(x, w, b, 1, "pad", 1), [_x(1, 2, 3, 2, 3),
                                                                  _x(2, 2, 2, 1, 2), _x(2)]),
    ("avg_pool3d", lambda x: ops.avg_pool3d(x, 2, 1, 1, count_include_pad=False),
     [_x(1, 1, 3, 2, 3)]),
    ("max_pool3d", lambda x: ops.max_pool3d(x, 2, 1), [_x(1, 1, 3, 2, 3)]),
    ("interpolate_nearest", lambda x: ops.interpolate(x, (3, 5)), [_x(1, 2, 2, 3)]),
    ("interpolate_linear", lambda x: ops.interpolate(x, 7, mode="linear"), [_x(1, 2, 4)]),
    ("interpolate_bilinear", lambda x: ops.interpolate(x, (3, 5), mode="bilinear",
                                                       align_corners=True), [_x(1, 2, 2, 3)]),
]


@pytest.mark.parametrize("fn, arrays", [c[1:] for c in DIFFERENTIABLE],
                         ids=[c[0] for c in DIFFERENTIABLE])
def test_float64_gradients_match_finite_differences(fn, arrays):
    check_each_argument(fn, arrays, power=3)


@pytest.mark.parametrize("fn, arrays", [c[1:] for c in DIFFERENTIABLE],
                         ids=[c[0] for c in DIFFERENTIABLE])
def test_float32_stays_float32(fn, arrays):
    assert_float32_kept(fn, arrays)


def test_batch_norm_training_moves_the_running_statistics_as_mindspore():
    x = ms.Tensor(onp.round(onp.random.RandomState(0).uniform(-1, 1, (2, 4, 5, 6)), 2)
                  .astype(onp.float32))
    mean = ms.Tensor(onp.array([0.1, -0.1, 0.0, 0.2], onp.float32))
    var = ms.Tensor(onp.array([1.0, 0.5, 2.0, 1.5], onp.float32))
    ones, zeros = ms.Tensor(onp.ones(4, onp.float32)), ms.Tensor(onp.zeros(4, onp.float32))
    out = ops.batch_norm(x, mean, var, ones, zeros, training=True)
    onp.testing.assert_allclose(onp.asarray(out).mean(axis=(0, 2, 3)), 0, atol=1e-5)
    # MindSpore 2.10 (CPU) gives these, the variance moved by its unbiased estimate
    onp.testing.assert_allclose(mean, [0.1045, -0.0972, -0.0132, 0.1826], atol=1e-4)
    onp.testing.assert_allclose(var, [0.9287, 0.4839, 1.8318, 1.3819], atol=1e-4)
    before = onp.array(mean)
    ops.batch_norm(x, mean, var, ones, zeros)  # not training: the statistics stay
    onp.testing.assert_array_equal(mean, before)


def test_lp_pool_is_the_p_norm_of_each_window():
    x = ms.Tensor(onp.array([[[3.0, 4.0, 1.0, 2.0]]], onp.float32))
    onp.testing.assert_allclose(ops.lp_pool1d(x, 2, 2), [[[5.0, onp.sqrt(5.0)]]], rtol=1e-6)
    onp.testing.assert_allclose(ops.lp_pool1d(x, 1, 2, 1), [[[7.0, 5.0, 3.0]]], rtol=1e-6)


F32 = onp.float32
BAD = [
    (lambda: ops.group_norm(ms.Tensor(onp.ones((1, 4, 2), F32)), 3), CellArgumentError,
     "ops.group_norm input"),
    (lambda: ops.group_norm(ms.Tensor(onp.ones((1, 4, 2), F32)), 0), CellArgumentError,
     "ops.group_norm num_groups"),
    (lambda: ops.group_norm(ms.Tensor(onp.ones((1, 4, 2), F32)), 2, eps=0), CellArgumentError,
     "ops.group_norm eps"),
    (lambda: ops.batch_norm(ms.Tensor(onp.ones((2, 3), F32)), *[ms.Tensor(onp.ones(2, F32))] * 4),
     CellArgumentError, "ops.batch_norm running_mean"),
    (lambda: ops.batch_norm(ms.Tensor(onp.ones((2, 2), F32)), *[ms.Tensor(onp.ones(2, F32))] * 4,
                            training=1), CellTypeError, "ops.batch_norm training"),
    (lambda: ops.lp_pool1d(ms.Tensor(onp.ones((1, 1, 4), F32)), 0, 2), CellArgumentError,
     "ops.lp_pool1d norm_type"),
    (lambda: ops.lp_pool2d(ms.Tensor(onp.ones((1, 1, 4, 4), F32)), 2, 2, ceil_mode="yes"),
     CellTypeError, "ops.lp_pool2d ceil_mode"),
    (lambda: ops.conv3d(ms.Tensor(onp.ones((1, 2, 3, 3, 3), F32)),
                        ms.Tensor(onp.ones((1, 2, 2, 2, 2), F32)), padding=(1, 1)),
     CellArgumentError, "ops.conv3d padding"),
    (lambda: ops.conv3d(ms.Tensor(onp.ones((1, 2, 3, 3, 3), F32)),
                        ms.Tensor(onp.ones((1, 3, 2, 2, 2), F32))),
     CellArgumentError, "ops.conv3d weight"),
    (lambda: ops.interpolate(ms.Tensor(onp.ones((1, 1, 4), F32))), CellArgumentError,
     "ops.interpolate size"),
    (lambda: ops.interpolate(ms.Tensor(onp.ones((1, 1, 4), F32)), 3, mode="cubic"),
     CellArgumentError, "ops.interpolate mode"),
    (lambda: ops.interpolate(ms.Tensor(onp.ones((1, 1, 4), F32)), scale_factor=2.0),
     CellArgumentError, "ops.interpolate scale_factor"),
    (lambda: ops.interpolate(ms.Tensor(onp.ones((1, 1, 4), F32)), 3, align_corners=1),
     CellTypeError, "ops.interpolate align_corners"),
]


@pytest.mark.parametrize("call, error, where", BAD, ids=[b[2] for b in BAD])
def test_bad_arguments_name_the_op_and_argument(call, error, where):
    with pytest.raises(error, match=where.replace(".", r"\.") + ": expected"):
        call()
