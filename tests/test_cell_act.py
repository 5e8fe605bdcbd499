"""The activation, padding and channel-dropout Cells on their own: float64
finite-difference checks of inputs and Parameters, float32 (and float16) kept, the error
messages naming the Cell, PReLU's Parameter, channel masks, Softmin over several axes,
docstrings and examples."""
import doctest
import importlib

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

RNG = onp.random.default_rng(7)


def _away_from_kinks(shape):
    """float64 values at least 0.1 away from 0, +-1 and +-3 (the kinks)."""
    x = RNG.uniform(-4, 4, shape)
    for kink in (0.0, 1.0, -1.0, 3.0, -3.0):
        x = onp.where(onp.abs(x - kink) < 0.1, kink + 0.2, x)
    return x


CELLS = [
    (lambda: nn.LeakyReLU(0.1), (2, 3)), (lambda: nn.GELU(), (2, 3)),
    (lambda: nn.GELU(False), (2, 3)), (lambda: nn.ELU(0.5), (2, 3)), (nn.SiLU, (2, 3)),
    (nn.HSwish, (2, 3)), (nn.HSigmoid, (2, 3)), (nn.LogSigmoid, (2, 3)), (nn.Mish, (2, 3)),
    (lambda: nn.Softmin(0), (3, 2)), (lambda: nn.Softmin((0, 1)), (2, 3)),
    (lambda: nn.Hardtanh(-2, 2.5), (2, 3)), (nn.Tanhshrink, (2, 3)), (nn.Softsign, (2, 3)),
    (nn.Identity, (2, 3)), (lambda: nn.PReLU(3), (2, 3, 2)),
    (lambda: nn.ZeroPad2d((1, -1, 2, 0)), (1, 2, 3, 3)),
    (lambda: nn.ConstantPad1d(2, 0.5), (2, 3)),
    (lambda: nn.ConstantPad3d((1, 0, 0, 1, 1, 1), -1.0), (1, 2, 2, 2)),
    (lambda: nn.ReflectionPad1d((2, 1)), (2, 4)), (lambda: nn.ReflectionPad2d(1), (2, 3, 3)),
    (lambda: nn.ReplicationPad1d((3, 1)), (2, 2, 3)),
    (lambda: nn.ReplicationPad2d((0, 2, 1, 0)), (1, 2, 2, 3)),
    (lambda: nn.Unflatten(-1, (2, -1)), (3, 4)),
    (lambda: nn.Dropout2d(0.4).set_train(False), (1, 2, 2, 2)),
]
IDS = [type(build()).__name__ + str(i) for i, (build, _) in enumerate(CELLS)]


@pytest.mark.parametrize("build, shape", CELLS, ids=IDS)
def test_input_gradient_matches_finite_differences(build, shape):
    cell = build()
    check_grads(lambda x: ops.reduce_sum(cell(x) * cell(x)), modes=["rev"], order=1)(
        _away_from_kinks(shape))


@pytest.mark.parametrize("build, shape", CELLS, ids=IDS)
def test_float32_and_float16_keep_their_dtype(build, shape):
    for dtype in (onp.float32, onp.float16):
        x = ms.Tensor(_away_from_kinks(shape).astype(dtype))
        cell = build()
        out = cell(x)
        assert out.dtype == dtype
        (grad,) = ops.GradOperation(get_all=True)(cell)(x)
        assert grad.dtype == dtype


def test_prelu_slope_gradient_matches_finite_differences():
    cell = nn.PReLU(3)
    cell.w = ms.Parameter(onp.array([0.1, -0.4, 0.7]), name="a")
    x, weights = ms.Tensor(_away_from_kinks((4, 3, 2))), RNG.standard_normal((4, 3, 2))

    def total(slopes):
        cell.w.set_data(slopes)
        return float(onp.sum(onp.asarray(cell(x)) * weights))

    (_, (grad,)) = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)(
        cell, ms.ParameterTuple(cell.trainable_params()))(x, ms.Tensor(weights))
    base = onp.array([0.1, -0.4, 0.7])
    numeric = [(total(base + e * 1e-6) - total(base - e * 1e-6)) / 2e-6 for e in onp.eye(3)]
    onp.testing.assert_allclose(onp.asarray(grad), numeric, rtol=1e-6, atol=1e-8)


