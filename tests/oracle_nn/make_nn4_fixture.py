"""Record MindSpore 2.10's pools, norms, 3-d Cells and embeddings (area nn4) into
``nn4_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_nn4_fixture.py
Each case in ``nn4_cases.py`` is recorded as ``make_nn_fixture.record`` does; a Cell with
several outputs (``return_indices=True``) records each under ``outputs``; a case MindSpore
cannot run records its error. Bad arguments record the exception class.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nn4_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_input(spec, rng):
    if spec[0] == "places":
        shape, size = spec[1], spec[2]
        count = int(onp.prod(shape[-(len(shape) - 2 if len(shape) > 3 else len(shape) - 1):]))
        lead = shape[:len(shape) - (len(shape) - 2 if len(shape) > 3 else len(shape) - 1)]
        rows = [rng.permutation(size)[:count] for _ in range(int(onp.prod(lead)))]
        return onp.array(rows, onp.int64).reshape(shape)
    return base.make_input(spec, rng)


def kwargs_for(kwargs):
    kwargs = dict(kwargs)
    if "_random_samples" in kwargs:
        kwargs["_random_samples"] = ms.Tensor(onp.array(kwargs["_random_samples"],
                                                        onp.float32))
    return kwargs


def record(cell, train, inputs, rng):
    """``base.record``, for Cells with one output or a tuple of them."""
    cell.set_train(train)
    tensors = [ms.Tensor(x) for x in inputs]
    probe = cell(*tensors)
    if not isinstance(probe, tuple):
        return base.record(cell, train, inputs, rng)
    params = base.set_params(cell, rng)
    found = dict(base.names(cell), params=params, inputs=[base.encode(x) for x in inputs],
                 outputs=[base.encode(o.asnumpy()) for o in cell(*tensors)], param_grads=[])
    try:
        grads = ops.GradOperation(get_all=True)(cell)(*tensors)
        found["input_grads"] = [base.encode(g.asnumpy()) for g in grads]
    except Exception as error:  # the oracle records a gradient MindSpore cannot take
        found["grad_error"] = f"{type(error).__name__}: {error}"[:300]
    return found


def run_cases():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(7000 + seed)
        inputs = [make_input(spec, rng) for spec in specs]
        try:
            cell = getattr(nn, cls)(**kwargs_for(kwargs))
            recorded[case_id] = record(cell, train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(case_id, recorded[case_id]["error"])
    return recorded


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cases_module = base.cases
    base.cases = cases  # run_bad_types and signatures read BAD_TYPES / SIGNATURE_CELLS
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "bad_types": base.run_bad_types(), "signatures": base.signatures()}
    base.cases = cases_module
    with open(os.path.join(HERE, "nn4_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases")
