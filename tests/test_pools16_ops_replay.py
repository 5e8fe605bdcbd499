"""Replay real MindSpore 2.10's answers for the pools16 ``ops`` cases
(``tests/oracle/ops_pools16_fixture.json``, written by ``make_ops_pools16_fixture.py``):
values, dtypes, shapes, raise or not (by class) and gradients, as ``test_cell_oracle_ops.py``
does; the fixture also lets its coverage test count ``ResizeBicubic``."""
import json
import os

import pytest

from test_cell_oracle_ops import replay_problems

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")

with open(os.path.join(HERE, "ops_pools16_fixture.json")) as f:
    CASES = json.load(f)["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_pools16_ops_agree_with_mindspore(case):
    problems = replay_problems(case, lambda case, where: None)
    assert not problems, "\n".join(problems)
