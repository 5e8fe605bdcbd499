"""Replay real MindSpore 2.10's answers for the CTC ops (``tests/oracle/ops_ctc_fixture.json``,
written by ``make_ops_ctc_fixture.py``) on ``ops``: values, dtypes, shapes, raise or not
(TypeError/ValueError by class) and gradients, as ``test_cell_oracle_ops.py`` does."""
import json
import os
import sys

import numpy as onp
import pytest

from test_cell_oracle_ops import accepted_by, compare, replay_problems, unused_reasons

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)

with open(os.path.join(HERE, "ops_ctc_fixture.json")) as f:
    CASES = json.load(f)["cases"]


def _zero_infinity(case):
    flag = case["args"][6:7] or case.get("init", [])[2:3]
    return flag == [True] and case["op"] in ("ctc_loss", "CTCLossV2")


def _log_probs_gradient(case):
    return case["op"] in ("ctc_loss", "CTCLossV2") and "gradient" in case


def _short_sequence(case):
    return case["op"] == "CTCLoss" and "tuple" in case["out"] and \
        min(case["args"][3]["t"]) < case["args"][0]["shape"][0]


# (reason, applies to the output or the gradient, predicate on the case)
ACCEPTED = [
    ("MindSpore 2.10 ignores zero_infinity in the loss (an impossible sample stays inf) but "
     "zeros its gradient; ours zeros both, as its docs say", "out", _zero_infinity),
    ("MindSpore's ctc_loss gradient is PyTorch's softmax(log_probs) - posterior, right only "
     "through a log_softmax; ours is the exact -posterior: test_ctc_gradient_differs_by_softmax "
     "checks the difference is that softmax term", "gradient", _log_probs_gradient),
    ("MindSpore 2.10's CPU CTCLoss gives a non-finite loss for a sample that "
     "ignore_longer_outputs_than_inputs skips; ours gives 0, as TensorFlow does", "out",
     lambda c: c["op"] == "CTCLoss" and c.get("init", [])[2:] == [True]),
]
ACCEPTED.append(
    ("MindSpore 2.10's CPU CTCLoss writes 1.0 into its gradient past a sample's "
     "sequence_length (frames the loss never reads); ours writes 0: the output is compared "
     "on the frames before it by _short_sequences_agree", "gradient", _short_sequence))
accepted = accepted_by(ACCEPTED)


def _short_sequences_agree(case):
    """CTCLoss's outputs agree once the frames past each sequence_length are left out."""
    def agree(want, got):
        if "tuple" not in want or "tuple" not in got:
            return False
        live = onp.arange(case["args"][0]["shape"][0])[:, None] < \
            onp.asarray(case["args"][3]["t"])[None, :]
        theirs, ours = (onp.asarray(o["tuple"][1]["value"]) for o in (want, got))
        return not compare(want["tuple"][0], got["tuple"][0], "out[0]") and onp.allclose(
            theirs[live], ours[live], atol=1e-4)
    return agree


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['op']}" for i, c in enumerate(CASES)])
def test_ctc_agrees_with_mindspore(case):
    agree = _short_sequences_agree(case) if _short_sequence(case) else \
        (lambda want, got: False)
    problems = replay_problems(case, accepted, agree)
    assert not problems, "\n".join(problems)


GRADIENT_CASES = [c for c in CASES if _log_probs_gradient(c) and "value" in c["gradient"]]


@pytest.mark.parametrize("case", GRADIENT_CASES,
                         ids=[f"{i}-{c['op']}" for i, c in enumerate(GRADIENT_CASES)])
def test_ctc_gradient_differs_by_softmax(case):
    """MindSpore's gradient minus ours is, frame by frame, a multiple of softmax(log_probs)
    (the part a log_softmax before the loss removes); NaNs sit in the same places."""
    import minpy_compat as ms
    from minpy_compat import ops
    from oracle_io import decode, make_op
    tensors = []
    args = [decode(a, ms, tensors) for a in case["args"]]
    kwargs = {k: decode(v, ms, []) for k, v in case["kwargs"].items()}
    op = make_op(case, ops, ms)
    ours = onp.asarray(ops.grad(lambda x: op(x, *args[1:], **kwargs)[0])(args[0]))
    theirs = onp.asarray(case["gradient"]["value"], ours.dtype)
    finite = onp.asarray(case["gradient"]["finite"])
    assert (onp.isfinite(ours) == finite).all()
    soft = onp.exp(onp.asarray(args[0]))
    extra = onp.where(finite, theirs - ours, 0.0)
    scale = extra.sum(-1, keepdims=True) / soft.sum(-1, keepdims=True)
    tol = 1e-4 if ours.dtype == onp.float32 else 1e-8
    assert onp.allclose(extra, scale * soft, atol=tol)


def test_accepted_differences_are_all_used():
    assert not unused_reasons(CASES, ACCEPTED, accepted)
