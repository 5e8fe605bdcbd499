"""Margin losses (MindSpore 2.10's): ``HingeEmbeddingLoss``, ``TripletMarginLoss``,
``MultiLabelSoftMarginLoss``, ``MultilabelMarginLoss``; each runs the matching ``ops``
function.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.HingeEmbeddingLoss()(ms.Tensor([0.3, 2.0]), ms.Tensor([-1.0, 1.0]))
array(1.35, dtype=float32)
"""
import numbers

from ..errors import CellTypeError, describe, message
from ..ops.nnf_losses_margin import multilabel_margin_loss, triplet_margin_loss
from ..ops.nnf_losses_more import hinge_embedding_loss, multilabel_soft_margin_loss
from ..tensor import is_tensor
from .loss import LossBase


def _number(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float or an int", describe(value)))
    return value


class HingeEmbeddingLoss(LossBase):
    """``x`` where the label is 1, ``max(0, margin - x)`` where it is -1, reduced."""

    def __init__(self, margin=1.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = _number("HingeEmbeddingLoss margin", margin)

    def construct(self, logits, labels):
        return hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class TripletMarginLoss(LossBase):
    """``max(d(x, positive) - d(x, negative) + margin, 0)``, ``d`` the p-norm distance
    (``ops.triplet_margin_loss``); ``margin`` in ``construct`` counts only while the
    constructor's is 1.0, as MindSpore's."""

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean", margin=1.0):
        super().__init__(reduction)
        self.p, self.swap, self.eps, self.margin = p, swap, eps, margin

    def construct(self, x, positive, negative, margin=1.0):
        if self.margin != 1.0:
            margin = self.margin
        return triplet_margin_loss(x, positive, negative, margin=margin, p=self.p,
                                   eps=self.eps, swap=self.swap, reduction=self.reduction)


class MultiLabelSoftMarginLoss(LossBase):
    """The mean over classes of the binary cross entropy of ``sigmoid(x)`` against 0/1
    targets, each class scaled by ``weight``."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        if weight is not None and not is_tensor(weight):
            raise CellTypeError(message("MultiLabelSoftMarginLoss weight", "None or a Tensor",
                                        describe(weight)))
        self.weight = weight

    def construct(self, x, target):
        return multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


class MultilabelMarginLoss(LossBase):
    """Hinge loss between each row's target classes (listed first, ended by -1) and the
    others (``ops.multilabel_margin_loss``)."""

    def construct(self, x, target):
        return multilabel_margin_loss(x, target, self.reduction)
