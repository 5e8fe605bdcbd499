"""Conv3d, BatchNorm3d, MaxPool3d, AvgPool3d, FTRL, WithEvalCell and the loss-scaled
training step against MindSpore 2.10: outputs, input and Parameter gradients, names,
three FTRL steps, loss-scale steps with forced overflows, signatures and the exception
class of a bad argument, recorded by ``tests/oracle_nn/make_nn2_fixture.py``."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import nn2_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(HERE, "nn2_fixture.json")) as _file:
    FIXTURE = json.load(_file)
BUILTINS = {"TypeError": TypeError, "ValueError": ValueError}

# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED_BAD = {
    "fixed_scale_ok": "not a bad argument: FixedLossScaleUpdateCell(2.0) builds on both sides",
}
ACCEPTED_RUNS = {
    "ftrl_l1l2": "MindSpore 2.10's CPU ApplyFtrl computes (l1 - u) / q where its documented "
                 "rule is (sign(u) * l1 - u) / q (weights with u < 0 move away from 0)",
    "ftrl_power": "the same ApplyFtrl CPU bug: l1 > 0 with negative linear terms",
}


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_cell_matches_mindspore(case):
    case_id, cls, kwargs, train, _ = case
    replay.replay(ms, getattr(nn, cls)(**kwargs), FIXTURE["cases"][case_id], train)


@pytest.mark.parametrize("run", cases.OPTIMIZERS, ids=[r[0] for r in cases.OPTIMIZERS])
def test_ftrl_steps_match_mindspore(run):
    run_id, cls, kwargs = run
    if run_id in ACCEPTED_RUNS:
        pytest.skip(ACCEPTED_RUNS[run_id])
    record = FIXTURE["optimizers"][run_id]
    optimizer, _ = replay.replay_optimizer(ms, nn, record, cls, kwargs)
    state = [n for n in record["optimizer_params"] if "." in n]
    assert [p.name for p in optimizer.get_parameters() if "." in p.name] == state


def _scale_sense(spec):
    if spec[0] == "dynamic":
        return nn.DynamicLossScaleUpdateCell(*spec[1:])
    if spec[0] == "fixed":
        return nn.FixedLossScaleUpdateCell(spec[1])
    return ms.Tensor(onp.full(spec[2], spec[1], onp.float32))


@pytest.mark.parametrize("run", cases.SCALE_RUNS, ids=[r[0] for r in cases.SCALE_RUNS])
def test_loss_scale_steps_match_mindspore(run):
    run_id, sense, opt, opt_kwargs = run
    record = FIXTURE["scale_steps"][run_id]
    net = nn.Dense(3, 2)
    replay.set_params(net, record["params"])
    step = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(net, nn.MSELoss()), getattr(nn, opt)(net.trainable_params(),
                                                             **opt_kwargs), _scale_sense(sense))
    step.set_train()
    x, y = replay.decode(record["x"]), ms.Tensor(replay.decode(record["y"]))
    network = [k for k in record["step_names"]["parameters_and_names"]
               if not k.startswith("optimizer.")]
    assert [n for n, _ in step.parameters_and_names() if not n.startswith("optimizer.")] \
        == network
    for i, (kind, expected) in enumerate(zip(cases.STEP_INPUTS, record["steps"])):
        batch = x.copy()
        if kind != "ok":
            batch[1, 2] = onp.inf if kind == "inf" else onp.nan
        loss, overflow, scale = step(ms.Tensor(batch), y)
        what = f"step {i} ({kind})"
        replay.assert_close(overflow, expected["overflow"], f"overflow of {what}")
        replay.assert_close(scale, expected["scale"], f"scale after {what}")
        if kind == "ok":
            replay.assert_close(loss, expected["loss"], f"loss of {what}")
        for name, param in net.parameters_and_names():
            replay.assert_close(param, expected["values"][name], f"{name} after {what}",
                                rtol=5e-5, atol=5e-6)


@pytest.mark.parametrize("case", cases.EVALS, ids=[c[0] for c in cases.EVALS])
def test_with_eval_cell_matches_mindspore(case):
    case_id, cast, _ = case
    record = FIXTURE["evals"][case_id]
    net = nn.Dense(3, 2)
    replay.set_params(net, record["params"])
    cell = nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=cast)
    assert replay.names(cell) == record["names"]
    outs = cell(ms.Tensor(replay.decode(record["x"])), ms.Tensor(replay.decode(record["y"])))
    assert len(outs) == 3
    for what, ours, item in zip(("loss", "outputs", "label"), outs, record["outputs"]):
        replay.assert_close(ours, item, what)


@pytest.mark.parametrize("case", cases.BAD_TYPES, ids=[c[0] for c in cases.BAD_TYPES])
def test_bad_argument_class_matches_mindspore(case):
    case_id, cls, args, kwargs = case
    expected = FIXTURE["bad_types"][case_id]
    if expected is None:
        assert case_id in ACCEPTED_BAD
        getattr(nn, cls)(*args, **kwargs)
        return
    with pytest.raises(BUILTINS[expected["builtin"]], match=cls):
        getattr(nn, cls)(*args, **kwargs)


@pytest.mark.parametrize("case", cases.BAD_FTRL, ids=[c[0] for c in cases.BAD_FTRL])
def test_bad_ftrl_argument_class_matches_mindspore(case):
    case_id, kwargs = case
    with pytest.raises(BUILTINS[FIXTURE["bad_wrappers"][case_id]["builtin"]], match="FTRL"):
        nn.FTRL(nn.Dense(3, 2).trainable_params(), **kwargs)


def test_bad_wrapper_arguments_match_mindspore():
    net = nn.Dense(3, 2)
    loss, found = nn.WithLossCell(net, nn.MSELoss()), FIXTURE["bad_wrappers"]
    with pytest.raises(BUILTINS[found["eval_cast_int"]["builtin"]],
                       match="WithEvalCell add_cast_fp32"):
        nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=1)
    with pytest.raises(BUILTINS[found["scale_float"]["builtin"]],
                       match="TrainOneStepWithLossScaleCell scale_sense"):
        nn.TrainOneStepWithLossScaleCell(loss, nn.SGD(net.trainable_params()), 2.0)
    with pytest.raises(BUILTINS[found["scale_shape"]["builtin"]],
                       match="TrainOneStepWithLossScaleCell scale_sense"):
        nn.TrainOneStepWithLossScaleCell(loss, nn.SGD(net.trainable_params()),
                                         ms.Tensor([1.0, 2.0]))


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    ours, theirs = replay.signatures(getattr(nn, name), FIXTURE["signatures"][name])
    assert ours == theirs
