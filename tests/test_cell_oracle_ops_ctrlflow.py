"""Replay real MindSpore 2.10's answers for area ctrlflow (``ForiLoop``, ``WhileLoop``,
``Scan``, ``jet``, ``derivative``, ``linearize``, ``get_grad``;
``tests/oracle/ops_ctrlflow_fixture.json``, written by ``make_ops_ctrlflow_fixture.py``):
values, dtypes, shapes, raise or not (TypeError/ValueError by class) and gradients. The
functions the ops take travel by name (``FunctionView``)."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

from ops_ctrlflow_cases import FunctionView  # noqa: E402

with open(os.path.join(HERE, "ops_ctrlflow_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _ms_raised(case, name):
    return case["out"].get("error") == name


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's Taylor pass has no rule for Pow (and Square, Reciprocal, Tanh, "
     "MatMul: RuntimeError); ours differentiates any traced op", "out",
     lambda c: c["op"] in ("jet", "derivative") and c["args"][0] == "cube_pow"
     and _ms_raised(c, "RuntimeError")),
    ("MindSpore wraps whatever loop_func or cond_func raises in ValueError; ours lets the "
     "function's own error through (no catch-all)", "out",
     lambda c: c["op"] == "WhileLoop" and c["args"][:2] == ["below_20", "step_pair"]),
    ("MindSpore's Scan refuses xs=None with a broken isinstance check (TypeError); ours "
     "scans [None] * length as its doc says", "out",
     lambda c: c["op"] == "Scan" and c["args"][2] is None),
    ("MindSpore's return_ids pairs one non-first position with the gradient's first row "
     "(it zips the ids with the Tensor); ours pairs it with the whole gradient", "out",
     lambda c: c["op"] == "get_grad" and c["args"][0] == {"tuple": [1]}),
]
if onp.lib.NumpyVersion(onp.__version__) < "2.0.0":
    ACCEPTED.append((
        "NumPy 1.x promotes a 0-d float32 Tensor plus a Python int to float64 (the facade's "
        "scalar arithmetic, not the loop; NumPy 2 keeps float32)", "out",
        lambda c: c["op"] == "ForiLoop" and c["args"][2] in ("body_pair", "body_list",
                                                             "body_nested")))
accepted = accepted_by(ACCEPTED)


def replay(case):
    return replay_problems(case, accepted, library=FunctionView(ms, ops))


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_ctrlflow_ops_agree_with_mindspore(case):
    problems = replay(case)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
