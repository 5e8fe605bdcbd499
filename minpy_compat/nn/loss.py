"""Losses: ``LossBase`` (for custom losses), ``MSELoss``, ``L1Loss``, ``MAELoss``,
``SoftmaxCrossEntropyWithLogits``.

A custom loss subclasses ``LossBase`` and ends ``construct`` with
``self.get_loss(x, weights)``, which applies the reduction chosen at
construction ('mean' — of ``x * weights``, not normalised by the weights —,
'sum' or 'none').

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> class MAELoss(nn.LossBase):
...     def construct(self, base, target):
...         return self.get_loss(abs(base - target))
>>> round(float(MAELoss()(ms.Tensor([0.1, 0.2, 0.3]), ms.Tensor([0.1, 0.2, 0.2]))), 6)
0.033333
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import ReductionError, message
from ..ops import functional as F
from .cell import Cell

REDUCTIONS = ("mean", "sum", "none")


class LossBase(Cell):
    """Base of the losses: holds the reduction; ``get_loss`` applies it."""

    def __init__(self, reduction="mean", dtype=onp.float32):
        super().__init__()
        if not isinstance(reduction, str) or reduction not in REDUCTIONS:
            raise ReductionError(message(
                f"{type(self).__name__} reduction", "'mean', 'sum' or 'none'", repr(reduction)))
        self.reduction = reduction
        self.reduce = reduction != "none"
        self.average = reduction == "mean"

    def get_axis(self, x):
        """Every axis of ``x``: ``(0, 1)`` for a matrix."""
        return tuple(range(onp.ndim(getval(x))))

    def get_loss(self, x, weights=1.0):
        """``x * weights`` reduced by the Cell's reduction, in ``x``'s float dtype."""
        dtype = getattr(getval(x), "dtype", None)
        if dtype is None or dtype.kind != "f":
            x = np.asarray(x, dtype=onp.float32) if not hasattr(x, "astype") \
                else x.astype(onp.float32)
        weighted = x * weights
        if self.average:
            weighted = np.mean(weighted)
        elif self.reduce:
            weighted = np.sum(weighted)
        if dtype is not None and dtype.kind == "f" and getval(weighted).dtype != dtype:
            weighted = weighted.astype(dtype)
        return weighted

    def construct(self, logits, labels):
        raise NotImplementedError(message(
            f"{type(self).__name__}.construct", "an override computing the loss", "none",
            "Define construct(self, logits, labels) ending with self.get_loss(x)."))


class MSELoss(LossBase):
    """(logits - labels) ** 2, reduced."""

    def construct(self, logits, labels):
        return self.get_loss(np.square(logits - labels))


class L1Loss(LossBase):
    """|logits - labels|, reduced."""

    def construct(self, logits, labels):
        return self.get_loss(np.abs(logits - labels))


class MAELoss(L1Loss):
    """Mean absolute error: |logits - labels|, reduced."""


class SoftmaxCrossEntropyWithLogits(LossBase):
    """Cross entropy of softmax(logits) against labels (one-hot, or class indices if ``sparse``).

    The default reduction is 'none' (one loss per sample), as in MindSpore.
    """

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        self.sparse = sparse

    def construct(self, logits, labels):
        if self.sparse:
            classes = onp.shape(getval(logits))[-1]
            index = onp.asarray(getval(labels)).astype(onp.int64)
            labels = onp.eye(classes, dtype=getval(logits).dtype)[index]
        per_sample = -np.sum(labels * F.log_softmax(logits, axis=-1), axis=-1)
        return self.get_loss(per_sample)
