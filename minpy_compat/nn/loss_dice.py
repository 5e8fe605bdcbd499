"""Segmentation and regression losses (MindSpore 2.10's): ``DiceLoss``,
``MultiClassDiceLoss``, ``FocalLoss``, ``RMSELoss``.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = ms.Tensor([[0.8, 0.2], [0.3, 0.9]], ms.float32)
>>> round(float(nn.DiceLoss()(x, ms.Tensor([[1.0, 0.0], [0.0, 1.0]], ms.float32))), 4)
0.0503
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from .basic import LogSoftmax, ReLU, ReLU6, Sigmoid, Softmax, Tanh
from .cell import Cell
from .loss import LossBase, MSELoss
from .loss_pairs import _dtype, _in


def _shape(x):
    return onp.shape(getval(x))


def _not_uint8(where, name, x):
    if _dtype(x) == onp.uint8 or not is_tensor(x):
        raise CellTypeError(message(f"{where} {name}", "a Tensor of numbers but uint8",
                                    describe(x)))


def _float_dtype(x):
    """``x``'s dtype if float, else float32 (MindSpore's losses of int Tensors)."""
    return _dtype(x) if _dtype(x).kind == "f" else onp.dtype(onp.float32)


def _dice(logits, labels, smooth):
    """``1 - 2 * sum(logits * labels) / (sum(logits**2) + sum(labels**2) + smooth)``."""
    flat_x, flat_y = np.reshape(logits, (-1,)), np.reshape(labels, (-1,))
    intersection = np.sum(flat_x * flat_y)
    union = np.sum(flat_x * flat_x) + np.sum(flat_y * flat_y)
    return 1 - 2 * intersection / (union + smooth)


class DiceLoss(LossBase):
    """``1 - 2|X∩Y| / (|X|² + |Y|² + smooth)`` over every element (a scalar)."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        if isinstance(smooth, bool) or not isinstance(smooth, float):
            raise CellTypeError(message("DiceLoss smooth", "a float > 0", describe(smooth)))
        if not smooth > 0:
            raise CellArgumentError(message("DiceLoss smooth", "a float > 0", repr(smooth)))
        self.smooth = smooth

    def construct(self, logits, labels):
        for name, x in (("logits", logits), ("labels", labels)):
            _not_uint8("DiceLoss", name, x)
        if _shape(logits) != _shape(labels):
            raise CellArgumentError(message("DiceLoss labels", f"shape {_shape(logits)} (the "
                                            "logits')", f"shape {_shape(labels)}"))
        return _in(_dice(logits, labels, self.smooth), _float_dtype(logits))


_ACTIVATIONS = {"softmax": Softmax, "logsoftmax": LogSoftmax, "relu": ReLU, "relu6": ReLU6,
                "tanh": Tanh, "sigmoid": Sigmoid}


class MultiClassDiceLoss(LossBase):
    """The mean over classes (axis 1) of ``DiceLoss`` after ``activation`` (on the last
    axis, as MindSpore's), each class scaled by its row of ``weights`` (shape (C, k))."""

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        where = "MultiClassDiceLoss"
        self.binarydiceloss = DiceLoss(smooth=1e-5)
        if weights is not None and not is_tensor(weights):
            raise CellTypeError(message(f"{where} weights", "None or a Tensor", describe(weights)))
        if weights is not None and onp.ndim(getval(weights)) != 2:
            raise CellArgumentError(message(f"{where} weights", "a 2-d Tensor (classes, k)",
                                            f"shape {_shape(weights)}"))
        if ignore_indiex is not None and (isinstance(ignore_indiex, bool) or
                                          not isinstance(ignore_indiex, numbers.Integral)):
            raise CellTypeError(message(f"{where} ignore_indiex", "None or an int",
                                        describe(ignore_indiex)))
        if isinstance(activation, str):
            if activation not in _ACTIVATIONS:
                raise CellArgumentError(message(f"{where} activation", "one of "
                                                f"{sorted(_ACTIVATIONS)}", repr(activation)))
            activation = _ACTIVATIONS[activation]()
        elif activation is not None and not isinstance(activation, Cell):
            raise CellTypeError(message(f"{where} activation", "a str, a Cell or None",
                                        describe(activation)))
        self.weights, self.ignore_indiex, self.activation = weights, ignore_indiex, activation

    def construct(self, logits, labels):
        where = "MultiClassDiceLoss"
        if _shape(logits) != _shape(labels):
            raise CellArgumentError(message(f"{where} labels", f"shape {_shape(logits)} (the "
                                            "logits')", f"shape {_shape(labels)}"))
        if len(_shape(logits)) < 2:
            raise CellArgumentError(message(f"{where} logits", "2 or more dimensions",
                                            f"shape {_shape(logits)}"))
        classes = _shape(labels)[1]
        if self.weights is not None and _shape(self.weights)[0] != classes:
            raise CellArgumentError(message(f"{where} weights", f"{classes} rows, one per class",
                                            f"shape {_shape(self.weights)}"))
        probs = logits if self.activation is None else self.activation(logits)
        total = 0
        for i in range(classes):
            if i == self.ignore_indiex:
                continue
            loss = self.binarydiceloss(probs[:, i], labels[:, i])
            total = total + (loss if self.weights is None else loss * self.weights[i])
        return _in(total / classes, _dtype(logits))


