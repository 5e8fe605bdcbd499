"""Replay real MindSpore 2.10's answers (``tests/oracle/ops_fixture.json``) on ``ops``.

``tests/oracle/make_ops_fixture.py`` ran every case through MindSpore (CPU, PyNative)
and recorded the value, dtype and shape, the exception type if it raised, and the
gradient for float inputs. Each case here runs the same call on minpy_compat and must
agree, except for the short list of accepted differences below.
"""
import glob
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from oracle_io import run_case  # noqa: E402

with open(os.path.join(HERE, "ops_fixture.json")) as f:
    FIXTURE = json.load(f)
CASES = FIXTURE["cases"]


def _shape(case, i=0):
    arg = case["args"][i]
    return arg.get("shape") if isinstance(arg, dict) else None


def _dtype(case, i=0):
    arg = case["args"][i]
    return arg.get("dtype") if isinstance(arg, dict) else None


def _has_empty(case):
    return any(isinstance(a, dict) and 0 in a.get("shape", [1]) for a in case["args"])


def ms_error(case, *words, kind=None):
    """Whether MindSpore's recorded error (``case["out"]``) holds any of ``words`` in its
    message (with no ``words``: whether it raised at all) and, when ``kind`` is given, is of
    that class (the replays' accepted-difference predicates share it)."""
    out = case["out"]
    if kind is not None and out.get("error") != kind:
        return False
    return any(word in out.get("message", "") for word in words) if words else "error" in out


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore's CPU kernels lack this dtype (other devices have it); ours computes",
     "out", lambda c: ms_error(c, "Select CPU operator")),
    ("a MindSpore CPU kernel failure (RuntimeError) on size-0 or 0-d input; ours computes",
     "out", lambda c: c["out"].get("error") == "RuntimeError"),
    ("MindSpore's ops.reduce_sum is a ReduceSum() instance; ours also takes axis=None and "
     "keep_dims=", "out", lambda c: c["op"] == "reduce_sum" and c["out"].get("error")),
    ("MindSpore 2.10's SeLU gradient is wrong below 0 (finite differences agree with ours)",
     "gradient", lambda c: c["op"] in ("selu", "SeLU")),
    ("MindSpore 2.10's ReduceProd() with no axis has gradient ones (a bug)",
     "gradient", lambda c: c["op"] == "ReduceProd" and len(c["args"]) == 1),
    ("MindSpore truncates int SeLU/HSigmoid/HSwish results to Int32; ours gives Float32",
     "out", lambda c: c["op"] in ("selu", "SeLU", "hardsigmoid", "HSigmoid", "hardswish",
                                  "HSwish") and _dtype(c) == "int32"),
    ("MindSpore's ReLU6 refuses Float64; ours takes it (float64 finite-difference checks)",
     "out", lambda c: c["op"] in ("relu6", "ReLU6") and _dtype(c) == "float64"),
    ("MindSpore's Exp takes Int64 and Bool but not Int32; ours gives Float32 for all ints",
     "out", lambda c: c["op"] in ("exp", "Exp") and _dtype(c) == "int32"),
    ("MindSpore's CPU Elu supports only alpha=1.0; ours takes any alpha",
     "out", lambda c: ms_error(c, "alpha must be 1.0")),
    ("on size-0 input MindSpore's reductions return uninitialised memory or refuse; ours "
     "gives NumPy's empty-reduction values, or a clear error for max/min",
     "both", lambda c: _has_empty(c)),
    ("MindSpore's Softmax refuses a 0-d input (no axis -1); ours gives 1.0, which "
     "tests/test_cell_ops.py's scalar finite-difference case relies on",
     "out", lambda c: ms_error(c, "the axis must be in [0,0)")),
    ("MindSpore's prod refuses keep_dims=True with axis=None; ours keeps the dims",
     "out", lambda c: ms_error(c, "keep_dims can only set to false")),
    ("MindSpore's ops.full infers Int64 from a float or bool fill value (a bug); ours keeps "
     "the value's type", "out", lambda c: c["op"] == "full" and "dtype" not in c["kwargs"]),
]


def accepted_by(differences):
    """``accepted(case, part)``: the reason in ``differences`` ((reason, part, predicate)
    rows; part 'out', 'gradient' or 'both') that covers ``case``'s ``part``, or None."""
    def accepted(case, part):
        return next((reason for reason, where, applies in differences
                     if where in (part, "both") and applies(case)), None)
    return accepted


accepted = accepted_by(ACCEPTED)


def _grad_fn(fn, positions):
    return ops.grad(fn, grad_position=positions)


def _values(outcome):
    kind = bool if outcome["dtype"] == "bool" else float
    return onp.array(outcome["value"], dtype=kind).astype(float)


