"""ops.DeformableOffsets, ops.deformable_conv2d, ops.ExtractVolumePatches,
ops.NonMaxSuppressionWithOverlaps, ops.CombinedNonMaxSuppression and
nn.FractionalMaxPool3d: float64 finite-difference checks, dtypes kept, properties, and the
errors naming the op and argument (MindSpore's values are replayed in
test_cell_oracle_ops_vision17.py)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

NAMES = ["DeformableOffsets", "deformable_conv2d", "ExtractVolumePatches",
         "NonMaxSuppressionWithOverlaps", "CombinedNonMaxSuppression"]


def _offsets(rng, n, groups, taps, h, w):
    moves = rng.uniform(-1.4, 1.4, (n, 2 * groups * taps, h, w)) + 0.003
    return onp.concatenate([moves, rng.uniform(0.2, 1.0, (n, groups * taps, h, w))], 1)


def _grad(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


def test_every_name_is_exported_and_documented():
    for name in NAMES:
        assert name in ops.__all__ and getattr(ops, name).__doc__.strip()
    assert nn.FractionalMaxPool3d.__doc__.strip()


def test_deformable_conv2d_gradients_match_finite_differences():
    rng = onp.random.RandomState(0)
    x, w, b = rng.rand(1, 4, 5, 5), rng.rand(6, 2, 2, 3), rng.rand(6)
    off = _offsets(rng, 1, 2, 6, 3, 3)

    def conv(x, w, off, b):
        return ops.deformable_conv2d(x, w, off, (2, 3), (1, 1, 2, 2), (1, 1, 1, 1), b,
                                     (1, 1, 1, 1), 2, 2)
    _grad(conv, x, w, off, b)


def test_deformable_offsets_gradients_match_finite_differences():
    rng = onp.random.RandomState(1)
    prim = ops.DeformableOffsets((1, 1, 1, 2), (0, 1, 1, 0), (2, 2), (1, 1, 2, 1))
    _grad(lambda x, off: prim(x, off), rng.rand(2, 3, 4, 5), _offsets(rng, 2, 1, 4, 3, 3))


def test_extract_volume_patches_gradient_matches_finite_differences():
    prim = ops.ExtractVolumePatches((1, 1, 2, 3, 2), (1, 1, 1, 2, 2), "SAME")
    _grad(lambda x: prim(x), onp.random.RandomState(2).rand(1, 2, 3, 4, 5))


def test_float32_stays_float32():
    rng = onp.random.RandomState(3)
    x = ms.Tensor(rng.rand(1, 2, 4, 4).astype(onp.float32))
    off = ms.Tensor(_offsets(rng, 1, 1, 4, 3, 3).astype(onp.float32))
    w = ms.Tensor(rng.rand(3, 2, 2, 2).astype(onp.float32))
    y = ops.deformable_conv2d(x, w, off, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0))
    assert y.dtype == ms.float32 and y.shape == (1, 3, 3, 3)
    grads = ms.grad(lambda x, w, off: ops.deformable_conv2d(
        x, w, off, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0)).sum(), grad_position=(0, 1, 2))(x, w, off)
    assert [g.dtype for g in grads] == [ms.float32] * 3
    patches = ops.ExtractVolumePatches((1, 1, 1, 2, 2), (1, 1, 1, 1, 1), "VALID")(
        ms.Tensor(rng.rand(1, 2, 2, 3, 3).astype(onp.float32)))
    assert patches.dtype == ms.float32 and patches.shape == (1, 8, 2, 2, 2)


def test_zero_offsets_and_unit_masks_give_a_plain_convolution():
    rng = onp.random.RandomState(4)
    x, w = rng.rand(1, 2, 4, 4), rng.rand(3, 2, 2, 2)
    off = onp.concatenate([onp.zeros((1, 8, 3, 3)), onp.ones((1, 4, 3, 3))], 1)
    y = ops.deformable_conv2d(ms.Tensor(x), ms.Tensor(w), ms.Tensor(off), (2, 2),
                              (1, 1, 1, 1), (0, 0, 0, 0)).asnumpy()
    want = onp.einsum("cij,ocij->o", x[0, :, 1:3, 2:4], w)
    assert onp.allclose(y[0, :, 1, 2], want)


@pytest.mark.parametrize("call, error, match", [
    (lambda x, off: ops.DeformableOffsets((1, 1, 1), (0,) * 4, (2, 2)), CellArgumentError,
     "DeformableOffsets strides"),
    (lambda x, off: ops.DeformableOffsets((1, 1, 1, 1), (0,) * 4, (2, 2), modulated=False),
     CellArgumentError, "DeformableOffsets modulated"),
    (lambda x, off: ops.DeformableOffsets((1, 1, 1, 1), (0,) * 4, (2, 2),
                                          data_format="NHWC"),
     CellArgumentError, "DeformableOffsets data_format"),
    (lambda x, off: ops.DeformableOffsets((1, 1, 1, 1), (0,) * 4, (3, 3))(x, off),
     CellArgumentError, "DeformableOffsets offsets: expected shape"),
    (lambda x, off: ops.DeformableOffsets((1, 1, 1, 1), (0,) * 4, (2, 2))(
        x, ms.Tensor(off.asnumpy().astype(onp.float16))), CellTypeError,
     "DeformableOffsets offsets: expected dtype float32"),
    (lambda x, off: ops.DeformableOffsets((1, 1, 1, 1), (0,) * 4, (2, 2))(
        ms.Tensor(onp.ones((1, 2, 4, 4), onp.int32)), off), CellTypeError, "DeformableOffsets x"),
    (lambda x, off: ops.deformable_conv2d(x, ms.Tensor(onp.ones((3, 2, 3, 3), onp.float32)),
                                          off, (2, 2), (1, 1, 1, 1), (0,) * 4),
     CellArgumentError, "deformable_conv2d weight"),
    (lambda x, off: ops.deformable_conv2d(x, ms.Tensor(onp.ones((3, 2, 2, 2), onp.float32)),
                                          off, (2, 2), (1, 1, 1, 1), (0,) * 4,
                                          ms.Tensor(onp.ones(2, onp.float32))),
     CellArgumentError, "deformable_conv2d bias"),
    (lambda x, off: ops.deformable_conv2d(x, ms.Tensor(onp.ones((3, 2, 2, 2), onp.float32)),
                                          off, (2, 2), (1, 1, 1, 1), (0,) * 4,
                                          deformable_groups=3),
     CellArgumentError, "deformable_conv2d deformable_groups"),
])
def test_deformable_errors_name_the_op_and_argument(call, error, match):
    x = ms.Tensor(onp.ones((1, 2, 4, 4), onp.float32))
    off = ms.Tensor(onp.ones((1, 12, 3, 3), onp.float32))
    with pytest.raises(error, match=match):
        call(x, off)


@pytest.mark.parametrize("args, error, match", [
    (((1, 2, 2, 2, 2), (1, 1, 1, 1, 1), "VALID"), CellArgumentError,
     "ExtractVolumePatches kernel_size"),
    (((1, 1, 2, 2, 2), (1, 1, 0, 1, 1), "VALID"), CellArgumentError,
     "ExtractVolumePatches strides"),
    (((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "FULL"), CellArgumentError,
     "ExtractVolumePatches padding"),
])
def test_extract_volume_patches_errors(args, error, match):
    with pytest.raises(error, match=match):
        ops.ExtractVolumePatches(*args)


def test_extract_volume_patches_input_errors():
    prim = ops.ExtractVolumePatches((1, 1, 3, 1, 1), (1, 1, 1, 1, 1), "VALID")
    with pytest.raises(CellArgumentError, match="ExtractVolumePatches input_x: expected a "
                       "rank-5"):
        prim(ms.Tensor(onp.ones((1, 2, 3, 3), onp.float32)))
    with pytest.raises(CellArgumentError, match="ExtractVolumePatches kernel_size"):
        prim(ms.Tensor(onp.ones((1, 1, 2, 3, 3), onp.float32)))
    with pytest.raises(CellTypeError, match="ExtractVolumePatches input_x: expected a real"):
        prim(ms.Tensor(onp.ones((1, 1, 3, 3, 3), bool)))
