"""Likelihood losses: ``NLLLoss``, ``KLDivLoss``, ``MultiMarginLoss``, ``PoissonNLLLoss``,
``GaussianNLLLoss`` (MindSpore 2.10's).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> loss = nn.NLLLoss()
>>> float(loss(ms.Tensor([[-0.5, -1.0], [-2.0, -0.25]]), ms.Tensor([0, 1], ms.int32)))
0.375
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, ReductionError, describe, message
from ..ops.checks import float_only
from ..ops.dataflow import stop_gradient
from ..ops.int_inputs import index_data
from ..ops.nnf_losses import all_ignored_mean
from ..tensor import Parameter
from .loss import LossBase
from .loss_pairs import _dtype, _in, _optional_tensor, _real, _same_shape


def _class_indices(where, logits, labels, kinds="iu"):
    """The labels as int indices, one per sample: the logits' shape less its class axis."""
    data = getval(float_only(f"{where} logits", logits))
    if data.ndim == 0:
        raise CellArgumentError(message(f"{where} logits", "a Tensor of shape (C,) or "
                                        "(N, C, ...)", "a 0-d Tensor"))
    index = index_data(labels)  # a traced Int32 label (grad with get_all) is still indices
    if index.dtype.kind not in kinds:
        raise CellTypeError(message(f"{where} labels", "int class indices", describe(labels),
                                    "Cast them: labels.astype(ms.int32)."))
    axis = 1 if data.ndim > 1 else 0
    expected = data.shape[:axis] + data.shape[axis + 1:]
    if index.shape != expected:
        raise CellArgumentError(message(f"{where} labels", f"shape {expected} (one class "
                                        f"index per sample of logits {data.shape})",
                                        f"shape {index.shape}"))
    return index.astype(onp.int64), axis, data.shape[axis]


def _one_hot(index, axis, classes, dtype):
    return onp.moveaxis(onp.eye(classes, dtype=dtype)[index], -1, axis)


