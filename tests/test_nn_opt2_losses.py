"""The opt2 losses beyond the MindSpore oracle: float64 finite differences of every input,
float32 kept, the rules MindSpore's CPU build cannot run (triplet, multilabel margin, soft
margin), bad arguments naming the Cell, docstrings and examples."""
import doctest
import importlib

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

rng = onp.random.default_rng(0)
X = rng.standard_normal((3, 4))
BINARY = (rng.random((3, 4)) < 0.5).astype(onp.float64)
SIGN = onp.where(rng.random((3, 4)) < 0.5, -1.0, 1.0)
TARGETS = onp.array([[3, 0, -1, 1], [1, -1, 0, 0], [0, 1, 2, 3]], onp.int32)
W3 = ms.Tensor(onp.array([0.5, 1.0, 2.0]))

# (id, Cell, the float inputs differentiated, the other inputs after them)
CELLS = [
    ("dice", nn.DiceLoss(), [onp.abs(X), BINARY], []),
    ("mcdice", nn.MultiClassDiceLoss(weights=ms.Tensor(onp.ones((4, 1)))), [X, BINARY], []),
    ("focal_onehot", nn.FocalLoss(), [X], [BINARY]),
    ("focal_index", nn.FocalLoss(weight=W3, gamma=1.5, reduction="sum"), [X[:, :3]],
     [onp.array([[0], [2], [1]], onp.int32)]),
    ("rmse", nn.RMSELoss(), [X, BINARY], []),
    ("hinge", nn.HingeEmbeddingLoss(margin=0.5), [X], [SIGN]),
    ("mlsm", nn.MultiLabelSoftMarginLoss(weight=ms.Tensor(onp.arange(1.0, 5.0))), [X],
     [BINARY]),
    ("triplet", nn.TripletMarginLoss(margin=2.0), [X, X[::-1] * 0.5, X * 0.1], []),
    ("triplet_swap_p1", nn.TripletMarginLoss(p=1, swap=True, margin=3.0),
     [X, X[::-1] * 0.5, X * 0.1], []),
    ("mlm", nn.MultilabelMarginLoss(reduction="none"), [X], [TARGETS]),
]


@pytest.mark.parametrize("case", CELLS, ids=[c[0] for c in CELLS])
def test_loss_matches_finite_differences(case):
    _, cell, floats, others = case
    for i in range(len(floats)):
        def partial(x, i=i):
            args = [ms.Tensor(a) for a in floats]
            args[i] = x
            return ops.reduce_sum(cell(*args, *[ms.Tensor(o) for o in others]) ** 2)
        check_grads(partial, modes=["rev"], order=1)(ms.Tensor(floats[i]))


@pytest.mark.parametrize("case", CELLS, ids=[c[0] for c in CELLS])
def test_loss_keeps_float32(case):
    _, cell, floats, others = case
    if cell.__class__.__name__ in ("FocalLoss", "MultiLabelSoftMarginLoss",
                                   "MultiClassDiceLoss") and case[0] != "focal_onehot":
        return  # their float64 weights would widen the float32 result
    out = cell(*[ms.Tensor(a.astype(onp.float32)) for a in floats],
               *[ms.Tensor(o.astype(onp.float32) if o.dtype.kind == "f" else o)
                 for o in others])
    assert onp.asarray(out).dtype == onp.float32


def _triplet_reference(a, p, n, margin, norm, eps=1e-6, swap=False):
    dist = lambda x, y: onp.sum(onp.abs(x - y + eps) ** norm, 1) ** (1 / norm)  # noqa: E731
    d_neg = onp.minimum(dist(a, n), dist(p, n)) if swap else dist(a, n)
    return onp.maximum(dist(a, p) - d_neg + margin, 0).mean()


def _multilabel_reference(x, targets):
    losses = []
    for row, labels in zip(x, targets):
        chosen = list(labels[:list(labels).index(-1)] if -1 in labels else labels)
        others = [i for i in range(len(row)) if i not in chosen]
        losses.append(sum(max(0, 1 - (row[j] - row[i])) for j in chosen for i in others)
                      / len(row))
    return onp.array(losses)


