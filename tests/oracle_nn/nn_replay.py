"""Replaying ``nn_fixture.json`` (recorded from MindSpore 2.10) on minpy_compat's Cells."""
import inspect
import json
import os
import sys

import numpy as onp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nn_cases as cases  # noqa: E402

with open(os.path.join(HERE, "nn_fixture.json")) as _file:
    FIXTURE = json.load(_file)


def decode(item):
    return onp.array(item["data"], dtype=item["dtype"]).reshape(item["shape"])


def kwargs_for(ms, kwargs):
    kwargs = dict(kwargs)
    if "weight" in kwargs:
        kwargs["weight"] = ms.Tensor(onp.array(kwargs["weight"], onp.float32))
    return kwargs


def set_params(cell, params):
    named = dict(cell.parameters_and_names())
    assert list(named) == list(params)
    for name, item in params.items():
        named[name].set_data(decode(item))


def names(cell):
    return {"parameters_and_names": [n for n, _ in cell.parameters_and_names()],
            "param_names": [p.name for _, p in cell.parameters_and_names()],
            "trainable_params": [p.name for p in cell.trainable_params()],
            "cells_and_names": [[n, type(c).__name__] for n, c in cell.cells_and_names()]}


def assert_close(ours, item, what, rtol=2e-5, atol=2e-6):
    expected = decode(item)
    ours = onp.asarray(ours)
    assert ours.shape == expected.shape, f"{what}: shape {ours.shape} vs {expected.shape}"
    assert ours.dtype == expected.dtype, f"{what}: dtype {ours.dtype} vs {expected.dtype}"
    onp.testing.assert_allclose(ours.astype(onp.float64), expected.astype(onp.float64),
                                rtol=rtol, atol=atol, err_msg=what)


def replay(ms, cell, record, train, skip_grads=()):
    """Every recorded value of one case, checked on ``cell`` (but the gradients of the
    inputs numbered in ``skip_grads``)."""
    from minpy_compat import ops
    assert names(cell) == {k: record[k] for k in names(cell)}
    cell.set_train(train)
    set_params(cell, record["params"])
    inputs = [ms.Tensor(decode(x)) for x in record["inputs"]]
    assert_close(cell(*inputs), record["output"], "output")
    for name, param in cell.parameters_and_names():
        assert_close(param, record["params_after"][name], f"{name} after the forward pass")
    set_params(cell, record["params"])
    weights = ms.ParameterTuple(cell.trainable_params())
    if len(weights):
        input_grads, param_grads = ops.GradOperation(get_all=True, get_by_list=True)(
            cell, weights)(*inputs)
    else:
        input_grads, param_grads = ops.GradOperation(get_all=True)(cell)(*inputs), ()
    assert len(input_grads) == len(record["input_grads"])
    for i, (grad, item) in enumerate(zip(input_grads, record["input_grads"])):
        if item["dtype"].startswith("float") and i not in skip_grads:
            assert_close(grad, item, f"gradient of input {i}")
    assert len(param_grads) == len(record["param_grads"])
    for param, grad, item in zip(weights, param_grads, record["param_grads"]):
        assert_close(grad, item, f"gradient of {param.name}")


def signatures(cls, recorded):
    """``(ours, theirs)``: ``cls.__init__``'s parameters as ``[name, repr(default)]`` pairs
    (None for no default), and MindSpore's recorded ``[name, default, kind]`` rows as pairs;
    a dtype default reads 'float32' on both sides (each library spells it its own way)."""
    ours = [[p.name, repr(p.default) if p.default is not p.empty else None]
            for p in list(inspect.signature(cls.__init__).parameters.values())[1:]]
    theirs = [[name, default] for name, default, _ in recorded]
    for item in (ours, theirs):
        for pair in item:
            if pair[0] == "dtype":
                pair[1] = "float32" if "float32" in str(pair[1]) else pair[1]
    return ours, theirs


def replay_optimizer(ms, nn, record, cls, kwargs, kwargs_for=dict, skipped=()):
    """Three ``TrainOneStepCell`` steps of optimizer ``cls`` on the recorded network and
    batch, each loss and every Parameter (but ``skipped``) checked against MindSpore's
    after each step; returns ``(optimizer, step)`` for further checks."""
    kwargs = dict(kwargs)
    net = cases.build_opt_net(nn, kwargs.pop("net", "dense"))
    set_params(net, record["params"])
    trainable = net.trainable_params()
    if kwargs.pop("groups", False):
        trainable = [{"params": [trainable[0]], "lr": 0.05, "weight_decay": 0.1},
                     {"params": [trainable[1]]}]
    optimizer = getattr(nn, cls)(trainable, **kwargs_for(kwargs))
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer).set_train()
    x, y = ms.Tensor(decode(record["x"])), ms.Tensor(decode(record["y"]))
    for i in range(3):
        onp.testing.assert_allclose(float(step(x, y)), record["losses"][i], rtol=2e-5,
                                    err_msg=f"loss of step {i}")
        for name, param in net.parameters_and_names():
            if name not in skipped:
                assert_close(param, record["values"][i][name], f"{name} after step {i}",
                             rtol=5e-5, atol=5e-6)
    return optimizer, step
