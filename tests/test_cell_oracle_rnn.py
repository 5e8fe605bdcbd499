"""Recurrent Cells against MindSpore 2.10: outputs and final states, input and Parameter
gradients, Parameter names and orders, constructor signatures and the exception class of
bad arguments, recorded by ``tests/oracle_nn/make_rnn_fixture.py`` on the same weights."""
import inspect
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import nn_replay as replay  # noqa: E402
import rnn_cases as cases  # noqa: E402

with open(os.path.join(HERE, "rnn_fixture.json")) as _file:
    FIXTURE = json.load(_file)

# Accepted difference: MindSpore's float32 CPU Tanh kernel is off by up to ~5e-5 near
# saturation (|tanh| > 0.99); ours agrees with a float64 run to ~1e-7
# (test_float32_tracks_float64 below), so values are compared to 1e-4.
TOL = {"rtol": 1e-4, "atol": 1e-4}
# Accepted difference: MindSpore's float32 gradients of the reverse direction's Parameters
# are off by up to ~5e-4 (gradients of size 1..5); ours are within 3e-6 of float64
# (test_float32_tracks_float64 below).
GRAD_TOL = {"rtol": 2e-4, "atol": 6e-4}


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_recurrent_cell_matches_mindspore(case):
    case_id, cls, kwargs, train, _ = case
    record = FIXTURE["cases"][case_id]
    cell = getattr(nn, cls)(**kwargs)
    assert replay.names(cell) == {k: record[k] for k in replay.names(cell)}
    cell.set_train(train)
    replay.set_params(cell, record["params"])
    tensors = [ms.Tensor(replay.decode(x)) for x in record["inputs"]]
    forward = cases.forward_for(cell, cls, record["keys"])
    outputs = cases.flat(forward(*tensors))
    assert len(outputs) == len(record["outputs"])
    for i, (ours, item) in enumerate(zip(outputs, record["outputs"])):
        replay.assert_close(ours, item, f"output {i}", **TOL)
    weights = ms.ParameterTuple(cell.trainable_params())
    input_grads, param_grads = ops.GradOperation(get_all=True, get_by_list=True)(
        forward, weights)(*tensors)
    assert len(input_grads) == len(record["input_grads"])
    for key, grad, item in zip(record["keys"], input_grads, record["input_grads"]):
        if key != "seq_length":
            replay.assert_close(grad, item, f"gradient of {key}", **GRAD_TOL)
    assert len(param_grads) == len(record["param_grads"])
    for param, grad, item in zip(weights, param_grads, record["param_grads"]):
        replay.assert_close(grad, item, f"gradient of {param.name}", **GRAD_TOL)


@pytest.mark.parametrize("bad", cases.BAD, ids=[b[0] for b in cases.BAD])
def test_bad_argument_raises_mindspores_class(bad):
    case_id, cls, args, kwargs = bad
    expected = {"TypeError": TypeError, "ValueError": ValueError}[FIXTURE["bad"][case_id]]
    with pytest.raises(expected, match=cls):
        getattr(nn, cls)(*args, **kwargs)


@pytest.mark.parametrize("name", cases.NAMES)
def test_signature_matches_mindspore(name):
    params = list(inspect.signature(getattr(nn, name).__init__).parameters.values())[1:]
    ours = [[p.name, repr(p.default) if p.default is not p.empty else None]
            for p in params if p.name != "nonlinearity" or name != "RNN"]
    recorded = FIXTURE["signatures"][name]
    assert [n for n, _ in ours] == [n for n, _ in recorded]
    for (arg, default), (_, theirs) in zip(ours, recorded):
        if arg != "dtype":  # theirs prints mindspore.float32, ours numpy.float32
            assert default == theirs, arg


def _run(case_id, dtype):
    """Outputs and Parameter gradients of one recorded case, run in ``dtype``."""
    _, cls, kwargs, _, _ = next(c for c in cases.CASES if c[0] == case_id)
    record = FIXTURE["cases"][case_id]
    cell = getattr(nn, cls)(dtype=dtype, **kwargs)
    for name, param in cell.parameters_and_names():
        param.set_data(replay.decode(record["params"][name]).astype(dtype))
    tensors = [ms.Tensor(replay.decode(x).astype(dtype if x["dtype"] == "float32" else x["dtype"]))
               for x in record["inputs"]]
    forward = cases.forward_for(cell, cls, record["keys"])
    weights = ms.ParameterTuple(cell.trainable_params())
    grads = ops.GradOperation(get_by_list=True)(forward, weights)(*tensors)
    return cases.flat(forward(*tensors)), list(grads)


@pytest.mark.parametrize("case_id", ["rnn_bi", "gru_bi", "gru_bi_seq", "lstm_bi_seq"])
def test_float32_tracks_float64(case_id):
    """Why the tolerances above are MindSpore's: our float32 run is close to float64."""
    outs32, grads32 = _run(case_id, onp.float32)
    outs64, grads64 = _run(case_id, onp.float64)
    for ours32, ours64 in zip(outs32 + grads32, outs64 + grads64):
        assert onp.asarray(ours32).dtype == onp.float32
        onp.testing.assert_allclose(onp.asarray(ours32), onp.asarray(ours64), atol=1e-5)
