"""Replay real MindSpore 2.10's answers to Tensor-method calls
(``tests/oracle/tensor_methods_fixture.json``, written by
``make_tensor_methods_fixture.py``) on our ``Tensor``: ``getattr(x, name)(*args)`` must
give the same values, dtypes and shapes, raise (TypeError/ValueError by class) where it
raised, and give the same gradients. The differences we keep are listed below."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons, ms_error as _ms_error

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from tensor_methods_cases import METHODS  # noqa: E402

with open(os.path.join(HERE, "tensor_methods_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _op(c, *names):
    return c["op"] in names


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("a MindSpore 2.10 CPU kernel is missing or fails (RuntimeError: fmin, BitwiseNot, "
     "AddcdivExt, Roll, quantile); ours computes", "out",
     lambda c: c["out"].get("error") == "RuntimeError" and not _op(c, "diff")),
    ("MindSpore's CPU diff takes only n=1 (RuntimeError); ours any n, as ops.diff",
     "out", lambda c: _op(c, "diff") and c["out"].get("error") == "RuntimeError"),
    ("MindSpore has no gradient for cholesky, fill_diagonal or select(dim, index) "
     "(RuntimeError); ours is the tracer's", "gradient",
     lambda c: c.get("gradient", {}).get("error") == "RuntimeError"),
    ("MindSpore's InplaceUpdate gradient is zeros (no bprop); ours passes it through the "
     "rows kept and the rows written", "gradient", lambda c: _op(c, "inplace_update")),
    ("MindSpore's CPU signbit reads -0.0 as positive; ours is NumPy's (True)", "out",
     lambda c: _op(c, "signbit")),
    ("MindSpore 2.10's Tensor.eigvals() is broken (TypeError: missing 'A'); ours is "
     "ops.eigvals(x)", "out", lambda c: _op(c, "eigvals")),
    ("MindSpore's CholeskyInverse gradient disagrees with finite differences; ours "
     "agrees", "gradient", lambda c: _op(c, "cholesky_inverse")),
    ("MindSpore's cholesky_solve gradient reaches the factor's upper triangle, which the "
     "solve never reads; ours gives it 0", "gradient", lambda c: _op(c, "cholesky_solve")),
    ("an unknown keyword (logsumexp(axis=)): Python's own TypeError on both sides", "out",
     lambda c: _op(c, "logsumexp") and "axis" in c["kwargs"]),
]
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_tensor_methods_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, library=METHODS)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
