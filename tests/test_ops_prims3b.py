"""The round-3b pool, unpool and resize primitives (``ops/prims_pool3.py``,
``ops/prims_pool3_more.py``): float64 finite-difference checks, float32 stays float32,
the argmax pools' indices feed the unpools, and bad arguments named."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

_rng = onp.random.RandomState(5)


def _x(*shape, dtype=onp.float64):
    return _rng.uniform(-1, 1, shape).astype(dtype)


_SIZE = ms.Tensor(onp.array([2, 2, 3], onp.int32))


def _fd(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


@pytest.mark.parametrize("make, shape", [
    (lambda: ops.MaxPool3DWithArgmax(2, 1, 1, 1, True), (1, 2, 3, 3, 4)),
    (lambda: ops.MaxPool3DWithArgmax(3, 2, 1, (1, 2, 1)), (1, 1, 5, 6, 5)),
    (lambda: ops.MaxPoolWithArgmaxV2(3, 2, 1, 1, True), (2, 2, 5, 6)),
    (lambda: ops.MaxPoolWithArgmaxV2((2, 3), 1, 0, 2), (1, 2, 5, 7)),
])
def test_argmax_pools_gradients_and_float32(make, shape):
    _fd(lambda x: make()(x)[0], _x(*shape))
    out, index = make()(ms.Tensor(_x(*shape, dtype=onp.float32)))
    assert out.dtype == ms.float32 and index.dtype == ms.int64


def test_argmax_pool_indices_unpool_back():
    x = _x(1, 2, 4, 6)
    out, index = ops.MaxPoolWithArgmaxV2(2)(ms.Tensor(x))
    back = ops.MaxUnpool2D(2)(out, index).asnumpy()
    assert onp.allclose(back.max(), x.max()) and onp.count_nonzero(back) == out.size
    out3, index3 = ops.MaxPool3DWithArgmax(2, 2, 0, argmax_type=ms.int32)(
        ms.Tensor(_x(1, 2, 4, 4, 2)))
    assert index3.dtype == ms.int32
    assert ops.MaxUnpool3D(2)(out3, index3).shape == (1, 2, 4, 4, 2)


@pytest.mark.parametrize("make, shape", [
    (lambda: (lambda x: ops.AdaptiveAvgPool3D((2, None, 3))(x)), (1, 2, 3, 2, 5)),
    (lambda: (lambda x: ops.AdaptiveAvgPool3D(2)(x)), (2, 3, 4, 5)),
    (lambda: (lambda x: ops.AdaptiveMaxPool3D()(x, _SIZE)[0]), (1, 2, 3, 4, 5)),
    (lambda: (lambda x: ops.UpsampleNearest3D()(x, [3, 4, 5])), (1, 2, 2, 3, 2)),
    (lambda: (lambda x: ops.UpsampleNearest3D()(x, None, [1.5, 2.0, 0.5])), (1, 1, 2, 3, 4)),
    (lambda: (lambda x: ops.UpsampleTrilinear3D()(x, None, [1.5, 2.0, 0.5])), (1, 1, 2, 3, 4)),
    (lambda: (lambda x: ops.UpsampleTrilinear3D(True)(x, (3, 2, 5))), (1, 2, 2, 3, 2)),
    (lambda: (lambda x: ops.MaxUnpool2D(2, 2, 0, (1, 2, 5, 5))(
        x, ms.Tensor(onp.array([0, 7, 13, 24] * 2).reshape(1, 2, 2, 2)))), (1, 2, 2, 2)),
    (lambda: (lambda x: ops.MaxUnpool3D(2, data_format="NDHWC")(
        x, ms.Tensor(onp.arange(0, 64, 4).reshape(1, 2, 2, 2, 2)))), (1, 2, 2, 2, 2)),
    (lambda: (lambda x: ops.Dropout3D(1.0)(x)[0]), (1, 2, 2, 1, 2)),
])
def test_gradients_and_float32(make, shape):
    _fd(make(), _x(*shape))
    assert make()(ms.Tensor(_x(*shape, dtype=onp.float32))).dtype == ms.float32


def test_trilinear_of_a_linear_ramp_is_exact():
    ramp = onp.arange(4.0).reshape(1, 1, 1, 1, 4)
    out = ops.UpsampleTrilinear3D(True)(ms.Tensor(ramp), [1, 1, 7]).asnumpy()
    assert onp.allclose(out.ravel(), onp.linspace(0, 3, 7))


def test_dropout3d_statistics_with_a_seed():
    onp.random.seed(0)
    x = onp.ones((40, 50, 1, 1, 2), onp.float32)
    out, mask = ops.Dropout3D(0.8)(ms.Tensor(x))
    kept = mask.asnumpy()
    assert kept.dtype == onp.bool_ and abs(kept.mean() - 0.8) < 0.03
    assert (kept == kept[..., :1]).all()  # whole volumes
    assert onp.allclose(out.asnumpy(), kept / 0.8) and out.dtype == ms.float32
    zero, none = ops.Dropout3D(0.0)(ms.Tensor(x))
    assert not zero.asnumpy().any() and not none.asnumpy().any()


def test_bernoulli_statistics_and_seed():
    x = ms.Tensor(onp.zeros((200, 100), onp.float32))
    draws = ops.Bernoulli(7)(x, 0.3).asnumpy()
    assert draws.dtype == onp.float32 and set(onp.unique(draws)) <= {0.0, 1.0}
    assert abs(draws.mean() - 0.3) < 0.01
    assert (ops.Bernoulli(7)(x, 0.3).asnumpy() == draws).all()
    p = onp.tile(onp.array([0.0, 1.0], onp.float32), (3, 1))
    assert (ops.Bernoulli()(ms.Tensor(onp.zeros((3, 2), onp.int32)), ms.Tensor(p)).asnumpy()
            == p).all()


_X5, _X4 = ms.Tensor(_x(1, 2, 4, 4, 4)), ms.Tensor(_x(1, 2, 4, 4))
_I4 = ms.Tensor(onp.zeros((1, 2, 2, 2), onp.int64))


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.MaxPool3DWithArgmax(2, 2, 2), CellArgumentError,
     "MaxPool3DWithArgmax pads: expected at most half of ksize"),
    (lambda: ops.MaxPool3DWithArgmax(2, 2, 0, argmax_type=ms.float32), CellTypeError,
     "MaxPool3DWithArgmax argmax_type: expected ms.int32 or ms.int64"),
    (lambda: ops.MaxPool3DWithArgmax(2, 2, 0, data_format="NDHWC"), CellArgumentError,
     "MaxPool3DWithArgmax data_format: expected 'NCDHW'"),
    (lambda: ops.MaxPool3DWithArgmax(2, 2, 0, ceil_mode=1), CellTypeError,
     "MaxPool3DWithArgmax ceil_mode: expected a bool"),
    (lambda: ops.MaxPool3DWithArgmax(9, 1, 0)(_X5), CellArgumentError,
     "MaxPool3DWithArgmax x: expected spatial axes of at least 9"),
    (lambda: ops.MaxPoolWithArgmaxV2(0), CellArgumentError,
     "MaxPoolWithArgmaxV2 kernel_size: expected an int or a tuple of 2 ints >= 1"),
    (lambda: ops.MaxPoolWithArgmaxV2(2)(_X5), CellArgumentError,
     "MaxPoolWithArgmaxV2 x: expected a 4-D tensor"),
    (lambda: ops.AdaptiveAvgPool3D(2.0), CellTypeError, "AdaptiveAvgPool3D output_size"),
    (lambda: ops.AdaptiveAvgPool3D((2, 2)), CellArgumentError,
     "AdaptiveAvgPool3D output_size: expected an int >= 1"),
    (lambda: ops.AdaptiveAvgPool3D(2)(_x(2, 3)), CellArgumentError,
     r"AdaptiveAvgPool3D x: expected a \(N, C, D, H, W\)"),
    (lambda: ops.AdaptiveMaxPool3D()(_X5, (2, 2, 2)), CellTypeError,
     "AdaptiveMaxPool3D output_size: expected an int32 Tensor"),
    (lambda: ops.AdaptiveMaxPool3D()(_X5, ms.Tensor(onp.array([2, 0, 2], onp.int32))),
     CellArgumentError, r"AdaptiveMaxPool3D output_size: expected 3 values >= 1"),
    (lambda: ops.MaxUnpool2D(2, -1), CellArgumentError, "MaxUnpool2D strides"),
    (lambda: ops.MaxUnpool2D(2.0), CellTypeError, "MaxUnpool2D ksize"),
    (lambda: ops.MaxUnpool2D(2, output_shape=(1, 2)), CellArgumentError,
     "MaxUnpool2D output_shape: expected"),
    (lambda: ops.MaxUnpool3D(2, data_format="NCHW"), CellArgumentError,
     "MaxUnpool3D data_format: expected 'NCDHW' or 'NDHWC'"),
    (lambda: ops.MaxUnpool2D(2)(_X4[:, :, :2, :2], ms.Tensor(onp.zeros((1, 2, 2, 2)))),
     CellTypeError, "MaxUnpool2D argmax: expected an int32 or int64 Tensor"),
    (lambda: ops.MaxUnpool2D(2)(_X4, _I4), CellArgumentError, "MaxUnpool2D argmax: expected "
     r"x's shape \(1, 2, 4, 4\)"),
    (lambda: ops.MaxUnpool2D(2)(_X4[:, :, :2, :2], _I4 + 16), CellArgumentError,
     r"MaxUnpool2D argmax: expected values in \[0, 16\)"),
    (lambda: ops.MaxUnpool2D(2, output_shape=(1, 2, 9, 9))(_X4[:, :, :2, :2], _I4),
     CellArgumentError, "MaxUnpool2D output_shape: expected spatial sizes within strides"),
    (lambda: ops.UpsampleNearest3D()(_X5), CellArgumentError,
     "UpsampleNearest3D output_size: expected exactly one of output_size and scales"),
    (lambda: ops.UpsampleNearest3D()(_X5, [2, 2, 2], [1.0, 1.0, 1.0]), CellArgumentError,
     "UpsampleNearest3D output_size: .* got both"),
    (lambda: ops.UpsampleTrilinear3D()(_X5, None, [2, 2, 2]), CellTypeError,
     "UpsampleTrilinear3D scales: expected a tuple or list of floats"),
    (lambda: ops.UpsampleTrilinear3D()(_X5, [2, 0, 2]), CellArgumentError,
     r"UpsampleTrilinear3D output_size: expected 3 ints > 0"),
    (lambda: ops.UpsampleTrilinear3D()(_X4, [2, 2, 2]), CellArgumentError,
     "UpsampleTrilinear3D x: expected a 5-D tensor"),
    (lambda: ops.UpsampleTrilinear3D(1), CellTypeError,
     "UpsampleTrilinear3D align_corners: expected a bool"),
    (lambda: ops.UpsampleNearest3D()(ms.Tensor(onp.ones((1, 1, 1, 1, 1), onp.int32)),
                                     [2, 2, 2]), CellTypeError, "UpsampleNearest3D x"),
    (lambda: ops.Dropout3D(1), CellTypeError, "Dropout3D keep_prob: expected a float"),
    (lambda: ops.Dropout3D(1.5), CellArgumentError, r"Dropout3D keep_prob: expected a float "
     r"in \[0, 1\]"),
    (lambda: ops.Dropout3D()(_X4), CellArgumentError, "Dropout3D x: expected a 5-D tensor"),
    (lambda: ops.Bernoulli(-2), CellArgumentError, "Bernoulli seed: expected an int >= -1"),
    (lambda: ops.Bernoulli(1.5), CellTypeError, "Bernoulli seed: expected an int"),
    (lambda: ops.Bernoulli(0, "1"), CellTypeError, "Bernoulli offset: expected an int"),
    (lambda: ops.Bernoulli()(_X4, 1.5), CellArgumentError, r"Bernoulli p: expected "
     r"probabilities in \[0, 1\]"),
    (lambda: ops.Bernoulli()(_X4, ms.Tensor(onp.ones(3) / 2)), CellArgumentError,
     "Bernoulli p: expected size 1 or x's shape"),
    (lambda: ops.Bernoulli()(_X4, "half"), CellTypeError, "Bernoulli p: expected a float"),
])
def test_bad_arguments_are_named(call, error, match):
    with pytest.raises(error, match=match):
        call()
