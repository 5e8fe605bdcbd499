"""``mint.nn.functional``'s losses (PyTorch-style arguments: ``input``, ``target``,
``reduction``, ``log_target``), forwarding to ``ops``' losses so gradients come from
the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat.mint.nn import functional as F
>>> F.mse_loss(ms.Tensor([1.0, 3.0]), ms.Tensor([0.0, 0.0]))
array(5., dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from ... import numpy as np
from ... import ops
from ...errors import CellArgumentError, message
from ...ops.checks import float_only
from .fn_act import check_number

cosine_embedding_loss = ops.cosine_embedding_loss
cross_entropy = ops.cross_entropy
l1_loss = ops.l1_loss
mse_loss = ops.mse_loss
soft_margin_loss = ops.soft_margin_loss


def check_reduction(where, reduction, allowed=("none", "mean", "sum")):
    """``reduction`` if it is one of ``allowed`` (a ValueError naming ``where`` if not)."""
    if reduction not in allowed:
        raise CellArgumentError(message(f"{where} reduction", " or ".join(map(repr, allowed)),
                                        repr(reduction)))
    return reduction


def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    """Binary cross entropy of probabilities ``input`` against ``target``."""
    check_reduction("mint.nn.functional.binary_cross_entropy", reduction)
    return ops.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean",
                                     pos_weight=None):
    """Binary cross entropy of ``sigmoid(input)`` against ``target``, computed stably."""
    check_reduction("mint.nn.functional.binary_cross_entropy_with_logits", reduction)
    return ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def nll_loss(input, target, weight=None, ignore_index=-100, reduction="mean"):
    """Negative log likelihood of log-probabilities ``input`` at class indices ``target``."""
    check_reduction("mint.nn.functional.nll_loss", reduction)
    return ops.nll_loss(input, target, weight, ignore_index, reduction)


def kl_div(input, target, reduction="mean", log_target=False):
    """``target * (log(target) - input)`` (``exp(target) * (target - input)`` with
    ``log_target``) for log-probabilities ``input``: 'mean' over all elements,
    'batchmean' the sum over the batch size."""
    where = "mint.nn.functional.kl_div"
    check_reduction(where, reduction, ("none", "mean", "sum", "batchmean"))
    float_only(f"{where} input", input)
    if log_target:
        pointwise = np.exp(target) * (target - input)
    else:
        safe = np.where(getval(target) > 0, target, 1)
        pointwise = np.where(getval(target) > 0, target * np.log(safe), 0) - target * input
    if reduction == "none":
        return pointwise
    total = np.sum(pointwise)
    if reduction == "sum":
        return total
    count = getval(pointwise).size if reduction == "mean" else \
        max(onp.shape(getval(input))[:1] or (1,))
    return total / getval(pointwise).dtype.type(count)


def kl_div_ext(input, target, reduction="mean", log_target=False):
    """``kl_div`` (MindSpore's internal name)."""
    return kl_div(input, target, reduction, log_target)


def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    """Half the square over ``beta`` below ``beta``, ``|d| - beta / 2`` above."""
    check_reduction("mint.nn.functional.smooth_l1_loss", reduction)
    check_number("mint.nn.functional.smooth_l1_loss beta", beta)
    return ops.smooth_l1_loss(input, target, beta, reduction)


def mse_loss_ext(input, target, reduction="mean"):
    """``mse_loss`` (MindSpore's internal name)."""
    return mse_loss(input, target, reduction)


def nllloss(input, target, weight=None, ignore_index=-100, reduction="mean"):
    """``nll_loss`` (MindSpore's internal name)."""
    return nll_loss(input, target, weight, ignore_index, reduction)
