"""Record MindSpore 2.10's Conv3d, BatchNorm3d, MaxPool3d, AvgPool3d, FTRL, WithEvalCell
and loss-scale training steps into ``nn2_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_nn2_fixture.py
Cells: as ``make_nn_fixture.record``. FTRL: the loss and Parameters after each of three
``TrainOneStepCell`` steps. Loss-scale steps: ``(loss, overflow, scale)`` and the
Parameters after each step of ``STEP_INPUTS``. MindSpore's CPU build has no kernel for its
overflow check (NPUGetFloatStatusV2 / FloatStatus), so the recorded step checks with
``ops.isfinite`` instead (what the GPU check computes); the rest is MindSpore's own.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nn2_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class CpuLossScaleStep(nn.TrainOneStepWithLossScaleCell):
    """MindSpore's step, with an overflow check its CPU build can run."""

    def get_overflow_status(self, status, compute_output):
        flags = [ops.logical_not(ops.isfinite(g)).any() for g in compute_output]
        return ops.stack(flags).any()


def run_cases():
    return base.run_cell_cases(cases.CASES, 4000)


def step_input(kind, x):
    x = x.copy()
    if kind != "ok":
        x[1, 2] = onp.inf if kind == "inf" else onp.nan
    return x


def scale_sense(spec):
    if spec[0] == "dynamic":
        return nn.DynamicLossScaleUpdateCell(*spec[1:])
    if spec[0] == "fixed":
        return nn.FixedLossScaleUpdateCell(spec[1])
    return ms.Tensor(onp.full(spec[2], spec[1], onp.float32))


def run_scale_steps():
    recorded = {}
    for seed, (run_id, sense, opt, opt_kwargs) in enumerate(cases.SCALE_RUNS):
        rng = onp.random.default_rng(5000 + seed)
        net = nn.Dense(3, 2)
        params = base.set_params(net, rng)
        step = CpuLossScaleStep(nn.WithLossCell(net, nn.MSELoss()),
                                getattr(nn, opt)(net.trainable_params(), **opt_kwargs),
                                scale_sense=scale_sense(sense))
        step.set_train()
        x = base.make_input(((4, 3), "float32"), rng)
        y = base.make_input(((4, 2), "float32"), rng)
        steps = []
        for kind in cases.STEP_INPUTS:
            loss, overflow, scale = step(ms.Tensor(step_input(kind, x)), ms.Tensor(y))
            steps.append({"loss": base.encode(loss.asnumpy()),
                          "overflow": base.encode(overflow.asnumpy()),
                          "scale": base.encode(scale.asnumpy()),
                          "values": {n: base.encode(p.asnumpy())
                                     for n, p in net.parameters_and_names()}})
        recorded[run_id] = {"params": params, "x": base.encode(x), "y": base.encode(y),
                            "steps": steps, "step_names": base.names(step)}
    return recorded


def run_evals():
    recorded = {}
    for seed, (case_id, cast, label_dtype) in enumerate(cases.EVALS):
        rng = onp.random.default_rng(6000 + seed)
        net = nn.Dense(3, 2)
        params = base.set_params(net, rng)
        x = base.make_input(((4, 3), "float32"), rng)
        y = base.make_input(((4, 2), label_dtype), rng)
        cell = nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=cast)
        outs = cell(ms.Tensor(x), ms.Tensor(y))
        recorded[case_id] = {"params": params, "x": base.encode(x), "y": base.encode(y),
                             "outputs": [base.encode(o.asnumpy()) for o in outs],
                             "names": base.names(cell)}
    return recorded


def signatures():
    """``make_nn_fixture.signatures``, but FTRL's as its source declares it (two
    decorators hide it behind ``*args, **kwargs``)."""
    found = base.signatures()
    init = inspect.unwrap(nn.FTRL.__init__)
    while not any(p.name == "params" for p in inspect.signature(init).parameters.values()):
        init = next(c.cell_contents for c in init.__closure__
                    if inspect.isfunction(c.cell_contents))
    found["FTRL"] = [[p.name, repr(p.default) if p.default is not p.empty else None,
                      str(p.kind)] for p in list(inspect.signature(init).parameters.values())[1:]]
    return found


def _error(build):
    try:
        build()
        return None
    except Exception as error:  # the oracle records whatever MindSpore raises
        return base.builtin_of(error)


def run_bad_wrappers():
    net = nn.Dense(3, 2)
    loss = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.SGD(net.trainable_params())
    found = {
        "eval_cast_int": _error(lambda: nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=1)),
        "scale_float": _error(lambda: nn.TrainOneStepWithLossScaleCell(loss, opt, 2.0)),
        "scale_shape": _error(lambda: nn.TrainOneStepWithLossScaleCell(
            loss, opt, ms.Tensor([1.0, 2.0]))),
    }
    for case_id, kwargs in cases.BAD_FTRL:
        found[case_id] = _error(lambda: nn.FTRL(nn.Dense(3, 2).trainable_params(), **kwargs))
    return found


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cases_module = base.cases
    base.cases = cases  # run_optimizers, run_bad_types and signatures read these cases
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "optimizers": base.run_optimizers(), "scale_steps": run_scale_steps(),
               "evals": run_evals(), "bad_types": base.run_bad_types(),
               "bad_wrappers": run_bad_wrappers(), "signatures": signatures()}
    base.cases = cases_module
    with open(os.path.join(HERE, "nn2_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases,", len(fixture["optimizers"]), "FTRL runs")
