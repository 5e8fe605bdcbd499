"""MindSpore's ``BleuScore`` and ``ConfusionMatrixMetric`` (``mindspore.train``).

>>> from minpy_compat.train import BleuScore
>>> m = BleuScore(n_gram=2)
>>> m.update([['a', 'cat', 'sat']], [[['a', 'cat', 'sat']]])
>>> float(m.eval())
1.0
"""
from collections import Counter

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from .metrics import Metric, rearrange_inputs


def _typed(where, value, types, what):
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        raise CellTypeError(message(where, what, describe(value)))
    return value


def _ngrams(words, n_gram):
    counts = Counter()
    for n in range(1, n_gram + 1):
        for start in range(len(words) - n + 1):
            counts[tuple(words[start:start + n])] += 1
    return counts


class BleuScore(Metric):
    """BLEU of candidate sentences (lists of words) against their reference sentences, over
    all ``update`` calls since ``clear``; ``smooth`` adds one to each n-gram precision."""

    def __init__(self, n_gram=4, smooth=False):
        super().__init__()
        self.n_gram = _typed("BleuScore 'n_gram'", n_gram, (int,), "an int in 1..4")
        if not 1 <= n_gram <= 4:
            raise CellArgumentError(message("BleuScore 'n_gram'", "an int in 1..4", repr(n_gram)))
        self.smooth = _typed("BleuScore 'smooth'", smooth, (bool,), "a bool")
        self.clear()

    def clear(self):
        self._numerator = onp.zeros(self.n_gram)
        self._denominator = onp.zeros(self.n_gram)
        self._c, self._r, self._is_update = 0.0, 0.0, False

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise CellArgumentError(message("BleuScore.update", "2 inputs (candidate_corpus, "
                                            "reference_corpus)", f"{len(inputs)}"))
        candidates, references = inputs
        if len(candidates) != len(references):
            raise CellArgumentError(message(
                "BleuScore.update", "candidate_corpus and reference_corpus of one length",
                f"{len(candidates)} and {len(references)}", "Give each candidate its references."))
        for candidate, refs in zip(candidates, references):
            self._c += len(candidate)
            lengths = [len(ref) for ref in refs]
            gaps = [abs(len(candidate) - n) for n in lengths]
            self._r += lengths[gaps.index(min(gaps))]
            counts = _ngrams(candidate, self.n_gram)
            best = Counter()
            for ref in refs:
                best |= _ngrams(ref, self.n_gram)
            for gram, count in (counts & best).items():
                self._numerator[len(gram) - 1] += count
            for gram, count in counts.items():
                self._denominator[len(gram) - 1] += count
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise self._empty()
        if self._numerator.min() == 0.0:
            return onp.float64(0.0)
        if self.smooth:
            precision = (self._numerator + 1.0) / (self._denominator + 1.0)
        else:
            precision = self._numerator / self._denominator
        mean = onp.exp(onp.sum(onp.log(precision) / self.n_gram))
        penalty = 1.0 if self._c > self._r else onp.exp(1.0 - self._r / self._c)
        return onp.float64(penalty * mean)


_ALIASES = {"tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate"),
            "tnr": ("specificity", "selectivity", "true_negative_rate"),
            "ppv": ("precision", "positive_predictive_value"),
            "npv": ("negative_predictive_value",),
            "fnr": ("miss_rate", "false_negative_rate"),
            "fpr": ("fall_out", "false_positive_rate"),
            "fdr": ("false_discovery_rate",), "for": ("false_omission_rate",),
            "pt": ("prevalence_threshold",),
            "ts": ("threat_score", "critical_success_index", "csi"),
            "acc": ("accuracy",), "ba": ("balanced_accuracy",), "f1": ("f1_score",),
            "mcc": ("matthews_correlation_coefficient",), "fm": ("fowlkes_mallows_index",),
            "bm": ("informedness", "bookmaker_informedness"), "mk": ("markedness", "deltap")}
_METRIC_OF = {alias: key for key, aliases in _ALIASES.items() for alias in aliases + (key,)}
_DECREASES = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _ratio(num, den):
    num, den = onp.broadcast_arrays(onp.asarray(num, float), onp.asarray(den, float))
    with onp.errstate(divide="ignore", invalid="ignore"):
        return onp.where(den != 0, num / onp.where(den != 0, den, 1.0), onp.nan)


def _score(key, counts):
    """The metric ``key`` of confusion counts (..., 4) ordered (tp, fp, tn, fn)."""
    tp, fp, tn, fn = (counts[..., i] for i in range(4))
    p, n = tp + fn, fp + tn
    tpr, tnr = _ratio(tp, p), _ratio(tn, n)
    ppv, npv = _ratio(tp, tp + fp), _ratio(tn, tn + fn)
    pairs = {"tpr": (tp, p), "tnr": (tn, n), "ppv": (tp, tp + fp), "npv": (tn, tn + fn),
             "fnr": (fn, p), "fpr": (fp, n), "fdr": (fp, fp + tp), "for": (fn, fn + tn),
             "ts": (tp, tp + fn + fp), "acc": (tp + tn, p + n),
             "f1": (2.0 * tp, 2.0 * tp + fn + fp),
             "mcc": (tp * tn - fp * fn, onp.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)))}
    if key in pairs:
        return _ratio(*pairs[key])
    with onp.errstate(invalid="ignore"):
        return {"pt": lambda: _ratio(onp.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0),
                "ba": lambda: (tpr + tnr) / 2.0, "fm": lambda: onp.sqrt(ppv * tpr),
                "bm": lambda: tpr + tnr - 1.0, "mk": lambda: ppv + npv - 1.0}[key]()


