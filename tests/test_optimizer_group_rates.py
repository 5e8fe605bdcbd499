"""Group learning rates against MindSpore 2.10 (``tests/oracle/make_group_rates_fixture.py``):
groups with their own fixed ``lr`` get 0-d float32 Parameters ``learning_rate_group_<i>``,
registered in MindSpore's order (``global_step``, one rate per group in group order, then the
parameters; no ``learning_rate`` when every group has its own), returned by
``get_lr_parameter`` and read at every step, so writing one changes the next steps.

Accepted differences:
``set_data`` on a rate Parameter after the first step changes our next steps; MindSpore 2.10
PyNative's compiled step keeps the old value (``ops.assign`` changes both), so the replay
sets it before the first step.
a group rate given as a list (one per step) is not registered here (MindSpore registers it
after the optimizer's state); ``get_lr_parameter`` gives a copy of it.
"""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

with open(os.path.join(os.path.dirname(__file__), "oracle",
                       "group_rates_fixture.json")) as _handle:
    ORACLE = json.load(_handle)
OPTIMIZERS = {"sgd": lambda g: nn.SGD(g, learning_rate=0.1),
              "momentum": lambda g: nn.Momentum(g, learning_rate=0.1, momentum=0.9),
              "adam": lambda g: nn.Adam(g, learning_rate=0.1)}


def _make(case):
    optimizer, groups = case.split("/")
    params = {n: ms.Parameter(ms.Tensor(onp.array([1.0 + i, -1.0], onp.float32)), name=n)
              for i, n in enumerate("abc")}
    opt = OPTIMIZERS[optimizer]([dict(g, params=[params[n] for n in g["params"]])
                                 for g in ORACLE["groups"][groups]])
    return opt, params


@pytest.mark.parametrize("case", sorted(ORACLE["cases"]))
def test_group_rate_parameters_names_order_and_shapes_match_mindspore(case):
    want = ORACLE["cases"][case]
    opt, params = _make(case)
    assert [[p.name, list(p.shape)] for p in opt.get_parameters()] == want["names"]
    got = [opt.get_lr_parameter(params[n]) for n in "abc"]
    assert [[p.name, p.asnumpy().tolist()] for p in got] == want["lr_parameter"]
    for p in got:
        assert p.dtype == ms.float32
        assert any(p is q for q in opt.get_parameters())  # the registered one, not a copy


@pytest.mark.parametrize("case", sorted(ORACLE["cases"]))
def test_changing_a_rate_parameter_changes_the_next_steps_as_mindspore(case):
    want = ORACLE["cases"][case]
    opt, params = _make(case)
    grads = tuple(ms.Tensor(onp.array([1.0, 0.5], onp.float32)) for _ in "abc")
    opt.get_lr_parameter(params["a"]).set_data(ms.Tensor(onp.float32(2.0)))
    for i, step in enumerate(want["weights"]):
        if i == 2:
            ops.assign(opt.get_lr_parameter(params["a"]), ms.Tensor(onp.float32(0.125)))
        opt(grads)
        for n in "abc":
            onp.testing.assert_allclose(params[n].asnumpy(), step[n], rtol=1e-6, atol=1e-6)