def test_losses_without_a_mindspore_kernel_follow_the_documented_rules():
    a, p, n = X, X[::-1] * 0.5, X * 0.1
    for norm, swap in ((2, False), (1, True), (3, True)):
        ours = ops.triplet_margin_loss(ms.Tensor(a), ms.Tensor(p), ms.Tensor(n), margin=2.0,
                                       p=norm, swap=swap)
        onp.testing.assert_allclose(ours, _triplet_reference(a, p, n, 2.0, norm, swap=swap))
    ours = ops.multilabel_margin_loss(ms.Tensor(X), ms.Tensor(TARGETS), reduction="none")
    onp.testing.assert_allclose(ours, _multilabel_reference(X, TARGETS))
    one = ops.multilabel_margin_loss(ms.Tensor(X[0]), ms.Tensor(TARGETS[0]))
    onp.testing.assert_allclose(one, _multilabel_reference(X[:1], TARGETS[:1])[0])
    soft = ops.soft_margin_loss(ms.Tensor(X), ms.Tensor(SIGN), reduction="sum")
    onp.testing.assert_allclose(soft, onp.log1p(onp.exp(-SIGN * X)).sum())


def test_bad_calls_name_the_cell_or_op():
    x = ms.Tensor(X.astype(onp.float32))
    with pytest.raises(CellArgumentError, match="ops.triplet_margin_loss p"):
        nn.TripletMarginLoss(p=0)(x, x, x)
    with pytest.raises(CellArgumentError, match="ops.triplet_margin_loss negative"):
        nn.TripletMarginLoss()(x, x, x[:2])
    with pytest.raises(CellArgumentError, match="ops.multilabel_margin_loss target"):
        nn.MultilabelMarginLoss()(x, ms.Tensor(onp.full((3, 4), 7, onp.int32)))
    with pytest.raises(CellTypeError, match="ops.multilabel_margin_loss target"):
        nn.MultilabelMarginLoss()(x, x)
    with pytest.raises(CellArgumentError, match="DiceLoss labels"):
        nn.DiceLoss()(x, x[:2])
    with pytest.raises(CellArgumentError, match="MultiClassDiceLoss weights"):
        nn.MultiClassDiceLoss(weights=ms.Tensor(onp.ones((2, 1))))(x, x)
    with pytest.raises(CellArgumentError, match="FocalLoss labels"):
        nn.FocalLoss()(x, x[:, :2])
    with pytest.raises(CellTypeError, match="RMSELoss logits"):
        nn.RMSELoss()(ms.Tensor(onp.ones(3, onp.uint8)), ms.Tensor(onp.ones(3, onp.uint8)))
    with pytest.raises(CellTypeError, match="MultiLabelSoftMarginLoss weight"):
        nn.MultiLabelSoftMarginLoss(weight=[1.0])


NAMES = ["FocalLoss", "DiceLoss", "MultiClassDiceLoss", "RMSELoss", "HingeEmbeddingLoss",
         "TripletMarginLoss", "MultiLabelSoftMarginLoss", "MultilabelMarginLoss", "AdaMax",
         "ProximalAdagrad", "Lamb", "LARS", "LazyAdam", "ASGD", "Rprop", "InverseDecayLR",
         "NaturalExpDecayLR"]


def test_every_new_name_has_a_docstring_and_the_examples_run():
    for name in NAMES:
        assert name in nn.__all__ and getattr(nn, name).__doc__.strip(), name
    for module in ["nn.loss_dice", "nn.loss_margin", "nn.optimizer_more",
                   "nn.optimizer_layerwise", "nn.lr_decay", "ops.nnf_losses_margin"]:
        result = doctest.testmod(importlib.import_module("minpy_compat." + module))
        assert result.attempted > 0 and result.failed == 0, module
    for name in ["multilabel_margin_loss", "soft_margin_loss", "triplet_margin_loss"]:
        assert name in ops.__all__ and getattr(ops, name).__doc__
