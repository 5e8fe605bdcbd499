"""MindSpore 2.10's loss primitives: ``SoftmaxCrossEntropyWithLogits``,
``SparseSoftmaxCrossEntropyWithLogits``, ``SigmoidCrossEntropyWithLogits``,
``BCEWithLogitsLoss``, ``BinaryCrossEntropy``, ``SmoothL1Loss``, ``KLDivLoss`` and
``NLLLoss`` (MindSpore's labels and class weights get no gradient). Each forwards to the
loss functions or the facade, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> loss, dlogits = ops.SoftmaxCrossEntropyWithLogits()(ms.Tensor([[0.0, 0.0]]),
...                                                     ms.Tensor([[1.0, 0.0]]))
>>> loss
array([0.6931472], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .functional import stop_gradient
from .primitives import Primitive


def _reduction(where, reduction, allowed=("none", "mean", "sum")):
    if reduction not in allowed:
        raise CellArgumentError(message(f"{where} reduction", " or ".join(map(repr, allowed)),
                                        repr(reduction)))
    return reduction


def _same_shape(where, logits, labels):
    a, b = onp.shape(getval(logits)), onp.shape(getval(labels))
    if a != b:
        raise CellArgumentError(message(f"{where} labels", f"the shape of logits {a}",
                                        f"shape {b}"))


def _reduce(value, reduction):
    return value if reduction == "none" else np.sum(value) if reduction == "sum" \
        else np.mean(value)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """``(logits, labels) -> (loss, dlogits)``: per-row cross-entropy of (N, C) logits with
    (N, C) probability labels, and its gradient ``softmax(logits) - labels``."""

    def __call__(self, logits, labels):
        where = "SoftmaxCrossEntropyWithLogits"
        float_only(f"{where} logits", logits)
        _same_shape(where, logits, labels)
        if onp.ndim(getval(logits)) != 2:
            raise CellArgumentError(message(f"{where} logits", "a 2-D (N, C) tensor",
                                            f"shape {onp.shape(getval(logits))}"))
        log_p = _log_softmax(logits)
        labels = stop_gradient(labels)
        return -np.sum(labels * log_p, axis=1), np.exp(log_p) - labels


def _log_softmax(logits):
    shift = logits - np.max(getval(logits), axis=-1, keepdims=True)
    return shift - np.log(np.sum(np.exp(shift), axis=-1, keepdims=True))


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """``(logits, labels)``: the mean cross-entropy of (N, C) logits with int class labels;
    with ``is_grad=True``, its gradient with respect to ``logits`` instead."""

    def __init__(self, is_grad=False):
        super().__init__()
        if not isinstance(is_grad, bool):
            raise CellTypeError(message("SparseSoftmaxCrossEntropyWithLogits is_grad",
                                        "a bool", describe(is_grad)))
        self.is_grad = is_grad

    def __call__(self, logits, labels):
        where = "SparseSoftmaxCrossEntropyWithLogits"
        float_only(f"{where} logits", logits)
        shape, l_shape = onp.shape(getval(logits)), onp.shape(getval(labels))
        kind = getattr(getval(labels), "dtype", onp.dtype(float)).kind
        if kind not in "iu":
            raise CellTypeError(message(f"{where} labels", "an int tensor", describe(labels)))
        if l_shape != shape[:-1]:
            raise CellArgumentError(message(f"{where} labels", f"an int tensor of shape "
                                            f"{shape[:-1]}", f"{describe(labels)}"))
        log_p = _log_softmax(logits)
        onehot = (onp.asarray(getval(labels))[..., None] == onp.arange(shape[-1])).astype(
            getval(logits).dtype)
        count = getval(logits).dtype.type(max(int(onp.prod(l_shape)), 1))
        if self.is_grad:
            return (np.exp(log_p) - onehot) / count
        return -np.sum(onehot * log_p) / count


class SigmoidCrossEntropyWithLogits(Primitive):
    """``(logits, labels)``: elementwise ``-labels log σ(x) - (1 - labels) log(1 - σ(x))``."""

    def __call__(self, logits, labels):
        float_only("SigmoidCrossEntropyWithLogits logits", logits)
        _same_shape("SigmoidCrossEntropyWithLogits", logits, labels)
        if getval(logits).dtype != getattr(getval(labels), "dtype", None):
            raise CellTypeError(message("SigmoidCrossEntropyWithLogits labels",
                                        "the dtype of logits", describe(labels)))
        labels = stop_gradient(labels)
        return np.maximum(logits, 0) - logits * labels + np.log1p(np.exp(-np.abs(logits)))


class _Reduced(Primitive):
    allowed = ("none", "mean", "sum")

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = _reduction(type(self).__name__, reduction, self.allowed)


class BCEWithLogitsLoss(_Reduced):
    """``(logits, label, weight, pos_weight)``: binary cross-entropy on logits."""

    def __call__(self, logits, label, weight, pos_weight):
        from .nnf_losses import binary_cross_entropy_with_logits
        return binary_cross_entropy_with_logits(logits, label, weight, pos_weight,
                                                self.reduction)


class BinaryCrossEntropy(_Reduced):
    """``(logits, labels, weight=None)``: binary cross-entropy of probabilities."""

    def __call__(self, logits, labels, weight=None):
        from .nnf_losses import binary_cross_entropy
        return binary_cross_entropy(logits, labels, weight, self.reduction)


class KLDivLoss(_Reduced):
    """``(logits, labels)``: ``labels * (log(labels) - logits)``, reduced."""

    allowed = ("none", "mean", "sum", "batchmean")

    def __call__(self, logits, labels):
        from .nnf_losses import kl_div
        return kl_div(logits, stop_gradient(labels), self.reduction)


class SmoothL1Loss(_Reduced):
    """``(logits, labels)``: the Huber-like loss with threshold ``beta``, reduced."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        if isinstance(beta, bool) or not isinstance(beta, numbers.Real) or beta <= 0:
            raise CellArgumentError(message("SmoothL1Loss beta", "a float > 0", repr(beta)))
        self.beta = float(beta)

    def __call__(self, logits, labels):
        from .nnf_losses import smooth_l1_loss
        return smooth_l1_loss(logits, labels, self.beta, self.reduction)


