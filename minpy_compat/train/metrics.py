"""``mindspore.train`` metrics: accumulate with ``update``, read with ``eval``.

>>> import numpy
>>> from minpy_compat.train import Accuracy
>>> m = Accuracy()
>>> m.update(numpy.array([[0.2, 0.8], [0.9, 0.1]]), numpy.array([1, 1]))
>>> float(m.eval())
0.5
"""
import functools

import numpy as onp

from ..errors import (CellArgumentError, CellTypeError, MetricEmptyError, MetricIndexesError,
                      describe, message)


def _numpy(value):
    return onp.asarray(value.asnumpy() if hasattr(value, "asnumpy") else value)


def rearrange_inputs(update):
    """Decorate a Metric's ``update`` so that, after ``set_indexes([i, j, ...])``, it
    receives only the inputs at those positions, in that order (MindSpore's decorator;
    every built-in metric's ``update`` has it)."""
    @functools.wraps(update)
    def wrapper(self, *inputs):
        indexes = self.indexes
        if indexes:
            if max(indexes) >= len(inputs) or min(indexes) < -len(inputs):
                raise MetricIndexesError(message(
                    f"{type(self).__name__}.update", f"inputs at the positions {indexes} "
                    "(set_indexes)", f"{len(inputs)} inputs",
                    "Pass every output of the eval network, or change set_indexes."))
            inputs = [inputs[i] for i in indexes]
        return update(self, *inputs)
    return wrapper


class Metric:
    """Base class: ``clear`` resets, ``update(*inputs)`` accumulates, ``eval`` reads."""

    def __init__(self):
        self._indexes = None

    def _convert_data(self, data):
        return _numpy(data)

    def _inputs(self, inputs, count=2, what="(predicted value, true value)"):
        if len(inputs) != count:
            raise CellArgumentError(message(
                f"{type(self).__name__}.update", f"{count} inputs {what}", f"{len(inputs)}"))
        return [_numpy(value) for value in inputs]

    def _empty(self):
        return MetricEmptyError(message(f"{type(self).__name__}.eval", "at least one sample",
                                        "none", "Call update before eval."))

    @property
    def indexes(self):
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes):
        """Which outputs of the eval network ``update`` receives (a list of ints)."""
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            raise CellTypeError(message(f"{type(self).__name__}.set_indexes",
                                        "a list of ints", describe(indexes)))
        self._indexes = indexes
        return self

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()


def _labels(owner, y_pred, y):
    """Class indices for y (one-hot labels become argmax), checked against y_pred (N, C)."""
    if y_pred.ndim != 2:
        raise CellArgumentError(message(f"{owner}.update", "scores of shape (N, C)",
                                        f"shape {y_pred.shape}"))
    labels = y.argmax(axis=1) if y.shape == y_pred.shape else y.reshape(-1)
    if labels.shape[0] != y_pred.shape[0]:
        raise CellArgumentError(message(f"{owner}.update", f"{y_pred.shape[0]} labels (one "
                                        "per row of scores)", f"shape {y.shape}"))
    return labels


def _check_eval_type(owner, eval_type):
    if eval_type not in ("classification", "multilabel"):
        raise CellArgumentError(message(f"{owner} 'eval_type'",
                                        "'classification' or 'multilabel'", repr(eval_type)))
    return eval_type


