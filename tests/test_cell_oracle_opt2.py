"""The opt2 area against MindSpore 2.10 (``tests/oracle_nn/make_opt2_fixture.py``):
FocalLoss, DiceLoss, MultiClassDiceLoss, RMSELoss, HingeEmbeddingLoss,
MultiLabelSoftMarginLoss (outputs, input and Parameter gradients, names); three steps of
AdaMax, ProximalAdagrad, LazyAdam, ASGD, Rprop (and SGD on the two new schedules); the
schedules' rates; the class-weight gradient of cross_entropy/nll_loss; signatures and the
exception class of bad arguments."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import opt2_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(HERE, "opt2_fixture.json")) as _file:
    FIXTURE = json.load(_file)
BUILTINS = {"TypeError": TypeError, "ValueError": ValueError}

# Where MindSpore 2.10 (CPU) gives nothing to compare (one line of reason each); these are
# checked against the documented rules in tests/test_nn_opt2_*.py instead.
NO_KERNEL = {
    "triplet": "no CPU kernel for TripletMarginLoss",
    "mlm": "no CPU kernel for MultilabelMarginLoss",
    "lamb": "no CPU kernel for Lamb", "lamb_decay_bn": "no CPU kernel for Lamb",
    "lamb_groups": "no CPU kernel for Lamb",
}
FORWARD_ONLY = {  # the backward pass fails in MindSpore; the forward one is compared
    "hinge": "MindSpore's backward adds Bool Tensors (its Add refuses them)",
    "hinge_margin_sum": "the same", "hinge_none": "the same",
}
ACCEPTED_BAD = {
    "lars_not_optimizer": "MindSpore raises AttributeError (it reads optimizer attributes "
                          "before checking the type); we raise TypeError",
}


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_loss_matches_mindspore(case):
    case_id, cls, kwargs, train, _ = case
    if case_id in NO_KERNEL:
        pytest.skip(NO_KERNEL[case_id])
    record = FIXTURE["cases"][case_id]
    cell = getattr(nn, cls)(**cases.tensor_kwargs(ms, kwargs))
    if case_id in FORWARD_ONLY:
        inputs = [ms.Tensor(replay.decode(x)) for x in record["inputs"]]
        replay.assert_close(cell(*inputs), record["output"], "output")
        return
    replay.replay(ms, cell, record, train)


@pytest.mark.parametrize("run", cases.OPTIMIZERS, ids=[r[0] for r in cases.OPTIMIZERS])
def test_optimizer_steps_match_mindspore(run):
    run_id, cls, kwargs = run
    if run_id in NO_KERNEL:
        pytest.skip(NO_KERNEL[run_id])
    record = FIXTURE["optimizers"][run_id]
    optimizer, _ = replay.replay_optimizer(ms, nn, record, cls, kwargs,
                                           lambda kw: cases.optimizer_kwargs(nn, kw))

    def state(names):  # the per-Parameter slots: moment1.weight, mu_weight, ...
        return [n for n in names if "." in n or n.startswith(("mu_", "eta_"))]
    if cls != "SGD":  # MindSpore's SGD keeps a 'stat' slot ours does not need
        assert state(p.name for p in optimizer.get_parameters()) == \
            state(record["optimizer_params"])


@pytest.mark.parametrize("case", cases.SCHEDULES, ids=[c[0] for c in cases.SCHEDULES])
def test_schedule_matches_mindspore(case):
    case_id, cls, args = case
    cell = getattr(nn, cls)(*args)
    for step, item in enumerate(FIXTURE["schedules"][case_id]):
        replay.assert_close(cell(onp.array(step, onp.int32)), item, f"rate at step {step}")


@pytest.mark.parametrize("case", cases.WEIGHTED, ids=[c[0] for c in cases.WEIGHTED])
def test_class_weight_gradient_matches_mindspore(case):
    case_id, op, _, kwargs = case
    replay.replay(ms, cases.build_weighted(ms, nn, ops, op, kwargs),
                  FIXTURE["weighted"][case_id], False)


@pytest.mark.parametrize("case", cases.BAD_TYPES, ids=[c[0] for c in cases.BAD_TYPES])
def test_bad_argument_class_matches_mindspore(case):
    case_id, cls, args, kwargs = case
    expected = FIXTURE["bad"][case_id]
    kwargs = dict(kwargs)
    with pytest.raises(BUILTINS[expected["builtin"]], match=cls):
        getattr(nn, cls)(*args, **kwargs)


@pytest.mark.parametrize("case", cases.BAD_OPTIMIZERS, ids=[c[0] for c in cases.BAD_OPTIMIZERS])
def test_bad_optimizer_argument_class_matches_mindspore(case):
    case_id, cls, kwargs = case
    with pytest.raises(BUILTINS[FIXTURE["bad"][case_id]["builtin"]], match=cls):
        getattr(nn, cls)(nn.Dense(3, 2).trainable_params(), **kwargs)


def test_bad_lars_arguments_match_mindspore():
    assert FIXTURE["bad"]["lars_not_optimizer"]["builtin"] == "AttributeError"  # see above
    with pytest.raises(TypeError, match="LARS optimizer"):
        nn.LARS(nn.Dense(3, 2))
    with pytest.raises(BUILTINS[FIXTURE["bad"]["lars_epsilon_int"]["builtin"]],
                       match="LARS epsilon"):
        nn.LARS(nn.Momentum(nn.Dense(3, 2).trainable_params(), 0.1, 0.9), epsilon=1)


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    ours, theirs = replay.signatures(getattr(nn, name), FIXTURE["signatures"][name])
    if name == "LARS":  # the default filter is a function: compared by name only
        ours, theirs = ([pair[0] for pair in side] for side in (ours, theirs))
    assert ours == theirs
