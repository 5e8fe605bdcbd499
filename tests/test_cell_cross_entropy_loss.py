"""nn.CrossEntropyLoss against MindSpore 2.10.

The expected numbers are what MindSpore 2.10 (CPU, PyNative) printed for the same inputs,
rounded to 6 decimals; each test's docstring names the call."""
import warnings

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError
from cell_loss_helpers import RNG, T, close


# ---- nn.CrossEntropyLoss ------------------------------------------------------------------
LOGITS = onp.array([[1., -0.5, 2., 0.3], [0.2, 1.5, -1., 0.7], [2.2, 0.1, 0.4, -0.3]],
                   onp.float32)
LABELS = onp.array([1, 3, 0], onp.int32)
WEIGHT = onp.array([0.5, 2.0, 1.0, 3.0], onp.float32)
PROBS = onp.array([[0.1, 0.2, 0.3, 0.4], [0.0, 1.0, 0.0, 0.0], [0.25] * 4], onp.float32)
IGNORED = onp.array([1, -100, 0], onp.int32)

CE_CASES = {  # (weight?, targets, reduction, label_smoothing): MindSpore 2.10's value
    (False, "idx", "mean", 0.0): 1.564958, (True, "idx", "mean", 0.0): 1.874124,
    (False, "prob", "mean", 0.0): 1.424958, (True, "prob", "mean", 0.0): 3.037409,
    (False, "idx", "mean", 0.2): 1.614958, (True, "idx", "mean", 0.2): 1.851269,
    (False, "prob", "mean", 0.2): 1.502958, (True, "prob", "mean", 0.2): 3.075205,
    (False, "idx", "sum", 0.0): 4.694873, (True, "idx", "sum", 0.0): 10.30768,
    (False, "prob", "sum", 0.0): 4.274873, (True, "prob", "sum", 0.0): 9.112226,
    (False, "idx", "sum", 0.2): 4.844873, (True, "idx", "sum", 0.2): 10.181978,
    (False, "prob", "sum", 0.2): 4.508873, (True, "prob", "sum", 0.2): 9.225615,
    (False, "idx", "none", 0.0): [2.990202, 1.389976, 0.314694],
    (True, "idx", "none", 0.0): [5.980405, 4.169929, 0.157347],
    (False, "prob", "none", 0.0): [1.770203, 0.589976, 1.914694],
    (True, "prob", "none", 0.0): [4.045895, 1.179953, 3.886378],
    (False, "idx", "none", 0.2): [2.750203, 1.459976, 0.634694],
    (True, "idx", "none", 0.2): [5.47364, 3.805185, 0.903153],
    (False, "prob", "none", 0.2): [1.774203, 0.819976, 1.914694],
    (True, "prob", "none", 0.2): [3.926032, 1.413204, 3.886378],
}


@pytest.mark.parametrize("case", list(CE_CASES), ids=str)
def test_cross_entropy_matches_mindspore(case):
    """MindSpore: nn.CrossEntropyLoss(weight=WEIGHT or None, reduction=..., label_smoothing=...)
    (LOGITS, LABELS or PROBS), each value as printed there (Float32)."""
    weighted, targets, reduction, smoothing = case
    loss = nn.CrossEntropyLoss(weight=T(WEIGHT) if weighted else None, reduction=reduction,
                               label_smoothing=smoothing)
    labels = T(LABELS, onp.int32) if targets == "idx" else T(PROBS)
    close(loss(T(LOGITS), labels), CE_CASES[case], atol=1e-5)


