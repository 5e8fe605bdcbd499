"""Record MindSpore 2.10's nn Cells on fixed weights and inputs into ``nn_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_nn_fixture.py
For each case in ``nn_cases.py``: the Parameters (``parameters_and_names`` order, set from a
seeded generator), the output, the gradients of every input and trainable Parameter
(``GradOperation(get_all=True, get_by_list=True)``, sens of ones), the Parameters after
the forward pass, the names; for optimizers the loss and Parameters after each of three
steps; for bad constructor arguments the exception class.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nn_cases as cases  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
HERE = os.path.dirname(os.path.abspath(__file__))


def make_input(spec, rng):
    if spec[0] == "ints":
        return rng.integers(0, spec[2], spec[1]).astype(onp.int32)
    if spec[0] == "probs":
        raw = rng.random(spec[1]) + 0.1
        return (raw / raw.sum(-1, keepdims=True)).astype(onp.float32)
    if spec[0] == "probs_axis1":
        raw = rng.random(spec[1]) + 0.1
        return (raw / raw.sum(1, keepdims=True)).astype(onp.float32)
    return rng.standard_normal(spec[0]).astype(spec[1])


def encode(value):
    value = onp.asarray(value)
    return {"dtype": str(value.dtype), "shape": list(value.shape),
            "data": value.astype(onp.float64).ravel().tolist()}


def set_params(cell, rng):
    recorded = {}
    for name, param in cell.parameters_and_names():
        value = (rng.standard_normal(param.shape) * 0.5).astype(onp.float32)  # all float32
        if "variance" in name:
            value = onp.abs(value) + 0.5
        param.set_data(ms.Tensor(value))
        recorded[name] = encode(value)
    return recorded


def names(cell):
    return {"parameters_and_names": [n for n, _ in cell.parameters_and_names()],
            "param_names": [p.name for _, p in cell.parameters_and_names()],
            "trainable_params": [p.name for p in cell.trainable_params()],
            "cells_and_names": [[n, type(c).__name__] for n, c in cell.cells_and_names()]}


def kwargs_for(kwargs):
    kwargs = dict(kwargs)
    if "weight" in kwargs:
        kwargs["weight"] = ms.Tensor(onp.array(kwargs["weight"], onp.float32))
    return kwargs


def record(cell, train, inputs, rng):
    cell.set_train(train)
    params = set_params(cell, rng)
    tensors = [ms.Tensor(x) for x in inputs]
    out = cell(*tensors)
    after = {n: encode(p.asnumpy()) for n, p in cell.parameters_and_names()}
    for name, param in cell.parameters_and_names():  # back to the recorded values
        param.set_data(ms.Tensor(onp.array(params[name]["data"], onp.float32)
                                 .reshape(params[name]["shape"])))
    weights = ms.ParameterTuple(cell.trainable_params())
    grad_op = ops.GradOperation(get_all=True, get_by_list=bool(len(weights)))
    grads = grad_op(cell, weights)(*tensors) if len(weights) else (grad_op(cell)(*tensors), ())
    input_grads, param_grads = grads
    return dict(names(cell), params=params, inputs=[encode(x) for x in inputs],
                output=encode(out.asnumpy()), params_after=after,
                input_grads=[encode(g.asnumpy()) for g in input_grads],
                param_grads=[encode(g.asnumpy()) for g in param_grads])


def run_cases():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(seed)
        cell = getattr(nn, cls)(**kwargs_for(kwargs))
        inputs = [make_input(spec, rng) for spec in specs]
        recorded[case_id] = record(cell, train, inputs, rng)
    for seed, (tree_id, (cell, specs)) in enumerate(cases.build_trees(nn).items()):
        rng = onp.random.default_rng(1000 + seed)
        inputs = [make_input(spec, rng) for spec in specs]
        recorded["tree_" + tree_id] = record(cell, True, inputs, rng)
    return recorded


def run_optimizer_cases(optimizer_cases, first_seed, kwargs_for=dict):
    """Three ``TrainOneStepCell`` steps for each ``(run_id, cls, kwargs)`` optimizer case
    (``kwargs_for`` turns the recorded kwargs into MindSpore's), seeded from ``first_seed``:
    the losses, every Parameter after each step and the optimizer's state names."""
    recorded = {}
    for seed, (run_id, cls, kwargs) in enumerate(optimizer_cases):
        rng = onp.random.default_rng(first_seed + seed)
        kwargs = dict(kwargs)
        net = cases.build_opt_net(nn, kwargs.pop("net", "dense"))
        params = set_params(net, rng)
        trainable = net.trainable_params()
        if kwargs.pop("groups", False):
            trainable = [{"params": [trainable[0]], "lr": 0.05, "weight_decay": 0.1},
                         {"params": [trainable[1]]}]
        optimizer = getattr(nn, cls)(trainable, **kwargs_for(kwargs))
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer)
        step.set_train()
        net.set_train()
        x, y = make_input(((4, 3), "float32"), rng), make_input(((4, 2), "float32"), rng)
        losses, values = [], []
        for _ in range(3):
            losses.append(float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy()))
            values.append({n: encode(p.asnumpy()) for n, p in net.parameters_and_names()})
        recorded[run_id] = {"params": params, "x": encode(x), "y": encode(y), "losses": losses,
                            "values": values,
                            "optimizer_params": [p.name for p in optimizer.get_parameters()],
                            "step_names": names(step)}
    return recorded


