"""ops.ctc_loss and the CTC primitives: float64 finite-difference checks of the hand-written
alpha-beta gradient (repeated labels, blanks in targets, every reduction, varying lengths,
zero_infinity with an impossible sample), float32 kept, and errors naming op and argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

rng = onp.random.RandomState(3)
TARGETS = onp.array([[1, 1, 2], [2, 3, 0], [3, 0, 1]])
INPUTS, LENGTHS = onp.array([6, 5, 3]), onp.array([3, 2, 3])


def _log_probs(dtype=onp.float64):
    x = rng.normal(size=(6, 3, 4))
    return (x - onp.log(onp.exp(x).sum(-1, keepdims=True))).astype(dtype)


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
@pytest.mark.parametrize("zero_infinity", [False, True])
def test_ctc_loss_gradient_matches_finite_differences(reduction, zero_infinity):
    inputs = INPUTS if not zero_infinity else onp.array([6, 5, 2])  # sample 2: impossible

    def loss(x):
        return ops.ctc_loss(x, TARGETS, inputs, LENGTHS, 0, reduction, zero_infinity)[0]
    check_grads(loss, modes=["rev"], order=1)(_log_probs() + rng.normal(size=(6, 3, 4)) * 0.2)


def test_ctc_loss_other_blank_and_empty_target_gradient():
    check_grads(lambda x: ops.ctc_loss(x, TARGETS % 3, [6, 5, 4], onp.array([0, 2, 3]), 3,
                                       "sum")[0], modes=["rev"], order=1)(_log_probs())


@pytest.mark.parametrize("merge", [True, False])
def test_sparse_ctc_loss_gradient_output_is_its_derivative(merge):
    x = rng.normal(size=(5, 2, 4))
    idx = ms.Tensor(onp.array([[0, 0], [0, 1], [1, 0]], onp.int64))
    values = ms.Tensor(onp.array([1, 1, 2], onp.int32))
    seq = ms.Tensor(onp.array([5, 4], onp.int32))
    prim = ops.CTCLoss(False, merge)
    check_grads(lambda v: prim(v, idx, values, seq)[0], modes=["rev"], order=1)(x)
    derivative = ops.grad(lambda v: ops.sum(prim(v, idx, values, seq)[0]))(ms.Tensor(x))
    assert onp.allclose(prim(ms.Tensor(x), idx, values, seq)[1], derivative)


def test_float32_stays_float32():
    lp = ms.Tensor(_log_probs(onp.float32))
    loss, alpha = ops.ctc_loss(lp, TARGETS, INPUTS, LENGTHS)
    assert loss.dtype == alpha.dtype == onp.float32 and alpha.shape == (3, 6, 7)
    assert ops.grad(lambda x: ops.ctc_loss(x, TARGETS, INPUTS, LENGTHS)[0])(lp).dtype \
        == onp.float32
    assert nn.CTCLoss()(lp, TARGETS, INPUTS, LENGTHS).dtype == onp.float32


def test_two_frames_of_uniform_choice():
    lp = ms.Tensor(onp.log(onp.full((2, 1, 2), 0.5)))
    # paths "1 b", "b 1", "1 1" read "1": three of four
    assert onp.isclose(float(ops.ctc_loss(lp, ms.Tensor([[1]]), (2,), (1,), reduction="sum")[0]),
                       -onp.log(0.75))


@pytest.mark.parametrize("call, match", [
    (lambda lp: ops.ctc_loss(lp, TARGETS, INPUTS, LENGTHS, 4), "ops.ctc_loss blank"),
    (lambda lp: ops.ctc_loss(lp, TARGETS, INPUTS, LENGTHS, 0, "max"), "ops.ctc_loss reduction"),
    (lambda lp: ops.ctc_loss(lp, TARGETS, INPUTS, LENGTHS, 0, "sum", 1),
     "ops.ctc_loss zero_infinity"),
    (lambda lp: ops.ctc_loss(lp, TARGETS, [7, 5, 3], LENGTHS), "ops.ctc_loss input_lengths"),
    (lambda lp: ops.ctc_loss(lp, TARGETS, INPUTS, [4, 2, 3]), "ops.ctc_loss target_lengths"),
    (lambda lp: ops.ctc_loss(lp, TARGETS + 3, INPUTS, LENGTHS), "ops.ctc_loss targets"),
    (lambda lp: ops.ctc_loss(lp[:, 0], TARGETS, INPUTS, LENGTHS), "ops.ctc_loss log_probs"),
    (lambda lp: ops.ctc_loss(lp.astype(onp.float16), TARGETS, INPUTS, LENGTHS),
     "ops.ctc_loss log_probs"),
    (lambda lp: ops.CTCLossV2(0, "mean"), "CTCLossV2 reduction"),
    (lambda lp: nn.CTCLoss(0, "max")(lp, TARGETS, INPUTS, LENGTHS), "CTCLoss reduction"),
    (lambda lp: ops.CTCLoss(1), "CTCLoss preprocess_collapse_repeated"),
    (lambda lp: ops.CTCGreedyDecoder(1), "CTCGreedyDecoder merge_repeated"),
    (lambda lp: ops.ctc_greedy_decoder(lp, onp.array([7, 1, 1], onp.int32)),
     "ops.ctc_greedy_decoder sequence_length"),
])
def test_bad_arguments_name_op_and_argument(call, match):
    with pytest.raises((TypeError, ValueError), match=match):
        call(_log_probs())


def test_every_new_name_has_a_docstring():
    for name in ("ctc_loss", "CTCLossV2", "CTCLoss", "CTCGreedyDecoder", "ctc_greedy_decoder"):
        assert getattr(ops, name).__doc__.strip()
    assert nn.CTCLoss.__doc__.strip()
