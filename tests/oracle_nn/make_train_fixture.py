"""Record MindSpore 2.10's losses, adaptive optimizers and learning-rate schedules into
``train_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_train_fixture.py
Losses: outputs and input gradients (``make_nn_fixture.record``). Optimizers: the loss
and Parameters after each of three ``TrainOneStepCell`` steps. Schedules: the rates.
Bad arguments: the built-in class of the exception, or None.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import train_cases as cases  # noqa: E402
from make_nn_fixture import builtin_of, encode, record, run_optimizer_cases  # noqa: E402


def run_losses():
    recorded = {}
    for seed, (case_id, cls, kwargs, specs) in enumerate(cases.LOSSES):
        rng = onp.random.default_rng(2000 + seed)
        cell = getattr(nn, cls)(**cases.kwargs_for(ms, nn, kwargs))
        inputs = [cases.make_input(spec, rng) for spec in specs]
        try:
            recorded[case_id] = record(cell, False, inputs, rng)
        except RuntimeError as error:  # a kernel MindSpore's CPU build lacks
            recorded[case_id] = {"unsupported": str(error).splitlines()[0]}
    return recorded


def run_optimizers():
    return run_optimizer_cases(cases.OPTIMIZERS, 3000,
                               lambda kwargs: cases.kwargs_for(ms, nn, kwargs))


def run_schedules():
    cells = {}
    for case_id, cls, args in cases.SCHEDULE_CELLS:
        cell = getattr(nn, cls)(*args)
        cells[case_id] = [encode(cell(ms.Tensor(step, ms.int32)).asnumpy()) for step in range(7)]
    lists = {case_id: [float(r) for r in getattr(nn, fn)(*args)]
             for case_id, fn, args in cases.SCHEDULE_LISTS}
    return {"cells": cells, "lists": lists}


def _error_class(build):
    try:
        build()
        return None
    except Exception as error:  # the oracle records whatever MindSpore raises
        return builtin_of(error)["builtin"]


def run_bad_args():
    recorded = {}
    for case_id, name, args, kwargs in cases.BAD_ARGS:
        recorded[case_id] = _error_class(lambda: getattr(nn, name)(*args, **kwargs))
    for case_id, name, kwargs in cases.BAD_OPTIMIZER_ARGS:
        recorded[case_id] = _error_class(
            lambda: getattr(nn, name)(nn.Dense(3, 2).trainable_params(), **kwargs))
    return recorded


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    fixture = {"mindspore": ms.__version__, "losses": run_losses(),
               "optimizers": run_optimizers(), "schedules": run_schedules(),
               "bad_args": run_bad_args()}
    with open(os.path.join(HERE, "train_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["losses"]), "losses,", len(fixture["optimizers"]), "runs")
