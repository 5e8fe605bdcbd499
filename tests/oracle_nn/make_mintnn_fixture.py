"""Record MindSpore 2.10's ``mint.nn`` Cells and ``mint.nn.functional`` functions
(``mintnn_cases.py``) into ``mintnn_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_mintnn_fixture.py
Per case, as ``make_nn_fixture.py`` records them (Parameters keep their dtype: the int64
``num_batches_tracked`` too): Parameters, output, input and Parameter gradients, names;
a case MindSpore's CPU build cannot run records its error. Then the exception class of
each bad constructor argument and the constructor signatures.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import mint, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mintnn_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class FnCell(ms.nn.Cell):
    """A ``mint.nn.functional`` function as a Cell, so that it is recorded as Cells are."""

    def __init__(self, fn, kwargs):
        super().__init__()
        self.fn, self.kwargs = fn, kwargs

    def construct(self, *inputs):
        return self.fn(*inputs, **self.kwargs)


def build(name, kwargs):
    if name.startswith("F."):
        return FnCell(getattr(mint.nn.functional, name[2:]), kwargs)
    return getattr(mint.nn, name)(**kwargs)


def record(cell, train, inputs, rng):
    cell.set_train(train)
    params = {}
    for name, param in cell.parameters_and_names():
        value = (onp.asarray(rng.standard_normal(param.shape)) * 0.5).astype(onp.float32)
        if "var" in name:
            value = onp.abs(value) + 0.5
        value = value.astype(param.asnumpy().dtype)
        param.set_data(ms.Tensor(value))
        params[name] = base.encode(value)
    tensors = [ms.Tensor(x) for x in inputs]
    out = cell(*tensors)
    outs = out if isinstance(out, tuple) else (out,)
    after = {n: base.encode(p.asnumpy()) for n, p in cell.parameters_and_names()}
    for name, param in cell.parameters_and_names():
        param.set_data(ms.Tensor(base.onp.array(params[name]["data"], params[name]["dtype"])
                                 .reshape(params[name]["shape"])))
    weights = ms.ParameterTuple(cell.trainable_params())
    grad_op = ops.GradOperation(get_all=True, get_by_list=bool(len(weights)))
    grads = grad_op(cell, weights)(*tensors) if len(weights) else (grad_op(cell)(*tensors), ())
    return dict(base.names(cell), params=params, inputs=[base.encode(x) for x in inputs],
                output=base.encode(outs[0].asnumpy()), params_after=after,
                input_grads=[base.encode(g.asnumpy()) for g in grads[0]],
                param_grads=[base.encode(g.asnumpy()) for g in grads[1]])


def run_cases():
    recorded = {}
    for seed, (case_id, name, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(3000 + seed)
        inputs = [cases.make_input(spec, rng) for spec in specs]
        try:
            recorded[case_id] = record(build(name, kwargs), train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: "
                                          f"{str(error).strip().splitlines()[0]}"[:200]}
            print(case_id, recorded[case_id]["error"])
    return recorded


def signatures():
    found = {}
    for name in cases.SIGNATURE_CELLS:
        params = list(inspect.signature(getattr(mint.nn, name).__init__).parameters.values())
        found[name] = [[p.name, repr(p.default) if p.default is not p.empty else None,
                        str(p.kind)] for p in params[1:]]
    return found


if __name__ == "__main__":
    base.nn = mint.nn  # run_bad_types builds the Cells from mint.nn
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "bad_types": base.run_bad_types(cases.BAD_TYPES), "signatures": signatures()}
    with open(os.path.join(HERE, "mintnn_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