class NLLLoss(_Reduced):
    """``(logits, labels, weight) -> (loss, total_weight)``: the negative log-likelihood of
    (N, C) log-probabilities with int labels, class-weighted."""

    def __init__(self, reduction="mean", ignore_index=-100):
        super().__init__(reduction)
        if isinstance(ignore_index, bool) or not isinstance(ignore_index, numbers.Integral):
            raise CellTypeError(message("NLLLoss ignore_index", "an int",
                                        describe(ignore_index)))
        self.ignore_index = int(ignore_index)

    def __call__(self, logits, labels, weight):
        float_only("NLLLoss logits", logits)
        shape = onp.shape(getval(logits))
        idx = onp.asarray(getval(labels))
        if idx.dtype.kind not in "iu":
            raise CellTypeError(message("NLLLoss labels", "an int tensor", describe(labels)))
        if len(shape) not in (1, 2) or idx.shape != shape[:1] * (len(shape) == 2):
            raise CellArgumentError(message("NLLLoss labels", "an int tensor of shape (N,)",
                                            describe(labels)))
        keep = idx != self.ignore_index
        classes = shape[-1]
        if onp.any(keep & ((idx < 0) | (idx >= classes))):
            raise CellArgumentError(message("NLLLoss labels", f"class indices in [0, {classes})",
                                            str(idx[keep].tolist())))
        safe = onp.where(keep, idx, 0)
        picked = logits[onp.arange(len(safe)), safe] if len(shape) == 2 else logits[safe]
        w = stop_gradient(weight)[safe] * keep.astype(getval(logits).dtype)
        total = np.sum(w)
        loss = -picked * w
        if self.reduction == "none":
            return loss, total
        loss = np.sum(loss)
        return (loss / total if self.reduction == "mean" else loss), total
