"""Record MindSpore 2.10's recurrent Cells on fixed weights and inputs into
``rnn_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_rnn_fixture.py
For each case in ``rnn_cases.py``: the Parameters (``parameters_and_names`` order, seeded),
the outputs (flattened: output then each final state), the gradients of every float input
and trainable Parameter (``GradOperation(get_all=True, get_by_list=True)``, sens of ones on
every output), the names; for bad constructor arguments the exception class; the
constructor signatures.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rnn_cases as cases  # noqa: E402
from make_nn_fixture import encode, names, set_params  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
HERE = os.path.dirname(os.path.abspath(__file__))


def make_inputs(spec, rng):
    """The named inputs as float32 arrays (seq_length as int32), in a fixed order."""
    made = {key: rng.standard_normal(spec[key]).astype(onp.float32)
            for key in ("x", "hx", "cx") if key in spec}
    if "seq_length" in spec:
        made["seq_length"] = onp.array(spec["seq_length"], onp.int32)
    return made


def record(case_id, cls, kwargs, train, spec, rng):
    cell = getattr(nn, cls)(**kwargs)
    cell.set_train(train)
    params = set_params(cell, rng)
    inputs = make_inputs(spec, rng)
    keys = list(inputs)
    tensors = [ms.Tensor(inputs[k]) for k in keys]
    forward = cases.forward_for(cell, cls, keys)
    outputs = cases.flat(forward(*tensors))
    weights = ms.ParameterTuple(cell.trainable_params())
    input_grads, param_grads = ops.GradOperation(get_all=True, get_by_list=True)(
        forward, weights)(*tensors)
    return dict(names(cell), params=params, keys=keys,
                inputs=[encode(inputs[k]) for k in keys],
                outputs=[encode(o.asnumpy()) for o in outputs],
                input_grads=[encode(g.asnumpy()) for g in input_grads],
                param_grads=[encode(g.asnumpy()) for g in param_grads])


def run_bad():
    recorded = {}
    for case_id, cls, args, kwargs in cases.BAD:
        try:
            getattr(nn, cls)(*args, **kwargs)
            recorded[case_id] = None
        except Exception as error:  # the oracle records whatever MindSpore raises
            builtin = next(k for k in type(error).__mro__ if k.__module__ == "builtins")
            recorded[case_id] = builtin.__name__
    return recorded


def signatures():
    found = {}
    for name in cases.NAMES:
        init = getattr(nn, name).__init__
        if name in ("RNN", "LSTM", "GRU"):  # (*args, **kwargs) over _RNNBase after `mode`
            init = getattr(nn, name).__mro__[1].__init__
        init = inspect.unwrap(init)
        params = [p for p in inspect.signature(init).parameters.values()
                  if p.name not in ("self", "mode")]
        found[name] = [[p.name, repr(p.default) if p.default is not p.empty else None]
                       for p in params]
    return found


if __name__ == "__main__":
    fixture = {"mindspore": ms.__version__, "bad": run_bad(), "signatures": signatures(),
               "cases": {}}
    for seed, (case_id, cls, kwargs, train, spec) in enumerate(cases.CASES):
        rng = onp.random.default_rng(2000 + seed)
        fixture["cases"][case_id] = record(case_id, cls, kwargs, train, spec, rng)
    with open(os.path.join(HERE, "rnn_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
