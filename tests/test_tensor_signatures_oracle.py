"""Replay real MindSpore 2.10's answers to its spellings of the reduction methods
(``tests/oracle/tensor_signatures_fixture.json``, written by
``make_tensor_signatures_fixture.py``) on our ``Tensor``: the same values, dtypes and
shapes, the same error class where MindSpore raised. The differences we keep are below;
each must still be needed."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from make_tensor_signatures_fixture import run  # noqa: E402

with open(os.path.join(HERE, "tensor_signatures_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _is(case, inp, method, args=None, kwargs=None):
    got = case["case"]  # json.dumps: True is not 1 here
    return got[0] in inp and got[1] == method and \
        (args is None or json.dumps(got[2]) == json.dumps(args)) and \
        (kwargs is None or got[3] == kwargs)


# (reason, predicate on a recorded case)
ACCEPTED = [
    ("MindSpore 2.10's sum and prod refuse keep_dims= next to axis= (their overloads pair "
     "axis with keepdims and dim with keepdim); ours reads it, as its mean and all do",
     lambda c: c["case"][3].get("keep_dims") and c["case"][1] in ("sum", "prod")),
    ("MindSpore's argmin gives int32 (its argmax int64); ours NumPy's int64",
     lambda c: _is(c, "x", "argmin")),
    ("MindSpore's mean of an int Tensor truncates to its dtype; ours is NumPy's float64",
     lambda c: _is(c, "i", "mean")),
    ("MindSpore's cumsum keeps int32; ours is NumPy's (int32 sums accumulate in int64)",
     lambda c: _is(c, "i", "cumsum")),
    ("x.max(1) / x.min(1): MindSpore gives (values, indices); ours keeps NumPy's values "
     "(README: differs on purpose); dim= or keepdim= gives the pair",
     lambda c: c["case"][1] in ("max", "min") and c["case"][2] == [1] and not c["case"][3]),
    ("unbiased= (older MindSpore's ops.std keyword): MindSpore 2.10's Tensor.std/var "
     "refuse it; ours reads it as ddof 1 or 0", lambda c: "unbiased" in c["case"][3]),
    ("x.std(1, True): MindSpore 2.10 refuses a bool ddof in std but reads it in var "
     "(ddof=1); ours reads it in both", lambda c: _is(c, "x", "std", [1, True])),
    ("MindSpore 2.10 has no CPU kernel for var(dim=...) (RuntimeError); ours computes",
     lambda c: c["out"].get("error") == "RuntimeError"),
    ("x.transpose(0, 1): MindSpore swaps two dims; ours keeps NumPy's axes permutation "
     "(README: differs on purpose)", lambda c: c["case"][1] == "transpose"),
]


def _accepted(case):
    return next((reason for reason, applies in ACCEPTED if applies(case)), None)


def _differences(want, got):
    if "error" in want or "error" in got:
        same = want.get("error") == got.get("error")
        return [] if same else [f"MindSpore: {want.get('error', 'ok')}, "
                                f"ours: {got.get('error', 'ok')} {got.get('message', '')}"]
    if "tuple" in want or "tuple" in got:
        if len(want.get("tuple", ())) != len(got.get("tuple", ())):
            return ["MindSpore and ours give different tuples (or one no tuple)"]
        return [p for w, g in zip(want["tuple"], got["tuple"]) for p in _differences(w, g)]
    problems = [f"{key}: MindSpore {want[key]}, ours {got[key]}"
                for key in ("dtype", "shape") if want[key] != got[key]]
    if not problems and not onp.allclose(onp.array(want["value"], float),
                                         onp.array(got["value"], float), rtol=1e-6):
        problems.append(f"values: MindSpore {want['value']}, ours {got['value']}")
    return problems


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['case'][1]}" for i, c in
                                             enumerate(CASES)])
def test_reduction_spellings_agree_with_mindspore(case):
    problems = _differences(case["out"], run(case["case"], ms))
    if _accepted(case):
        assert problems, f"no longer differs: {_accepted(case)}"
    else:
        assert not problems, "\n".join(problems)


def test_fixture_is_from_mindspore_2_10():
    with open(os.path.join(HERE, "tensor_signatures_fixture.json")) as f:
        assert json.load(f)["mindspore"].startswith("2.10")