def _decrease(chart, how):
    """``(value, count of non-NaN entries)`` of a (batch, class) chart reduced as ``how``."""
    valid = ~onp.isnan(chart)
    chart = onp.where(valid, chart, 0.0)
    valid = valid.astype(float)
    if how == "none":
        return chart, valid
    if how.startswith("sum"):
        axis = {"sum": (0, 1), "sum_batch": 0, "sum_channel": 1}[how]
        return chart.sum(axis=axis), valid.sum(axis=axis)
    if how == "mean":
        per_batch, count = _ratio(chart.sum(axis=1), valid.sum(axis=1)), valid.sum(axis=1)
        per_batch = onp.where(count > 0, per_batch, 0.0)
        kept = (count > 0).astype(float).sum()
        return (per_batch.sum() / kept if kept else onp.float64(0.0)), kept
    axis = 0 if how == "mean_batch" else 1
    count = valid.sum(axis=axis)
    return onp.where(count > 0, _ratio(chart.sum(axis=axis), count), 0.0), count


class ConfusionMatrixMetric(Metric):
    """A metric of the confusion counts of one-hot (batch, class, ...) predictions: over all
    counts (``calculation_method=False``) or per sample and class, reduced by ``decrease``
    and averaged over the batches."""

    def __init__(self, skip_channel=True, metric_name="sensitivity", calculation_method=False,
                 decrease="mean"):
        super().__init__()
        where = "ConfusionMatrixMetric"
        self.skip_channel = _typed(f"{where} 'skip_channel'", skip_channel, (bool,), "a bool")
        self.calculation_method = _typed(f"{where} 'calculation_method'", calculation_method,
                                         (bool,), "a bool")
        self.metric_name = _typed(f"{where} 'metric_name'", metric_name, (str,), "a str")
        self._key = _METRIC_OF.get(metric_name.replace(" ", "_").lower())
        if self._key is None:
            raise CellArgumentError(message(f"{where} 'metric_name'", "a metric name such as "
                                            "'sensitivity', 'precision' or 'f1 score'",
                                            repr(metric_name)))
        _typed(f"{where} 'decrease'", decrease, (str,), "a str")
        if decrease not in _DECREASES:
            raise CellArgumentError(message(f"{where} 'decrease'", f"one of {_DECREASES}",
                                            repr(decrease)))
        self.decrease = decrease
        self.clear()

    def clear(self):
        self._total_num, self._class_num, self._updated = 0.0, 0.0, False
        self._counts = onp.zeros(4)

    def _confusion(self, y_pred, y):
        where = "ConfusionMatrixMetric.update"
        if not onp.all(y.astype(onp.uint8) == y):
            raise CellArgumentError(message(where, "a true value (input[1]) of 0s and 1s",
                                            "other values", "One-hot encode the labels."))
        if y_pred.ndim < 2 or y_pred.shape != y.shape:
            raise CellArgumentError(message(where, "predicted and true values of one shape "
                                            "(batch, class, ...)",
                                            f"shapes {y_pred.shape} and {y.shape}"))
        if not self.skip_channel and y.shape[1] > 1:
            y_pred, y = y_pred[:, 1:], y[:, 1:]
        batch, classes = y.shape[:2]
        y_pred = y_pred.astype(float).reshape(batch, classes, -1)
        y = y.astype(float).reshape(batch, classes, -1)
        tp = ((y_pred + y) == 2).sum(axis=2).astype(float)
        tn = ((y_pred + y) == 0).sum(axis=2).astype(float)
        p = y.sum(axis=2)
        return onp.stack([tp, y.shape[-1] - p - tn, tn, p - tp], axis=-1)

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._inputs(inputs)
        counts = self._confusion(y_pred, y)
        self._updated = True
        if not self.calculation_method:
            self._counts = self._counts + counts.sum(axis=(0, 1))
            return
        score, valid = _decrease(_score(self._key, counts), self.decrease)
        if onp.shape(self._class_num) not in ((), onp.shape(valid)):
            raise CellArgumentError(message(
                "ConfusionMatrixMetric.update", f"batches giving {self.decrease!r} scores of "
                f"one shape {onp.shape(self._class_num)}", f"shape {onp.shape(valid)}",
                "Use decrease='mean' or 'sum' to average batches of different sizes."))
        self._total_num = self._total_num + score * valid
        self._class_num = self._class_num + valid

    def eval(self):
        if not self._updated:
            raise self._empty()
        if not self.calculation_method:
            return _score(self._key, self._counts[None])
        if not onp.any(self._class_num):
            raise self._empty()
        score = _ratio(self._total_num, self._class_num)
        return float(score) if score.ndim == 0 else score
