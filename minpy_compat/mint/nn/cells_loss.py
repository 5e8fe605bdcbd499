"""``mint.nn``'s loss Cells (PyTorch-style arguments: ``weight``, ``reduction``,
``ignore_index``, ``log_target``), each calling its ``mint.nn.functional`` function.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.nn.L1Loss()(ms.Tensor([1.0, -1.0]), ms.Tensor([0.0, 0.0]))
array(1., dtype=float32)
"""
import numbers

from ...errors import CellArgumentError, CellTypeError, describe, message
from ...nn.cell import Cell
from . import fn_loss as F
from .fn_act import check_number


class _Loss(Cell):
    _reductions = ("none", "mean", "sum")

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = F.check_reduction(type(self).__name__, reduction, self._reductions)


class L1Loss(_Loss):
    """Mean (or sum) absolute difference."""

    def construct(self, input, target):
        return F.l1_loss(input, target, self.reduction)


class MSELoss(_Loss):
    """Mean (or sum) squared difference."""

    def construct(self, input, target):
        return F.mse_loss(input, target, self.reduction)


class SoftMarginLoss(_Loss):
    """``log(1 + exp(-target * input))``, reduced."""

    def construct(self, input, target):
        return F.soft_margin_loss(input, target, self.reduction)


class SmoothL1Loss(_Loss):
    """Squared below ``beta``, absolute above, of ``input - target``."""

    def __init__(self, reduction="mean", beta=1.0):
        super().__init__(reduction)
        self.beta = check_number("SmoothL1Loss beta", beta)
        if beta < 0:
            raise CellArgumentError(message("SmoothL1Loss beta", "a number >= 0", repr(beta)))

    def construct(self, input, target):
        return F.smooth_l1_loss(input, target, self.reduction, self.beta)


class KLDivLoss(_Loss):
    """Kullback-Leibler divergence of log-probabilities ``input`` from ``target``."""
    _reductions = ("none", "mean", "sum", "batchmean")

    def __init__(self, reduction="mean", log_target=False):
        super().__init__(reduction)
        if not isinstance(log_target, bool):
            raise CellTypeError(message("KLDivLoss log_target", "a bool", describe(log_target)))
        self.log_target = log_target

    def construct(self, input, target):
        return F.kl_div(input, target, self.reduction, self.log_target)


class BCELoss(_Loss):
    """Binary cross entropy of probabilities ``input``, optionally ``weight``ed."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, input, target):
        return F.binary_cross_entropy(input, target, self.weight, self.reduction)


class BCEWithLogitsLoss(_Loss):
    """Binary cross entropy of ``sigmoid(input)``, computed stably."""

    def __init__(self, weight=None, reduction="mean", pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, self.reduction,
                                                  self.pos_weight)


class CosineEmbeddingLoss(_Loss):
    """``1 - cos`` for similar pairs (target 1), ``max(0, cos - margin)`` for others."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = float(check_number("CosineEmbeddingLoss margin", margin))

    def construct(self, input1, input2, target):
        return F.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)


def _ignore_index(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(f"{where} ignore_index", "an int", describe(value)))
    return int(value)


class NLLLoss(_Loss):
    """Negative log likelihood of log-probabilities at class indices ``target``."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight
        self.ignore_index = _ignore_index("NLLLoss", ignore_index)

    def construct(self, input, target):
        return F.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class CrossEntropyLoss(_Loss):
    """Cross entropy of ``log_softmax(input)`` over axis 1 against class indices or
    probabilities, with ``label_smoothing``."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        self.weight = weight
        self.ignore_index = _ignore_index("CrossEntropyLoss", ignore_index)
        self.label_smoothing = check_number("CrossEntropyLoss label_smoothing",
                                            label_smoothing)
        if not 0 <= label_smoothing <= 1:
            raise CellArgumentError(message("CrossEntropyLoss label_smoothing", "a number in "
                                            "[0, 1]", repr(label_smoothing)))

    def construct(self, input, target):
        return F.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction,
                               self.label_smoothing)
