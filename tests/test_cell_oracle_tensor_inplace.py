"""Replay real MindSpore 2.10's answers for area tinplace's Tensor methods
(``tests/oracle/ops_tinplace_fixture.json``, written by ``make_ops_tinplace_fixture.py``):
values, dtypes, shapes, raise or not (TypeError/ValueError by class) and gradients; the
random fills and ``new_empty`` by dtype, shape and raise or not only."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import _error_class, accepted_by, compare, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

from oracle_io import run_case  # noqa: E402
from ops_tinplace_cases import RANDOM, Methods  # noqa: E402

with open(os.path.join(HERE, "ops_tinplace_fixture.json")) as f:
    CASES = json.load(f)["cases"]

_NO_CPU_KERNEL = ("unregistered", "Create kernelmod", "not supported on this device",
                  "Not implement exception", "no branch to go function",
                  "should not come here")


def _ms_message(case, words):
    return any(w in case["out"].get("message", "") for w in words)


def _grad_message(case, word):
    return word in case.get("gradient", {}).get("message", "")


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10 on CPU has no kernel for this in-place method (documented Ascend "
     "only); ours computes what its documentation says", "out",
     lambda c: _ms_message(c, _NO_CPU_KERNEL)),
    ("MindSpore refuses an in-place write into a grad input (a leaf); ours differentiates "
     "through it, as every traced write here does (the old value gets no gradient)",
     "gradient", lambda c: _grad_message(c, "leaf tensor that requires grad")),
    ("MindSpore raises RuntimeError for a copy_ source that does not broadcast; ours the "
     "usual ValueError naming Tensor.copy_", "out",
     lambda c: c["op"] == "copy_" and c["out"].get("error") == "RuntimeError"),
]
accepted = accepted_by(ACCEPTED)


def _same_kind(want, got):
    keys = ("dtype", "shape")
    return "error" not in want and all(want.get(k) == got.get(k) for k in keys)


def _grad_fn(fn, positions):
    return ops.grad(fn, grad_position=positions)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_tensor_methods_agree_with_mindspore(case):
    got = run_case(case, ms, Methods(fresh=True), _grad_fn)
    skip_out = accepted(case, "out") or (case["op"] in RANDOM and
                                         _same_kind(case["out"], got["out"]))
    problems = [] if skip_out else compare(case["out"], got["out"], "out")
    if "error" in got["out"] and not problems and not skip_out:
        problems = _error_class(case["out"], got["out"])
    if "gradient" in case and "error" not in got["out"] and not accepted(case, "gradient"):
        problems += compare(case["gradient"], got.get("gradient", {"error": "none"}),
                            "gradient")
    assert not problems, "\n".join(problems)


def test_cpu_gaps_are_computed_here():
    """Where MindSpore's CPU build has no kernel, ours must still give an answer (except
    the argument errors the documentation names)."""
    refused = []
    for case in CASES:
        if _ms_message(case, _NO_CPU_KERNEL):
            got = run_case(case, ms, Methods(fresh=True), _grad_fn)
            if "error" in got["out"] and not (case["op"] == "fill_diagonal_" and
                                              len(case["args"][0]["shape"]) < 2):
                refused.append((case["op"], got["out"]["message"]))
    assert not refused, refused


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
