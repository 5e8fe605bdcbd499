"""Replay real MindSpore 2.10's answers for area fn_lin's function ops (linear algebra,
FFT, windows, math; ``tests/oracle/ops_fn_lin_fixture.json``, written by
``make_ops_fn_lin_fixture.py``): values, dtypes, shapes, raise or not (TypeError/ValueError
by class) and gradients. Complex values travel as (real, imag) pairs (``RealView``)."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

from ops_fn_lin_cases import RealView  # noqa: E402

with open(os.path.join(HERE, "ops_fn_lin_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _ms_raised(case, name):
    return case["out"].get("error") == name


# (reason, applies to the output or the gradient, predicate on the case)
NO_BPROP = ("qr", "cholesky", "lstsq", "lu_solve")
NO_CPU_KERNEL = ("matrix_exp", "quantile", "nanquantile", "fmin")
ACCEPTED = [
    ("singular vectors and eigenvectors are defined up to sign (phase); LAPACK builds pick "
     "differently", "out", lambda c: c["op"] in ("svd", "eig") and "tuple" in c["out"]),
    ("MindSpore 2.10 defines no bprop for Qr, Cholesky, Lstsq or LuSolve; ours "
     "differentiates through autograd's table", "gradient", lambda c: c["op"] in NO_BPROP),
    ("MindSpore 2.10's CPU build raises RuntimeError (no kernel) for MatrixExp, Quantile and "
     "Fmin; ours computes them", "out",
     lambda c: c["op"] in NO_CPU_KERNEL and _ms_raised(c, "RuntimeError")),
    ("MindSpore's CholeskyInverse bprop is wrong for upper=False (ours matches finite "
     "differences, tests/test_ops_fn_linalg.py)", "gradient",
     lambda c: c["op"] == "cholesky_inverse" and c["args"][1:] == []),
    ("MindSpore's CholeskySolve bprop gives input2's unread triangle a gradient; the output "
     "does not depend on it (ours: 0)", "gradient", lambda c: c["op"] == "cholesky_solve"),
    ("MindSpore's MatrixSolve bprop returns float32 gradients for float64 inputs", "gradient",
     lambda c: c["op"] == "matrix_solve" and c["args"][0]["dtype"] == "float64"),
    ("MindSpore's matrix_norm(ord='nuc') answers a float64 input in float32", "out",
     lambda c: c["op"] == "matrix_norm" and c["args"][1:] == ["nuc"]),
    ("MindSpore's ops.t returns a 3-D input unchanged (its doc: 1-D or 2-D only); ours "
     "raises naming the op", "out", lambda c: c["op"] == "t" and len(c["args"][0]["shape"]) > 2),
    ("MindSpore's ihfft bprop gives the imaginary part's gradient the wrong sign (ours "
     "matches finite differences, tests/test_ops_fn_fft.py)", "gradient",
     lambda c: c["op"] == "ihfft"),
    ("MindSpore's LogSpace kernel keeps about 4 significant digits in float64", "out",
     lambda c: c["op"] == "logspace" and c["kwargs"].get("dtype") == {"mstype": "float64"}),
    ("MindSpore's LpNorm bprop refuses float64 (renorm's gradient)", "gradient",
     lambda c: c["op"] == "renorm" and c["args"][0]["dtype"] == "float64"),
    ("MindSpore's clip_by_norm(norm_type=1.0) returns neither x nor x / |x|_1 (sign and "
     "scale wrong); ours scales by max_norm / |x|_1", "out",
     lambda c: c["op"] == "clip_by_norm" and c["args"][2:] == [1.0]),
]
accepted = accepted_by(ACCEPTED)


def replay(case):
    return replay_problems(case, accepted, library=RealView(ms, ops))


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_fn_lin_ops_agree_with_mindspore(case):
    problems = replay(case)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
