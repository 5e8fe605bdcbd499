"""``ops.upsample`` and the ``ops.interpolate`` modes in ``ops/nnf_upsample.py``
('trilinear', 'area', 'nearest-exact', 5-D 'nearest' by a direct scale_factor): float64
finite-difference checks, float32 kept, and the errors naming the op and argument. Their
values against real MindSpore: ``test_cell_oracle_ops_opsnn.py``."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

_rng = onp.random.RandomState(18)


def _x(*shape, dtype="float64"):
    return _rng.uniform(-2.0, 2.0, size=shape).astype(dtype)


@pytest.mark.parametrize("shape, kwargs", [
    ((1, 2, 2, 3, 4), dict(size=[3, 4, 6], mode="trilinear")),
    ((1, 2, 2, 3, 4), dict(size=[3, 2, 7], mode="trilinear", align_corners=True)),
    ((1, 1, 2, 3, 4), dict(scale_factor=1.7, mode="trilinear")),
    ((1, 1, 2, 3, 4), dict(scale_factor=[2.0, 1.5, 0.6], mode="trilinear",
                           align_corners=True)),
    ((2, 3, 6), dict(size=3, mode="area")),
    ((1, 2, 5, 7), dict(size=[2, 3], mode="area")),
    ((1, 2, 5, 7), dict(size=[8, 9], mode="area")),
    ((1, 1, 4, 5, 6), dict(size=[2, 3, 4], mode="area")),
    ((1, 2, 5, 7), dict(scale_factor=0.6, mode="area")),
    ((2, 3, 5), dict(size=8, mode="nearest-exact")),
    ((1, 2, 3, 4), dict(size=[5, 3], mode="nearest-exact")),
    ((1, 1, 2, 3, 4), dict(scale_factor=[2.0, 0.5, 1.5])),
])
def test_upsample_float64_gradients(shape, kwargs):
    x = _x(*shape)
    check_grads(lambda a: ops.upsample(a, **kwargs), modes=["rev"], order=1)(x)


@pytest.mark.parametrize("kwargs", [dict(size=[3, 4, 6], mode="trilinear"),
                                    dict(size=[2, 3, 4], mode="area"),
                                    dict(scale_factor=1.5)])
def test_upsample_keeps_float32_and_matches_interpolate(kwargs):
    x = ms.Tensor(_x(1, 2, 4, 5, 6, dtype="float32"))
    out = ops.upsample(x, **kwargs)
    assert out.dtype == onp.float32
    onp.testing.assert_array_equal(onp.asarray(out), onp.asarray(ops.interpolate(x, **kwargs)))


def test_area_averages_each_window():
    x = onp.arange(12.0).reshape(1, 1, 3, 4)
    out = onp.asarray(ops.upsample(x, size=[2, 2], mode="area"))
    want = [[(0 + 1 + 4 + 5) / 4, (2 + 3 + 6 + 7) / 4],
            [(4 + 5 + 8 + 9) / 4, (6 + 7 + 10 + 11) / 4]]
    onp.testing.assert_allclose(out[0, 0], want)


def test_nearest_exact_takes_half_pixel_centres():
    x = onp.arange(5.0).reshape(1, 1, 5)
    onp.testing.assert_array_equal(onp.asarray(ops.upsample(x, size=3, mode="nearest-exact")),
                                   [[[0.0, 2.0, 4.0]]])
    onp.testing.assert_array_equal(onp.asarray(ops.upsample(x, size=3)), [[[0.0, 1.0, 3.0]]])


@pytest.mark.parametrize("shape, kwargs, error, match", [
    ((1, 2, 3, 4), dict(size=[3, 3], mode="trilinear"), CellArgumentError,
     r"ops.interpolate input: expected 5-D input for mode 'trilinear'"),
    ((1, 2, 2, 3, 4), dict(size=[3, 3], mode="trilinear"), CellArgumentError,
     r"ops.interpolate size: expected a positive int or 3 of them"),
    ((1, 2, 2, 3, 4), dict(size=[3, 3, 3], mode="area", align_corners=True),
     CellArgumentError, r"ops.interpolate align_corners: expected None or False with mode 'area'"),
    ((1, 2, 2, 3, 4), dict(size=[3, 3, 3], mode="nearest-exact"), CellArgumentError,
     r"ops.interpolate input: expected 3-D or 4-D input for mode 'nearest-exact'"),
    ((2, 3, 5), dict(scale_factor=2.0, mode="nearest-exact"), CellArgumentError,
     r"ops.interpolate scale_factor: expected None with mode 'nearest-exact'"),
    ((1, 2, 2, 3, 4), dict(scale_factor=[2.0, 1.5], mode="trilinear"), CellArgumentError,
     r"ops.interpolate scale_factor: expected a float > 0 or 3 of them"),
    ((1, 2, 2, 3, 4), dict(scale_factor=-1.0, mode="trilinear"), CellArgumentError,
     r"ops.interpolate scale_factor: expected a float > 0"),
    ((1, 2, 2, 3, 4), dict(size=3, scale_factor=2.0, mode="trilinear"), CellArgumentError,
     r"ops.interpolate size: expected size or scale_factor \(one of them\)"),
    ((1, 2, 3, 4), dict(size=[3, 3], mode="cubic"), CellArgumentError,
     r"ops.interpolate mode: expected 'nearest', .*'trilinear', 'area' or 'nearest-exact'"),
    ((2, 3, 7), dict(size=3, mode="area"), CellArgumentError,
     r"ops.interpolate size: expected a divisor of the input's length 7"),
    ((1, 2, 2, 3, 4), dict(size=3, mode="trilinear", align_corners=1), CellTypeError,
     r"ops.interpolate align_corners: expected None or a bool"),
    ((1, 2, 2, 3, 4), dict(scale_factor=1.5, mode="trilinear", recompute_scale_factor=1),
     CellTypeError, r"ops.interpolate recompute_scale_factor: expected None or a bool"),
    ((1, 2, 2, 3, 4), dict(size=3, mode="trilinear", recompute_scale_factor=True),
     CellArgumentError, r"ops.interpolate recompute_scale_factor: expected None or False"),
    ((1, 2, 2, 3, 4), dict(scale_factor=0.1, mode="trilinear"), CellArgumentError,
     r"ops.interpolate scale_factor: expected a factor leaving every spatial axis"),
])
def test_upsample_bad_arguments(shape, kwargs, error, match):
    with pytest.raises(error, match=match):
        ops.upsample(ms.Tensor(_x(*shape, dtype="float32")), **kwargs)


def test_upsample_refuses_int_input():
    with pytest.raises(CellTypeError, match=r"ops.interpolate input: expected a float16"):
        ops.upsample(ms.Tensor(onp.ones((1, 2, 6), "int32")), size=3, mode="area")
