"""Precision, Recall, Fbeta/F1, and ``get_metric_fn``'s names for every metric."""
import importlib
import sys

import numpy as onp

from ..errors import CellArgumentError, message
from .metrics import (MAE, MSE, Accuracy, Loss, Metric, Top1CategoricalAccuracy,
                      Top5CategoricalAccuracy, TopKCategoricalAccuracy, _check_eval_type,
                      _labels, rearrange_inputs)
from .metrics_more import ROC, ConfusionMatrix, CosineSimilarity, Dice, Perplexity, auc

_EPS = sys.float_info.min


def _one_hot_pair(owner, y_pred, y, eval_type):
    """(predicted, true) as 0/1 matrices of shape (samples, classes)."""
    if eval_type == "multilabel":
        if y.size != y_pred.size:
            raise CellArgumentError(message(f"{owner}.update (multilabel)",
                                            f"labels of shape {y_pred.shape}", f"shape {y.shape}"))
        return y_pred.astype(onp.float64), y.reshape(y_pred.shape).astype(onp.float64)
    labels = _labels(owner, y_pred, y).astype(int)
    classes = y_pred.shape[1]
    if labels.size and (labels.min() < 0 or labels.max() >= classes):
        raise CellArgumentError(message(f"{owner}.update", f"labels in 0..{classes - 1}",
                                        f"{labels.min()}..{labels.max()}"))
    eye = onp.eye(classes)
    return eye[y_pred.argmax(axis=1)], eye[labels]


class _Counting(Metric):
    """Counts true positives, predicted positives and actual positives per class."""

    def __init__(self, eval_type="classification"):
        super().__init__()
        self._type = _check_eval_type(type(self).__name__, eval_type)
        self.clear()

    def clear(self):
        self._class_num, self._true_positives = 0, 0
        self._positives, self._actual_positives = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        predicted, actual = _one_hot_pair(type(self).__name__, y_pred, y, self._type)
        # 'multilabel' scores each sample (row); 'classification' each class (column)
        axis = 1 if self._type == "multilabel" else 0
        tp, pos, act = ((predicted * actual).sum(axis), predicted.sum(axis), actual.sum(axis))
        if self._type == "multilabel":
            self._true_positives = onp.concatenate([onp.atleast_1d(self._true_positives), tp])
            self._positives = onp.concatenate([onp.atleast_1d(self._positives), pos])
            self._actual_positives = onp.concatenate([onp.atleast_1d(self._actual_positives), act])
        else:
            self._true_positives = self._true_positives + tp
            self._positives = self._positives + pos
            self._actual_positives = self._actual_positives + act
        self._class_num += predicted.shape[0]

    def _counts(self):
        if self._class_num == 0:
            raise self._empty()
        counts = (self._true_positives, self._positives, self._actual_positives)
        if self._type == "multilabel":
            counts = tuple(onp.asarray(c)[1:] for c in counts)
        return counts


class Precision(_Counting):
    """True positives over predicted positives, per class (per sample for 'multilabel')."""

    def eval(self, average=False):
        tp, positives, _ = self._counts()
        result = tp / (positives + _EPS)
        return result.mean() if average else result


class Recall(_Counting):
    """True positives over actual positives, per class (per sample for 'multilabel')."""

    def eval(self, average=False):
        tp, _, actual = self._counts()
        result = tp / (actual + _EPS)
        return result.mean() if average else result


class Fbeta(_Counting):
    """(1 + beta^2) tp / (beta^2 actual + predicted), per class."""

    def __init__(self, beta):
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or beta <= 0:
            raise CellArgumentError(message("Fbeta 'beta'", "a number > 0", repr(beta)))
        self.beta = beta
        super().__init__()

    def eval(self, average=False):
        tp, positives, actual = self._counts()
        b2 = self.beta ** 2
        result = (1 + b2) * tp / (b2 * actual + positives + _EPS)
        return result.mean() if average else result


class F1(Fbeta):
    """``Fbeta(1)``: the harmonic mean of precision and recall, per class."""

    def __init__(self):
        super().__init__(1.0)


_FACTORY = {
    "acc": Accuracy, "accuracy": Accuracy, "precision": Precision, "recall": Recall,
    "F1": F1, "topk": TopKCategoricalAccuracy, "top_1_accuracy": Top1CategoricalAccuracy,
    "top_5_accuracy": Top5CategoricalAccuracy, "mae": MAE, "mse": MSE, "loss": Loss,
    "auc": auc, "confusion_matrix": ConfusionMatrix, "cosine_similarity": CosineSimilarity,
    "dice": Dice, "perplexity": Perplexity, "roc": ROC,
}


def _later(module, name):
    """A factory for a metric of a module loaded on first use (``import minpy_compat.train``
    stays quick)."""
    def make(*args, **kwargs):
        return getattr(importlib.import_module(f".{module}", __package__), name)(*args, **kwargs)
    return make


_FACTORY.update({
    "bleu_score": _later("metrics_bleu", "BleuScore"),
    "confusion_matrix_metric": _later("metrics_bleu", "ConfusionMatrixMetric"),
    "hausdorff_distance": _later("metrics_surface", "HausdorffDistance"),
    "mean_surface_distance": _later("metrics_surface", "MeanSurfaceDistance"),
    "occlusion_sensitivity": _later("metrics_occlusion", "OcclusionSensitivity"),
    "root_mean_square_distance": _later("metrics_surface", "RootMeanSquareDistance")})


def names():
    """The metric names ``get_metric_fn`` knows (the subset of MindSpore's built here)."""
    return sorted(_FACTORY)


def get_metric_fn(name, *args, **kwargs):
    """A new metric by its MindSpore name: ``get_metric_fn('acc')`` is ``Accuracy()``."""
    if name not in _FACTORY:
        raise KeyError(message("get_metric_fn", f"one of {names()}", repr(name)))
    return _FACTORY[name](*args, **kwargs)
