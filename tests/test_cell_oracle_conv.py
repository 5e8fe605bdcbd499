"""Conv1d, the transposed convolutions, the 1-D and adaptive pools, GroupNorm and
InstanceNorm against MindSpore 2.10: outputs, input and Parameter gradients, Parameters
after the forward pass, names, constructor signatures and the exception class of a bad
argument, recorded by ``tests/oracle_nn/make_conv_fixture.py``."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn"))
import conv_cases as cases  # noqa: E402
import nn_replay as replay  # noqa: E402

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn",
                       "conv_fixture.json")) as _file:
    FIXTURE = json.load(_file)

# Where we knowingly differ from MindSpore 2.10 (one line of reason each).
ACCEPTED = {
    "in2_train": "MindSpore 2.10 has no CPU kernel for InstanceNorm (GPU only): nothing recorded",
    "in2_eval": "MindSpore 2.10 has no CPU kernel for InstanceNorm (GPU only): nothing recorded",
    "in2_noaffine": "MindSpore 2.10 has no CPU kernel for InstanceNorm: nothing recorded",
    "in1_train": "MindSpore 2.10 has no CPU kernel for InstanceNorm: nothing recorded",
    "in1_eval": "MindSpore 2.10 has no CPU kernel for InstanceNorm: nothing recorded",
}
ACCEPTED_BAD = {
    "amp2_size_str": "MindSpore accepts output_size='2' and fails only when called; "
                     "we refuse it at construction (TypeError)",
}


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_cell_matches_mindspore(case):
    case_id, cls, kwargs, train, _ = case
    if case_id in ACCEPTED:
        assert "error" in FIXTURE["cases"][case_id]
        pytest.skip(ACCEPTED[case_id])
    cell = getattr(nn, cls)(**kwargs)
    replay.replay(ms, cell, FIXTURE["cases"][case_id], train)


@pytest.mark.parametrize("case", cases.BAD_TYPES, ids=[c[0] for c in cases.BAD_TYPES])
def test_bad_argument_class_matches_mindspore(case):
    case_id, cls, args, kwargs = case
    expected = FIXTURE["bad_types"][case_id]
    if case_id in ACCEPTED_BAD:
        with pytest.raises(TypeError, match=cls):
            getattr(nn, cls)(*args, **kwargs)
        return
    builtin = {"TypeError": TypeError, "ValueError": ValueError}[expected["builtin"]]
    with pytest.raises(builtin, match=cls):
        getattr(nn, cls)(*args, **kwargs)


@pytest.mark.parametrize("name", cases.SIGNATURE_CELLS)
def test_signature_matches_mindspore(name):
    ours, theirs = replay.signatures(getattr(nn, name), FIXTURE["signatures"][name])
    assert ours == theirs