class FocalLoss(LossBase):
    """``-weight * (1 - p)**gamma * log(p)`` of the softmax over axis 1, against one-hot
    ``labels`` (same shape) or class indices (``labels.shape[1] == 1``); averaged over the
    spatial positions, then reduced."""

    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(reduction)
        if isinstance(gamma, bool) or not isinstance(gamma, float):
            raise CellTypeError(message("FocalLoss gamma", "a float", describe(gamma)))
        if weight is not None and not is_tensor(weight):
            raise CellTypeError(message("FocalLoss weight", "None or a Tensor", describe(weight)))
        if weight is not None and onp.ndim(getval(weight)) != 1:
            raise CellArgumentError(message("FocalLoss weight", "a 1-d Tensor (one per class)",
                                            f"shape {_shape(weight)}"))
        self.gamma, self.weight = gamma, weight
        self.logsoftmax = LogSoftmax(1)

    def construct(self, logits, labels):
        where, shape = "FocalLoss", _shape(logits)
        if len(shape) < 2 or len(_shape(labels)) != len(shape):
            raise CellArgumentError(message(f"{where} labels", f"{len(shape)} dimensions (the "
                                            "logits', at least 2)", f"shape {_shape(labels)}"))
        if _shape(labels)[1] not in (1, shape[1]) or _shape(labels)[0] != shape[0]:
            raise CellArgumentError(message(f"{where} labels", f"shape[1] 1 or {shape[1]}",
                                            f"shape {_shape(labels)}"))
        if _dtype(labels).kind not in "fi":
            raise CellTypeError(message(f"{where} labels", "float or int", f"{_dtype(labels)}"))
        logits = np.reshape(logits, shape[:2] + (-1,))
        labels = np.reshape(labels, _shape(labels)[:2] + (-1,))
        log_p = self.logsoftmax(logits)
        indices = _shape(labels)[1] == 1
        index = onp.asarray(getval(labels)).astype(onp.int64)
        if indices and onp.any((index < -shape[1]) | (index >= shape[1])):
            # MindSpore gathers these: -classes..-1 count from the end, as there
            raise CellArgumentError(message(f"{where} labels", f"class indices in "
                                            f"[{-shape[1]}, {shape[1]})",
                                            f"{index.min()}..{index.max()}"))
        if indices:
            log_p = np.take_along_axis(log_p, index, axis=1)[:, 0]
        prob = np.exp(log_p)
        if self.weight is not None:
            weight = np.reshape(self.weight, (1, -1, 1)).astype(_dtype(logits))
            weight = weight * onp.ones((shape[0], 1, log_p.shape[-1]), _dtype(logits))
            if indices:
                weight = np.take_along_axis(weight, index, axis=1)[:, 0]
            log_p = log_p * weight
        factor = (1 - prob) ** self.gamma
        loss = np.mean(0 - factor * log_p, axis=1) if indices \
            else np.mean(0 - factor * labels * log_p, axis=-1)
        return _in(self.get_loss(loss), _dtype(logits))


class RMSELoss(LossBase):
    """``sqrt(mean((logits - labels)**2))``."""

    def __init__(self):
        super().__init__()
        self.MSELoss = MSELoss()

    def construct(self, logits, labels):
        for name, x in (("logits", logits), ("labels", labels)):
            if _dtype(x).kind == "u":
                raise CellTypeError(message(f"RMSELoss {name}", "a float or signed int Tensor",
                                            f"{_dtype(x)}"))
        return _in(np.sqrt(self.MSELoss(logits, labels)), _float_dtype(logits))
