"""Area nn4's Cells and function ops: float64 finite-difference checks (inputs and
Parameters), float32 stays float32, argument errors naming the Cell or op, max pools'
indices feeding MaxUnpool, and what MindSpore's CPU build could not record (InstanceNorm3d,
EmbeddingLookup's max_norm)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

from conftest import check_grad
from test_cell_fuzz_round3 import assert_param_grads, cubed

F32, F64 = onp.float32, onp.float64
NEW = ["Conv3dTranspose", "AdaptiveAvgPool3d", "AdaptiveMaxPool3d", "LPPool1d", "LPPool2d",
       "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "FractionalMaxPool2d", "InstanceNorm3d",
       "LRN", "ReflectionPad3d", "ReplicationPad3d", "EmbeddingLookup", "Conv2dBnAct",
       "DenseBnAct"]
NEW_OPS = ["adaptive_avg_pool3d", "adaptive_max_pool3d", "max_unpool1d", "max_unpool2d",
           "max_unpool3d", "conv3d_transpose", "lrn", "fractional_max_pool2d"]
SAMPLES = ms.Tensor(onp.array([[[0.3, 0.7], [0.6, 0.2]]]))


def data(shape, dtype=F64, seed=0):
    return ms.Tensor(onp.random.default_rng(seed).standard_normal(shape).astype(dtype))


def positive(shape, dtype=F64):
    return ms.Tensor(onp.abs(onp.asarray(data(shape, dtype))) + dtype(0.5))


WITH_PARAMS = [
    (lambda: nn.Conv3dTranspose(2, 2, 2, stride=(1, 2, 1), has_bias=True, dtype=F64),
     (1, 2, 2, 3, 2)),
    (lambda: nn.Conv3dTranspose(2, 4, 3, stride=2, pad_mode="pad", padding=1,
                                output_padding=1, group=2, dtype=F64), (1, 2, 2, 2, 2)),
    (lambda: nn.InstanceNorm3d(2, dtype=F64), (2, 2, 2, 2, 3)),
    (lambda: nn.Conv2dBnAct(2, 2, 2, has_bn=True, activation="tanh", has_bias=True),
     (2, 2, 3, 3)),
    (lambda: nn.DenseBnAct(3, 2, has_bn=True, activation="leakyrelu", alpha=0.3), (4, 3)),
]


def as_float64(cell):
    """``cell`` with every Parameter a float64 one, away from the initial ones and zeros
    (the BnAct Cells take no dtype, as MindSpore's)."""
    rng = onp.random.default_rng(1)
    for _, sub in cell.cells_and_names():
        for attr, param in list(vars(sub).get("_params", {}).items()):
            value = rng.standard_normal(param.shape) * 0.5 + 0.5
            setattr(sub, attr, ms.Parameter(value, name=param.name,
                                            requires_grad=param.requires_grad))
    return cell


@pytest.mark.parametrize("build, shape", WITH_PARAMS)
def test_gradients_match_finite_differences(build, shape):
    cell = as_float64(build()).set_train()
    assert all(p.dtype == F64 for p in cell.get_parameters())
    x = data(shape)
    check_grad(lambda v: cell(v) ** 2, x)
    assert_param_grads(cell, cubed, x)


@pytest.mark.parametrize("cell, x", [
    (nn.AdaptiveAvgPool3d((2, None, 3)), data((1, 2, 3, 2, 5))),
    (nn.AdaptiveMaxPool3d(2), data((2, 3, 4, 3))),
    (nn.LPPool1d(1.5, 2), positive((2, 5))),
    (nn.LPPool2d(3, (2, 1), stride=1), positive((1, 2, 3, 3))),
    (nn.FractionalMaxPool2d(2, output_size=(3, 2), _random_samples=SAMPLES),
     data((1, 2, 5, 4))),
    (nn.FractionalMaxPool2d((2, 3), output_ratio=0.5, _random_samples=SAMPLES[:, :1]),
     data((1, 6, 7))),
    (nn.LRN(1, 2.0, 0.5, 0.75), data((1, 4, 2, 3))),
    (nn.ReflectionPad3d((1, 0, 2, 1, 0, 1)), data((1, 2, 3, 3))),
    (nn.ReplicationPad3d((2, -1, 1, 0, 0, 2)), data((1, 1, 2, 3, 3))),
    (nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True), data((1, 2, 4, 5))),
])
def test_window_gradients_match_finite_differences(cell, x):
    check_grad(lambda v: (cell(v)[0] if isinstance(cell(v), tuple) else cell(v)) ** 2, x)


