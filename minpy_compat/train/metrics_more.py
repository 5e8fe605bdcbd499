"""More of MindSpore's metrics: ``ConfusionMatrix``, ``Dice``, ``Perplexity``, ``ROC`` with
``auc``, and ``CosineSimilarity``.

>>> import numpy
>>> from minpy_compat.train import ConfusionMatrix
>>> m = ConfusionMatrix(2)
>>> m.update(numpy.array([0.2, 0.7, 0.9]), numpy.array([0, 1, 0]))
>>> m.eval().tolist()
[[1.0, 1.0], [0.0, 1.0]]
"""
import math

import numpy as onp

from ..errors import CellArgumentError, describe, message
from .metrics import Metric, rearrange_inputs


def _choice(where, value, allowed):
    if not isinstance(value, str) or value not in allowed:
        raise CellArgumentError(message(where, f"one of {allowed}", describe(value)))
    return value


def _int_or_none(where, value, low):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < low):
        raise CellArgumentError(message(where, f"None or an int >= {low}", describe(value)))
    return value


class ConfusionMatrix(Metric):
    """Counts of (true class, predicted class); scores of shape (N, C) count their argmax,
    float scores of the labels' shape count ``score >= threshold`` as class 1."""

    def __init__(self, num_classes, normalize="no_norm", threshold=0.5):
        super().__init__()
        if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 1:
            raise CellArgumentError(message("ConfusionMatrix 'num_classes'", "an int >= 1",
                                            describe(num_classes)))
        self.num_classes, self.threshold = num_classes, threshold
        self.normalize = _choice("ConfusionMatrix 'normalize'", normalize,
                                 ("no_norm", "target", "prediction", "all"))
        self.clear()

    def clear(self):
        self.confusion_matrix = onp.zeros((self.num_classes, self.num_classes))
        self._count = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        if y_pred.ndim == y.ndim + 1:
            y_pred = y_pred.argmax(axis=1)
        elif y_pred.ndim != y.ndim:
            raise CellArgumentError(message("ConfusionMatrix.update", "scores with the labels' "
                                            f"ndim {y.ndim} or one more", f"ndim {y_pred.ndim}"))
        elif y_pred.dtype.kind == "f":
            y_pred = (y_pred >= self.threshold).astype(int)
        pairs = y.reshape(-1).astype(int) * self.num_classes + y_pred.reshape(-1).astype(int)
        if pairs.size and (pairs.min() < 0 or pairs.max() >= self.num_classes ** 2):
            raise CellArgumentError(message("ConfusionMatrix.update", "classes in "
                                            f"0..{self.num_classes - 1}", "a class outside"))
        counts = onp.bincount(pairs, minlength=self.num_classes ** 2)
        self.confusion_matrix += counts.reshape(self.num_classes, self.num_classes)
        self._count += 1

    def eval(self):
        if not self._count:
            raise self._empty()
        matrix = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return matrix
        total = {"target": matrix.sum(axis=1, keepdims=True),
                 "prediction": matrix.sum(axis=0, keepdims=True),
                 "all": matrix.sum()}[self.normalize]
        with onp.errstate(invalid="ignore", divide="ignore"):
            matrix = matrix / total
        return onp.nan_to_num(matrix, nan=0.0)