class Accuracy(Metric):
    """The fraction of samples whose argmax (or, for 'multilabel', whose every label) is right."""

    def __init__(self, eval_type="classification"):
        super().__init__()
        self._type = _check_eval_type("Accuracy", eval_type)
        self.clear()

    def clear(self):
        self._correct_num, self._total_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        if self._type == "multilabel":
            if y_pred.shape != y.shape:
                raise CellArgumentError(message("Accuracy.update (multilabel)",
                                                f"labels of shape {y_pred.shape}",
                                                f"shape {y.shape}"))
            if not (onp.isin(y_pred, (0, 1)).all() and onp.isin(y, (0, 1)).all()):
                raise CellArgumentError(message("Accuracy.update (multilabel)",
                                                "y_pred and y of 0s and 1s", "other values",
                                                "Threshold the scores first."))
            correct = (y_pred == y).all(axis=tuple(range(1, y.ndim)))
        else:
            labels = _labels("Accuracy", y_pred, y)
            correct = y_pred.argmax(axis=1) == labels
        self._correct_num += int(correct.sum())
        self._total_num += correct.shape[0]

    def eval(self):
        if self._total_num == 0:
            raise self._empty()
        return onp.float64(self._correct_num / self._total_num)


class TopKCategoricalAccuracy(Metric):
    """The fraction of samples whose label is among the ``k`` highest scores."""

    def __init__(self, k):
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise CellArgumentError(message(f"{type(self).__name__} 'k'", "an int >= 1",
                                            describe(k)))
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num, self._samples_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        labels = _labels(type(self).__name__, y_pred, y)
        top = onp.argsort(-y_pred, axis=1)[:, :self.k]  # ties: the lower index, as MindSpore
        self._correct_num += int((top == labels[:, None]).any(axis=1).sum())
        self._samples_num += labels.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise self._empty()
        return onp.float64(self._correct_num / self._samples_num)


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """``TopKCategoricalAccuracy(1)``: the fraction of samples whose top score is right."""

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """``TopKCategoricalAccuracy(5)``: the fraction of samples whose label is in the top 5."""

    def __init__(self):
        super().__init__(5)


class Loss(Metric):
    """The mean of the losses passed to ``update`` (each a scalar or a 1-D array's mean)."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss, self._total_num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        loss, = self._inputs(inputs, count=1, what="(loss)")
        loss = loss.reshape(1) if loss.ndim == 0 else loss
        if loss.ndim != 1:
            raise CellArgumentError(message("Loss.update", "a scalar or 1-D loss",
                                            f"shape {loss.shape}"))
        self._sum_loss += float(loss.mean(-1))
        self._total_num += 1

    def eval(self):
        if self._total_num == 0:
            raise self._empty()
        return self._sum_loss / self._total_num


class _ErrorMetric(Metric):
    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._error_sum, self._samples_num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        self._error_sum += float(self._error(y.reshape(y_pred.shape) - y_pred).sum())
        self._samples_num += y.shape[0]

    def eval(self):
        if self._samples_num == 0:
            raise self._empty()
        return self._error_sum / self._samples_num


class MAE(_ErrorMetric):
    """Summed absolute error per sample (MindSpore sums over non-batch axes), averaged."""
    _error = staticmethod(onp.abs)


class MSE(_ErrorMetric):
    """Summed squared error per sample, averaged over samples."""
    _error = staticmethod(onp.square)


# MindSpore's ms.train.metrics holds these too (they live in metrics_pr, which imports this
# module's base classes, so they are bound here once this module's own names exist)
from .metrics_pr import F1, Fbeta, Precision, Recall, get_metric_fn, names  # noqa: E402,F401
from .metrics_more import (ROC, ConfusionMatrix, CosineSimilarity, Dice,  # noqa: E402,F401
                           Perplexity, auc)
from ..lazy_names import lazy_names  # noqa: E402
from ..module_paths import after_own_names  # noqa: E402

_own_getattr, _own_dir = lazy_names(__name__, {  # the later metrics, loaded on first use
    ".metrics_bleu": ["BleuScore", "ConfusionMatrixMetric"],
    ".metrics_surface": ["HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance"],
    ".metrics_occlusion": ["OcclusionSensitivity"]}, globals())
# our names first, then MindSpore's names here read from ours
__getattr__, __dir__ = after_own_names(__name__, _own_getattr, _own_dir)


# MindSpore's submodules here (``train.metrics.accuracy``) come from ``module_paths``
__path__ = []