def test_cross_entropy_ignore_index_shapes_and_dtypes_match_mindspore():
    """MindSpore: labels [1, -100, 0] -> mean 1.652448, 'none' [2.990202, 0.0, 0.314694];
    with WEIGHT and label_smoothing 0.2 -> 2.550717, 'none' [5.47364, 0.0, 0.903153];
    ignore_index=3 -> 1.652448; with WEIGHT, 0.1, 'sum' -> 6.257272; every label ignored ->
    nan; 1-D logits [1, 2, 0.5] and label 1 -> 0.464368, with probabilities [0.2, 0.5, 0.3]
    -> 1.114368; (2, 3, 4) logits -> 1.133198 and 'none' of shape (2, 4); float16 -> Float16
    1.56543."""
    logits, lab = T(LOGITS), T(LABELS, onp.int32)
    close(nn.CrossEntropyLoss()(logits, T(IGNORED, onp.int32)), 1.652448, atol=1e-5)
    none = nn.CrossEntropyLoss(reduction="none")(logits, T(IGNORED, onp.int32))
    close(none, [2.990202, 0.0, 0.314694], atol=1e-5)
    assert onp.signbit(onp.asarray(none)[1]) == False  # noqa: E712 (0.0, not -0.0)
    smoothed = dict(weight=T(WEIGHT), label_smoothing=0.2)
    close(nn.CrossEntropyLoss(**smoothed)(logits, T(IGNORED, onp.int32)), 2.550717, atol=1e-5)
    close(nn.CrossEntropyLoss(reduction="none", **smoothed)(logits, T(IGNORED, onp.int32)),
          [5.47364, 0.0, 0.903153], atol=1e-5)
    close(nn.CrossEntropyLoss(ignore_index=3)(logits, lab), 1.652448, atol=1e-5)
    close(nn.CrossEntropyLoss(weight=T(WEIGHT), ignore_index=3, label_smoothing=0.1,
                              reduction="sum")(logits, lab), 6.257272, atol=1e-5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert onp.isnan(nn.CrossEntropyLoss()(logits, T([-100] * 3, onp.int32)))
    close(nn.CrossEntropyLoss()(T([1., 2., 0.5]), T(1, onp.int32)), 0.464368)
    close(nn.CrossEntropyLoss()(T([1., 2., 0.5]), T([0.2, 0.5, 0.3])), 1.114368)
    cube = T(onp.arange(24).reshape(2, 3, 4) / 7)
    cube_labels = T([[0, 1, 2, 1], [2, 2, 0, 1]], onp.int32)
    close(nn.CrossEntropyLoss()(cube, cube_labels), 1.133198)
    close(nn.CrossEntropyLoss(reduction="none")(cube, cube_labels),
          [[1.776055, 1.204626, 0.633198, 1.204626], [0.633198, 0.633198, 1.776055, 1.204626]],
          atol=2e-6)
    close(nn.CrossEntropyLoss()(T(LOGITS, onp.float16), lab), 1.56543, onp.float16, atol=2e-3)


def test_cross_entropy_gradients_match_mindspore():
    """MindSpore, loss = CrossEntropyLoss(weight=WEIGHT, label_smoothing=0.2): grad wrt
    LOGITS with labels [1, -100, 0] -> [[0.163502, -0.641287, 0.451627, 0.026158],
    [0, 0, 0, 0], [0.041704, -0.014076, 0.014994, -0.042622]]; with PROBS ->
    [[0.119914, -0.108409, 0.288189, -0.299693], [0.088607, -0.210965, 0.012531, 0.109827],
    [0.353757, -0.118245, -0.01797, -0.217542]]; wrt PROBS -> [[0.198694, 1.594775,
    0.130721, 1.752162], [0.251997, 0.314654, 0.823994, 1.111981], [0.041959, 1.287837,
    0.563918, 2.251755]]."""
    loss = nn.CrossEntropyLoss(weight=T(WEIGHT), label_smoothing=0.2)
    close(ops.grad(lambda x: loss(x, T(IGNORED, onp.int32)))(T(LOGITS)),
          [[0.163502, -0.641287, 0.451627, 0.026158], [0, 0, 0, 0],
           [0.041704, -0.014076, 0.014994, -0.042622]])
    close(ops.grad(lambda x: loss(x, T(PROBS)))(T(LOGITS)),
          [[0.119914, -0.108409, 0.288189, -0.299693], [0.088607, -0.210965, 0.012531, 0.109827],
           [0.353757, -0.118245, -0.01797, -0.217542]])
    close(ops.grad(lambda t: loss(T(LOGITS), t))(T(PROBS)),
          [[0.198694, 1.594775, 0.130721, 1.752162], [0.251997, 0.314654, 0.823994, 1.111981],
           [0.041959, 1.287837, 0.563918, 2.251755]], atol=5e-6)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("targets", ["idx", "prob"])
def test_cross_entropy_matches_finite_differences(reduction, targets):
    """float64 logits (MindSpore 2.10 refuses them; accepted here for this check)."""
    loss = nn.CrossEntropyLoss(weight=ms.Tensor(RNG.uniform(0.5, 2, 4)), reduction=reduction,
                               label_smoothing=0.1)
    scale = RNG.normal(size=3 if reduction == "none" else ())
    if targets == "idx":
        labels = ms.Tensor(onp.array([2, -100, 0]))
        check_grads(lambda x: (loss(x, labels) * scale).sum(), modes=["rev"], order=2)(
            RNG.normal(size=(3, 4)))
    else:
        check_grads(lambda x, t: (loss(x, t) * scale).sum(), modes=["rev"], order=1)(
            RNG.normal(size=(3, 4)), RNG.dirichlet(onp.ones(4), size=3))


@pytest.mark.parametrize("make, call, error, match", [
    (lambda: nn.CrossEntropyLoss(label_smoothing=1.5), None, CellArgumentError,
     r"CrossEntropyLoss label_smoothing: expected a number in \[0, 1\], got 1.5"),
    (lambda: nn.CrossEntropyLoss(label_smoothing=-0.1), None, CellArgumentError,
     "CrossEntropyLoss label_smoothing: expected a number in"),
    (lambda: nn.CrossEntropyLoss(reduction="avg"), None, ValueError,
     "CrossEntropyLoss reduction: expected 'mean', 'sum' or 'none', got 'avg'"),
    (lambda: nn.CrossEntropyLoss(weight=[1., 1., 1., 1.]), None, CellTypeError,
     "CrossEntropyLoss weight: expected None or a 1-D Tensor"),
    (lambda: nn.CrossEntropyLoss(ignore_index=1.5), None, CellTypeError,
     "CrossEntropyLoss ignore_index: expected an int, got float 1.5"),
    (lambda: nn.CrossEntropyLoss(weight=T([1., 1., 1.])),
     lambda loss: loss(T(LOGITS), T(LABELS, onp.int32)), CellArgumentError,
     r"CrossEntropyLoss weight: expected 4 weights, one per class, got shape \(3,\)"),
    (nn.CrossEntropyLoss, lambda loss: loss(T(LOGITS), T([1, 4, 0], onp.int32)),
     CellArgumentError, r"CrossEntropyLoss labels: expected class indices in \[0, 4\)"),
    (nn.CrossEntropyLoss, lambda loss: loss(T(LOGITS), T([1, 3], onp.int32)),
     CellArgumentError, r"CrossEntropyLoss labels: expected shape \(3,\) \(class indices"),
    (nn.CrossEntropyLoss, lambda loss: loss(T(LOGITS), T(onp.ones((3, 3)))),
     CellArgumentError, r"CrossEntropyLoss labels: expected class indices \(ints\) or "
     r"probabilities of shape \(3, 4\)"),
    (nn.CrossEntropyLoss, lambda loss: loss(T(LOGITS), T([1., 3., 0.])),
     CellArgumentError, "CrossEntropyLoss labels: expected class indices"),
    (nn.CrossEntropyLoss, lambda loss: loss(T(LOGITS), T(PROBS, onp.float64)),
     CellTypeError, "CrossEntropyLoss labels: expected probabilities in float32"),
    (nn.CrossEntropyLoss, lambda loss: loss(T([[1, 2]], onp.int32), T([0], onp.int32)),
     CellTypeError, "CrossEntropyLoss logits: expected a float16, float32 or float64"),
])
def test_cross_entropy_refuses_what_mindspore_refuses(make, call, error, match):
    """MindSpore: label_smoothing 1.5 or -0.1 -> ValueError 'must be in range of [0.0, 1.0]';
    reduction 'avg' -> ValueError; a list weight or a float ignore_index -> TypeError;
    3 weights for 4 classes -> ValueError (from Mul); label 4 of 4 classes -> RuntimeError
    (from GatherD); labels of shape (2,) or probabilities of shape (3, 3) -> ValueError;
    float labels of shape (3,) -> TypeError 'labels should be Int32'; float64 labels with
    float32 logits -> TypeError; Int32 logits -> TypeError."""
    with pytest.raises(error, match=match):
        loss = make()
        call(loss)


def test_cross_entropy_takes_int64_labels_and_float64_logits():
    """MindSpore 2.10 refuses int64 labels and float64 logits; we take them (NumPy's default
    int, and the float64 checks) and give its float32 value 1.564958 for the int32 case."""
    close(nn.CrossEntropyLoss()(T(LOGITS), T(LABELS, onp.int64)), 1.564958, atol=1e-5)
    close(nn.CrossEntropyLoss()(T(LOGITS, onp.float64), T(LABELS, onp.int32)), 1.564958,
          onp.float64, atol=1e-5)
