"""Replay real MindSpore 2.10's answers for the fractional pooling primitives
(``tests/oracle/ops_opsrest2_fixture.json``, written by ``make_ops_opsrest2_fixture.py``)
on ``minpy_compat``: values, dtypes, shapes, raise or not (same error class), gradients."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import _grad_fn, accepted_by, replay_problems, unused_reasons

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))
from ops_opsrest2_cases import list_ratios  # noqa: E402
from oracle_io import run_case  # noqa: E402

with open(os.path.join(HERE, "oracle", "ops_opsrest2_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's FractionalMaxPoolGrad fails on CPU ('Input device address is null'); ours "
     "is the tracer's gradient, finite-difference checked in test_ops_fracpool.py",
     "gradient", lambda c: c["op"] == "FractionalMaxPool"),
    ("MindSpore's FractionalMaxPoolWithFixedKsize bprop raises a bare TypeError on CPU; ours "
     "is the tracer's (zero for random_samples)", "gradient",
     lambda c: c["op"] == "FractionalMaxPoolWithFixedKsize"),
    ("MindSpore's LSTM gradient for w stops at the values its kernel reads (180 of 200: the "
     "unused bias space left out; compared on those values by the test below) and, for "
     "float64, zero for x",
     "gradient", lambda c: c["op"] == "LSTM" and c["init"][3]),
    ("MindSpore's Coalesce with more than 2 index rows returns uninitialised memory (4 "
     "entries, indices like 4602687826255937536, for 2 inputs)", "out",
     lambda c: c["op"] == "Coalesce" and c["args"][0]["shape"][0] > 2),
    ("MindSpore 2.10 has no CPU kernel for ConvTranspose2D; ours is checked against "
     "conv2d's input gradient in test_ops_lstm_prim.py", "out",
     lambda c: c["op"] == "conv_transpose2d"),
]
accepted = accepted_by(ACCEPTED)


def _close_enough(want, got):
    """float64 outputs MindSpore averages in another order; LSTM's reserve and state
    outputs (its kernel's workspace) by shape and dtype only."""
    if "tuple" in want and "tuple" in got and len(want["tuple"]) == 5:
        head = all(_close_enough(w, g) for w, g in zip(want["tuple"][:3], got["tuple"][:3]))
        return head and all(w["shape"] == g["shape"] and w["dtype"] == g["dtype"]
                            for w, g in zip(want["tuple"][3:], got["tuple"][3:]))
    if "value" not in want or "value" not in got or want["dtype"] != got["dtype"]:
        return False
    if want["dtype"] == "object":  # None: Print, the summaries
        return want["value"] is None and got["value"] is None
    return want["shape"] == got["shape"] and onp.allclose(
        onp.array(want["value"], float), onp.array(got["value"], float), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fractional_pools_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, _close_enough, library=list_ratios(ops))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", [c for c in CASES if c["op"] == "LSTM" and c["init"][3]
                                  and "gradient" in c and c["args"][0]["dtype"] == "float32"])
def test_lstm_gradients_agree_on_the_weights_mindspore_reads(case):
    want = [onp.array(g["value"]) for g in case["gradient"]["tuple"]]
    got = run_case(dict(case, init=case["init"]), ms, ops, _grad_fn)["gradient"]["tuple"]
    got = [onp.array(g["value"]) for g in got]
    assert got[3].size > want[3].size
    got[3] = got[3].reshape(-1)[:want[3].size].reshape(want[3].shape)
    for w, g in zip(want, got):
        assert onp.allclose(w, g, rtol=1e-4, atol=1e-5)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
