"""MindSpore 2.10's functional losses: ``binary_cross_entropy``,
``binary_cross_entropy_with_logits``, ``cross_entropy``, ``nll_loss``, ``kl_div``,
``mse_loss``, ``l1_loss``, ``smooth_l1_loss``, ``huber_loss``, ``margin_ranking_loss``,
``cosine_embedding_loss``, ``multi_margin_loss`` and ``gaussian_nll_loss`` run the
matching ``nn`` loss Cell (one computation, two faces);
``hinge_embedding_loss`` and ``multilabel_soft_margin_loss`` live in ``nnf_losses_more``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.mse_loss(ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 4.0]))
array(2., dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, ReductionError, describe, message
from .checks import float_only


def _reduction(op, reduction, allowed=("mean", "sum", "none")):
    """MindSpore's reduction names, checked with the op's name in the message."""
    if not isinstance(reduction, str) or reduction not in allowed:
        wanted = ", ".join(repr(r) for r in allowed)
        raise ReductionError(message(f"ops.{op} reduction", f"one of {wanted}",
                                     repr(reduction)))
    return reduction


def _nn():
    from .. import nn  # nn imports ops: resolved at call time
    return nn


def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """Binary cross entropy of probabilities ``logits`` against ``labels``."""
    _reduction("binary_cross_entropy", reduction)
    return _nn().BCELoss(weight, reduction)(logits, labels)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None,
                                     reduction="mean"):
    """Binary cross entropy of ``sigmoid(input)``, computed stably."""
    _reduction("binary_cross_entropy_with_logits", reduction)
    return _nn().BCEWithLogitsLoss(reduction, weight, pos_weight)(input, target)


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean",
                  label_smoothing=0.0):
    """Cross entropy of ``log_softmax(input)`` over axis 1; class indices or probabilities."""
    _reduction("cross_entropy", reduction)
    return _nn().CrossEntropyLoss(weight, ignore_index, reduction, label_smoothing)(
        input, target)


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean",
             label_smoothing=0.0):
    """Negative log likelihood of log-probabilities ``inputs`` at class indices ``target``."""
    _reduction("nll_loss", reduction)
    if isinstance(label_smoothing, bool) or not isinstance(label_smoothing, numbers.Real) \
            or not 0 <= label_smoothing <= 1:
        raise CellArgumentError(message("ops.nll_loss label_smoothing", "a float in [0, 1]",
                                        repr(label_smoothing)))
    nn = _nn()
    if not label_smoothing:
        return nn.NLLLoss(weight, ignore_index, reduction)(inputs, target)
    per_sample = nn.NLLLoss(weight, ignore_index, "none")(inputs, target)
    from ..nn.loss_nll import _class_indices
    from ..nn.loss_pairs import _in
    index, axis, classes = _class_indices("ops.nll_loss", inputs, target)
    dtype = getval(inputs).dtype
    w = onp.ones(classes, dtype) if weight is None else onp.asarray(getval(weight), dtype)
    kept = index != ignore_index
    shape = (classes,) + (1,) * (onp.ndim(getval(inputs)) - axis - 1)
    spread = (0 - np.sum(inputs * w.reshape(shape), axis=axis)) * kept.astype(dtype)
    loss = _in((1 - label_smoothing) * per_sample + spread * (label_smoothing / classes), dtype)
    if reduction == "none":
        return loss
    total = np.sum(loss)
    if reduction == "mean" and not onp.any(kept):
        return all_ignored_mean(loss, dtype)
    if reduction == "mean":
        total = total / dtype.type(onp.sum(kept * w[onp.where(kept, index, 0)]))
    return _in(total, dtype)


def kl_div(logits, labels, reduction="mean"):
    """``labels * (log(labels) - logits)`` for log-probabilities ``logits``, reduced."""
    _reduction("kl_div", reduction, ("mean", "sum", "none", "batchmean"))
    return _nn().KLDivLoss(reduction)(logits, labels)


def _float32(x):
    """Ints as float32: MindSpore's mse_loss of Int32 Tensors is a Float32."""
    dtype = getattr(getval(x), "dtype", None)
    return x.astype(onp.float32) if dtype is not None and dtype.kind in "iub" else x


def mse_loss(input, target, reduction="mean"):
    """``(input - target) ** 2``, reduced (the two broadcast; ints give float32)."""
    _reduction("mse_loss", reduction)
    input, target = _float32(input), _float32(target)
    return _nn().MSELoss(reduction)(input, target)


def l1_loss(input, target, reduction="mean"):
    """``|input - target|``, reduced (the two broadcast; ints reduce to ints)."""
    _reduction("l1_loss", reduction)
    return _nn().L1Loss(reduction)(input, target)


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """Square below ``beta``, linear above, of ``input - target``."""
    _reduction("smooth_l1_loss", reduction)
    return _nn().SmoothL1Loss(beta, reduction)(input, target)


def huber_loss(input, target, reduction="mean", delta=1.0):
    """Square below ``delta``, ``delta``-scaled linear above, of ``input - target``."""
    _reduction("huber_loss", reduction)
    return _nn().HuberLoss(reduction, delta)(input, target)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """``max(0, -target * (input1 - input2) + margin)``, reduced."""
    _reduction("margin_ranking_loss", reduction)
    return _nn().MarginRankingLoss(margin, reduction)(input1, input2, target)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """``1 - cos`` for ``target == 1``, ``max(0, cos - margin)`` for -1, per row."""
    _reduction("cosine_embedding_loss", reduction)
    return _nn().CosineEmbeddingLoss(margin, reduction)(input1, input2, target)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    """Multi-class hinge loss of scores ``input`` (N, C) at class indices ``target``."""
    _reduction("multi_margin_loss", reduction)
    if isinstance(margin, bool) or not isinstance(margin, numbers.Integral):
        raise CellTypeError(message("ops.multi_margin_loss margin", "an int",
                                    describe(margin), "MindSpore 2.10 takes an int margin."))
    return _nn().MultiMarginLoss(p, float(margin), reduction, weight)(input, target)


def gaussian_nll_loss(x, target, var, full=False, eps=1e-6, reduction="mean"):
    """Gaussian negative log likelihood of ``target`` under mean ``x``, variance ``var``."""
    _reduction("gaussian_nll_loss", reduction)
    return _nn().GaussianNLLLoss(full=full, eps=eps, reduction=reduction)(x, target, var)


def all_ignored_mean(loss, dtype):
    """The 'mean' of a batch whose every label is ``ignore_index``: NaN (0 / 0), with a zero
    gradient, as MindSpore's kernels give (so a padding-only batch leaves weights as they
    are rather than making them NaN)."""
    return np.sum(loss) * dtype.type(0) + dtype.type(onp.nan)
