"""Losses on a prediction and a target: ``BCELoss``, ``BCEWithLogitsLoss``, ``HuberLoss``,
``SoftMarginLoss``, ``MarginRankingLoss``, ``CosineEmbeddingLoss`` (MindSpore 2.10's).

Each reduces with its ``reduction`` ('mean', 'sum' or 'none') and keeps its input's
float dtype:

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> loss = nn.HuberLoss(delta=0.5)
>>> round(float(loss(ms.Tensor([0.0, 2.0]), ms.Tensor([0.2, 0.0]))), 4)
0.4475
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.checks import float_only
from ..tensor import Parameter, is_tensor
from .loss import LossBase


def _dtype(x):
    return getattr(getval(x), "dtype", onp.dtype(onp.float32))


def _in(value, dtype):
    """``value`` in ``dtype`` (NumPy 1.x widens a 0-d float32 meeting a Python float)."""
    return value if _dtype(value) == dtype else value.astype(dtype)


def _same_shape(where, name, x, shape):
    got = onp.shape(getval(x))
    if got != shape:
        raise CellArgumentError(message(f"{where} {name}", f"shape {shape} (the first "
                                        "input's)", f"shape {got}"))


def _optional_tensor(where, name, value):
    if value is None:
        return None
    if isinstance(value, Parameter) or not is_tensor(value):
        raise CellTypeError(message(f"{where} {name}", "None or a Tensor (not a Parameter)",
                                    describe(value), "Wrap it: ms.Tensor(values, ms.float32)."))
    return onp.asarray(getval(value))


def _real(where, name, value, kinds=(numbers.Real,)):
    if isinstance(value, bool) or not isinstance(value, kinds):
        wanted = "a float" if kinds == (float,) else "a number"
        raise CellTypeError(message(f"{where} {name}", wanted, describe(value)))
    return float(value)


class _PairLoss(LossBase):
    """Checks both inputs are floats of one shape, computes ``_elementwise``, reduces."""

    def construct(self, logits, labels):
        where = type(self).__name__
        float_only(f"{where} logits", logits)
        float_only(f"{where} labels", labels)
        dtype = _dtype(logits)
        _same_shape(where, "labels", labels, onp.shape(getval(logits)))
        return _in(self._reduced(self._elementwise(logits, labels)), dtype)

    def _reduced(self, loss):
        return self.get_loss(loss, self._weight) if getattr(self, "_weight", None) is not None \
            else self.get_loss(loss)


class BCELoss(_PairLoss):
    """``-weight * (labels * log(logits) + (1 - labels) * log(1 - logits))`` for
    probabilities ``logits`` (each log's argument kept >= 1e-12, as MindSpore's kernel)."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self._weight = _optional_tensor("BCELoss", "weight", weight)

    def _elementwise(self, logits, labels):
        log_p = np.log(np.maximum(logits, 1e-12))
        log_q = np.log(np.maximum(1 - logits, 1e-12))
        return 0 - (labels * log_p + (1 - labels) * log_q)


class BCEWithLogitsLoss(_PairLoss):
    """Binary cross entropy of ``sigmoid(logits)``, computed stably; ``pos_weight`` scales
    the positive term, ``weight`` the whole loss (both broadcast to the logits)."""

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        self._weight = _optional_tensor("BCEWithLogitsLoss", "weight", weight)
        self._pos_weight = _optional_tensor("BCEWithLogitsLoss", "pos_weight", pos_weight)

    def _elementwise(self, logits, labels):
        # log(1 + exp(-x)) = log1p(exp(-|x|)) + max(-x, 0), without overflow
        softplus_neg = np.log1p(np.exp(-np.abs(logits))) + np.maximum(0 - logits, 0.0)
        if self._pos_weight is None:
            return (1 - labels) * logits + softplus_neg
        scale = 1 + (self._pos_weight.astype(_dtype(logits)) - 1) * labels
        return (1 - labels) * logits + scale * softplus_neg


class HuberLoss(_PairLoss):
    """``0.5 * d**2`` where ``|d| < delta``, else ``delta * (|d| - 0.5 * delta)``, for
    ``d = logits - labels``."""

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        self.delta = _real("HuberLoss", "delta", delta)
        if not self.delta > 0:
            raise CellArgumentError(message("HuberLoss delta", "a number > 0", repr(delta)))

    def _elementwise(self, logits, labels):
        size = np.abs(logits - labels)
        small = getval(size) < self.delta
        return np.where(small, 0.5 * size * size, self.delta * (size - 0.5 * self.delta))


class SoftMarginLoss(_PairLoss):
    """``log(1 + exp(-labels * logits))`` (labels are 1 or -1)."""

    def _elementwise(self, logits, labels):
        margin = 0 - labels * logits
        return np.log1p(np.exp(-np.abs(margin))) + np.maximum(margin, 0.0)


class MarginRankingLoss(LossBase):
    """``max(0, -target * (input1 - input2) + margin)``; ``target`` holds 1 or -1."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = _real("MarginRankingLoss", "margin", margin, (float,))

    def construct(self, input1, input2, target):
        for name, x in (("input1", input1), ("input2", input2), ("target", target)):
            float_only(f"MarginRankingLoss {name}", x)
            if _dtype(x) != _dtype(input1):
                raise CellTypeError(message(f"MarginRankingLoss {name}", f"{_dtype(input1)} "
                                            "(input1's dtype)", f"{_dtype(x)}"))
        loss = np.maximum(0 - target * (input1 - input2) + self.margin, 0.0)
        return _in(self.get_loss(_in(loss, _dtype(input1))), _dtype(input1))


class CosineEmbeddingLoss(LossBase):
    """Per row: ``1 - cos(x1, x2)`` where ``labels == 1``, ``max(0, cos(x1, x2) - margin)``
    where ``labels == -1``, 0 elsewhere (cosine over axis 1)."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = _real("CosineEmbeddingLoss", "margin", margin, (float,))
        if not -1.0 <= self.margin <= 1.0:
            raise CellArgumentError(message("CosineEmbeddingLoss margin", "a float in [-1, 1]",
                                            repr(margin)))

    def construct(self, logits_x1, logits_x2, labels):
        float_only("CosineEmbeddingLoss logits_x1", logits_x1)
        float_only("CosineEmbeddingLoss logits_x2", logits_x2)
        shape, dtype = onp.shape(getval(logits_x1)), _dtype(logits_x1)
        _same_shape("CosineEmbeddingLoss", "logits_x2", logits_x2, shape)
        if len(shape) < 2:
            raise CellArgumentError(message("CosineEmbeddingLoss logits_x1", "a Tensor with "
                                            "at least 2 dimensions (rows over axis 0)",
                                            f"shape {shape}"))
        dot = np.sum(logits_x1 * logits_x2, axis=1)
        norms = np.sqrt(np.sum(logits_x1 * logits_x1, axis=1)) * \
            np.sqrt(np.sum(logits_x2 * logits_x2, axis=1))
        cosine = dot / norms
        label = onp.asarray(getval(labels))
        positive, negative = (label == 1).astype(dtype), (label == -1).astype(dtype)
        loss = positive * (1.0 - cosine) + negative * np.maximum(cosine - self.margin, 0.0)
        return _in(self.get_loss(_in(loss, dtype)), dtype)
