"""MindSpore 2.10's functional losses with no ``nn`` Cell here: ``hinge_embedding_loss``
and ``multilabel_soft_margin_loss`` (MindSpore 2.10's CPU build has no kernel for
``multilabel_margin_loss``, ``triplet_margin_loss`` or ``soft_margin_loss``: left out).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.hinge_embedding_loss(ms.Tensor([0.3, 2.0]), ms.Tensor([-1.0, 1.0]))
array(1.35, dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..nn.loss_pairs import _in
from .checks import float_only
from .nnf_losses import _reduction


def _reduce(loss, reduction, dtype):
    if reduction == "mean":
        loss = np.mean(loss)
    elif reduction == "sum":
        loss = np.sum(loss)
    return _in(loss, dtype)


def _real(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value)))
    return float(value)


def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    """``inputs`` where ``targets == 1``, ``max(0, margin - inputs)`` where it is -1."""
    _reduction("hinge_embedding_loss", reduction)
    margin = _real("ops.hinge_embedding_loss margin", margin)
    dtype = getval(float_only("ops.hinge_embedding_loss inputs", inputs)).dtype
    float_only("ops.hinge_embedding_loss targets", targets)
    label = onp.asarray(getval(targets))
    positive = np.where(label == 1, inputs, dtype.type(0))
    negative = np.where(label == -1, np.maximum(dtype.type(margin) - inputs, dtype.type(0)),
                        dtype.type(0))
    return _reduce(positive + negative, reduction, dtype)


def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    """Mean over classes of the binary cross entropy of ``sigmoid(input)`` against
    ``target`` (0 or 1), ``weight`` scaling each class."""
    _reduction("multilabel_soft_margin_loss", reduction)
    dtype = getval(float_only("ops.multilabel_soft_margin_loss input", input)).dtype
    if onp.shape(getval(target)) != onp.shape(getval(input)):
        raise CellArgumentError(message("ops.multilabel_soft_margin_loss target",
                                        f"shape {onp.shape(getval(input))} (the input's)",
                                        f"shape {onp.shape(getval(target))}"))
    log_p = 0 - (np.log1p(np.exp(-np.abs(input))) + np.maximum(0 - input, dtype.type(0)))
    log_q = log_p - input  # log(1 - sigmoid(x)) = log(sigmoid(x)) - x
    per_class = 0 - (target * log_p + (1 - target) * log_q)
    if weight is not None:
        per_class = per_class * weight
    loss = np.mean(per_class, axis=-1)
    return _reduce(loss, reduction, dtype)
