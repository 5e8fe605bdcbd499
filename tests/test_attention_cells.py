"""MultiheadAttention and the Transformer Cells on their own: float64 finite-difference
checks of inputs and Parameters through every recorded variant (masks, batch_first,
norm_first, kdim/vdim, bias_kv, zero_attn, unbatched, stacks), float32 kept, dropout in
training, the stacks' copies, Transformer's initialisation, docstrings and examples."""
import doctest
import importlib
import os
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn"))
import attn_cases as cases  # noqa: E402

RNG = onp.random.default_rng(7)
NAMES = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer",
         "TransformerEncoder", "TransformerDecoder", "Transformer"]


def _mask(kind, shape, dtype):
    if kind in ("causal", "uint8"):
        causal = onp.triu(onp.ones(shape[-2:], bool), 1)
        return causal.astype(onp.uint8) if kind == "uint8" else causal
    if kind == "float":
        return RNG.standard_normal(shape).astype(dtype)
    mask = RNG.random(shape) < 0.4
    mask[..., 0] = False
    return mask


def _setup(case, dtype):
    """Our Cell in ``dtype`` with random Parameters, its recorded call and inputs."""
    case_id, cls, kwargs, shapes, positional, masks, flags = case
    if cls in ("TransformerEncoder", "TransformerDecoder"):
        kwargs = dict(kwargs, layer=dict(kwargs["layer"], dtype=dtype))
    else:
        kwargs = dict(kwargs, dtype=dtype)
    cell = cases.build(nn, ops, cls, kwargs)
    cell.set_train(False)
    for _, param in cell.parameters_and_names():
        param.set_data((RNG.standard_normal(param.shape) * 0.5).astype(dtype))
    extras = dict(flags, **{name: ms.Tensor(_mask(kind, shape, dtype))
                            for name, (kind, shape) in masks.items()})
    call = cases.calling(nn, cell, positional, extras)
    return cell, call, [ms.Tensor(RNG.standard_normal(s).astype(dtype)) for s in shapes]


