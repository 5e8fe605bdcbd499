"""MultiheadAttention and the Transformer Cells against MindSpore 2.10: every output
(attention weights too), input and Parameter gradients, names, constructor signatures and
the exception class of bad arguments, recorded by ``tests/oracle_nn/make_attn_fixture.py``
on the same weights, inputs and masks."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import attn_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(HERE, "attn_fixture.json")) as _file:
    FIXTURE = json.load(_file)

# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED = {
    "mha_mixed_masks": "MindSpore adds a bool key_padding_mask to a float attn_mask as 1.0 "
                       "(not -inf); we mask those keys, as the bool mask means",
}
ACCEPTED_BAD = {
    "mha_heads_zero": "MindSpore fails with ZeroDivisionError; we raise ValueError naming "
                      "num_heads",
    "mha_embed_float": "MindSpore fails in its initializer with ValueError; we raise "
                       "TypeError naming embed_dim (a float is the wrong type)",
    "mha_dropout_two": "MindSpore accepts dropout=2.0 (and then never drops); we refuse a "
                       "probability outside [0, 1) with ValueError",
    "enc_activation_relu_cell": "MindSpore's documented nn.ReLU activation fails its own "
                                "check (a Cell is callable); we accept it",
    "dec_activation_gelu_cell": "MindSpore's documented nn.GELU activation fails its own "
                                "check (a Cell is callable); we accept it",
}
TOL = {"rtol": 1e-4, "atol": 1e-5}  # float32 softmax, LayerNorm and sums in another order


def _run(case, dtype=None):
    """Our Cell, its call and the recorded inputs (cast to ``dtype`` if given)."""
    case_id, cls, kwargs, _, positional, masks, flags = case
    record = FIXTURE["cases"][case_id]
    kwargs = kwargs if dtype is None else _with_dtype(cls, kwargs, dtype)
    cell = cases.build(nn, ops, cls, kwargs)
    cell.set_train(False)
    for name, param in cell.parameters_and_names():
        param.set_data(replay.decode(record["params"][name]).astype(dtype or onp.float32))
    extras = dict(flags, **{name: ms.Tensor(_mask(item, dtype))
                            for name, item in record["masks"].items()})
    tensors = [ms.Tensor(replay.decode(x).astype(dtype or onp.float32))
               for x in record["inputs"]]
    return cell, cases.calling(nn, cell, positional, extras), tensors


def _mask(item, dtype):
    value = replay.decode(item)
    return value.astype(dtype) if dtype is not None and value.dtype.kind == "f" else value


def _with_dtype(cls, kwargs, dtype):
    if cls in ("TransformerEncoder", "TransformerDecoder"):
        return dict(kwargs, layer=dict(kwargs["layer"], dtype=dtype))
    return dict(kwargs, dtype=dtype)


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_cell_matches_mindspore(case):
    record = FIXTURE["cases"][case[0]]
    cell, call, tensors = _run(case)
    assert replay.names(cell) == {k: record[k] for k in replay.names(cell)}
    outputs = call(*tensors)
    weights = ms.ParameterTuple(cell.trainable_params())
    input_grads, param_grads = ops.GradOperation(get_all=True, get_by_list=True)(
        call, weights)(*tensors)
    if case[0] in ACCEPTED:
        with pytest.raises(AssertionError):
            replay.assert_close(outputs[0], record["outputs"][0], "output", **TOL)
        as_ones = replay.decode(record["masks"]["key_padding_mask"]).astype(onp.float32)
        out = cell(*tensors, attn_mask=ms.Tensor(replay.decode(record["masks"]["attn_mask"])),
                   key_padding_mask=ms.Tensor(as_ones))[0]  # the reason, checked
        replay.assert_close(out, record["outputs"][0], "output with the mask as 1.0", **TOL)
        pytest.skip(ACCEPTED[case[0]])
    assert len(outputs) == len(record["outputs"])
    for i, (ours, item) in enumerate(zip(outputs, record["outputs"])):
        replay.assert_close(ours, item, f"output {i}", **TOL)
    assert len(input_grads) == len(record["input_grads"])
    for i, (grad, item) in enumerate(zip(input_grads, record["input_grads"])):
        replay.assert_close(grad, item, f"gradient of input {i}", **TOL)
    assert len(param_grads) == len(record["param_grads"])
    for param, grad, item in zip(weights, param_grads, record["param_grads"]):
        replay.assert_close(grad, item, f"gradient of {param.name}", **TOL)


@pytest.mark.parametrize("case", cases.CASES[::4], ids=[c[0] for c in cases.CASES[::4]])
def test_float32_tracks_float64(case):
    """Why TOL is MindSpore's rounding: our float32 run is close to our float64 run."""
    cell32, call32, tensors32 = _run(case)
    cell64, call64, tensors64 = _run(case, onp.float64)
    for ours32, ours64 in zip(call32(*tensors32), call64(*tensors64)):
        assert onp.asarray(ours32).dtype == onp.float32
        assert onp.asarray(ours64).dtype == onp.float64
        onp.testing.assert_allclose(onp.asarray(ours32), onp.asarray(ours64), atol=2e-5)


@pytest.mark.parametrize("bad", cases.BAD_TYPES, ids=[b[0] for b in cases.BAD_TYPES])
def test_bad_argument_raises_mindspores_class(bad):
    case_id, cls, args, kwargs = bad
    expected = FIXTURE["bad_types"][case_id]
    kwargs = cases.resolved(kwargs, nn, ops)
    if case_id in ACCEPTED_BAD:
        if "accept it" in ACCEPTED_BAD[case_id]:
            assert expected["builtin"] == "ValueError"
            getattr(nn, cls)(*args, **kwargs)
            return
        builtin = TypeError if "TypeError naming" in ACCEPTED_BAD[case_id] else ValueError
    else:
        builtin = {"TypeError": TypeError, "ValueError": ValueError}[expected["builtin"]]
    with pytest.raises(builtin, match=cls):
        getattr(nn, cls)(*args, **kwargs)


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    ours, theirs = replay.signatures(getattr(nn, name), FIXTURE["signatures"][name])
    assert ours == theirs
