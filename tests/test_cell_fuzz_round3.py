"""Cell layer against MindSpore 2.10, third round: the layers users reach for (Conv2d,
pooling here; BatchNorm, LayerNorm and Embedding in ``test_cell_fuzz_round3_norm.py``; CellDict
and the rest in ``test_cell_fuzz_round3_cells.py``) and divergences found by fuzzing.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same
program with the same weights; the comment above an assertion quotes it.
"""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError

from conftest import check_grad


def ramp(shape, a=7, b=11, dtype=onp.float32):
    """Exact, repeatable values in [-b/8, b/8] (the same formula ran on MindSpore)."""
    n = int(onp.prod(shape))
    return (((onp.arange(n) * a) % b - b // 2) / 4).astype(dtype).reshape(shape)


def close(got, expected, atol=1e-4):
    onp.testing.assert_allclose(onp.asarray(got), onp.array(expected), rtol=1e-4, atol=atol)


def assert_param_grads(net, loss, *inputs, eps=1e-6):
    """ms.grad over every trainable Parameter equals central finite differences (float64)."""
    params = net.trainable_params()
    got = ms.grad(lambda *a: loss(net(*a)), None, params)(*inputs)
    for param, grad in zip(params, got):
        base = onp.array(param)
        numeric = onp.zeros_like(base)
        for i in onp.ndindex(base.shape):
            for sign in (1, -1):
                bumped = base.copy()
                bumped[i] += sign * eps
                param.set_data(bumped)
                numeric[i] += sign * float(loss(net(*inputs))) / (2 * eps)
        param.set_data(base)
        onp.testing.assert_allclose(onp.asarray(grad), numeric, rtol=1e-5, atol=1e-6,
                                    err_msg=param.name)


def cubed(out):
    return (out ** 3).sum()


X = ramp((1, 2, 5, 5))


# ---- Conv2d ---------------------------------------------------------------------------------
@pytest.mark.parametrize("options, expected", [
    # MindSpore 2.10, Conv2d(2, 2, kernel_size=3, stride=2) ('same': the extra pad goes after)
    (dict(kernel_size=3, stride=2),
     [[[[-0.625, -0.5625, -1.125], [-0.6875, -0.8125, 2.25], [0.125, -0.8125, -0.25]],
       [[-1.6875, 0.9375, -0.1875], [2.5, 1.75, -0.625], [-0.5, -1.625, 0.5]]]]),
    # pad_mode='pad', padding=(1, 0, 2, 1) (top, bottom, left, right), stride 2
    (dict(kernel_size=3, stride=2, pad_mode="pad", padding=(1, 0, 2, 1)),
     [[[[-1.125, 0.75, 1.5625], [-0.3125, -0.1875, -0.0625]],
       [[1.5, 1.375, -0.1875], [-0.625, -2.375, 1.75]]]]),
    # pad_mode='valid', dilation=2
    (dict(kernel_size=2, pad_mode="valid", dilation=2),
     [[[[1.125, 1.1875, -1.5], [-1.3125, -0.5625, 1.5625], [-0.3125, 1.125, 1.1875]],
       [[0.875, -1.0, 0.5625], [0.4375, 2.0, -2.625], [-1.375, 0.875, -1.0]]]]),
])
def test_conv2d_matches_mindspore(options, expected):
    k = options["kernel_size"]
    conv = nn.Conv2d(2, 2, weight_init=ms.Tensor(ramp((2, 2, k, k), 5, 7)), **options)
    out = conv(ms.Tensor(X))
    assert out.dtype == onp.float32
    close(out, expected)


def test_conv2d_groups_and_bias_match_mindspore():
    conv = nn.Conv2d(2, 2, 3, group=2, has_bias=True, bias_init="ones",
                     weight_init=ms.Tensor(ramp((2, 1, 3, 3), 5, 7)))
    out = conv(ms.Tensor(X))
    # MindSpore 2.10: shape (1, 2, 5, 5); row 0 of channel 0 [1.25, 1.3125, -0.0625, 3.375, 0.25],
    # row 1 of channel 1 [-0.375, -0.3125, 4.3125, 0.0, 0.1875]
    assert out.shape == (1, 2, 5, 5)
    close(out[0, 0, 0], [1.25, 1.3125, -0.0625, 3.375, 0.25])
    close(out[0, 1, 1], [-0.375, -0.3125, 4.3125, 0.0, 0.1875])
    # MindSpore 2.10: trainable_params names ['weight', 'bias']; without has_bias only 'weight'
    assert [p.name for p in conv.trainable_params()] == ["weight", "bias"]
    assert [p.name for p in nn.Conv2d(2, 2, 3).trainable_params()] == ["weight"]
    assert nn.Conv2d(4, 6, 3).weight.shape == (6, 4, 3, 3)
    assert nn.Conv2d(4, 6, (2, 3), group=2).weight.shape == (6, 2, 2, 3)


@pytest.mark.parametrize("options", [
    dict(kernel_size=3), dict(kernel_size=3, stride=2), dict(kernel_size=2, stride=(1, 2)),
    dict(kernel_size=3, pad_mode="valid", dilation=2),
    dict(kernel_size=3, pad_mode="pad", padding=(1, 0, 2, 1), stride=2),
    dict(kernel_size=3, group=2, has_bias=True),
])
def test_conv2d_gradients_match_finite_differences(options):
    conv = nn.Conv2d(2, 2, dtype=onp.float64, **options)
    x = ms.Tensor(ramp((1, 2, 5, 5), dtype=onp.float64))
    check_grad(lambda v: conv(v) ** 2, x)
    assert_param_grads(conv, cubed, x)


def test_conv2d_refuses_bad_arguments_by_name():
    # MindSpore 2.10: ValueError "For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not
    # 'pad', but got 'pad': 1 and 'pad_mode': same."
    with pytest.raises(CellArgumentError, match="Conv2d padding: expected 0 with pad_mode='same'"):
        nn.Conv2d(4, 6, 3, padding=1)
    # MindSpore 2.10: ValueError "The argument 'group' should be divisible by 'in_channels' ..."
    with pytest.raises(CellArgumentError, match="Conv2d group: expected a divisor"):
        nn.Conv2d(4, 6, 3, group=3)
    # MindSpore 2.10: ValueError "... 'pad_mode' must be str and must be in ['valid', ...]"
    with pytest.raises(CellArgumentError, match="Conv2d pad_mode: expected 'same', 'valid'"):
        nn.Conv2d(4, 6, 3, pad_mode="foo")
    # MindSpore 2.10: ValueError "... the 'pad size' must be int and must = 4, but got '2'"
    with pytest.raises(CellTypeError, match=r"Conv2d padding: expected an int or a tuple of 4"):
        nn.Conv2d(4, 6, 3, pad_mode="pad", padding=(1, 2))
    with pytest.raises(CellArgumentError, match="Conv2d kernel_size: expected a positive int"):
        nn.Conv2d(4, 6, 0)
    with pytest.raises(CellArgumentError, match="Conv2d stride: expected a positive int"):
        nn.Conv2d(4, 6, 3, stride=0)
    # MindSpore 2.10: RuntimeError "... 'C_in' of input 'x' shape divide by parameter 'group'
    # must be equal to 'C_in' of input 'weight' shape: 3, but got ... 4"
    with pytest.raises(CellArgumentError, match=r"Conv2d input: expected 3 channels"):
        nn.Conv2d(3, 6, 3)(ms.Tensor(onp.ones((1, 4, 5, 5), onp.float32)))
    # MindSpore 2.10: ValueError "For primitive[Conv2D], the x shape size must be equal to 4"
    with pytest.raises(CellArgumentError, match=r"Conv2d input: expected a rank-4"):
        nn.Conv2d(4, 6, 3)(ms.Tensor(onp.ones((4, 5, 5), onp.float32)))
    with pytest.raises(CellArgumentError, match=r"Conv2d input: expected at least 3 rows"):
        nn.Conv2d(1, 1, 3, pad_mode="valid")(ms.Tensor(onp.ones((1, 1, 2, 2), onp.float32)))


def test_conv2d_repr_names_its_settings():
    # MindSpore 2.10: Conv2d(input_channels=4, output_channels=6, kernel_size=(3, 3),
    # stride=(1, 1), pad_mode=same, padding=0, dilation=(1, 1), group=1, has_bias=False,
    # weight_init=<...HeUniform object at 0x...>, bias_init=None, format=NCHW)
    text = repr(nn.Conv2d(4, 6, 3))
    assert text.startswith("Conv2d(input_channels=4, output_channels=6, kernel_size=(3, 3), "
                           "stride=(1, 1), pad_mode=same, padding=0, dilation=(1, 1), group=1, "
                           "has_bias=False, weight_init=HeUniform(")
    assert text.endswith("bias_init=None, format=NCHW)")


# ---- pooling --------------------------------------------------------------------------------
@pytest.mark.parametrize("cell, expected", [
    # MindSpore 2.10, MaxPool2d(kernel_size=3, stride=2, pad_mode='same')
    (nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same"),
     [[[[1.0, 1.25, 1.25], [1.0, 1.0, 1.25], [0.75, 1.0, 0.5]]]]),
    # AvgPool2d(3, 2, 'same'): padded zeros are not counted
    (nn.AvgPool2d(kernel_size=3, stride=2, pad_mode="same"),
     [[[[-0.125, 0.2083, 0.3125], [-0.2917, -0.1111, -0.0833], [0.0, -0.125, -0.25]]]]),
    (nn.AvgPool2d(kernel_size=3, stride=2, pad_mode="pad", padding=1, count_include_pad=False),
     [[[[-0.125, 0.2083, 0.3125], [-0.2917, -0.1111, -0.0833], [0.0, -0.125, -0.25]]]]),
    (nn.MaxPool2d(kernel_size=2, stride=2, pad_mode="pad", padding=1),
     [[[[-1.25, 0.5, 1.25], [-0.25, 1.0, 1.25], [0.75, 1.0, 0.5]]]]),
])
def test_pooling_matches_mindspore(cell, expected):
    out = cell(ms.Tensor(X[:, :1]))
    assert out.dtype == onp.float32
    close(out, expected)


def test_max_pool_gradient_goes_to_the_first_maximum():
    ties = ms.Tensor(onp.array([[[[1, 1, 0, 0], [1, 1, 0, 0]]]], onp.float32))
    # MindSpore 2.10: [[[[1, 0, 1, 0], [0, 0, 0, 0]]]] (autograd's max would split the tie)
    grad = ms.grad(lambda a: nn.MaxPool2d(2, 2)(a).sum())(ties)
    close(grad, [[[[1, 0, 1, 0], [0, 0, 0, 0]]]])


@pytest.mark.parametrize("cell", [
    nn.MaxPool2d(2, 2), nn.MaxPool2d(3, 2, pad_mode="same"), nn.MaxPool2d((2, 3), (2, 1)),
    nn.MaxPool2d(3, 2, pad_mode="pad", padding=1), nn.AvgPool2d(2, 2),
    nn.AvgPool2d(3, 2, pad_mode="same"), nn.AvgPool2d(3, 2, pad_mode="pad", padding=1),
    nn.AvgPool2d(3, 2, pad_mode="pad", padding=1, count_include_pad=False),
])
def test_pooling_gradients_match_finite_differences(cell):
    x = ms.Tensor(onp.random.RandomState(3).normal(size=(2, 2, 5, 6)))
    check_grad(lambda v: cell(v) ** 2, x)


def test_pooling_takes_chw_input_and_refuses_unsupported_options():
    # MindSpore 2.10: a (C, H, W) input gets a batch axis added and removed: (3, 3, 3)
    assert nn.MaxPool2d(2, 2)(ms.Tensor(onp.ones((3, 7, 6), onp.float32))).shape == (3, 3, 3)
    # MindSpore 2.10: ValueError "For MaxPool2d, the parameter 'padding', 'dilation',
    # 'return_indices', 'ceil_mode' can not be set to non-default value when pad_mode is not 'pad'"
    with pytest.raises(CellArgumentError, match="MaxPool2d padding: expected 0 with pad_mode"):
        nn.MaxPool2d(2, padding=1)
    with pytest.raises(CellArgumentError, match="MaxPool2d ceil_mode: expected False"):
        nn.MaxPool2d(2, ceil_mode=True)
    with pytest.raises(CellArgumentError, match="AvgPool2d divisor_override: expected None"):
        nn.AvgPool2d(2, divisor_override=-3)
    # MindSpore 2.10: ValueError "... the 'pad_mode' must be str and must be in
    # '['VALID', 'SAME', 'PAD']', but got 'FOO'."
    with pytest.raises(CellArgumentError, match="MaxPool2d pad_mode: expected 'same'"):
        nn.MaxPool2d(2, pad_mode="foo")
    # MindSpore 2.10: TypeError "For 'MaxPool2d', the type of 'kernel_size' should be one of
    # '['int', 'tuple']', but got type 'float'."
    with pytest.raises(CellTypeError, match="MaxPool2d kernel_size: expected a positive int"):
        nn.MaxPool2d(2.5)
    # MindSpore 2.10: ValueError "For primitive[MaxPool], the length of input must be equal to 4"
    with pytest.raises(CellArgumentError, match="MaxPool2d input: expected a rank-3 or rank-4"):
        nn.MaxPool2d(2)(ms.Tensor(onp.ones((4, 4), onp.float32)))
    # MindSpore 2.10: repr MaxPool2d(kernel_size=2, stride=2, pad_mode=VALID)
    assert repr(nn.MaxPool2d(2, 2)) == "MaxPool2d(kernel_size=2, stride=2, pad_mode=VALID)"
    assert repr(nn.AvgPool2d(2, 2)) == "AvgPool2d(kernel_size=2, stride=2, pad_mode=VALID)"