def test_prelu_keeps_mindspore_names_and_initial_slopes():
    cell = nn.PReLU(channel=2)
    assert [(n, p.name) for n, p in cell.parameters_and_names()] == [("w", "a")]
    onp.testing.assert_array_equal(cell.w, onp.full(2, 0.25, onp.float32))
    onp.testing.assert_allclose(nn.PReLU(2, [0.1, 0.3]).w, [0.1, 0.3])
    tensor = nn.PReLU(2, ms.Tensor(onp.array([0.5, 0.6], onp.float16))).w
    assert tensor.dtype == onp.float16
    out = nn.PReLU(2, [0.1, 0.3])(ms.Tensor(-onp.ones((1, 2, 2), onp.float32)))
    onp.testing.assert_allclose(out, [[[-0.1, -0.1], [-0.3, -0.3]]], rtol=1e-6)


def test_softmin_over_several_axes_is_softmax_of_minus_x():
    x = RNG.standard_normal((2, 3, 2))
    expected = onp.exp(-x) / onp.exp(-x).sum(axis=(0, 2), keepdims=True)
    onp.testing.assert_allclose(nn.Softmin((0, 2))(ms.Tensor(x)), expected, rtol=1e-12)


@pytest.mark.parametrize("cls, shape, channels", [
    (nn.Dropout1d, (30, 40, 3), (30, 40, 1)), (nn.Dropout1d, (200, 6), (200, 1)),
    (nn.Dropout2d, (30, 40, 2, 2), (30, 40, 1, 1)),
    (nn.Dropout3d, (30, 40, 1, 2, 2), (30, 40, 1, 1, 1))])
def test_channel_dropout_drops_whole_channels_and_scales_the_rest(cls, shape, channels):
    onp.random.seed(3)
    x = ms.Tensor(RNG.uniform(1, 2, shape).astype(onp.float32))
    cell = cls(p=0.25).set_train(True)
    out = onp.asarray(cell(x))
    kept = out != 0
    assert (kept == kept.any(axis=tuple(i for i, n in enumerate(channels) if n == 1),
                             keepdims=True)).all()
    assert abs(1 - kept.mean() - 0.25) < 0.05
    onp.testing.assert_allclose(out[kept], onp.asarray(x)[kept] / 0.75, rtol=1e-6)
    (grad,) = ops.GradOperation(get_all=True)(cell)(x)
    values = onp.unique(onp.asarray(grad))
    assert values[0] == 0 and len(values) == 2
    onp.testing.assert_allclose(values[1], 1 / 0.75, rtol=1e-6)


