"""Replay real MindSpore 2.10's answers to the fuzz cases of ``ms.mint``,
``mint.nn.functional`` and the Tensor methods (``tests/oracle/fuzzmint_fixture.json``,
written by ``make_fuzzmint_fixture.py`` from ``fuzzmint_cases*.py``): every dtype, 0-d and
empty inputs, dims in and out of range, keepdim both ways, broadcasting, Python scalars,
non-contiguous inputs and bad arguments. Values, dtypes, shapes, exception classes and
gradients must agree; the differences we keep are listed below, each with its reason."""
import json
import os
import sys

import numpy as onp
import pytest

from minpy_compat import mint
from test_cell_oracle_ops import accepted_by, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from fuzzmint_cases import FuzzView  # noqa: E402

with open(os.path.join(HERE, "fuzzmint_fixture.json")) as f:
    CASES = json.load(f)["cases"]

NO_KERNEL = ("unregistered", "KernelMod Init Failed", "Select CPU operator", "Unsupported "
             "data type", "must be a type of", "supports type", "support type", "Reduce does "
             "not support", "bprop not defined", "is not supported zero size",
             "the type of input must be in", "unexpected kernel", "do not support",
             "input type must be same", "'input' and 'exponent'",
             "unsupported reduce operation")


def _error(c, part="out"):
    return c.get(part, {}).get("error")


def _message(c, part="out"):
    return c.get(part, {}).get("message", "")


def _op(c, *names):
    return c["op"] in names


def _dtype(c, i=0):
    arg = c["args"][i] if len(c["args"]) > i else None
    return arg.get("dtype") if isinstance(arg, dict) else None


def _empty(c):
    return any(isinstance(a, dict) and 0 in a.get("shape", [1]) for a in c["args"])


def _method(c, *names):
    return c["op"].startswith("method:") and c["op"][len("method:"):] in names


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10's CPU build has no kernel, or no kernel for this dtype (Bool, Int8, "
     "Int16, UInt8, Float16 ...), for many mint functions; ours computes", "out",
     lambda c: _error(c) in ("RuntimeError", "TypeError") and any(
         w in _message(c) for w in NO_KERNEL)),
    ("MindSpore 2.10 raises a RuntimeError with no message (or a null pointer) on CPU for "
     "some reductions and shapes; ours computes", "out",
     lambda c: _error(c) == "RuntimeError" and (
         _message(c) == "" or "null" in _message(c) or "dimension of output" in _message(c))),
    ("MindSpore 2.10 fails in the backward pass on CPU (no bprop or kernel); ours matches "
     "finite differences", "gradient", lambda c: _error(c, "gradient") == "RuntimeError"),
    ("float16: MindSpore computes sigmoid, silu, hardswish, glu, expm1, log1p and the BCE "
     "losses in float16 steps; ours in float32 then rounds (1 ulp apart)", "out",
     lambda c: _dtype(c) == "float16" and "error" not in c["out"]),
    ("a Python signature TypeError on both sides (std/var's keepdim is keyword-only, "
     "logsumexp needs dim, Tensor.count_nonzero takes no dim=)", "out",
     lambda c: _error(c) == "TypeError" and (
         _op(c, "logsumexp") or _method(c, "count_nonzero", "std")
         or "positional" in _message(c) or "Failed calling" in _message(c))),
    ("MindSpore's CPU kernels reduce an empty axis to uninitialised memory (prod, amax, "
     "amin), True (any) or 1.0 (binary_cross_entropy's mean); ours: 1, an error naming "
     "the op, False and NaN-free 0", "out", lambda c: _empty(c) and _op(
         c, "prod", "amax", "amin", "any", "nn.functional.binary_cross_entropy")),
    ("MindSpore's CPU binary_cross_entropy applies a broadcast weight to the first row "
     "only (the other rows get 0 loss and 0 gradient); ours broadcasts it", "both",
     lambda c: _op(c, "nn.functional.binary_cross_entropy") and "weight" in c["kwargs"]),
    ("MindSpore's sinc of a Bool input gives sinc(False) = 0 (it is 1); ours is NumPy's",
     "out", lambda c: _op(c, "sinc") and _dtype(c) == "bool"),
    ("fmod, remainder and floor_divide of two Bool operands: MindSpore answers Bool, ours "
     "NumPy's Int8 (a corner no network meets)", "out",
     lambda c: _op(c, "fmod", "remainder", "floor_divide") and _dtype(c) == "bool"),
    ("MindSpore's BinaryCrossEntropy refuses float64 inputs; ours computes in float64",
     "out", lambda c: _op(c, "nn.functional.binary_cross_entropy") and _dtype(c) == "float64"),
    ("mint.any takes a tuple dim in ours (as mint.all, mint.sum and torch.any do); "
     "MindSpore 2.10's refuses it", "out",
     lambda c: _op(c, "any") and isinstance(c["args"][1:2] and c["args"][1], list)),
    ("Tensor.logical_xor takes a Python number as other in ours (as ops.logical_xor "
     "does); MindSpore's method wants a Tensor", "out",
     lambda c: _method(c, "logical_xor") and not isinstance(c["args"][1], dict)),
    ("Tensor.sum/mean/prod/all/any/argmax/argmin/max/min/std/var/transpose stay NumPy's "
     "ndarray methods (MinPy's drop-in array): MindSpore's (dim, keepdim) positional "
     "overloads, its tuple-returning max/min and its dtypes are not taken", "out",
     lambda c: _method(c, "sum", "mean", "prod", "all", "any", "argmax", "argmin", "max",
                       "min", "std", "var", "transpose")),
]
accepted = accepted_by(ACCEPTED)


def _float16_close(want, got):
    """float16 answers within 2 float16 ulps (MindSpore rounds in float16 steps)."""
    if want.get("dtype") != "float16" or got.get("dtype") != "float16" \
            or want.get("shape") != got.get("shape"):
        return False
    return onp.allclose(onp.array(want["value"], float), onp.array(got["value"], float),
                        rtol=2e-3, atol=1e-3)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_mint_fuzz_agrees_with_mindspore(case):
    problems = replay_problems(case, accepted, _float16_close, library=FuzzView(mint))
    assert not problems, "\n".join(problems)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