class Dice(Metric):
    """The mean over updates of ``2 pred.y / (pred.pred + y.y + smooth)``, divided by the
    number of samples (MindSpore's rule: one coefficient per batch, averaged per sample)."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        if isinstance(smooth, bool) or not isinstance(smooth, float) or not smooth > 0:
            raise CellArgumentError(message("Dice 'smooth'", "a float > 0", describe(smooth)))
        self.smooth = smooth
        self.clear()

    def clear(self):
        self._dice_coeff_sum, self._samples_num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        if y_pred.shape != y.shape:
            raise CellArgumentError(message("Dice.update", f"labels of shape {y_pred.shape}",
                                            f"shape {y.shape}"))
        p, t = y_pred.ravel().astype(float), y.ravel().astype(float)
        self._dice_coeff_sum += 2 * float(p @ t) / float(p @ p + t @ t + self.smooth)
        self._samples_num += y.shape[0]

    def eval(self):
        if not self._samples_num:
            raise self._empty()
        return self._dice_coeff_sum / self._samples_num


class Perplexity(Metric):
    """``exp`` of the mean negative log of each label's probability (``ignore_label``'s
    positions left out)."""

    def __init__(self, ignore_label=None):
        super().__init__()
        if ignore_label is not None and (isinstance(ignore_label, bool)
                                         or not isinstance(ignore_label, int)):
            raise CellArgumentError(message("Perplexity 'ignore_label'", "None or an int",
                                            describe(ignore_label)))
        self.ignore_label = ignore_label
        self.clear()

    def clear(self):
        self._sum_metric, self._num_inst = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        preds, labels = self._inputs(inputs)
        if labels.size * preds.shape[-1] != preds.size:
            raise CellArgumentError(message(
                "Perplexity.update", f"one label per row of probabilities {preds.shape}",
                f"shape {labels.shape}"))
        labels = labels.reshape(-1).astype(int)
        picked = preds.reshape(-1, preds.shape[-1])[onp.arange(labels.size), labels]
        keep = labels != self.ignore_label if self.ignore_label is not None \
            else onp.ones(labels.size, bool)
        self._sum_metric -= float(onp.log(onp.maximum(1e-10, picked[keep])).sum())
        self._num_inst += int(keep.sum())

    def eval(self):
        if not self._num_inst:
            raise self._empty()
        return math.exp(self._sum_metric / self._num_inst)


def _binary_roc(scores, positive):
    order = onp.argsort(-scores, kind="mergesort")
    scores, positive = scores[order], positive[order].astype(float)
    last = onp.r_[onp.nonzero(onp.diff(scores))[0], scores.size - 1]  # each distinct score
    tps = onp.r_[0.0, onp.cumsum(positive)[last]]
    fps = onp.r_[0.0, (1 + last) - tps[1:]]
    if fps[-1] <= 0 or tps[-1] <= 0:
        raise CellArgumentError(message("ROC.eval", "both positive and negative samples",
                                        "only " + ("positive" if fps[-1] <= 0 else "negative")))
    return fps / fps[-1], tps / tps[-1], onp.r_[scores[last[0]] + 1, scores[last]]


class ROC(Metric):
    """``(fpr, tpr, thresholds)`` of the last update: binary scores against ``pos_label``
    (default 1), or scores of shape (N, class_num) one class against the rest (lists)."""

    def __init__(self, class_num=None, pos_label=None):
        super().__init__()
        self.class_num = _int_or_none("ROC 'class_num'", class_num, 1)
        self.pos_label = _int_or_none("ROC 'pos_label'", pos_label, -2 ** 62)
        self.clear()

    def clear(self):
        self._data = None

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        if y_pred.ndim == y.ndim + 1:
            if self.pos_label is not None or self.class_num != y_pred.shape[1]:
                raise CellArgumentError(message(
                    "ROC.update", f"class_num={y_pred.shape[1]} and pos_label=None for scores "
                    f"of shape {y_pred.shape}", f"class_num={self.class_num}, "
                    f"pos_label={self.pos_label}"))
        elif y_pred.ndim != y.ndim or self.class_num not in (None, 1):
            raise CellArgumentError(message("ROC.update", "scores of the labels' shape (with "
                                            "class_num None or 1), or with one more axis",
                                            f"shapes {y_pred.shape} and {y.shape}"))
        self._data = (y_pred, y)

    def eval(self):
        if self._data is None:
            raise self._empty()
        y_pred, y = self._data
        if y_pred.ndim == y.ndim:
            label = 1 if self.pos_label is None else self.pos_label
            return _binary_roc(y_pred.ravel(), y.ravel() == label)
        curves = [_binary_roc(y_pred[:, c], y.ravel() == c) for c in range(y_pred.shape[1])]
        return tuple(list(part) for part in zip(*curves))


def auc(x, y, reorder=False):
    """The area under the curve through the points ``(x, y)`` (trapezoids); ``x`` must be
    monotonic unless ``reorder=True`` sorts the points by it."""
    x, y = onp.asarray(x, float).ravel(), onp.asarray(y, float).ravel()
    if x.shape != y.shape or x.size < 2:
        raise CellArgumentError(message("auc", "x and y of one length >= 2",
                                        f"lengths {x.size} and {y.size}"))
    if reorder:
        order = onp.lexsort((y, x))
        x, y = x[order], y[order]
    steps = onp.diff(x)
    direction = 1.0 if (steps >= 0).all() else -1.0 if (steps <= 0).all() else 0.0
    if not direction:
        raise CellArgumentError(message("auc 'x'", "monotonic values", "both directions",
                                        "Pass reorder=True."))
    return direction * float(onp.trapz(y, x)) if hasattr(onp, "trapz") \
        else direction * float(onp.trapezoid(y, x))


class CosineSimilarity(Metric):
    """The rows' pairwise similarity matrix ('cosine' or 'dot'), its diagonal zeroed by
    default, reduced over the last axis by 'sum' or 'mean' ('none' keeps it)."""

    def __init__(self, similarity="cosine", reduction="none", zero_diagonal=True):
        super().__init__()
        self.similarity = _choice("CosineSimilarity 'similarity'", similarity, ("dot", "cosine"))
        self.reduction = _choice("CosineSimilarity 'reduction'", reduction,
                                 ("none", "sum", "mean"))
        if not isinstance(zero_diagonal, bool):
            raise CellArgumentError(message("CosineSimilarity 'zero_diagonal'", "a bool",
                                            describe(zero_diagonal)))
        self.zero_diagonal = zero_diagonal
        self.clear()

    def clear(self):
        self.sqr_mtx_res = None

    @rearrange_inputs
    def update(self, *inputs):
        data, = self._inputs(inputs, count=1, what="(the rows)")
        if data.ndim != 2:
            raise CellArgumentError(message("CosineSimilarity.update", "a 2-D input (rows)",
                                            f"shape {data.shape}"))
        if self.similarity == "cosine":
            data = data / onp.linalg.norm(data, axis=1, keepdims=True)
        self.sqr_mtx_res = data @ data.T

    def eval(self):
        if self.sqr_mtx_res is None:
            raise self._empty()
        result = self.sqr_mtx_res.copy()
        if self.zero_diagonal:
            onp.fill_diagonal(result, 0)
        if self.reduction == "none":
            return result
        return result.sum(axis=-1) if self.reduction == "sum" else result.mean(axis=-1)
