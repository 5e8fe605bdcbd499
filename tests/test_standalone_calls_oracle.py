"""Replay of MindSpore 2.10's standalone top-level calls (``tests/oracle/mstop_fixture.json``,
made by ``tests/oracle/make_mstop_fixture.py``): the parallel settings (what ``get``
answers after ``set``, the error class of each bad call), ``communication`` without a
launcher, and the device and memory calls on the CPU."""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "oracle"))
import minpy_compat as ms  # noqa: E402
import mstop_cases  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "oracle", "mstop_fixture.json")) as f:
    FIXTURE = json.load(f)
RECORDED = dict(FIXTURE["cases"])


@pytest.fixture(autouse=True)
def _defaults():
    yield
    ms.reset_auto_parallel_context()
    ms.reset_algo_parameters()
    ms.reset_ps_context()


def _same(ours, theirs):
    if "error" in theirs:
        assert ours.get("error") == theirs["error"], (ours, theirs)
    else:
        assert ours == theirs, (ours, theirs)


@pytest.mark.parametrize("case", mstop_cases.CASES, ids=mstop_cases.case_id)
def test_replays_mindspore(case):
    theirs = RECORDED[mstop_cases.case_id(case)]
    ours = mstop_cases.run_case(ms, case)
    _same(ours["call"], theirs["call"])
    assert len(ours["reads"]) == len(theirs["reads"])
    for mine, recorded in zip(ours["reads"], theirs["reads"]):
        _same(mine, recorded)


@pytest.mark.parametrize("name", mstop_cases.MODULE_CONSTANTS)
def test_constants_match_mindspore(name):
    assert mstop_cases.plain(mstop_cases.resolve(ms, name)) == FIXTURE["constants"][name]


def test_every_case_was_recorded():
    assert set(RECORDED) == {mstop_cases.case_id(case) for case in mstop_cases.CASES}
