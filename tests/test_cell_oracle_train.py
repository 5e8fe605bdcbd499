"""Losses, adaptive optimizers and learning-rate schedules against MindSpore 2.10: outputs,
input gradients, three TrainOneStepCell steps, the rates, and the exception classes of bad
arguments, recorded by ``tests/oracle_nn/make_train_fixture.py``."""
import builtins
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import nn_replay as replay  # noqa: E402
import train_cases as cases  # noqa: E402

with open(os.path.join(HERE, "train_fixture.json")) as _file:
    FIXTURE = json.load(_file)

# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED = {
    "bce_sum_weight": "MindSpore 2.10's CPU BinaryCrossEntropy reads a weight of shape (2,) "
                      "for (3, 2) logits flat, unbroadcast (the rest as 0); we broadcast it",
}
# Input gradients not compared: case prefix -> (input numbers, reason).
ACCEPTED_GRADS = {
    "kldiv": ((1,), "MindSpore 2.10's KLDivLoss gives the labels a zero gradient; ours is "
                    "the true one, (log(labels) + 1 - logits) * dout"),
}
ACCEPTED_RUNS = {
    "adagrad_noslots": "MindSpore 2.10's CPU ApplyAdagrad grows accum even with "
                       "update_slots=False (its run equals ours with update_slots=True)",
}
# Parameters not compared in a run: run id -> (name, reason).
ACCEPTED_PARAMS = {
    "adamwd_bn": (("0.bias", "1.moving_mean"), "a bias before BatchNorm has a gradient of "
                  "rounding noise (~1e-8), which m / sqrt(v) magnifies to 1e-4 either way"),
}
ACCEPTED_ERRORS = {
    "bce_weight_list": "MindSpore takes any weight and fails at the call; a list is refused "
                       "here at construction (TypeError)",
}


def _build(cls, kwargs):
    return getattr(nn, cls)(**cases.kwargs_for(ms, nn, kwargs))


@pytest.mark.parametrize("case", cases.LOSSES, ids=[c[0] for c in cases.LOSSES])
def test_loss_matches_mindspore(case):
    case_id, cls, kwargs, _ = case
    if case_id in ACCEPTED:
        pytest.skip(ACCEPTED[case_id])
    record = FIXTURE["losses"][case_id]
    cell = _build(cls, kwargs)
    if "unsupported" in record:  # MindSpore's CPU build lacks the kernel: values by hand
        inputs = [ms.Tensor(cases.make_input(s, onp.random.default_rng(0))) for s in case[3]]
        x, y = (onp.asarray(i, onp.float64) for i in inputs)
        expected = onp.log1p(onp.exp(-y * x))
        out = cell(*inputs)
        assert onp.asarray(out).dtype == onp.float32
        onp.testing.assert_allclose(out, expected.mean() if kwargs == {} else expected,
                                    rtol=1e-5)
        return
    skip = next((n for prefix, (n, _) in ACCEPTED_GRADS.items() if case_id.startswith(prefix)),
                ())
    replay.replay(ms, cell, record, False, skip)


@pytest.mark.parametrize("run", cases.OPTIMIZERS, ids=[r[0] for r in cases.OPTIMIZERS])
def test_optimizer_steps_match_mindspore(run):
    run_id, cls, kwargs = run
    if run_id in ACCEPTED_RUNS:
        pytest.skip(ACCEPTED_RUNS[run_id])
    skipped = ACCEPTED_PARAMS.get(run_id, ((),))[0]
    record = FIXTURE["optimizers"][run_id]
    optimizer, _ = replay.replay_optimizer(ms, nn, record, cls, kwargs,
                                           lambda kw: cases.kwargs_for(ms, nn, kw), skipped)
    state = [n for n in record["optimizer_params"] if "." in n and not n.startswith("stat.")]
    assert [p.name for p in optimizer.get_parameters() if "." in p.name] == state


@pytest.mark.parametrize("case", cases.SCHEDULE_CELLS, ids=[c[0] for c in cases.SCHEDULE_CELLS])
def test_schedule_cell_matches_mindspore(case):
    case_id, cls, args = case
    cell = getattr(nn, cls)(*args)
    for step, item in enumerate(FIXTURE["schedules"]["cells"][case_id]):
        replay.assert_close(cell(ms.Tensor(step, ms.int32)), item, f"rate at step {step}",
                            rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("case", cases.SCHEDULE_LISTS, ids=[c[0] for c in cases.SCHEDULE_LISTS])
def test_schedule_list_matches_mindspore(case):
    case_id, fn, args = case
    rates = getattr(nn, fn)(*args)
    assert isinstance(rates, list)
    onp.testing.assert_allclose(rates, FIXTURE["schedules"]["lists"][case_id], rtol=1e-12)


BAD = [(c[0], c[1], c[2], c[3]) for c in cases.BAD_ARGS] + \
    [(c[0], c[1], None, c[2]) for c in cases.BAD_OPTIMIZER_ARGS]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_argument_class_matches_mindspore(case):
    case_id, name, args, kwargs = case
    expected = FIXTURE["bad_args"][case_id]
    if case_id in ACCEPTED_ERRORS:
        expected = "TypeError"
    with pytest.raises(getattr(builtins, expected), match=name):
        if args is None:
            getattr(nn, name)(nn.Dense(3, 2).trainable_params(), **kwargs)
        else:
            getattr(nn, name)(*args, **kwargs)
