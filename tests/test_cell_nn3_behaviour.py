"""The nn3 Cells' behaviour beyond the oracle: values against NumPy where MindSpore
2.10's CPU build cannot run them (Roll, Unfold) or is wrong (ClipByNorm with an axis,
SeLU's gradient), RReLU in training and eval, the error messages naming each Cell,
docstrings and the modules' examples."""
import doctest
import importlib

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellNameError, CellTypeError

RNG = onp.random.default_rng(5)
MODULES = {"activation_extra": ["CELU", "FastGelu", "get_activation", "GLU", "HShrink", "RReLU",
                                "SeLU", "Softmax2d", "SoftShrink", "Threshold"],
           "tensor_cells": ["ClipByNorm", "MatMul", "Moments", "Norm", "OneHot", "Pad", "Range",
                            "ReduceLogSumExp", "Roll", "Tril", "Triu"],
           "image_cells": ["CentralCrop", "ChannelShuffle", "ImageGradients", "PixelShuffle",
                           "PixelUnshuffle", "Unfold", "Upsample"],
           "dense_extra": ["BiDense", "L1Regularizer", "Linear", "TimeDistributed"],
           "grad_wrappers": ["ForwardValueAndGrad", "GradAccumulationCell", "WithGradCell"]}


def test_roll_matches_numpy():
    x = RNG.standard_normal((3, 4, 2))
    onp.testing.assert_array_equal(nn.Roll([1, -3], [0, 1])(ms.Tensor(x)),
                                   onp.roll(x, (1, -3), (0, 1)))
    onp.testing.assert_array_equal(nn.Roll(2, -1)(ms.Tensor(x)), onp.roll(x, 2, -1))


@pytest.mark.parametrize("ksizes, strides, rates, padding", [
    ([1, 2, 3, 1], [1, 1, 2, 1], [1, 1, 1, 1], "valid"),
    ([1, 2, 2, 1], [1, 2, 1, 1], [1, 2, 1, 1], "valid"),
    ([1, 3, 2, 1], [1, 2, 2, 1], [1, 1, 2, 1], "same")])
