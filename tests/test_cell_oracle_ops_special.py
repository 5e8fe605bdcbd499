"""Replay real MindSpore 2.10's answers for the special functions
(``tests/oracle/ops_special_fixture.json``, written by ``make_ops_special_fixture.py``) on
``minpy_compat``: values, dtypes, shapes, raise or not (same error class), gradients; and
check our float64 kernels against the SciPy values recorded beside them.
"""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import nn, ops
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))
sys.path.insert(0, HERE)

from ops_special_cases import special_library  # noqa: E402

with open(os.path.join(HERE, "oracle", "ops_special_fixture.json")) as f:
    FIXTURE = json.load(f)
CASES = FIXTURE["cases"]
LIBRARY = special_library(ops, nn)


def _has(case, value):
    return any(isinstance(a, dict) and value in onp.ravel(onp.asarray(a.get("t", []), float))
               for a in case["args"])


def _shape(case):
    arg = case["args"][0]
    return arg.get("shape") if isinstance(arg, dict) else None


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's Betainc and Zeta give 0 as the gradient for a, b and for s (the kernel "
     "has none) and NaN for Betainc's x-gradient at some points; ours the real partial "
     "derivatives", "gradient", lambda c: c["op"] in ("Betainc", "Zeta", "zeta")),
    ("MindSpore's LBeta has a NaN gradient everywhere; ours is digamma(x) - digamma(x+y)",
     "gradient", lambda c: c["op"] == "LBeta"),
    ("MindSpore's nn.LGamma/DiGamma/IGamma use their own approximations: LGamma(nan) is "
     "inf, DiGamma(-0.0) -inf, IGamma(1, inf) NaN; ours the ops' values (NaN, +inf, 1)",
     "out", lambda c: c["op"] in ("LGamma", "DiGamma", "IGamma") and _has(c, float("inf"))),
    ("MindSpore's Digamma refuses an empty Tensor (ValueError); ours returns an empty one",
     "out", lambda c: c["op"] == "digamma" and _shape(c) == [0, 2]),
    ("MindSpore's igammac(a, inf) is NaN; ours the limit 0 (as igamma(a, inf) is 1)",
     "out", lambda c: c["op"] == "igammac" and _has(c, float("inf"))),
    ("MindSpore's polygamma(n >= 1, +-inf) is NaN / +inf; ours the limits 0 / NaN",
     "out", lambda c: c["op"] == "polygamma" and _has(c, float("inf"))),
]
accepted = accepted_by(ACCEPTED)


def _close_enough(want, got):
    """MindSpore computes float64 digamma/polygamma and the float16 ops in float32 (or a
    float16 table): agree to that precision."""
    if "value" not in want or "value" not in got or want["dtype"] != got["dtype"]:
        return False
    tol = {"float16": 2e-3, "float64": 2e-6}.get(want["dtype"], 1e-4)
    w, g = onp.array(want["value"], float), onp.array(got["value"], float)
    return want["finite"] == got["finite"] and want["shape"] == got["shape"] and \
        onp.allclose(w, g, rtol=tol, atol=tol)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_special_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted, _close_enough, library=LIBRARY)
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)


def _reference_fn(name):
    from minpy_compat.ops import fn_special as S
    from minpy_compat.ops import fn_special_kernels as K
    from minpy_compat.ops import fn_special_bessel_kernels as B
    bessel = {"j0": (B.bessel_jy, 0), "j1": (B.bessel_jy, 1), "y0": (B.bessel_jy, 2),
              "y1": (B.bessel_jy, 3), "i0": (B.bessel_i, 0), "i1": (B.bessel_i, 1),
              "i0e": (B.bessel_i_scaled, 0), "i1e": (B.bessel_i_scaled, 1),
              "k0": (B.bessel_k, 0), "k1": (B.bessel_k, 1), "k0e": (B.bessel_k_scaled, 0),
              "k1e": (B.bessel_k_scaled, 1)}
    if name.startswith("bessel_"):
        kernel, index = bessel[name[len("bessel_"):]]
        return lambda x: kernel(x)[index]
    return {"lgamma": K.lgamma, "digamma": K.digamma, "zeta": K.zeta, "betainc": K.betainc,
            "polygamma3": lambda x: S.polygamma_values(3, x),
            "igamma": lambda a, x: K.igamma_pair(a, x)[0],
            "igammac": lambda a, x: K.igamma_pair(a, x)[1]}[name]


@pytest.mark.parametrize("name", sorted(FIXTURE["references"]))
def test_kernels_match_scipy_to_1e_11(name):
    """Relative error (absolute below 1) against SciPy's float64 values."""
    record = FIXTURE["references"][name]
    got = _reference_fn(name)(*[onp.array(a) for a in record["args"]])
    want = onp.array(record["value"])
    error = onp.abs(got - want) / onp.maximum(1.0, onp.abs(want))
    assert error.max() < 1e-11, (name, float(error.max()))