class NLLLoss(LossBase):
    """``-weight[label] * logits[label]`` per sample (log-probabilities in, class indices
    for labels; those equal to ``ignore_index`` count for nothing). 'mean' divides by the
    summed weights of the labels counted."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        if isinstance(ignore_index, bool) or not isinstance(ignore_index, numbers.Integral):
            raise CellTypeError(message("NLLLoss ignore_index", "an int", describe(ignore_index)))
        # a Parameter (traced under grad) is kept as itself: MindSpore differentiates it
        self.weight = weight if isbox(weight) or isinstance(weight, Parameter) \
            else _optional_tensor("NLLLoss", "weight", weight)
        self.ignore_index = int(ignore_index)

    def construct(self, logits, labels):
        index, axis, classes = _class_indices("NLLLoss", logits, labels)
        dtype = _dtype(logits)
        weight = onp.ones(classes, dtype) if self.weight is None else self.weight.astype(dtype)
        if onp.shape(getval(weight)) != (classes,):
            raise CellArgumentError(message("NLLLoss weight", f"{classes} weights, one per "
                                            "class", f"shape {onp.shape(getval(weight))}"))
        kept = index != self.ignore_index
        if onp.any(kept & ((index < 0) | (index >= classes))):
            raise CellArgumentError(message("NLLLoss labels", f"class indices in [0, {classes}) "
                                            f"or ignore_index ({self.ignore_index})",
                                            f"{index[kept].min()}..{index[kept].max()}"))
        safe = onp.where(kept, index, 0)
        counted = kept.astype(dtype) * weight[safe]
        picked = _one_hot(safe, axis, classes, dtype) * np.expand_dims(counted, axis)
        loss = _in(0 - np.sum(logits * picked, axis=axis), dtype)
        if self.reduction == "none":
            return loss
        total = np.sum(loss)
        if self.reduction == "mean" and not onp.any(kept):
            return all_ignored_mean(loss, dtype)
        if self.reduction == "mean":
            with onp.errstate(invalid="ignore", divide="ignore"):  # zero summed weights: NaN
                total = total / np.sum(counted)
        return _in(total, dtype)


class KLDivLoss(LossBase):
    """``labels * (log(labels) - logits)`` (0 where ``labels`` is 0): ``logits`` are
    log-probabilities. Reductions: 'mean' (over every element), 'batchmean' (the sum over
    the batch size), 'sum', 'none'. As in MindSpore, no gradient flows back to ``labels``
    (its kernel gives them a zero gradient)."""

    def __init__(self, reduction="mean"):
        if reduction == "batchmean":
            super().__init__("sum")
            self.reduction = "batchmean"
        else:
            super().__init__(reduction)

    def construct(self, logits, labels):
        float_only("KLDivLoss logits", logits)
        float_only("KLDivLoss labels", labels)
        dtype, shape = _dtype(logits), onp.shape(getval(logits))
        _same_shape("KLDivLoss", "labels", labels, shape)
        labels = stop_gradient(labels)
        positive = getval(labels) > 0
        safe = np.where(positive, labels, 1.0)
        loss = _in(np.where(positive, labels * (np.log(safe) - logits), 0.0), dtype)
        if self.reduction == "none":
            return loss
        total = np.sum(loss)
        if self.reduction == "mean":
            total = total / dtype.type(max(onp.prod(shape), 1))
        elif self.reduction == "batchmean":
            total = total / dtype.type(shape[0] if shape else 1)
        return _in(total, dtype)


class MultiMarginLoss(LossBase):
    """Multi-class hinge: per sample, ``sum over j != y of weight[y] * max(0, margin -
    x[y] + x[j]) ** p``, divided by the number of classes (``p`` is 1 or 2)."""

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__(reduction)
        if isinstance(p, bool) or p not in (1, 2):
            raise CellArgumentError(message("MultiMarginLoss p", "1 or 2", repr(p)))
        self.p = int(p)
        self.margin = _real("MultiMarginLoss", "margin", margin)
        self.weight = _optional_tensor("MultiMarginLoss", "weight", weight)

    def construct(self, x, target, weight=None):
        index, axis, classes = _class_indices("MultiMarginLoss", x, target)
        dtype = _dtype(x)
        if onp.ndim(getval(x)) != 2:
            raise CellArgumentError(message("MultiMarginLoss x", "a 2-D Tensor (N, C)",
                                            f"shape {onp.shape(getval(x))}"))
        if onp.any((index < 0) | (index >= classes)):
            raise CellArgumentError(message("MultiMarginLoss target", f"class indices in "
                                            f"[0, {classes})", f"{index.min()}..{index.max()}"))
        chosen = self.weight if self.weight is not None else \
            _optional_tensor("MultiMarginLoss", "weight", weight)
        chosen = onp.ones(classes, dtype) if chosen is None else chosen.astype(dtype)
        hot = _one_hot(index, axis, classes, dtype)
        own = np.sum(x * hot, axis=1, keepdims=True)
        hinge = np.maximum(self.margin - own + x, 0.0) * (1 - hot)
        if self.p == 2:
            hinge = hinge * hinge
        loss = np.sum(hinge, axis=1) * (chosen[index] / dtype.type(classes))
        return _in(self.get_loss(_in(loss, dtype)), dtype)


class PoissonNLLLoss(LossBase):
    """``exp(input) - target * input`` (``log_input``), else ``input - target * log(input +
    eps)``; ``full`` adds Stirling's term for targets above 1."""

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction="mean"):
        super().__init__(reduction)
        for name, value in (("log_input", log_input), ("full", full)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"PoissonNLLLoss {name}", "a bool", describe(value)))
        self.log_input, self.full = log_input, full
        self.eps = _real("PoissonNLLLoss", "eps", eps)

    def construct(self, input, target):
        float_only("PoissonNLLLoss input", input)
        dtype = _dtype(input)
        target = target.astype(dtype) if _dtype(target) != dtype else target
        if self.log_input:
            loss = np.exp(input) - target * input
        else:
            loss = input - target * np.log(input + self.eps)
        if self.full:
            clipped = np.maximum(target, self.eps)
            above = getval(clipped) > 1
            safe = np.where(above, clipped, 1.0)
            stirling = (safe + 0.5) * np.log(safe) - safe + 0.5 * math.log(2 * math.pi)
            loss = loss + np.where(above, stirling, 0.0)
        return _in(self.get_loss(_in(loss, dtype)), dtype)


class GaussianNLLLoss(LossBase):
    """``0.5 * (log(max(var, eps)) + (logits - labels) ** 2 / max(var, eps))`` (plus
    ``0.5 * log(2 pi)`` if ``full``); ``var`` may lack the last axis of ``logits``."""

    def __init__(self, *, full=False, eps=1e-06, reduction="mean"):
        if reduction not in ("mean", "sum", "none"):
            raise ReductionError(message("GaussianNLLLoss reduction", "'mean', 'sum' or "
                                         "'none'", repr(reduction)))
        super().__init__(reduction)
        if not isinstance(full, bool):
            raise CellTypeError(message("GaussianNLLLoss full", "a bool", describe(full)))
        if isinstance(eps, bool) or not isinstance(eps, numbers.Real) or not eps > 0:
            raise CellArgumentError(message("GaussianNLLLoss eps", "a float > 0", repr(eps)))
        self.full, self.eps = full, float(eps)

    def construct(self, logits, labels, var):
        for name, value in (("logits", logits), ("labels", labels), ("var", var)):
            float_only(f"GaussianNLLLoss {name}", value)
        dtype, shape = _dtype(logits), onp.shape(getval(logits))
        if onp.shape(getval(var)) != shape and onp.shape(getval(var)) == shape[:-1]:
            var = np.expand_dims(var, -1)
        clipped = np.maximum(var, self.eps)
        loss = 0.5 * (np.log(clipped) + (logits - labels) ** 2 / clipped)
        if self.full:
            loss = loss + 0.5 * math.log(2 * math.pi)
        return _in(self.get_loss(_in(loss, dtype)), dtype)