def test_unfold_matches_tensorflow_patches(ksizes, strides, rates, padding):
    """Patch (r, c) of channel k sits at depth (i * kc + j) * C + k, as TensorFlow's
    extract_image_patches (MindSpore's ExtractImagePatches has no CPU kernel)."""
    x = RNG.standard_normal((2, 3, 5, 6))
    (kr, kc), (sr, sc), (rr, rc) = ksizes[1:3], strides[1:3], rates[1:3]
    reach_r, reach_c = (kr - 1) * rr + 1, (kc - 1) * rc + 1
    if padding == "same":
        oh, ow = -(-5 // sr), -(-6 // sc)
        ph, pw = max((oh - 1) * sr + reach_r - 5, 0), max((ow - 1) * sc + reach_c - 6, 0)
        x_pad = onp.pad(x, ((0, 0), (0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2)))
    else:
        oh, ow, x_pad = -(-(5 - reach_r + 1) // sr), -(-(6 - reach_c + 1) // sc), x
    expected = onp.zeros((2, kr * kc * 3, oh, ow))
    for i in range(kr):
        for j in range(kc):
            for r in range(oh):
                for c in range(ow):
                    depth = (i * kc + j) * 3
                    expected[:, depth:depth + 3, r, c] = x_pad[:, :, r * sr + i * rr,
                                                               c * sc + j * rc]
    out = nn.Unfold(ksizes, strides, rates, padding)(ms.Tensor(x))
    onp.testing.assert_allclose(out, expected)


def test_clip_by_norm_with_an_axis_clips_each_row_to_clip_norm():
    x = RNG.standard_normal((4, 5)) * [[0.1], [1.0], [2.0], [3.0]]
    out = onp.asarray(nn.ClipByNorm(1)(ms.Tensor(x), ms.Tensor(1.0)))
    norms = onp.linalg.norm(x, axis=1, keepdims=True)
    onp.testing.assert_allclose(out, x / onp.maximum(norms, 1.0))
    assert onp.linalg.norm(out, axis=1).max() <= 1.0 + 1e-12


def test_selu_gradient_is_its_derivative():
    x = onp.array([-2.0, -0.5, 0.5, 2.0])
    (grad,) = ops.GradOperation(get_all=True)(nn.SeLU())(ms.Tensor(x))
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    onp.testing.assert_allclose(grad, onp.where(x > 0, scale, scale * alpha * onp.exp(x)))


def test_rrelu_draws_slopes_in_training_and_uses_their_mean_in_eval():
    x = ms.Tensor(-onp.ones((50, 40)))
    cell = nn.RReLU(0.1, 0.3)
    onp.testing.assert_allclose(cell(x), -0.2 * onp.ones((50, 40)))
    cell.set_train(True)
    onp.random.seed(0)
    slopes = -onp.asarray(cell(x))
    assert 0.1 <= slopes.min() and slopes.max() <= 0.3 and slopes.std() > 0.05
    onp.random.seed(0)
    (grad,) = ops.GradOperation(get_all=True)(cell)(x)
    onp.testing.assert_allclose(grad, slopes)
    onp.testing.assert_array_equal(cell(ms.Tensor([0.0, 2.0])), [0.0, 2.0])


def test_tril_triu_take_k_and_keep_ints():
    x = onp.arange(12, dtype=onp.int32).reshape(3, 4)
    onp.testing.assert_array_equal(nn.Tril()(ms.Tensor(x), -1), onp.tril(x, -1))
    out = nn.Triu()(ms.Tensor(x), 2)
    onp.testing.assert_array_equal(out, onp.triu(x, 2))
    assert out.dtype == onp.int32


def test_one_hot_dtype_axis_and_out_of_range_indices():
    out = nn.OneHot(axis=1, depth=3, dtype=ms.float16)(ms.Tensor(onp.array([[0, 5], [2, -1]])))
    assert out.dtype == onp.float16 and out.shape == (2, 3, 2)
    onp.testing.assert_array_equal(out[:, :, 1], 0)
    onp.testing.assert_array_equal(out[:, :, 0], [[1, 0, 0], [0, 0, 1]])


def test_moments_keep_float16_and_reduce_every_axis_by_default():
    x = RNG.standard_normal((3, 4)).astype(onp.float16)
    mean, variance = nn.Moments()(ms.Tensor(x))
    assert mean.dtype == variance.dtype == onp.float16 and mean.shape == ()
    onp.testing.assert_allclose(variance, x.astype(onp.float32).var(), rtol=1e-3)


def test_range_and_get_activation():
    assert nn.Range(0.5, 2)().dtype == onp.float32 and nn.Range(3)().dtype == onp.int32
    cell = nn.get_activation("fast_gelu")
    assert isinstance(cell, nn.FastGelu) and cell is not nn.get_activation("fast_gelu")
    with pytest.raises(CellNameError, match=r"get_activation name: expected one of .*'relu'"):
        nn.get_activation("ReLU")
    with pytest.raises(KeyError, match=r"Dense get_activation name"):
        nn.get_activation("swish", "Dense")


def _net():
    return nn.Dense(3, 2)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.CELU("1"), CellTypeError, r"CELU alpha: expected a float, got str"),
    (lambda: nn.CELU(0), CellArgumentError, r"CELU alpha: expected a nonzero float"),
    (lambda: nn.GLU(1.0), CellTypeError, r"GLU axis: expected an int, got float"),
    (lambda: nn.GLU()(ms.Tensor(onp.ones((2, 3)))), CellArgumentError,
     r"GLU input: expected an even length on axis -1, got shape \(2, 3\)"),
    (lambda: nn.HShrink(None), CellTypeError, r"HShrink lambd: expected a float"),
    (lambda: nn.SoftShrink(-1.0), CellArgumentError, r"SoftShrink lambd: expected a float >= 0"),
    (lambda: nn.Threshold(0.5, "a"), CellTypeError, r"Threshold value: expected a float"),
    (lambda: nn.RReLU(0.5, 0.1), CellArgumentError, r"RReLU: expected lower <= upper"),
    (lambda: nn.Softmax2d()(ms.Tensor(onp.ones((2, 3)))), CellArgumentError,
     r"Softmax2d input: expected 3 or 4 dimensions, got shape \(2, 3\)"),
    (lambda: nn.Tril()(ms.Tensor(onp.ones((2, 2))), 1.0), CellTypeError, r"Tril k: expected an"),
    (lambda: nn.Roll((1, 2), 0), CellArgumentError, r"Roll: expected shift and axis of one"),
    (lambda: nn.Roll(1.5, 0), CellTypeError, r"Roll shift: expected an int or a tuple"),
    (lambda: nn.OneHot(depth=-1), CellArgumentError, r"OneHot: expected axis >= -1 and depth"),
    (lambda: nn.OneHot(depth=2)(ms.Tensor([0.0])), CellTypeError,
     r"OneHot indices: expected an int Tensor, got float"),
    (lambda: nn.Pad([[1, 1]]), CellTypeError, r"Pad paddings: expected a tuple of"),
    (lambda: nn.Pad(((1, 1),), "reflect"), CellArgumentError, r"Pad mode: expected one of"),
    (lambda: nn.Pad(((1, 1),))(ms.Tensor(onp.ones((2, 2)))), CellArgumentError,
     r"Pad paddings: expected 2 pairs \(the input's rank\), got 1"),
    (lambda: nn.Pad(((3, 0),), "REFLECT")(ms.Tensor(onp.ones(3))), CellArgumentError,
     r"Pad paddings: expected at most 2 on axis 0 in mode REFLECT"),
    (lambda: nn.Norm(keep_dims=1), CellTypeError, r"Norm keep_dims: expected a bool"),
    (lambda: nn.ClipByNorm()(ms.Tensor([1.0]), 1.0), CellTypeError,
     r"ClipByNorm x and clip_norm: expected Tensors"),
    (lambda: nn.Moments()(ms.Tensor(onp.ones(2, onp.int32))), CellTypeError,
     r"Moments input: expected a float16, float32 or float64 Tensor, got int32"),
    (lambda: nn.MatMul(1), CellTypeError, r"MatMul transpose_x1: expected a bool"),
    (lambda: nn.Range(1, 3, 0), CellArgumentError, r"Range delta: expected a nonzero number"),
    (lambda: nn.Range("1"), CellTypeError, r"Range start: expected an int or a float"),
    (lambda: nn.ReduceLogSumExp(1.0), CellTypeError, r"ReduceLogSumExp axis: expected an int"),
    (lambda: nn.Unfold([1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1]), CellArgumentError,
     r"Unfold ksizes: expected \[1, rows, cols, 1\]"),
    (lambda: nn.Unfold(2, [1, 1, 1, 1], [1, 1, 1, 1]), CellTypeError, r"Unfold ksizes: expected"),
    (lambda: nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "full"), CellArgumentError,
     r"Unfold padding: expected 'same' or 'valid'"),
    (lambda: nn.Unfold([1, 5, 5, 1], [1, 1, 1, 1], [1, 1, 1, 1])(ms.Tensor(onp.ones(
        (1, 1, 3, 3)))), CellArgumentError, r"Unfold input_x: expected rows and columns"),
    (lambda: nn.Upsample(mode="area"), CellArgumentError, r"Upsample mode: expected 'nearest'"),
    (lambda: nn.PixelShuffle(0), CellArgumentError, r"PixelShuffle upscale_factor: expected"),
    (lambda: nn.PixelUnshuffle(2)(ms.Tensor(onp.ones((1, 1, 3, 4)))), CellArgumentError,
     r"PixelUnshuffle input: expected height and width divisible by downscale_factor=2"),
    (lambda: nn.ChannelShuffle(3)(ms.Tensor(onp.ones((1, 4, 2)))), CellArgumentError,
     r"ChannelShuffle input: expected 3 or more dimensions, channels"),
    (lambda: nn.CentralCrop(1), CellTypeError, r"CentralCrop central_fraction: expected a float"),
    (lambda: nn.CentralCrop(1.5), CellArgumentError, r"CentralCrop central_fraction: expected"),
    (lambda: nn.ImageGradients()(ms.Tensor(onp.ones((2, 2)))), CellArgumentError,
     r"ImageGradients images: expected 4 dimensions"),
    (lambda: nn.L1Regularizer(0), CellArgumentError, r"L1Regularizer scale: expected a finite"),
    (lambda: nn.L1Regularizer(1.0)(ms.Tensor([True])), CellTypeError,
     r"L1Regularizer weights: expected a number Tensor, got bool"),
    (lambda: nn.Linear(3, 2, bias=1), CellTypeError, r"Linear bias: expected a bool"),
    (lambda: nn.Linear(3, 2, ms.Tensor(onp.ones((3, 2)))), TypeError, r"Linear bias"),
    (lambda: nn.Linear(3, 2, weight_init=ms.Tensor(onp.ones((3, 2)))), CellArgumentError,
     r"Linear weight_init: expected shape \(2, 3\)"),
    (lambda: nn.Linear(3, 2)(ms.Tensor(onp.ones((2, 4), onp.float32))), CellArgumentError,
     r"Linear input: expected a last dimension of 3"),
    (lambda: nn.BiDense(3, 2, 2, bias_init=ms.Tensor(onp.ones(3))), CellArgumentError,
     r"BiDense bias_init: expected shape \(2,\)"),
    (lambda: nn.BiDense(3, 2, 2)(ms.Tensor(onp.ones((2, 3))), ms.Tensor(onp.ones((3, 2)))),
     CellArgumentError, r"BiDense inputs: expected \(\.\.\., 3\) and \(\.\.\., 2\)"),
    (lambda: nn.TimeDistributed(1, 1), CellTypeError, r"TimeDistributed layer: expected a Cell"),
    (lambda: nn.TimeDistributed(_net(), 1)(ms.Tensor(onp.ones((2, 3)))), CellArgumentError,
     r"TimeDistributed inputs: expected 3 or more dimensions"),
    (lambda: nn.ForwardValueAndGrad(_net(), get_by_list=True), CellTypeError,
     r"ForwardValueAndGrad weights: expected a ParameterTuple"),
    (lambda: nn.ForwardValueAndGrad(_net(), get_all=1), CellTypeError,
     r"ForwardValueAndGrad get_all: expected a bool"),
    (lambda: nn.WithGradCell(lambda x: x), CellTypeError, r"WithGradCell network: expected a"),
    (lambda: nn.GradAccumulationCell(_net(), 0), CellArgumentError,
     r"GradAccumulationCell micro_size: expected an int > 0"),
    (lambda: nn.GradAccumulationCell(_net(), 2)(ms.Tensor(onp.ones((3, 3), onp.float32))),
     CellArgumentError, r"GradAccumulationCell inputs: expected a batch \(axis 0\) divisible"),
])
def test_errors_name_the_cell(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_grad_accumulation_sums_the_micro_batches():
    net = nn.Dense(3, 2)
    x = ms.Tensor(RNG.standard_normal((6, 3)).astype(onp.float32))
    total = nn.GradAccumulationCell(net, 3)(x)
    onp.testing.assert_allclose(total, sum(onp.asarray(net(x[2 * i:2 * i + 2])) for i in range(3)),
                                rtol=1e-6)


def test_every_name_is_exported_documented_and_its_examples_run():
    for module, names in MODULES.items():
        for name in names:
            assert name in nn.__all__ and getattr(nn, name).__doc__.strip(), name
        result = doctest.testmod(importlib.import_module("minpy_compat.nn." + module))
        assert result.failed == 0 and result.attempted > 0, module