@pytest.mark.parametrize("pool, unpool, shape", [
    (nn.MaxPool1d(2, 2, pad_mode="pad", return_indices=True), nn.MaxUnpool1d(2), (1, 2, 6)),
    (nn.MaxPool2d(2, 2, pad_mode="pad", padding=1, return_indices=True),
     nn.MaxUnpool2d(2, 2, 1), (2, 5, 5)),
    (nn.MaxPool3d(2, 2, pad_mode="pad", return_indices=True), nn.MaxUnpool3d(2),
     (1, 1, 2, 4, 2)),
])
def test_unpool_puts_each_maximum_back_and_differentiates(pool, unpool, shape):
    x = data(shape)
    out, index = pool(x)
    assert index.dtype == onp.int64
    back = onp.asarray(unpool(out, index, shape))
    kept = back != 0
    assert onp.array_equal(back[kept], onp.asarray(x)[kept])
    check_grad(lambda v: unpool(v, index, shape) ** 3, out)


def test_unpool_repeated_index_last_write_wins_each_input_gets_its_gradient():
    """MindSpore 2.10 (probed): forward [0, 2, 3, 0, 0, 0], input gradient [10, 10, 100]."""
    x = ms.Tensor(onp.array([[[1.0, 2.0, 3.0]]], F32))
    index = ms.Tensor(onp.array([[[1, 1, 2]]]))
    assert nn.MaxUnpool1d(2)(x, index).tolist() == [[[0.0, 2.0, 3.0, 0.0, 0.0, 0.0]]]
    weights = ms.Tensor(onp.array([1.0, 10.0, 100.0, 1000.0, 5.0, 6.0], F32))
    grad = ms.ops.grad(lambda v: (nn.MaxUnpool1d(2)(v, index) * weights).sum())(x)
    assert grad.tolist() == [[[10.0, 10.0, 100.0]]]


def test_pool_indices_are_flat_in_the_unpadded_input():
    x = ms.Tensor(onp.array([[[[0.0, 9.0, 1.0], [2.0, 3.0, 8.0], [7.0, 4.0, 5.0]]]]))
    _, index = nn.MaxPool2d(2, 2, pad_mode="pad", padding=1, return_indices=True)(x)
    assert index.tolist() == [[[[0, 1], [6, 5]]]]
    _, index = ops.max_pool2d(x, 2, 1, return_indices=True)
    assert index.tolist() == [[[[1, 1], [6, 5]]]]


@pytest.mark.parametrize("cell, shape", [
    (nn.Conv3dTranspose(2, 3, 2), (1, 2, 2, 2, 2)), (nn.AdaptiveAvgPool3d(2), (1, 2, 3, 3, 3)),
    (nn.AdaptiveMaxPool3d(2), (2, 3, 3, 3)), (nn.LPPool1d(2, 2), (1, 2, 4)),
    (nn.LPPool2d(2, 2), (1, 2, 4, 4)), (nn.InstanceNorm3d(2), (2, 2, 2, 2, 2)),
    (nn.LRN(2), (1, 3, 2, 2)), (nn.ReflectionPad3d(1), (1, 2, 2, 2)),
    (nn.ReplicationPad3d(1), (1, 2, 2, 2)), (nn.Conv2dBnAct(2, 2, 3, has_bn=True), (2, 2, 3, 3)),
    (nn.DenseBnAct(3, 2, has_bn=True, activation="relu"), (4, 3)),
    (nn.FractionalMaxPool2d(2, output_size=2, _random_samples=SAMPLES.astype(F32)),
     (1, 2, 4, 4)),
])
def test_float32_stays_float32(cell, shape):
    x = data(shape, F32)
    cell.set_train()
    assert cell(x).dtype == F32
    weights = ms.ParameterTuple(cell.trainable_params())
    grads = ms.ops.GradOperation(get_all=True, get_by_list=True)(cell, weights)(x)
    assert all(g.dtype == F32 for part in grads for g in part)


def test_unpool_and_embedding_lookup_keep_float32():
    out, index = nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True)(data((1, 1, 2, 4), F32))
    assert ms.ops.grad(nn.MaxUnpool2d(2))(out, index).dtype == F32
    lookup = nn.EmbeddingLookup(4, 2, max_norm=0.5)
    ids = ms.Tensor(onp.array([0, 3, 3]))
    assert lookup(ids).dtype == F32
    assert ms.ops.GradOperation(get_by_list=True)(lookup, lookup.trainable_params())(ids)[
        0].dtype == F32


