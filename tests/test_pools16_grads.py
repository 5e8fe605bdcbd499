"""``ceil_mode``, ``dilation``, ``divisor_override`` and bicubic resizing: float64
finite-difference checks of the input gradient, float32 kept, the window-count rule and the
messages of what stays refused (MindSpore 2.10's rules; values are in
``test_pools16_oracle.py``)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import mint, nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

RNG = onp.random.RandomState(7)


def _x(*shape, dtype=onp.float64):
    return RNG.normal(size=shape).astype(dtype)


def _resize(x, size, ac, hpc):
    return ops.ResizeBicubic(ac, hpc)(x, size)


CASES = [
    ("maxpool1d_ceil_dil", nn.MaxPool1d(2, 2, "pad", 1, dilation=2, ceil_mode=True), (1, 2, 8)),
    ("maxpool2d_ceil_dil", nn.MaxPool2d(3, 2, "pad", 1, dilation=2, ceil_mode=True),
     (1, 2, 7, 6)),
    ("maxpool2d_dil_asym", nn.MaxPool2d((2, 3), (2, 1), "pad", dilation=(2, 1)), (2, 1, 6, 5)),
    ("maxpool3d_ceil_dil", nn.MaxPool3d(2, 2, "pad", 1, dilation=(1, 2, 1), ceil_mode=True),
     (1, 1, 4, 5, 4)),
    ("avgpool1d_ceil", nn.AvgPool1d(3, 2, "pad", 1, ceil_mode=True), (2, 1, 8)),
    ("avgpool2d_ceil_nocount", nn.AvgPool2d(3, 2, "pad", 1, ceil_mode=True,
                                            count_include_pad=False), (1, 2, 7, 6)),
    ("avgpool2d_divisor", nn.AvgPool2d(3, 2, "pad", 1, ceil_mode=True, divisor_override=4),
     (1, 1, 6, 7)),
    ("avgpool3d_ceil", nn.AvgPool3d(2, 2, "pad", 1, ceil_mode=True), (1, 1, 4, 5, 3)),
    ("lppool2d_ceil", nn.LPPool2d(2, 3, 2, ceil_mode=True), (1, 2, 6, 7)),
    ("lp_pool1d_ceil", lambda x: ops.lp_pool1d(x, 4, 3, 2, True), (1, 2, 8)),
    ("mint_max_pool2d", lambda x: mint.nn.functional.max_pool2d(x, 3, 2, 1, 2, True), (1, 1, 7, 7)),
    ("interp_bicubic", lambda x: ops.interpolate(x, (7, 9), mode="bicubic"), (1, 2, 5, 6)),
    ("interp_bicubic_ac", lambda x: ops.interpolate(x, (4, 8), mode="bicubic",
                                                    align_corners=True), (1, 1, 5, 6)),
    ("upsample_bicubic", nn.Upsample((3, 11), mode="bicubic"), (2, 1, 5, 6)),
    ("mint_bicubic", lambda x: mint.nn.functional.interpolate(x, scale_factor=2.0,
                                                              mode="bicubic"), (1, 1, 4, 5)),
    ("resize_bicubic", lambda x: _resize(x, (7, 3), False, False), (1, 2, 4, 5)),
    ("resize_bicubic_half", lambda x: _resize(x, (9, 4), False, True), (1, 1, 4, 5)),
]


@pytest.mark.parametrize("name, fn, shape", CASES, ids=[c[0] for c in CASES])
def test_input_gradient_matches_finite_differences(name, fn, shape):
    def loss(x):
        return ops.reduce_sum(fn(x) ** 2)
    check_grads(loss, modes=["rev"], order=1)(_x(*shape))


@pytest.mark.parametrize("name, fn, shape", CASES, ids=[c[0] for c in CASES])
def test_float32_stays_float32(name, fn, shape):
    x = ms.Tensor(_x(*shape, dtype=onp.float32))
    assert fn(x).dtype == ms.float32
    assert ms.grad(lambda x: fn(x).sum())(x).dtype == ms.float32


def test_a_window_starting_in_the_right_padding_is_dropped():
    # length 5, padding 1, kernel 2, stride 2: ceil gives 4 windows, the 4th would start at
    # padded position 6 (in the right padding), so 3 remain (PyTorch's and MindSpore's rule)
    x = ms.Tensor(_x(1, 1, 5, 5, dtype=onp.float32))
    assert nn.MaxPool2d(2, 2, "pad", 1, ceil_mode=True)(x).shape == (1, 1, 3, 3)
    assert nn.AvgPool2d(2, 2, "pad", 1, ceil_mode=True)(x).shape == (1, 1, 3, 3)
    # length 6: the last window starts at 6, the last real element: kept, hanging over
    x = ms.Tensor(_x(1, 1, 6, 6, dtype=onp.float32))
    assert nn.MaxPool2d(2, 2, "pad", 1, ceil_mode=True)(x).shape == (1, 1, 4, 4)


def test_a_ceil_window_averages_what_it_covers():
    # the last window of [1, 2, 3, 4, 5] (kernel 2, stride 2) covers only the 5
    x = ms.Tensor(onp.array([[[1.0, 2.0, 3.0, 4.0, 5.0]]], onp.float32))
    assert nn.AvgPool1d(2, 2, ceil_mode=True)(x).tolist() == [[[1.5, 3.5, 5.0]]]
    assert nn.MaxPool1d(2, 2, "pad", ceil_mode=True)(x).tolist() == [[[2.0, 4.0, 5.0]]]


def test_dilated_max_pool_indices_point_at_the_chosen_tap():
    x = ms.Tensor(onp.arange(7.0, dtype=onp.float32).reshape(1, 1, 7))
    out, indices = nn.MaxPool1d(3, 2, "pad", dilation=2, return_indices=True)(x)
    assert out.tolist() == [[[4.0, 6.0]]] and indices.tolist() == [[[4, 6]]]


def test_mint_bicubic_uses_pytorch_weights():
    # 10 -> 5 samples at 0.5, 2.5, 4.5, ...: half-way, where PyTorch's a = -0.75 weighs the
    # four taps -0.09375, 0.59375, 0.59375, -0.09375 (ops.interpolate, MindSpore's CPU rule,
    # has a = -0.5 there: -0.0625, 0.5625)
    x = onp.zeros((1, 1, 1, 10), onp.float32)
    x[..., 4] = 1.0
    out = mint.nn.functional.interpolate(ms.Tensor(x), size=(1, 5), mode="bicubic")
    onp.testing.assert_allclose(out.asnumpy().ravel(), [0, -0.09375, 0.59375, 0, 0], atol=1e-6)
    out = ops.interpolate(ms.Tensor(x), size=(1, 5), mode="bicubic")
    onp.testing.assert_allclose(out.asnumpy().ravel(), [0, -0.0625, 0.5625, 0, 0], atol=1e-6)


@pytest.mark.parametrize("build, match", [
    (lambda: nn.MaxPool2d(2, ceil_mode=True), "MaxPool2d ceil_mode: expected False with "
     "pad_mode='valid'"),
    (lambda: nn.MaxPool2d(2, dilation=2), r"MaxPool2d dilation: expected \(1, 1\) with "
     "pad_mode='valid'"),
    (lambda: nn.MaxPool1d(2, dilation=2, pad_mode="same"), "MaxPool1d dilation: expected"),
    (lambda: nn.MaxPool3d(2, ceil_mode=True), "MaxPool3d ceil_mode: expected False with"),
    (lambda: nn.AvgPool2d(2, divisor_override=-1), "AvgPool2d divisor_override: expected None "
     "or a positive int"),
    (lambda: nn.Upsample((2, 2), mode="area"), "Upsample mode: expected 'nearest', 'linear', "
     "'bilinear' or 'bicubic'"),
    (lambda: ops.interpolate(ms.Tensor(_x(1, 1, 3)), 4, mode="bicubic"),
     "ops.interpolate input: expected 4-D input for mode 'bicubic'"),
    (lambda: ops.ResizeBicubic(True, True), "ResizeBicubic half_pixel_centers: expected False "
     "when align_corners"),
    (lambda: ops.ResizeBicubic()(ms.Tensor(_x(1, 1, 3, 3)), (2, 0)),
     "ResizeBicubic size: expected 2 positive ints"),
])
def test_refusals_name_the_cell_and_argument(build, match):
    with pytest.raises(CellArgumentError, match=match):
        build()


@pytest.mark.parametrize("build, match", [
    (lambda: nn.MaxPool2d(2, pad_mode="pad", ceil_mode=1), "MaxPool2d ceil_mode: expected a bool"),
    (lambda: nn.AvgPool3d(2, ceil_mode="no"), "AvgPool3d ceil_mode: expected a bool"),
    (lambda: ops.lp_pool1d(ms.Tensor(_x(1, 1, 4)), 2, 2, ceil_mode=None),
     "ops.lp_pool1d ceil_mode: expected a bool"),
])
def test_a_non_bool_ceil_mode_is_a_type_error(build, match):
    with pytest.raises(CellTypeError, match=match):
        build()
