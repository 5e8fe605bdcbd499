"""Record MindSpore 2.10's nn3 Cells (``nn3_cases.py``) into ``nn3_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_nn3_fixture.py
Per case: Parameters, outputs (a list: Moments and ImageGradients return two), input and
Parameter gradients (``GradOperation(get_all=True, get_by_list=True)``, sens of ones),
names; then ``Range`` results, the wrappers' outputs (flattened), ``get_activation``'s
table, the exception class of each bad argument and bad input, and the signatures.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nn3_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_input(spec, rng):
    if spec[0] == "values":
        return onp.array(spec[1], spec[2])
    if spec[0] == "positive":
        return (rng.random(spec[1]) + 0.5).astype(onp.float32)
    return base.make_input(spec, rng)


def flat(value):
    if isinstance(value, (tuple, list)):
        return [item for part in value for item in flat(part)]
    return [base.encode(value.asnumpy())]


def record(cell, train, inputs, rng):
    cell.set_train(train)
    params = base.set_params(cell, rng)
    tensors = [ms.Tensor(x) for x in inputs]
    out = cell(*tensors)
    weights = ms.ParameterTuple(cell.trainable_params())
    grad_op = ops.GradOperation(get_all=True, get_by_list=bool(len(weights)))
    grads = grad_op(cell, weights)(*tensors) if len(weights) else (grad_op(cell)(*tensors), ())
    return dict(base.names(cell), params=params, inputs=[base.encode(x) for x in inputs],
                outputs=flat(out), input_grads=flat(grads[0]), param_grads=flat(grads[1]))


def run_cases():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(7000 + seed)
        inputs = [make_input(spec, rng) for spec in specs]
        try:
            recorded[case_id] = record(getattr(nn, cls)(**kwargs), train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case_id, recorded[case_id]["error"])
    return recorded


def dense(rng):
    net = nn.Dense(3, 2)
    return net, base.set_params(net, rng)


def run_wrappers():
    """Each wrapper on a seeded Dense(3, 2): its params, inputs and flattened outputs."""
    found = {}
    builders = {
        "fvag_all": lambda net: nn.ForwardValueAndGrad(net, get_all=True),
        "fvag_list": lambda net: nn.ForwardValueAndGrad(
            net, ms.ParameterTuple(net.trainable_params()), get_all=True, get_by_list=True),
        "fvag_sens": lambda net: nn.ForwardValueAndGrad(net, sens_param=True),
        "withgrad_loss": lambda net: nn.WithGradCell(net, nn.MSELoss()),
        "withgrad_sens": lambda net: nn.WithGradCell(net, nn.MSELoss(), ms.Tensor(2.0)),
        "withgrad_noloss": lambda net: nn.WithGradCell(net),
        "gradaccu": lambda net: nn.GradAccumulationCell(nn.WithLossCell(net, nn.MSELoss()), 2),
    }
    for seed, (case_id, build) in enumerate(builders.items()):
        rng = onp.random.default_rng(8000 + seed)
        net, params = dense(rng)
        x = rng.standard_normal((4, 3)).astype(onp.float32)
        y = rng.standard_normal((4, 2)).astype(onp.float32)
        inputs = {"fvag_sens": [x, y], "withgrad_noloss": [x]}.get(
            case_id, [x] if case_id.startswith("fvag") else [x, y])
        out = build(net)(*[ms.Tensor(v) for v in inputs])
        found[case_id] = {"params": params, "inputs": [base.encode(v) for v in inputs],
                          "outputs": flat(out)}
    for seed, kwargs in enumerate([{"time_axis": 1}, {"time_axis": 0},
                                   {"time_axis": 1, "reshape_with_axis": 0}]):
        rng = onp.random.default_rng(8100 + seed)
        cell = nn.TimeDistributed(nn.Dense(3, 2), **kwargs)
        found[f"timedist_{seed}"] = record(cell, False, [make_input(((4, 5, 3), "float32"),
                                                                    rng)], rng)
    return found


def placeholder(value):
    return nn.Dense(3, 2) if value == "net" else value


def run_bad_types():
    bad = [(i, c, tuple(placeholder(a) for a in args), kw) for i, c, args, kw
           in cases.BAD_TYPES]
    return base.run_bad_types(bad)


def run_bad_inputs():
    recorded = {}
    for case_id, cls, kwargs, shape in cases.BAD_INPUTS:
        kwargs = {k: placeholder(v) for k, v in kwargs.items()}
        x = onp.ones((2, 3), onp.int32) if shape == "int32" else onp.ones(shape, onp.float32)
        try:
            out = getattr(nn, cls)(**kwargs)(ms.Tensor(x))
            recorded[case_id] = {"shape": list(out.shape)}
        except Exception as error:  # the oracle records whatever MindSpore raises
            recorded[case_id] = base.builtin_of(error)
    return recorded


def activation_table():
    from mindspore.nn.layer import activation
    table = {}
    for name in sorted(activation._activation):
        try:
            table[name] = type(nn.get_activation(name)).__name__
        except Exception as error:  # the oracle records whatever MindSpore raises
            table[name] = base.builtin_of(error)
    try:
        nn.get_activation("nope")
    except Exception as error:  # the oracle records whatever MindSpore raises
        table["<unknown>"] = base.builtin_of(error)
    return table


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "ranges": {i: base.encode(nn.Range(*a)().asnumpy()) for i, a in cases.RANGES},
               "wrappers": run_wrappers(), "activations": activation_table(),
               "bad_types": run_bad_types(), "bad_inputs": run_bad_inputs()}
    cases_module, base.cases = base.cases, cases  # signatures() reads SIGNATURE_CELLS there
    fixture["signatures"] = base.signatures()
    base.cases = cases_module
    with open(os.path.join(HERE, "nn3_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