def test_embedding_lookup_clips_rows_and_zeroes_outside_ids():
    lookup = nn.EmbeddingLookup(4, 2, max_norm=1.0, dtype=F64)
    lookup.embedding_table.set_data(onp.array([[3.0, 4.0], [0.3, 0.4], [-0.5, 0.5],
                                               [0.0, 0.0]]))
    ids = ms.Tensor(onp.array([[0, 1], [2, 5], [3, 3]]))
    assert onp.allclose(lookup(ids), [[[0.6, 0.8], [0.3, 0.4]], [[-0.5, 0.5], [0.0, 0.0]],
                                      [[0.0, 0.0], [0.0, 0.0]]])
    with onp.errstate(all="raise"):  # a row of zeros takes no sqrt of 0 (no NaN gradient)
        assert_param_grads(lookup, lambda out: (out ** 3 + out ** 2).sum(), ids)


def test_instance_norm3d_normalizes_each_sample_and_channel():
    x = data((2, 3, 2, 3, 2))
    out = onp.asarray(nn.InstanceNorm3d(3, dtype=F64)(x))
    assert onp.allclose(out.mean(axis=(2, 3, 4)), 0) and onp.allclose(
        out.var(axis=(2, 3, 4)), 1, atol=1e-4)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.MaxPool2d(2, return_indices=True), CellArgumentError, "MaxPool2d return_indices"),
    (lambda: nn.MaxPool3d(2, return_indices=1), CellTypeError, "MaxPool3d return_indices"),
    (lambda: nn.MaxUnpool2d((2, 2, 2)), CellArgumentError, "MaxUnpool2d kernel_size"),
    (lambda: nn.MaxUnpool1d(2, padding=1.0), CellTypeError, "MaxUnpool1d padding"),
    (lambda: nn.AdaptiveAvgPool3d("2"), CellTypeError, "AdaptiveAvgPool3d output_size"),
    (lambda: nn.AdaptiveMaxPool3d(2, return_indices=1), CellTypeError,
     "AdaptiveMaxPool3d return_indices"),
    (lambda: nn.LPPool2d(2, 2, ceil_mode="no"), CellTypeError, "LPPool2d ceil_mode"),
    (lambda: nn.FractionalMaxPool2d(2), CellArgumentError, "FractionalMaxPool2d output_size"),
    (lambda: nn.FractionalMaxPool2d(2, output_ratio=(0.5, 0)), CellArgumentError,
     "FractionalMaxPool2d output_ratio"),
    (lambda: nn.InstanceNorm3d(2, momentum=2.0), CellArgumentError, "InstanceNorm3d momentum"),
    (lambda: nn.LRN(-1), CellArgumentError, "LRN depth_radius"),
    (lambda: nn.LRN(alpha=1), CellTypeError, "LRN alpha"),
    (lambda: nn.ReflectionPad3d((1, -1)), CellArgumentError, "ReflectionPad3d padding"),
    (lambda: nn.Conv3dTranspose(2, 2, 2, data_format="NDHWC"), CellArgumentError,
     "Conv3dTranspose data_format"),
    (lambda: nn.Conv3dTranspose(2, 2, 2, padding=1), CellArgumentError,
     "Conv3dTranspose padding"),
    (lambda: nn.EmbeddingLookup(4, 2, max_norm=0), CellArgumentError,
     "EmbeddingLookup max_norm"),
    (lambda: nn.EmbeddingLookup(4, 2, sparse=1), CellTypeError, "EmbeddingLookup sparse"),
    (lambda: nn.Conv2dBnAct(2, 2, 2, after_fake=None), CellTypeError, "Conv2dBnAct after_fake"),
    (lambda: nn.DenseBnAct(2, 2, activation="swish"), CellArgumentError,
     "DenseBnAct activation"),
])
def test_bad_arguments_name_the_cell(build, error, match):
    with pytest.raises(error, match=match):
        build()


