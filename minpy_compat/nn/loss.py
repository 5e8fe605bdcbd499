"""Losses: ``LossBase`` (for custom losses), ``MSELoss``, ``L1Loss``, ``MAELoss``,
``SmoothL1Loss``, ``SoftmaxCrossEntropyWithLogits``, ``CrossEntropyLoss``.

A custom loss subclasses ``LossBase`` and ends ``construct`` with
``self.get_loss(x, weights)``, which applies the reduction chosen at
construction ('mean' — of ``x * weights``, not normalised by the weights —,
'sum' or 'none'); an int ``x`` is reduced in float32 and cast back, as in MindSpore
(``MSELoss`` of Int32 Tensors is an Int32, the mean truncated).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> class MAELoss(nn.LossBase):
...     def construct(self, base, target):
...         return self.get_loss(abs(base - target))
>>> round(float(MAELoss()(ms.Tensor([0.1, 0.2, 0.3]), ms.Tensor([0.1, 0.2, 0.2]))), 6)
0.033333
"""
import numbers

import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, ReductionError, describe, message
from ..ops import functional as F
from ..ops.int_inputs import index_data
from ..ops.nnf_losses import all_ignored_mean
from ..tensor import Parameter, is_tensor
from .cell import Cell
from .loss_softmax_kernel import softmax_cross_entropy

REDUCTIONS = ("mean", "sum", "none")


class LossBase(Cell):
    """Base of the losses: holds the reduction; ``get_loss`` applies it."""

    def __init__(self, reduction="mean"):
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
        # the default weight 1.0 under a reduction changes nothing: no traced multiply (with
        # reduction 'none' the product still gives the caller a new array)
        unit = self.reduce and type(weights) is float and weights == 1.0
        weighted = x if unit else x * weights
        if self.average:
            weighted = np.mean(weighted)
        elif self.reduce:
            weighted = np.sum(weighted)
        if dtype is not None and dtype.kind in "fiu" and getval(weighted).dtype != dtype:
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

    The default reduction is 'none' (one loss per sample), as in MindSpore. As there, the
    gradient is ``softmax(logits) - labels`` and ``labels`` get none; a sparse label outside
    [0, classes) is an all-zero row (loss 0), except under 'mean', which refuses it.
    """

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        self.sparse = sparse

    def construct(self, logits, labels):
        where = "SoftmaxCrossEntropyWithLogits"
        F.float_only(f"{where} logits", logits)
        shape = onp.shape(getval(logits))
        if self.sparse:
            labels = self._one_hot(where, labels, shape, getval(logits).dtype)
        else:
            if _dtype(labels) != getval(logits).dtype:
                raise CellTypeError(message(f"{where} labels", f"{getval(logits).dtype} (the "
                                            "logits' dtype)", describe(getval(labels)),
                                            "Cast them, or pass sparse=True for indices."))
            if onp.shape(getval(labels)) != shape:
                raise CellArgumentError(message(f"{where} labels", f"shape {shape} (the "
                                                "logits')", f"shape {onp.shape(getval(labels))}"))
            labels = getval(labels)
        return self.get_loss(softmax_cross_entropy(logits, labels))

    def _one_hot(self, where, labels, shape, dtype):
        index = index_data(labels) if _dtype(labels) is not None else None
        if index is None or index.dtype.kind not in "iu":
            raise CellTypeError(message(f"{where} labels", "int class indices (sparse=True)",
                                        describe(getval(labels))))
        if index.shape != shape[:-1]:
            raise CellArgumentError(message(f"{where} labels", f"shape {shape[:-1]} (one class "
                                            f"index per row of logits {shape})",
                                            f"shape {index.shape}"))
        outside = (index < 0) | (index >= shape[-1])
        if self.reduction == "mean" and outside.any():
            raise CellArgumentError(message(f"{where} labels", f"class indices in [0, "
                                            f"{shape[-1]}) (reduction 'mean')",
                                            f"{index.min()}..{index.max()}"))
        return onp.eye(shape[-1], dtype=dtype)[onp.where(outside, 0, index)] \
            * ~outside[..., None]


class SmoothL1Loss(LossBase):
    """``0.5 * d**2 / beta`` where ``|d| < beta``, else ``|d| - 0.5 * beta``, for
    ``d = logits - labels`` (same shapes, floats). The default reduction is 'none', as in
    MindSpore; at ``|d| == beta`` the gradient is ``sign(d)``."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        if isinstance(beta, bool) or not isinstance(beta, numbers.Real):
            raise CellTypeError(message("SmoothL1Loss beta", "a float", describe(beta)))
        if not beta > 0:
            raise CellArgumentError(message("SmoothL1Loss beta", "a number > 0", repr(beta),
                                            "beta is where the loss turns from square to linear."))
        self.beta = float(beta)

    def construct(self, logits, labels):
        F.float_only("SmoothL1Loss logits", logits)
        F.float_only("SmoothL1Loss labels", labels)
        shapes = onp.shape(getval(logits)), onp.shape(getval(labels))
        if shapes[0] != shapes[1]:
            raise CellArgumentError(message("SmoothL1Loss labels", f"shape {shapes[0]} (the "
                                            "logits')", f"shape {shapes[1]}"))
        diff = logits - labels
        size = np.abs(diff)
        small = getval(size) < self.beta
        return self.get_loss(np.where(small, diff * diff * (0.5 / self.beta),
                                      size - 0.5 * self.beta))


