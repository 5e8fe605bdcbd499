"""Replay real MindSpore 2.10's answers for the sparse tensors and sparse ops
(``tests/oracle/ops_sparse_fixture.json``, written by ``make_ops_sparse_fixture.py``)
through ``SparseView``: values, dtypes, shapes, raise or not (TypeError/ValueError by
class) and gradients, as ``test_cell_oracle_ops.py`` does."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, ms_error, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from ops_sparse_cases import SparseView  # noqa: E402

with open(os.path.join(HERE, "ops_sparse_fixture.json")) as f:
    CASES = json.load(f)["cases"]

VIEW = SparseView(ms, ops)


def _akg(case):
    return ms_error(case, "Response is empty", "before Open()")


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's CPU build compiles this op with AKG, which fails in the oracle's "
     "environment (RuntimeError); ours computes, checked against dense NumPy in "
     "tests/test_sparse_tensors*.py", "both", _akg),
    ("MindSpore 2.10 defines no gradient for SparseMatrixAdd, SparseMatrixSoftmax or "
     "SparseConcat; ours differentiates (finite-difference checked in "
     "tests/test_sparse_tensors.py)", "gradient", lambda c: ms_error(
         {"out": c.get("gradient", {})}, "bprop not defined")),
    ("MindSpore's SparseAdd gradient walks x2's indices as if sorted, so an unsorted x2 "
     "loses the gradient of a value that reached the sum; ours follows each sum to its "
     "sources (sorted inputs agree: the coo_add cases)", "gradient",
     lambda c: c["op"] == "COOTensor.add"),
    ("MindSpore 2.10's CPU SparseTensorDenseMatmul does not check the dense rows against "
     "the sparse shape; ours refuses the mismatch", "out",
     lambda c: c["op"] == "SparseTensorDenseMatmul" and c["args"][3]["shape"] == [5, 2]),
    ("MindSpore's SparseToDense gradient also gives a repeated index's overwritten value "
     "the output's gradient, though it never reaches the output; ours gives it 0, as finite "
     "differences do", "gradient", lambda c: c["op"] == "SparseToDense"),
]
accepted = accepted_by(ACCEPTED)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_sparse_agrees_with_mindspore(case):
    problems = replay_problems(case, accepted, library=VIEW)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