def _total(call, tensors, sens):
    return sum(float(onp.sum(onp.asarray(o, onp.float64) * s))
               for o, s in zip(call(*tensors), sens))


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_gradients_match_finite_differences_in_float64(case):
    """Along random directions through every input and Parameter at once."""
    cell, call, tensors = _setup(case, onp.float64)
    sens = [RNG.standard_normal(onp.shape(o)) for o in call(*tensors)]
    params = cell.trainable_params()
    input_grads, param_grads = ops.GradOperation(get_all=True, get_by_list=True,
                                                 sens_param=True)(
        call, ms.ParameterTuple(params))(*tensors, tuple(ms.Tensor(s) for s in sens))
    values = [onp.asarray(p).copy() for p in params]
    for _ in range(2):
        steps = [RNG.standard_normal(onp.shape(x)) for x in tensors + values]
        analytic = sum(float(onp.sum(onp.asarray(g) * d)) for g, d in
                       zip(list(input_grads) + list(param_grads), steps))
        moved = []
        for sign in (1, -1):
            for param, value, step in zip(params, values, steps[len(tensors):]):
                param.set_data(value + sign * 1e-6 * step)
            moved.append(_total(call, [ms.Tensor(onp.asarray(x) + sign * 1e-6 * d)
                                       for x, d in zip(tensors, steps)], sens))
        for param, value in zip(params, values):
            param.set_data(value)
        numeric = (moved[0] - moved[1]) / 2e-6
        onp.testing.assert_allclose(analytic, numeric, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("case", cases.CASES[::3], ids=[c[0] for c in cases.CASES[::3]])
def test_float32_stays_float32(case):
    cell, call, tensors = _setup(case, onp.float32)
    outputs = call(*tensors)
    grads = ops.GradOperation(get_all=True, get_by_list=True)(
        call, ms.ParameterTuple(cell.trainable_params()))(*tensors)
    for value in list(outputs) + list(grads[0]) + list(grads[1]):
        assert onp.asarray(value).dtype == onp.float32


def test_bool_masks_equal_minus_infinity_float_masks():
    mha = nn.MultiheadAttention(4, 2)
    q, k = (ms.Tensor(RNG.standard_normal(s).astype(onp.float32))
            for s in ((3, 2, 4), (5, 2, 4)))
    mask = RNG.random((3, 5)) < 0.5
    mask[:, 1] = False
    as_float = onp.where(mask, -onp.inf, 0).astype(onp.float32)
    out_bool, weights_bool = mha(q, k, k, attn_mask=ms.Tensor(mask))
    out_float, weights_float = mha(q, k, k, attn_mask=ms.Tensor(as_float))
    onp.testing.assert_allclose(out_bool, out_float, rtol=1e-6)
    assert (onp.asarray(weights_bool)[:, mask] == 0).all()
    onp.testing.assert_allclose(onp.asarray(weights_float).sum(-1), 1, rtol=1e-6)


def test_a_float_attn_mask_gets_its_gradient():
    """A float mask is a learnable additive bias (relative positions, ALiBi): checked by
    finite differences in float64."""
    mha = nn.MultiheadAttention(4, 2, dtype=onp.float64)
    q = ms.Tensor(RNG.standard_normal((3, 2, 4)))
    check_grads(lambda mask: ops.reduce_sum(mha(q, q, q, attn_mask=mask)[0] ** 2),
                modes=["rev"], order=1)(RNG.standard_normal((4, 3, 3)))


def test_a_query_with_every_key_masked_gets_nan_weights():
    x = ms.Tensor(RNG.standard_normal((3, 1, 4)).astype(onp.float32))
    mask = onp.zeros((3, 3), bool)
    mask[1] = True
    _, weights = nn.MultiheadAttention(4, 2)(x, x, x, attn_mask=ms.Tensor(mask))
    assert onp.isnan(onp.asarray(weights)[0, 1]).all()
    assert onp.isfinite(onp.asarray(weights)[0, [0, 2]]).all()


def test_need_weights_false_returns_a_one_tuple_and_per_head_weights_average():
    mha = nn.MultiheadAttention(6, 3)
    x = ms.Tensor(RNG.standard_normal((4, 2, 6)).astype(onp.float32))
    (out,) = mha(x, x, x, need_weights=False)
    _, per_head = mha(x, x, x, average_attn_weights=False)
    _, averaged = mha(x, x, x)
    assert onp.shape(per_head) == (2, 3, 4, 4)
    onp.testing.assert_allclose(onp.asarray(per_head).mean(1), averaged, rtol=1e-6)
    onp.testing.assert_allclose(out, mha(x, x, x)[0], rtol=0)


def test_dropout_drops_attention_weights_only_in_training():
    onp.random.seed(0)
    mha = nn.MultiheadAttention(4, 2, dropout=0.5)
    x = ms.Tensor(RNG.standard_normal((6, 3, 4)).astype(onp.float32))
    _, eval_weights = mha(x, x, x, average_attn_weights=False)
    mha.set_train(True)
    _, train_weights = mha(x, x, x, average_attn_weights=False)
    train, kept = onp.asarray(train_weights), onp.asarray(train_weights) != 0
    assert 0.3 < kept.mean() < 0.7
    onp.testing.assert_allclose(train[kept], 2 * onp.asarray(eval_weights)[kept], rtol=1e-6)


def test_stacks_copy_the_layer_and_zero_layers_is_the_norm_alone():
    layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0)
    encoder = nn.TransformerEncoder(layer, 2)
    first, second = (encoder.layers[i].dense1.weight for i in range(2))
    onp.testing.assert_array_equal(first, layer.dense1.weight)
    first.set_data(onp.zeros((8, 4), onp.float32))
    assert onp.asarray(second).any() and onp.asarray(layer.dense1.weight).any()
    x = ms.Tensor(RNG.standard_normal((3, 2, 4)).astype(onp.float32))
    norm = nn.LayerNorm((4,))
    onp.testing.assert_allclose(nn.TransformerEncoder(layer, 0, norm)(x), norm(x), rtol=0)


def test_transformer_initialises_matrices_xavier_uniform_and_takes_custom_cells():
    model = nn.Transformer(8, 2, 1, 1, 16)
    weight = onp.asarray(model.encoder.layers[0].dense1.weight)  # (16, 8)
    bound = onp.sqrt(6 / (16 + 8))
    assert onp.abs(weight).max() <= bound and onp.abs(weight).max() > bound / 2
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), 1)
    assert nn.Transformer(8, 2, 1, 1, 16, custom_encoder=encoder).encoder is encoder


def test_activation_choices():
    x = ms.Tensor(RNG.standard_normal((3, 2, 4)).astype(onp.float32))
    outs = {}
    for name, activation in (("relu", "relu"), ("ops.relu", ops.relu), ("ReLU", nn.ReLU()),
                             ("gelu", "gelu"), ("ops.gelu", ops.gelu),
                             ("GELU", nn.GELU(False))):
        layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0, activation=activation)
        for i, (_, param) in enumerate(layer.parameters_and_names()):
            param.set_data(onp.cos(onp.arange(param.size) + i).reshape(param.shape) * 0.5)
        outs[name] = onp.asarray(layer(x))
    for a, b in (("relu", "ops.relu"), ("relu", "ReLU"), ("gelu", "ops.gelu"),
                 ("gelu", "GELU")):
        onp.testing.assert_allclose(outs[a], outs[b], rtol=1e-6, err_msg=b)
    assert not onp.allclose(outs["relu"], outs["gelu"])


@pytest.mark.parametrize("name", NAMES)
def test_every_new_name_has_a_docstring(name):
    assert (getattr(nn, name).__doc__ or "").strip()


@pytest.mark.parametrize("module", ["attention", "transformer"])
def test_docstring_examples_run(module):
    found = doctest.testmod(importlib.import_module(f"minpy_compat.nn.{module}"))
    assert found.attempted and not found.failed
