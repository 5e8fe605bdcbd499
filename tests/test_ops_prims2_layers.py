"""The round-2 layer primitives (``Conv2DBackpropInput``/``Conv2DTranspose``, ``Conv3D``,
the 3-D and argmax pools, ``MirrorPad``, the resizes, ``LRN``, ``BatchNorm`` and
``MultiMarginLoss``): float64 finite-difference checks, float32 kept, and what each
computes (MindSpore 2.10's own values are replayed in test_cell_oracle_ops_prims2.py)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

rng = onp.random.RandomState(11)


def _r(*shape, low=-2.0, high=2.0):
    return rng.uniform(low, high, size=shape)


MEAN, VAR = onp.array([0.5, -0.1, 0.2]), onp.array([2.0, 1.0, 0.5])
TARGET = onp.array([1, 0, 3], onp.int64)
# (name, primitive, float inputs, fixed trailing inputs)
GRAD_CASES = [
    ("Conv2DBackpropInput", ops.Conv2DBackpropInput(2, 3, "same"),
     [_r(1, 2, 4, 4), _r(2, 3, 3, 3)], [(1, 3, 4, 4)]),
    ("Conv2DTranspose-stride", ops.Conv2DTranspose(2, 3, stride=2, pad_mode="pad",
                                                   pad=(1, 0, 0, 1)),
     [_r(1, 2, 2, 2), _r(2, 3, 3, 3)], [(1, 3, 4, 4)]),
    ("Conv2DBackpropInput-group", ops.Conv2DBackpropInput(4, 2, group=2, dilation=2),
     [_r(1, 4, 2, 2), _r(4, 1, 2, 2)], [(1, 2, 4, 4)]),
    ("Conv3D", ops.Conv3D(3, 2, pad_mode="pad", pad=(1, 0, 0, 1, 1, 0), stride=2),
     [_r(1, 2, 4, 4, 4), _r(3, 2, 2, 2, 2)], []),
    ("MaxPool3D", ops.MaxPool3D(2, 2, "PAD", 1, True), [_r(1, 1, 5, 5, 5)], []),
    ("AvgPool3D", ops.AvgPool3D(3, 2, "pad", 1, False, False), [_r(1, 2, 4, 4, 4)], []),
    ("AvgPool3D-same", ops.AvgPool3D(3, 2, "same"), [_r(1, 1, 5, 4, 4)], []),
    ("MaxPoolWithArgmax", ops.MaxPoolWithArgmax(3, 2, "same"), [_r(2, 2, 5, 5)], []),
    ("AdaptiveMaxPool2D", ops.AdaptiveMaxPool2D((2, None)), [_r(2, 5, 4)], []),
    ("MirrorPad", ops.MirrorPad(), [_r(3, 4)], [onp.array([[2, 1], [0, 3]], onp.int64)]),
    ("MirrorPad-symmetric", ops.MirrorPad("SYMMETRIC"), [_r(2, 3)],
     [onp.array([[2, 1], [3, 0]], onp.int64)]),
    ("ResizeNearestNeighbor", ops.ResizeNearestNeighbor((5, 3), True), [_r(1, 2, 3, 4)], []),
    ("ResizeBilinearV2", ops.ResizeBilinearV2(False, True), [_r(1, 2, 3, 4)], [(5, 7)]),
    ("ResizeBilinearV2-corners", ops.ResizeBilinearV2(True), [_r(1, 1, 3, 4)], [(2, 6)]),
    ("LRN", ops.LRN(2, 1.0, 0.5, 0.75), [_r(1, 5, 2, 2)], []),
    ("BatchNorm-train", ops.BatchNorm(True), [_r(2, 3, 2, 2), _r(3), _r(3)],
     [MEAN, VAR]),
    ("BatchNorm-infer", ops.BatchNorm(), [_r(4, 3), _r(3), _r(3)], [MEAN, VAR]),
    ("MultiMarginLoss", ops.MultiMarginLoss(2, 0.5, "sum"), [_r(3, 4)],
     [TARGET, onp.array([1.0, 2.0, 1.0, 0.5])]),
]


def _tensor(x):
    return ms.Tensor(x) if isinstance(x, onp.ndarray) else x


def _total(out):
    parts = out if isinstance(out, tuple) else (out,)
    return sum(ms.numpy.sum(p * (i + 1.0)) for i, p in enumerate(parts)
               if p.dtype.kind == "f")


@pytest.mark.parametrize("name, prim, floats, fixed", GRAD_CASES,
                         ids=[c[0] for c in GRAD_CASES])
def test_matches_finite_differences_in_float64(name, prim, floats, fixed):
    def fn(*xs):
        out = prim(*[ms.Tensor(x) for x in xs], *[_tensor(x) for x in fixed])
        # BatchNorm's statistics outputs carry no gradient (MindSpore's bprop)
        return _total(out[0] if name.startswith("BatchNorm") else out)
    check_grads(fn, modes=["rev"], order=1)(*floats)


@pytest.mark.parametrize("name, prim, floats, fixed", GRAD_CASES,
                         ids=[c[0] for c in GRAD_CASES])
def test_float32_stays_float32(name, prim, floats, fixed):
    def f32(x):
        return ms.Tensor(x.astype(onp.float32)) if isinstance(x, onp.ndarray) and \
            x.dtype.kind == "f" else _tensor(x)
    out = prim(*[f32(x) for x in floats + fixed])
    for part in out if isinstance(out, tuple) else (out,):
        assert part.dtype in (onp.float32, onp.int32, onp.int64)
    assert (out[0] if isinstance(out, tuple) else out).dtype == onp.float32


def test_conv2d_backprop_input_is_the_gradient_of_conv2d():
    x, w, dout = _r(1, 3, 5, 5), _r(2, 3, 3, 3), _r(1, 2, 2, 2)
    forward = ops.Conv2D(2, 3, pad_mode="pad", pad=(1, 0, 0, 1), stride=2)
    want = ops.grad(lambda z: ms.numpy.sum(forward(z, ms.Tensor(w)) * dout))(ms.Tensor(x))
    got = ops.Conv2DBackpropInput(2, 3, pad_mode="pad", pad=(1, 0, 0, 1), stride=2)(
        ms.Tensor(dout), ms.Tensor(w), (1, 3, 5, 5))
    onp.testing.assert_allclose(got, want, rtol=1e-10)


def test_conv3d_matches_a_direct_sum():
    x, w = _r(1, 2, 3, 3, 3), _r(1, 2, 2, 2, 2)
    out = ops.Conv3D(1, 2)(ms.Tensor(x), ms.Tensor(w))
    want = sum(x[0, :, i:i + 2, j:j + 2, k:k + 2].ravel() @ w[0].ravel()
               for i, j, k in [(1, 0, 1)])
    assert out.shape == (1, 1, 2, 2, 2)
    onp.testing.assert_allclose(out[0, 0, 1, 0, 1], want)


def test_max_pool_with_argmax_indexes_each_image_flat():
    x = rng.permutation(2 * 3 * 16).reshape(2, 3, 4, 4).astype(onp.float32)
    out, index = ops.MaxPoolWithArgmax(2, 2)(ms.Tensor(x))
    assert index.dtype == onp.int32
    flat = x.reshape(2, -1)
    onp.testing.assert_array_equal(onp.take_along_axis(flat, index.reshape(2, -1), 1),
                                   out.reshape(2, -1))


def test_pools_3d_average_and_maximum():
    x = onp.arange(64.0).reshape(1, 1, 4, 4, 4)
    onp.testing.assert_array_equal(ops.MaxPool3D(2, 2)(ms.Tensor(x)).ravel(),
                                   [21, 23, 29, 31, 53, 55, 61, 63])
    onp.testing.assert_array_equal(ops.AvgPool3D(2, 2)(ms.Tensor(x)).ravel(),
                                   [10.5, 12.5, 18.5, 20.5, 42.5, 44.5, 50.5, 52.5])
    onp.testing.assert_array_equal(ops.AvgPool3D(2, 2, divisor_override=4)(
        ms.Tensor(x)).ravel()[:2], [21.0, 25.0])


def test_mirror_pad_reflects_and_repeats_the_edge():
    x, pads = ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor(onp.array([[2, 2]], onp.int64))
    assert ops.MirrorPad()(x, pads).tolist() == [3, 2, 1, 2, 3, 2, 1]
    assert ops.MirrorPad("SYMMETRIC")(x, pads).tolist() == [2, 1, 1, 2, 3, 3, 2]


def test_batch_norm_training_moves_the_running_statistics_in_place():
    x = _r(4, 3, 2, 2).astype(onp.float32)
    mean = ms.Parameter(ms.Tensor(MEAN.astype(onp.float32)), name="mean")
    var = ms.Parameter(ms.Tensor(VAR.astype(onp.float32)), name="var")
    ones, zeros = ms.Tensor(onp.ones(3, onp.float32)), ms.Tensor(onp.zeros(3, onp.float32))
    y, batch_mean, batch_var, _, _ = ops.BatchNorm(True, 1e-5, 0.3)(
        ms.Tensor(x), ones, zeros, mean, var)
    axes = (0, 2, 3)
    onp.testing.assert_allclose(batch_mean, x.mean(axes), rtol=1e-5)
    onp.testing.assert_allclose(batch_var, x.var(axes), rtol=1e-5)
    onp.testing.assert_allclose(mean, 0.7 * MEAN + 0.3 * x.mean(axes), rtol=1e-5)
    onp.testing.assert_allclose(var, 0.7 * VAR + 0.3 * x.var(axes, ddof=1), rtol=1e-5)
    onp.testing.assert_allclose(y.mean(axes), 0, atol=1e-5)
    before = mean.tolist()
    ops.BatchNorm()(ms.Tensor(x), ones, zeros, mean, var)
    assert mean.tolist() == before
