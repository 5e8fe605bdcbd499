"""Record MindSpore 2.10's MultiheadAttention and Transformer Cells into ``attn_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_attn_fixture.py
For each case in ``attn_cases.py``: the names, the Parameters (set from a seeded
generator), the masks, every output (attention weights too), the gradients of every
float input and trainable Parameter (``GradOperation(get_all=True, get_by_list=True)``,
sens of ones); the exception class of each bad constructor argument; the signatures.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attn_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_mask(kind, shape, rng):
    if kind in ("causal", "uint8"):
        causal = onp.triu(onp.ones(shape[-2:], bool), 1)
        return causal.astype(onp.uint8) if kind == "uint8" else causal
    if kind == "float":
        return rng.standard_normal(shape).astype(onp.float32)
    mask = rng.random(shape) < 0.4
    mask[..., 0] = False  # never a whole row masked (MindSpore's CPU softmax gives garbage)
    return mask


def record(case_id, cls, kwargs, shapes, positional, masks, flags, rng):
    cell = cases.build(nn, ops, cls, kwargs)
    cell.set_train(False)
    recorded = dict(base.names(cell), params=base.set_params(cell, rng))
    inputs = [rng.standard_normal(shape).astype(onp.float32) for shape in shapes]
    mask_values = {name: make_mask(kind, shape, rng) for name, (kind, shape) in masks.items()}
    extras = dict(flags, **{name: ms.Tensor(value) for name, value in mask_values.items()})
    call = cases.calling(nn, cell, positional, extras)
    tensors = [ms.Tensor(x) for x in inputs]
    outputs = call(*tensors)
    weights = ms.ParameterTuple(cell.trainable_params())
    input_grads, param_grads = ops.GradOperation(get_all=True, get_by_list=True)(
        call, weights)(*tensors)
    recorded.update(inputs=[base.encode(x) for x in inputs],
                    masks={name: base.encode(value) for name, value in mask_values.items()},
                    outputs=[base.encode(o.asnumpy()) for o in outputs],
                    input_grads=[base.encode(g.asnumpy()) for g in input_grads],
                    param_grads=[base.encode(g.asnumpy()) for g in param_grads])
    return recorded


def run_cases():
    recorded = {}
    for seed, case in enumerate(cases.CASES):
        rng = onp.random.default_rng(3000 + seed)
        try:
            recorded[case[0]] = record(*case, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case[0]] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case[0], recorded[case[0]]["error"])
    return recorded


def run_bad_types():
    found = {}
    for case_id, cls, args, kwargs in cases.BAD_TYPES:
        try:
            getattr(nn, cls)(*args, **cases.resolved(kwargs, nn, ops))
            found[case_id] = None
        except Exception as error:  # the oracle records whatever MindSpore raises
            found[case_id] = base.builtin_of(error)
    return found


if __name__ == "__main__":
    cases_module = base.cases
    base.cases = cases  # signatures reads SIGNATURE_CELLS
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "bad_types": run_bad_types(), "signatures": base.signatures()}
    base.cases = cases_module
    with open(os.path.join(HERE, "attn_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
