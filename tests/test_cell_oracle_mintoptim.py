"""``mint.optim`` against MindSpore 2.10 (``tests/oracle_nn/make_mintoptim_fixture.py``):
three steps of MindSpore's training loop (``value_and_grad`` then ``optimizer(grads)``) with
Adam, AdamW, FusedAdamW and SGD and their options and groups: losses, every Parameter after
each step, the optimizer's state Parameters (names and values), ``param_groups`` keys and
learning-rate Parameter names; the exception class of bad arguments."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.mint import optim

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import mintoptim_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(HERE, "mintoptim_fixture.json")) as _file:
    FIXTURE = json.load(_file)
BUILTINS = {"TypeError": TypeError, "ValueError": ValueError}

# Accepted differences, one line of reason each.
AFTER_FIRST_STEP = {  # compared on the first step only (checked in test_mint_optim.py)
    "adam_amsgrad": "MindSpore's Adam computes max(max_exp_avg_sq, v) but never stores it, "
                    "so its amsgrad is plain Adam; ours keeps the running maximum",
}
ACCEPTED_ERRORS = {
    "params_none_SGD": "MindSpore's SGD iterates params before its base checks them "
                       "(TypeError: not iterable); ours gives the base's ValueError for None",
}
# the state MindSpore's AdamW keeps in its fixture values is experimental.AdamW's (no CPU
# kernel for mint's): compared for exp_avg/exp_avg_sq, the names come from mint's own class
STATE_OF_EXPERIMENTAL = ("exp_avg.", "exp_avg_sq.")


def _run(run_id, cls, kwargs, groups):
    record = FIXTURE["runs"][run_id]
    net = nn.Dense(3, 2)
    replay.set_params(net, record["params"])
    opt = getattr(optim, cls)(cases.build_params(net, groups), **kwargs)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)
    x, y = ms.Tensor(replay.decode(record["x"])), ms.Tensor(replay.decode(record["y"]))
    return record, net, opt, grad_fn, x, y


@pytest.mark.parametrize("case", cases.RUNS, ids=[c[0] for c in cases.RUNS])
def test_three_steps_match_mindspore(case):
    run_id, cls = case[0], case[1]
    record, net, opt, grad_fn, x, y = _run(*case)
    assert [n for n, _ in opt.parameters_and_names()] == record["names"]
    assert [sorted(g) for g in opt.param_groups] == record["group_keys"]
    assert [g["lr"].name for g in opt.param_groups] == record["lr_names"]
    state = dict(opt.parameters_and_names())
    for name, item in record["initial_state"].items():
        replay.assert_close(state[name], item, f"{run_id} initial {name}")
    steps = 1 if run_id in AFTER_FIRST_STEP else 3
    for step in range(steps):
        loss, grads = grad_fn(x, y)
        assert opt(grads) is True
        onp.testing.assert_allclose(float(loss), record["losses"][step], rtol=2e-5)
        values = dict(net.parameters_and_names())
        for name, item in record["values"][step].items():
            replay.assert_close(values[name], item, f"{run_id} step {step + 1} {name}",
                                rtol=1e-4, atol=2e-6)
    if steps == 3:
        experimental = cls in ("AdamW", "FusedAdamW")
        for name, item in record["final_state"].items():
            if experimental and not name.startswith(STATE_OF_EXPERIMENTAL):
                continue
            replay.assert_close(state[name], item, f"{run_id} final {name}", rtol=1e-4)


def _call(key):
    for run_id, cls, kwargs in cases.BAD_ARGS:
        if run_id == key:
            return lambda: getattr(optim, cls)(nn.Dense(3, 2).trainable_params(), **kwargs)
    kind, cls = key[len("params_"):].rsplit("_", 1)
    net = nn.Dense(3, 2)
    return lambda: getattr(optim, cls)(cases.bad_params(ms, kind, net.weight, net.bias),
                                       lr=0.1)


@pytest.mark.parametrize("key", sorted(FIXTURE["errors"]))
def test_bad_arguments_raise_mindspores_class(key):
    expected = FIXTURE["errors"][key]
    assert expected is not None, f"{key}: MindSpore accepted it"
    if key in ACCEPTED_ERRORS:
        with pytest.raises((TypeError, ValueError)):
            _call(key)()
        return
    with pytest.raises(BUILTINS[expected.split(":")[0]]):
        _call(key)()


def test_the_fixture_came_from_mindspore_2_10():
    assert FIXTURE["mindspore"].startswith("2.10")
    assert set(FIXTURE["runs"]) == {c[0] for c in cases.RUNS}
