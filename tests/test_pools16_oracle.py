"""Pools with ``ceil_mode``, ``dilation`` and ``divisor_override``, and bicubic resizing,
against MindSpore 2.10: outputs (and indices) and input gradients recorded by
``tests/oracle_nn/make_pools16_fixture.py``."""
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import mint, nn, ops  # noqa: F401  (reached through ms)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import pools16_cases as cases  # noqa: E402

with open(os.path.join(HERE, "pools16_fixture.json")) as _file:
    FIXTURE = json.load(_file)["cases"]

# MindSpore 2.10 has no CPU kernel for these: each is checked against the case it equals.
SAME_AS = {
    "m_mp2_ceil_dil": "mp2_dil_ceil_idx", "m_ap2_ceil": "ap2_ceil_pad",
    "m_ap1_ceil": "ap1_ceil_pad", "m_ap3_ceil": "ap3_ceil_pad_nocount",
    "mc_mp2_dil": "mp2_dil3_ceil_idx", "mc_ap2_ceil": "ap2_ceil_pad_nocount",
}
# mint's bicubic is PyTorch's (a = -0.75, no 1/1024 rounding, edge taps kept), which
# MindSpore's CPU cannot run: checked against a pixel-by-pixel PyTorch-rule reference.
TORCH_RULE = {"bc_mint_fn": (7, 9), "bc_mint_fn_scale": (10, 9), "bc_mint_up": (8, 4)}
# MindSpore's CPU kernel fails (a oneDNN descriptor error) on valid-mode ceil windows of
# rank 2 and 3 (its 1-D pool runs them): ours runs them with the same rule as 'ap1_ceil'.
RUNS_HERE = {"ap2_ceil": (1, 2, 3, 3), "ap3_ceil": (1, 2, 3, 3, 3)}


def _ours(case):
    fn = cases.make_fn(ms, case)
    x = ms.Tensor(cases.inputs(case))
    out = fn(x)
    cot = cases.cotangent(onp.shape(cases.first(out)))
    grad = ms.grad(lambda x: (cases.first(fn(x)) * cot).sum())(x)
    return out, grad


def _check(ours, theirs, tol=2e-5):
    ours = ours.asnumpy() if hasattr(ours, "asnumpy") else onp.asarray(ours)
    assert list(ours.shape) == theirs["shape"]
    assert ours.dtype.name == theirs["dtype"]
    onp.testing.assert_allclose(ours, onp.array(theirs["value"]), rtol=tol, atol=tol)


@pytest.mark.parametrize("case", cases.CASES, ids=[c[0] for c in cases.CASES])
def test_matches_mindspore(case):
    theirs = FIXTURE[SAME_AS.get(case[0], case[0])]
    if case[0] in TORCH_RULE:
        out, grad = _ours(case)
        corners = bool((case[2] or case[3]).get("align_corners"))
        expected = cases.torch_bicubic(cases.inputs(case), TORCH_RULE[case[0]], corners)
        onp.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-5)
        return
    if case[0] in RUNS_HERE:
        out, grad = _ours(case)
        assert out.shape == RUNS_HERE[case[0]] and onp.isfinite(grad.asnumpy()).all()
        return
    if "error" in theirs:
        builtin = {"ValueError": ValueError, "TypeError": TypeError}[theirs["error"]]
        with pytest.raises(builtin, match=case[1].split(".")[-1] + "|interpolate"):
            _ours(case)
        return
    out, grad = _ours(case)
    expected = theirs["out"]
    wants_indices = (case[2] or case[3]).get("return_indices", False)
    if isinstance(expected, list) and not wants_indices:  # an equal case's values alone
        expected = expected[0]
    if isinstance(expected, list):  # (values, indices)
        assert isinstance(out, tuple) and len(out) == 2
        _check(out[0], expected[0])
        _check(out[1], expected[1])
    else:
        _check(out, expected)
    _check(grad, theirs["grad"])