class CrossEntropyLoss(LossBase):
    """Cross entropy of ``log_softmax(logits)`` over axis 1 (axis 0 for 1-D logits).

    ``labels`` are class indices (ints, the logits' shape less the class axis; those equal
    to ``ignore_index`` count for nothing) or class probabilities (floats, the logits'
    shape). ``weight`` (a Tensor, one per class) scales each class; 'mean' divides by the
    summed weights of the labels given as indices, by the number of samples otherwise.
    ``label_smoothing`` mixes the targets with the uniform distribution.

    >>> import minpy_compat as ms
    >>> from minpy_compat import nn
    >>> loss = nn.CrossEntropyLoss()
    >>> round(float(loss(ms.Tensor([[1.0, 2.0, 0.5]]), ms.Tensor([1], ms.int32))), 4)
    0.4644
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        where = "CrossEntropyLoss"
        if weight is not None and not (is_tensor(weight) and onp.ndim(weight) == 1):
            raise CellTypeError(message(f"{where} weight", "None or a 1-D Tensor (one weight "
                                        "per class)", describe(weight),
                                        "Wrap it: ms.Tensor(weights, ms.float32)."))
        if isinstance(ignore_index, bool) or not isinstance(ignore_index, numbers.Integral):
            raise CellTypeError(message(f"{where} ignore_index", "an int", describe(ignore_index)))
        if isinstance(label_smoothing, bool) or not isinstance(label_smoothing, numbers.Real) \
                or not 0 <= label_smoothing <= 1:
            raise CellArgumentError(message(f"{where} label_smoothing", "a number in [0, 1]",
                                            repr(label_smoothing)))
        # a Parameter (traced under grad) is kept as itself: MindSpore differentiates it
        self.weight = None if weight is None else weight \
            if isbox(weight) or isinstance(weight, Parameter) else onp.asarray(getval(weight))
        self.ignore_index, self.label_smoothing = int(ignore_index), float(label_smoothing)

    def construct(self, logits, labels):
        data = getval(F.float_only("CrossEntropyLoss logits", logits))
        if onp.ndim(data) == 0:
            raise CellArgumentError(message("CrossEntropyLoss logits", "a Tensor of shape (C,) "
                                            "or (N, C, ...)", "a 0-d Tensor"))
        axis = 1 if data.ndim > 1 else 0
        classes = data.shape[axis]
        weight = onp.ones(classes, data.dtype) if self.weight is None \
            else self.weight.astype(data.dtype)
        if onp.shape(getval(weight)) != (classes,):
            raise CellArgumentError(message("CrossEntropyLoss weight", f"{classes} weights, one "
                                            "per class", f"shape {onp.shape(getval(weight))}"))
        weight = np.reshape(weight, (classes,) + (1,) * (data.ndim - axis - 1))
        log_probs = F.log_softmax(logits, axis)
        # a traced Int32 label (under grad with get_all) is still class indices
        indices = index_data(labels) if _dtype(labels) is not None else None
        if indices is not None and indices.dtype.kind in "iu":
            return self._from_indices(log_probs, indices, weight, axis)
        return self._from_probabilities(log_probs, labels, weight, axis)

    def _from_indices(self, log_probs, labels, weight, axis):
        shape = onp.shape(getval(log_probs))
        expected = shape[:axis] + shape[axis + 1:]
        if labels.shape != expected:
            raise CellArgumentError(message("CrossEntropyLoss labels", f"shape {expected} (class "
                                            f"indices for logits of shape {shape})",
                                            f"shape {labels.shape}"))
        kept = labels != self.ignore_index
        if onp.any(kept & ((labels < 0) | (labels >= shape[axis]))):
            raise CellArgumentError(message(
                "CrossEntropyLoss labels", f"class indices in [0, {shape[axis]}) or ignore_index "
                f"({self.ignore_index})", f"{labels[kept].min()}..{labels[kept].max()}"))
        dtype = getval(weight).dtype
        picked = onp.moveaxis(onp.eye(shape[axis], dtype=dtype)[onp.where(kept, labels, 0)],
                              -1, axis) * kept.astype(dtype)[(slice(None),) * axis + (None,)]
        loss = 0 - np.sum(log_probs * (picked * weight), axis=axis)  # 0 - : no -0.0
        if self.label_smoothing:
            spread = (0 - np.sum(log_probs * weight, axis=axis)) * kept.astype(dtype)
            loss = (1 - self.label_smoothing) * loss + spread * (self.label_smoothing / shape[axis])
        return self._reduced(loss, np.sum(picked * weight), dtype, not onp.any(kept))

    def _from_probabilities(self, log_probs, labels, weight, axis):
        F.float_only("CrossEntropyLoss labels", labels)
        shape, dtype = onp.shape(getval(log_probs)), getval(log_probs).dtype
        if onp.shape(getval(labels)) != shape:
            raise CellArgumentError(message(
                "CrossEntropyLoss labels", f"class indices (ints) or probabilities of shape "
                f"{shape} (the logits')", describe(getval(labels))))
        if _dtype(labels) != dtype:
            raise CellTypeError(message("CrossEntropyLoss labels", f"probabilities in {dtype} "
                                        "(the logits' dtype)", describe(getval(labels)),
                                        f"Cast them: labels.astype(ms.{dtype})."))
        if self.label_smoothing:
            labels = labels * (1 - self.label_smoothing) + self.label_smoothing / shape[axis]
        loss = -np.sum(log_probs * labels * weight, axis=axis)
        return self._reduced(loss, onp.size(getval(loss)), dtype)

    @staticmethod
    def _in_dtype(value, dtype):
        # with NumPy 1.x the facade widens a 0-d float32 meeting a Python number to float64
        return value if getval(value).dtype == dtype else value.astype(dtype)

    def _reduced(self, loss, count, dtype, all_ignored=False):
        loss = self._in_dtype(loss, dtype)
        if not self.reduce:
            return loss
        if all_ignored and self.average:
            return all_ignored_mean(loss, dtype)
        with onp.errstate(invalid="ignore", divide="ignore"):  # every label ignored: NaN
            count = count if isbox(count) else dtype.type(count)
            total = np.sum(loss) / count if self.average else np.sum(loss)
        return self._in_dtype(total, dtype)


def _dtype(x):
    return getattr(getval(x), "dtype", None)


# MindSpore's submodule ``nn.loss.loss`` and its other losses here (``FocalLoss``) come
# from ``module_paths``, read from ``minpy_compat.nn``
from ..module_paths import fallback  # noqa: E402

__path__ = []
__getattr__, __dir__ = fallback(__name__)