def test_channel_dropout_with_p_one_zeroes_everything_and_p_zero_is_identity():
    x = ms.Tensor(onp.ones((2, 3, 2, 2), onp.float32))
    assert not onp.asarray(nn.Dropout2d(1.0).set_train(True)(x)).any()
    assert nn.Dropout2d(0.0).set_train(True)(x) is x
    assert repr(nn.Dropout3d(0.2)) == "Dropout3d(p=0.2)"


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.LeakyReLU("0.2"), CellTypeError, r"LeakyReLU alpha: expected a float, got str"),
    (lambda: nn.PReLU(0), CellArgumentError, r"PReLU channel: expected a positive int, got 0"),
    (lambda: nn.PReLU(w=1), CellTypeError, r"PReLU w: expected a float, a list of floats"),
    (lambda: nn.PReLU(2, [0.1]), CellArgumentError, r"PReLU w: expected a list of 2 floats"),
    (lambda: nn.GELU("tanh"), CellTypeError, r"GELU approximate: expected a bool, got str"),
    (lambda: nn.ELU(None), CellTypeError, r"ELU alpha: expected a float, got None"),
    (lambda: nn.Softmin(1.0), CellTypeError, r"Softmin axis: expected an int or a tuple"),
    (lambda: nn.Hardtanh(1, -1), CellArgumentError,
     r"Hardtanh: expected min_val below max_val, got min_val=1, max_val=-1"),
    (lambda: nn.Dropout1d(1), CellTypeError, r"Dropout1d p: expected a float, got int"),
    (lambda: nn.Dropout2d(1.5), CellArgumentError, r"Dropout2d p: expected a number in \[0, 1\]"),
    (lambda: nn.ZeroPad2d([1, 1]), CellTypeError, r"ZeroPad2d padding: expected an int or a"),
    (lambda: nn.ConstantPad1d((1, 1, 1, 1), 0), CellArgumentError,
     r"ConstantPad1d padding: expected a tuple of length 2, got length 4"),
    (lambda: nn.ConstantPad3d((1,) * 8, 0), CellArgumentError,
     r"ConstantPad3d padding: expected a tuple of an even length of at most 6"),
    (lambda: nn.ConstantPad2d(1, "0"), CellTypeError, r"ConstantPad2d value: expected an int"),
    (lambda: nn.ReflectionPad1d((-1, 1)), CellArgumentError,
     r"ReflectionPad1d padding: expected ints >= 0"),
    (lambda: nn.ReplicationPad2d((1, 2, 3)), CellArgumentError,
     r"ReplicationPad2d padding: expected a tuple of an even length, got length 3"),
    (lambda: nn.Unflatten(1, 6), CellTypeError, r"Unflatten unflattened_size: expected a tuple"),
])
def test_bad_argument_message_names_the_cell(build, error, match):
    with pytest.raises(error, match=match):
        build()


@pytest.mark.parametrize("cell, shape, match", [
    (nn.PReLU(3), (2, 4), r"PReLU input: expected 3 channels on axis 1 .*got shape \(2, 4\)"),
    (nn.ReflectionPad1d(3), (2, 3), r"ReflectionPad1d input: expected padding below the axis "
                                    r"length 3, got axis 1 of shape \(2, 3\)"),
    (nn.Dropout2d(0.5), (2, 3), r"Dropout2d input: expected 4-D, got shape \(2, 3\)"),
    (nn.ConstantPad1d((-2, -2), 0.0), (2, 3), r"ConstantPad1d input: expected a positive size"),
    (nn.ZeroPad2d(1), (3,), r"ZeroPad2d input: expected at least 2 dimensions"),
    (nn.ReplicationPad1d(1), (4,), r"ReplicationPad1d input: expected 2-D or 3-D"),
    (nn.Unflatten(1, (4, 2)), (2, 6), r"Unflatten unflattened_size: expected sizes whose "
                                      r"product is 6"),
    (nn.Unflatten(2, (4, 2)), (2, 6), r"Unflatten axis: expected an axis in \[-2, 2\)"),
    (nn.Hardtanh(), (2,), None),
])
def test_bad_input_message_names_the_cell(cell, shape, match):
    x = ms.Tensor(onp.ones(shape, onp.float32))
    cell.set_train(True)
    if match is None:  # int inputs are refused by the float-only activations
        with pytest.raises(CellTypeError, match="Hardtanh input"):
            cell(ms.Tensor(onp.ones(shape, onp.int32)))
        return
    with pytest.raises(CellArgumentError, match=match):
        cell(x)


def test_every_new_name_has_a_docstring_and_the_examples_run():
    for name in ["ELU", "GELU", "Hardtanh", "HSigmoid", "HSwish", "LeakyReLU", "LogSigmoid",
                 "Mish", "PReLU", "SiLU", "Softmin", "Softsign", "Tanhshrink", "Identity",
                 "Unflatten", "Dropout1d", "Dropout2d", "Dropout3d", "ZeroPad2d",
                 "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d",
                 "ReflectionPad2d", "ReplicationPad1d", "ReplicationPad2d"]:
        assert name in nn.__all__ and getattr(nn, name).__doc__, name
    for module in ["activation_cells", "channel_dropout", "padding_cells", "reshape_cells"]:
        result = doctest.testmod(importlib.import_module("minpy_compat.nn." + module))
        assert result.attempted > 0 and result.failed == 0, module
