"""Replay real MindSpore 2.10's answers for area random17's random and sampling ops
(``tests/oracle/ops_random17_fixture.json``, written by ``make_ops_random17_fixture.py``):
errors by class, deterministic outputs (empty choices, the samplers' expected counts
without ``unique``, ``SampledSoftmaxLoss`` with a fixed sample) by value and gradient,
random draws by dtype and shape."""
import json
import os
import sys

import pytest

import minpy_compat as ms
from minpy_compat import ops
from test_cell_oracle_ops import accepted_by, compare, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

from ops_random17_cases import view  # noqa: E402

with open(os.path.join(HERE, "ops_random17_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's SampledSoftmaxLoss ignores remove_accidental_hits with a fixed "
     "sample (sampled class 2 is row 1's label); ours leaves the hit out as documented",
     "both", lambda c: c["op"] == "SampledSoftmaxLoss"
     and c["kwargs"].get("remove_accidental_hits", True)
     and "[1, 2, 4]" in str(c["kwargs"].get("sampled_values"))),
    ("MindSpore 2.10's SampledSoftmaxLoss never applies its reduction (a bug); ours does",
     "out", lambda c: c["op"] == "SampledSoftmaxLoss" and c["kwargs"].get("reduction")
     in ("mean", "sum")),
]
accepted = accepted_by(ACCEPTED)
LIBRARY = view(ms, ops)


def _same_kind(want, got):
    if "tuple" in want or "tuple" in got:
        return len(want.get("tuple", ())) == len(got.get("tuple", ())) and all(
            _same_kind(w, g) for w, g in zip(want["tuple"], got["tuple"]))
    return "error" not in want and all(want.get(k) == got.get(k) for k in ("dtype", "shape"))


def _counts(want, got):
    """A sampler's ids and their expected counts agree by kind (they follow the draws),
    the true classes' expected counts by value."""
    return "tuple" in want and "tuple" in got and _same_kind(want, got) and not compare(
        want["tuple"][1], got["tuple"][1], "out")


CLOSE = {"kind": _same_kind, "counts": _counts, "exact": lambda want, got: False}


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_random17_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, CLOSE[case["check"]], library=LIBRARY)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", [c for c in CASES if c["out"].get("error") == "RuntimeError"],
                         ids=lambda c: c["op"])
def test_kernel_errors_are_runtime_errors_here_too(case):
    from oracle_io import run_case
    got = run_case(case, ms, LIBRARY, None)["out"]
    assert "RuntimeError" in got.get("bases", ()) and "MinpyError" in got["bases"], got


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
