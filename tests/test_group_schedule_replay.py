"""A LearningRateSchedule as one parameter group's ``lr`` (SGD, Momentum, Adam, RMSProp in a
functional loop) replayed against MindSpore 2.10 (``tests/oracle/group_schedule_cases.py``,
fixture ``group_schedule_fixture.json``); before, our optimizers refused a schedule there."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
import group_schedule_cases  # noqa: E402


@pytest.fixture(scope="module")
def both():
    with open(os.path.join(HERE, "group_schedule_fixture.json")) as handle:
        theirs = json.load(handle)
    return group_schedule_cases.run(ms), theirs


@pytest.mark.parametrize("kind", group_schedule_cases.OPTIMIZERS)
def test_training_with_a_scheduled_group_matches_mindspore(both, kind):
    ours, theirs = both
    got, want = ours[kind], theirs[kind]
    for key in ("losses", "weight_rates", "bias_rate", "weight", "bias"):
        onp.testing.assert_allclose(got[key], want[key], rtol=1e-5, atol=1e-6, err_msg=key)
    assert got["weight_rate_holder"] == want["weight_rate_holder"] == "ExponentialDecayLR"


def test_the_group_rate_follows_its_schedule_step_by_step(both):
    """The weight group's rate halves each step (ExponentialDecayLR(0.1, 0.5, 1)), a closed
    form independent of the fixture."""
    ours, _ = both
    onp.testing.assert_allclose(ours["SGD"]["weight_rates"], 0.1 * 0.5 ** onp.arange(4),
                                rtol=1e-6)