def compare(want, got, where):
    """Problems (strings) where ``got`` (ours) differs from ``want`` (MindSpore's)."""
    if "error" in want:
        if "error" in got:
            return []
        return [f"{where}: MindSpore raised {want['error']} ({want['message'][:120]}), ours not"]
    if "error" in got:
        return [f"{where}: ours raised {got['error']}: {got['message'][:200]}"]
    if "tuple" in want or "tuple" in got:
        if len(want.get("tuple", ())) != len(got.get("tuple", ())):
            return [f"{where}: expected {want}, got {got}"[:300]]
        return sum((compare(w, g, f"{where}[{i}]")
                    for i, (w, g) in enumerate(zip(want["tuple"], got["tuple"]))), [])
    if "py" in want or "py" in got:
        return [] if want.get("py") == got.get("py") else [f"{where}: {want} vs {got}"]
    if want["dtype"] != got["dtype"] or want["shape"] != got["shape"]:
        return [f"{where}: expected {want['dtype']}{want['shape']}, "
                f"got {got['dtype']}{got['shape']}"]
    tol = 1e-5 if want["dtype"] == "float64" else 1e-4  # MindSpore: float64 softplus ~1e-6
    if onp.asarray(want["finite"]).tolist() != onp.asarray(got["finite"]).tolist() or \
            not onp.allclose(_values(want), _values(got), rtol=tol, atol=tol):
        return [f"{where}: values {want['value']} vs {got['value']}"[:400]]
    return []


def _error_class(want, got):
    """MindSpore's TypeError/ValueError must be ours too, worded by minpy_compat."""
    if want.get("error") not in ("TypeError", "ValueError"):
        return []
    if want["error"] in got["bases"] and "MinpyError" in got["bases"]:
        return []
    return [f"out: MindSpore raised {want['error']}, ours {got['error']}: {got['message']}"[:300]]


def replay_problems(case, accepted, close_enough=lambda want, got: False, library=ops):
    """How our answer to a recorded ``case`` differs from MindSpore's (empty: it agrees),
    leaving out what ``accepted`` covers; ``close_enough(want, got)`` may accept an output
    a looser test finds equal; ``library`` stands for ``ops`` (Tensor methods, ``mint``)."""
    got = run_case(case, ms, library, _grad_fn)
    skip_out = accepted(case, "out") or close_enough(case["out"], got["out"])
    problems = [] if skip_out else compare(case["out"], got["out"], "out")
    if "error" in got["out"] and not problems and not accepted(case, "out"):
        problems = _error_class(case["out"], got["out"])
    if "gradient" in case and "error" not in got["out"] and not accepted(case, "gradient"):
        problems += compare(case["gradient"], got.get("gradient", {"error": "none"}),
                            "gradient")
    return problems


def unused_reasons(cases, differences, accepted):
    """The reasons in ``differences`` that no case needs (each must still be needed)."""
    used = {reason for case in cases for part in ("out", "gradient")
            for reason in [accepted(case, part)] if reason}
    return {reason for reason, _, _ in differences} - used


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_ops_agree_with_mindspore(case):
    problems = replay_problems(case, accepted)
    assert not problems, "\n".join(problems)


def test_fixture_covers_every_shared_op():
    """Every ops name MindSpore 2.10 also has is replayed, except the ones a fixed input
    cannot pin down (random, in-place, hooks, grad transforms, Custom)."""
    untested = {"Assign", "assign", "Custom", "custom_info_register", "CustomRegOp",
                "DataType", "dropout", "Dropout", "Dropout2D", "grad", "GradOperation",
                "HookBackward", "InsertGradientOf", "Primitive", "value_and_grad",
                "clip_by_global_norm",
                # no MindSpore 2.10 CPU kernel: checked in tests/test_nn_opt2_reference.py
                "multilabel_margin_loss", "soft_margin_loss", "triplet_margin_loss",
                # the functional transforms: replayed in tests/test_cell_transforms*.py
                "jacfwd", "jacrev", "jvp", "vjp", "vmap",
                # the custom-primitive idiom and the dtype readers (they answer a dtype, not a
                # Tensor): replayed in tests/test_prim_registration_oracle.py
                "DType", "PrimitiveWithCheck", "PrimitiveWithInfer", "Tensor", "constexpr",
                "dtype", "prim_arg_register", "prim_attr_register"}
    covered = {c["op"] for c in CASES}
    for path in glob.glob(os.path.join(HERE, "ops_*_fixture.json")):  # other areas' replays
        with open(path) as f:
            covered |= {c["op"] for c in json.load(f)["cases"]}
    missing = set(ops.__all__) - covered - untested - set(FIXTURE["not_in_mindspore"])
    assert not missing, sorted(missing)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
