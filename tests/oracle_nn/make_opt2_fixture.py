"""Record MindSpore 2.10's opt2-area losses, optimizers and schedules into
``opt2_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_opt2_fixture.py
Losses: as ``make_nn_fixture.record`` (a case MindSpore cannot run records its error).
Optimizers: the loss and Parameters after each of three ``TrainOneStepCell`` steps; LARS
wraps the named optimizer. Schedules: the rate at each step. Weighted losses: the gradient
of the class weight (a Parameter). Bad arguments: the exception class.
"""
import inspect
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import opt2_cases as cases  # noqa: E402
import make_nn_fixture as base  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def make_input(spec, rng):
    if spec[0] == "sign":
        return onp.where(rng.random(spec[1]) < 0.5, -1.0, 1.0).astype(onp.float32)
    if spec[0] == "binary":
        return (rng.random(spec[1]) < 0.5).astype(onp.float32)
    if spec[0] == "targets":
        rows = []
        for _ in range(spec[1][0]):
            count = int(rng.integers(1, spec[1][1]))
            rows.append(list(rng.permutation(spec[1][1])[:count]) + [-1] * (spec[1][1] - count))
        return onp.array(rows, onp.int32)
    return base.make_input(spec, rng)


def run_cases():
    recorded = {}
    for seed, (case_id, cls, kwargs, train, specs) in enumerate(cases.CASES):
        rng = onp.random.default_rng(7000 + seed)
        inputs = [make_input(spec, rng) for spec in specs]
        try:
            cell = getattr(nn, cls)(**cases.tensor_kwargs(ms, kwargs))
            recorded[case_id] = base.record(cell, train, inputs, rng)
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[case_id] = {"error": f"{type(error).__name__}: {error}"[:300],
                                 "inputs": [base.encode(x) for x in inputs]}
            try:  # the forward pass alone, where only the backward one fails
                out = getattr(nn, cls)(**cases.tensor_kwargs(ms, kwargs))(
                    *[ms.Tensor(x) for x in inputs])
                recorded[case_id]["output"] = base.encode(out.asnumpy())
            except Exception:  # the oracle records what MindSpore cannot run
                pass
            print(case_id, recorded[case_id]["error"][:150])
    return recorded


def run_optimizers():
    """``make_nn_fixture.run_optimizer_cases`` one run at a time: a run MindSpore's CPU
    build cannot make (no kernel) records its error instead."""
    recorded = {}
    for seed, run in enumerate(cases.OPTIMIZERS):
        try:
            recorded.update(base.run_optimizer_cases(
                [run], 7500 + seed, lambda kw: cases.optimizer_kwargs(nn, kw)))
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[run[0]] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(run[0], recorded[run[0]]["error"][:150])
    return recorded


def run_lars():
    recorded = {}
    for seed, (run_id, inner, inner_kwargs, lars_kwargs, net_kind) in enumerate(cases.LARS_RUNS):
        rng = onp.random.default_rng(8000 + seed)
        net = cases.build_opt_net(nn, net_kind)
        params = base.set_params(net, rng)
        optimizer = nn.LARS(getattr(nn, inner)(net.trainable_params(), **inner_kwargs),
                            **lars_kwargs)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer).set_train()
        x, y = make_input(((4, 3), "float32"), rng), make_input(((4, 2), "float32"), rng)
        losses, values = [], []
        try:
            for _ in range(3):
                losses.append(float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy()))
                values.append({n: base.encode(p.asnumpy()) for n, p in net.parameters_and_names()})
        except Exception as error:  # the oracle records what MindSpore cannot run
            recorded[run_id] = {"error": f"{type(error).__name__}: {error}"[:300]}
            print(run_id, recorded[run_id]["error"][:150])
            continue
        recorded[run_id] = {"params": params, "x": base.encode(x), "y": base.encode(y),
                            "losses": losses, "values": values}
    return recorded


def run_schedules():
    recorded = {}
    for case_id, cls, args in cases.SCHEDULES:
        cell = getattr(nn, cls)(*args)
        recorded[case_id] = [base.encode(cell(ms.Tensor(step, ms.int32)).asnumpy())
                             for step in range(cases.STEPS)]
    return recorded


def run_weighted():
    recorded = {}
    for seed, (case_id, op, shape, kwargs) in enumerate(cases.WEIGHTED):
        rng = onp.random.default_rng(9000 + seed)
        cell = cases.build_weighted(ms, nn, ops, op, kwargs)
        inputs = [make_input((shape, "float32"), rng),
                  make_input(("ints", (shape[0],), shape[1]), rng)]
        recorded[case_id] = base.record(cell, False, inputs, rng)
    return recorded


def _error(build):
    try:
        build()
        return None
    except Exception as error:  # the oracle records whatever MindSpore raises
        return base.builtin_of(error)


def run_bad():
    found = base.run_bad_types(cases.BAD_TYPES)
    for case_id, cls, kwargs in cases.BAD_OPTIMIZERS:
        found[case_id] = _error(lambda: getattr(nn, cls)(nn.Dense(3, 2).trainable_params(),
                                                         **kwargs))
    found["lars_not_optimizer"] = _error(lambda: nn.LARS(nn.Dense(3, 2)))
    found["lars_epsilon_int"] = _error(lambda: nn.LARS(
        nn.Momentum(nn.Dense(3, 2).trainable_params(), 0.1, 0.9), epsilon=1))
    return found


def signatures():
    """Each Cell's constructor parameters, looking through the optimizers' decorators."""
    found = {}
    for name in cases.SIGNATURE_CELLS:
        init = inspect.unwrap(getattr(nn, name).__init__)
        while not any(p.name in ("self",) for p in inspect.signature(init).parameters.values()) \
                or "args" in inspect.signature(init).parameters:
            init = inspect.unwrap(next(c.cell_contents for c in init.__closure__
                                       if inspect.isfunction(c.cell_contents)))
        found[name] = [[p.name, repr(p.default) if p.default is not p.empty else None,
                        str(p.kind)] for p in list(inspect.signature(init).parameters.values())[1:]]
    return found


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cases_module = base.cases
    base.cases = cases  # run_optimizer_cases reads build_opt_net from here
    fixture = {"mindspore": ms.__version__, "cases": run_cases(),
               "optimizers": run_optimizers(),
               "lars": run_lars(), "schedules": run_schedules(), "weighted": run_weighted(),
               "bad": run_bad(), "signatures": signatures()}
    base.cases = cases_module
    with open(os.path.join(HERE, "opt2_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["cases"]), "cases,", len(fixture["optimizers"]), "optimizer runs")