@pytest.mark.parametrize("call, error, match", [
    (lambda: nn.MaxUnpool2d(2)(data((1, 1, 2, 2)), ms.Tensor(onp.array([[[[0, 1], [2, 16]]]]))),
     CellArgumentError, r"MaxUnpool2d indices: expected values in \[0, 16\)"),
    (lambda: nn.MaxUnpool1d(2)(data((1, 1, 2)), data((1, 1, 2))), CellTypeError,
     "MaxUnpool1d indices"),
    (lambda: nn.MaxUnpool3d(2)(data((2, 2)), ms.Tensor(onp.zeros((2, 2), int))),
     CellArgumentError, "MaxUnpool3d input"),
    (lambda: nn.FractionalMaxPool2d(3, output_size=4)(data((1, 1, 5, 5))), CellArgumentError,
     "FractionalMaxPool2d output_size"),
    (lambda: nn.FractionalMaxPool2d(2, output_size=2, _random_samples=SAMPLES)(
        data((2, 2, 4, 4))), CellArgumentError, "FractionalMaxPool2d _random_samples"),
    (lambda: nn.LRN()(data((2, 3, 4))), CellArgumentError, "LRN input"),
    (lambda: nn.ReplicationPad3d(1)(data((2, 3, 4))), CellArgumentError,
     "ReplicationPad3d input"),
    (lambda: nn.AdaptiveMaxPool3d(2)(data((2, 3, 4))), CellArgumentError,
     "AdaptiveMaxPool3d input"),
    (lambda: nn.LPPool1d(2, 2)(data((2, 3, 4, 4))), CellArgumentError, "LPPool1d input"),
    (lambda: nn.EmbeddingLookup(4, 2)(data((3,))), CellTypeError, "EmbeddingLookup input"),
    (lambda: ops.conv3d_transpose(data((1, 2, 2, 2, 2)), data((3, 1, 2, 2, 2))),
     CellArgumentError, "ops.conv3d_transpose weight"),
    (lambda: ops.max_unpool2d(data((1, 1, 2, 2)), ms.Tensor(onp.zeros((1, 1, 2, 2), int)),
                              (2, 2, 2)), CellArgumentError, "ops.max_unpool2d kernel_size"),
    (lambda: ops.lrn(data((1, 2, 2, 2)), norm_region="WITHIN_CHANNEL"), CellArgumentError,
     "ops.lrn norm_region"),
])
def test_bad_inputs_name_the_cell_or_op(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_function_ops_match_their_cells():
    x, x5 = data((1, 2, 4, 4)), data((1, 2, 3, 4, 4))
    weight = data((2, 3, 2, 2, 2), seed=1)
    cell = nn.Conv3dTranspose(2, 3, 2, pad_mode="valid", dtype=F64)
    cell.weight.set_data(weight)
    assert onp.allclose(ops.conv3d_transpose(x5, weight), cell(x5))
    check_grad(lambda v, w: ops.conv3d_transpose(v, w, stride=2) ** 2, x5, weight)
    assert onp.allclose(ops.lrn(x, 1), nn.LRN(1)(x))
    out, index = ops.adaptive_max_pool3d(x5, 2, True)
    assert index.dtype == onp.int32 and onp.allclose(out, nn.AdaptiveMaxPool3d(2)(x5))
    assert onp.allclose(ops.adaptive_avg_pool3d(x5, (1, 2, 2)), nn.AdaptiveAvgPool3d((1, 2, 2))(x5))
    pooled, places = ops.max_pool3d(x5, (1, 2, 2), return_indices=True)
    assert onp.allclose(ops.max_unpool3d(pooled, places, (1, 2, 2), output_size=(3, 4, 4)),
                        nn.MaxUnpool3d((1, 2, 2))(pooled, places))
    line = data((1, 2, 4))
    pooled, places = ops.max_pool2d(line[:, :, None], (1, 2), return_indices=True)
    assert ops.max_unpool1d(pooled[:, :, 0], places[:, :, 0], 2).shape == (1, 2, 4)
    assert ops.max_unpool2d(*ops.max_pool2d(x, 2, return_indices=True), 2).shape == x.shape
    frac = ops.fractional_max_pool2d(x, 2, (2, 3), None, True, SAMPLES)
    assert frac[0].shape == (1, 2, 2, 3) and frac[1].dtype == onp.int64


@pytest.mark.parametrize("name", NEW)
def test_new_cells_are_exported_with_docstrings(name):
    assert name in nn.__all__ and getattr(nn, name).__doc__.strip()


@pytest.mark.parametrize("name", NEW_OPS)
def test_new_ops_are_exported_with_docstrings(name):
    assert name in ops.__all__ and getattr(ops, name).__doc__.strip()


@pytest.mark.parametrize("module", ["nn.unpool_cells", "nn.pool3d_cells", "nn.cells3d_more",
                                    "nn.combined_cells", "ops.nnf_unpooling"])
def test_docstring_examples(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module("minpy_compat." + module))
    assert result.attempted > 0 and result.failed == 0


def test_conv3d_transpose_takes_output_padding_with_zeros():
    x = onp.random.RandomState(0).randn(1, 2, 3, 3, 3)
    w = onp.random.RandomState(1).randn(2, 1, 2, 2, 2)
    plain = ops.conv3d_transpose(ms.Tensor(x), ms.Tensor(w), stride=2)
    padded = ops.conv3d_transpose(ms.Tensor(x), ms.Tensor(w), stride=2,
                                  output_padding=(0, 1, 0))
    assert plain.shape == (1, 1, 6, 6, 6) and padded.shape == (1, 1, 6, 7, 6)
    assert onp.allclose(padded.asnumpy()[:, :, :, :6], plain.asnumpy())
    with pytest.raises(ValueError, match=r"ops.conv3d_transpose output_padding"):
        ops.conv3d_transpose(ms.Tensor(x), ms.Tensor(w), stride=2, output_padding=(0, -1, 0))
