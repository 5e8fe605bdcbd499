"""nn Cells against MindSpore 2.10, part 2: three optimizer steps (losses and Parameters
after each), constructor signatures, and the exception class of a bad argument; recorded
by ``tests/oracle_nn/make_nn_fixture.py``."""
import inspect
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn"))
import nn_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

FIXTURE = replay.FIXTURE
BUILTINS = {"TypeError": TypeError, "ValueError": ValueError, "KeyError": KeyError}

# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED_BAD = {
    "dense_activation": "an unknown activation name is a ValueError here; MindSpore's dict "
                        "lookup leaks a KeyError",
    "layernorm_axis": "a float begin_norm_axis is refused at construction here (TypeError); "
                      "MindSpore takes it and fails later",
    "logsoftmax_axis": "a float axis is refused at construction here (TypeError); MindSpore "
                       "takes it and fails later",
    "smoothl1_beta_neg": "MindSpore takes beta=-1.0 and computes a meaningless loss",
    "bn_stats": "a non-bool use_batch_statistics is a TypeError here (a type mistake); "
                "MindSpore says ValueError",
}
ACCEPTED_SIGNATURES = {
    "Adam": "MindSpore's trailing **kwargs takes and ignores anything; here a misspelt "
            "argument is a TypeError",
}
ACCEPTED_RUNS = {
    "momentum_nesterov": "MindSpore 2.10's CPU ApplyMomentum ignores use_nesterov=True (it "
                         "steps as plain momentum); we follow its documented formula",
}


def _run(run_id, cls, kwargs):
    record = FIXTURE["optimizers"][run_id]
    return (record,) + replay.replay_optimizer(ms, nn, record, cls, kwargs)


@pytest.mark.parametrize("run", cases.OPTIMIZERS, ids=[r[0] for r in cases.OPTIMIZERS])
def test_optimizer_steps_match_mindspore(run):
    if run[0] in ACCEPTED_RUNS:
        pytest.skip(ACCEPTED_RUNS[run[0]])
    record, optimizer, step = _run(*run)
    # the optimizer's own state keeps MindSpore's names (moment1.weight, accum.bias, ...)
    state = [n for n in record["optimizer_params"] if "." in n]
    assert [p.name for p in optimizer.get_parameters() if "." in p.name] == state
    network = [k for k in record["step_names"]["parameters_and_names"]
               if not k.startswith("optimizer.")]
    assert [n for n, _ in step.parameters_and_names()][:len(network)] == network


def _signature(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    return [[p.name, repr(p.default) if p.default is not p.empty else None, str(p.kind)]
            for p in params]


def _same_default(ours, theirs):
    if ours == theirs:
        return True
    # a dtype default: mindspore.float32 there, numpy.float32 here
    return "float32" in str(ours) and "float32" in str(theirs)


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    if name in ACCEPTED_SIGNATURES:
        pytest.skip(ACCEPTED_SIGNATURES[name])
    theirs, ours = FIXTURE["signatures"][name], _signature(getattr(nn, name))
    assert [p[0] for p in ours] == [p[0] for p in theirs]
    for (arg, default, kind), (_, their_default, their_kind) in zip(ours, theirs):
        assert kind == their_kind, arg
        assert _same_default(default, their_default), (arg, default, their_default)


@pytest.mark.parametrize("case", cases.BAD_TYPES, ids=[c[0] for c in cases.BAD_TYPES])
def test_bad_argument_raises_as_mindspore(case):
    case_id, cls, args, kwargs = case
    if case_id in ACCEPTED_BAD:
        pytest.skip(ACCEPTED_BAD[case_id])
    expected = FIXTURE["bad_types"][case_id]
    if expected is None:
        getattr(nn, cls)(*args, **kwargs)
        return
    with pytest.raises(BUILTINS[expected["builtin"]]) as caught:
        getattr(nn, cls)(*args, **kwargs)
    assert cls in str(caught.value), "the message names the Cell"


@pytest.mark.parametrize("build, match", [
    (lambda: nn.Dense("3", 2), r"Dense in_channels: expected a positive int, got str '3'\."),
    (lambda: nn.Embedding(2.5, 3), r"Embedding vocab_size: expected a positive int, got float"),
    (lambda: nn.Conv2d(2, 2, 3, group=1.0), r"Conv2d group: expected a positive int, got float"),
    (lambda: nn.BatchNorm2d(True), r"BatchNorm2d num_features: expected a positive int, got bool"),
])
def test_a_non_int_size_is_a_type_error_naming_the_cell(build, match):
    """MindSpore 2.10 raises TypeError for a size of the wrong type (ValueError for <= 0)."""
    from minpy_compat.errors import CellTypeError
    with pytest.raises(CellTypeError, match=match):
        build()


def test_dropout_defaults_and_activations_take_no_arguments_as_in_mindspore():
    assert inspect.signature(nn.Dropout).parameters["keep_prob"].default == 0.5
    assert repr(nn.Dropout(keep_prob=0.5, p=0.25)) == "Dropout(p=0.25)"
    with pytest.raises(TypeError, match="Tanh"):
        nn.Tanh(False)
    with pytest.raises(TypeError, match="dtype"):
        nn.MSELoss(dtype=ms.float32)