def run_optimizers():
    return run_optimizer_cases(cases.OPTIMIZERS, 500)


def run_cell_cases(cell_cases, first_seed):
    """Record each ``(case_id, cls, kwargs, train, specs)`` Cell case, seeded from
    ``first_seed``; a case MindSpore cannot run records its error instead."""
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cell_cases):
        rng = onp.random.default_rng(first_seed + seed)
        inputs = [make_input(spec, rng) for spec in specs]
        try:
            cell = getattr(nn, cls)(**kwargs)
            recorded[case_id] = record(cell, train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case_id, recorded[case_id]["error"])
    return recorded


def builtin_of(error):
    """The exception's class and the built-in class a user would catch it as."""
    builtin = next(k for k in type(error).__mro__ if k.__module__ == "builtins")
    return {"class": type(error).__name__, "builtin": builtin.__name__}


def attempt(function):
    """``"ok"``, or the class of what ``function()`` raises (``builtin_of``)."""
    try:
        function()
        return "ok"
    except Exception as error:  # noqa: BLE001 (an oracle: any error is recorded)
        return builtin_of(error)


def run_bad_types(bad_types=None):
    """What MindSpore raises for each ``(case_id, cls, args, kwargs)`` (this module's
    ``cases.BAD_TYPES`` by default); None where it builds the Cell."""
    recorded = {}
    for case_id, cls, args, kwargs in cases.BAD_TYPES if bad_types is None else bad_types:
        try:
            getattr(nn, cls)(*args, **kwargs)
            recorded[case_id] = None
        except Exception as error:  # the oracle records whatever MindSpore raises
            recorded[case_id] = builtin_of(error)
    return recorded


def signatures():
    found = {}
    for name in sorted(set(cases.SIGNATURE_CELLS)):
        init = getattr(nn, name).__init__
        for cell in getattr(init, "__closure__", None) or ():  # the optimizers' decorator
            if inspect.isfunction(cell.cell_contents):
                init = cell.cell_contents
        params = list(inspect.signature(init).parameters.values())[1:]
        found[name] = [[p.name, repr(p.default) if p.default is not p.empty else None,
                        str(p.kind)] for p in params]
    return found


if __name__ == "__main__":
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "optimizers": run_optimizers(), "bad_types": run_bad_types(),
               "signatures": signatures()}
    with open(os.path.join(HERE, "nn_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases,", len(fixture["optimizers"]), "optimizer runs")
