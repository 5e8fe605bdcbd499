"""MindSpore's ``nn.metrics``: the metric classes (those of ``minpy_compat.train``), re-
exported from ``minpy_compat.nn`` (each loaded on first use), so that ``from
mindspore.nn.metrics import ...`` ports as ``from minpy_compat.nn.metrics import ...``.
"""
from .reexport import reexport

_NAMES = ["Accuracy", "auc", "BleuScore", "ConfusionMatrix", "ConfusionMatrixMetric",
          "CosineSimilarity", "Dice", "F1", "Fbeta", "get_metric_fn", "get_metrics",
          "HausdorffDistance", "Loss", "MAE", "MeanSurfaceDistance", "Metric", "MSE", "names",
          "OcclusionSensitivity", "Perplexity", "Precision", "Recall", "ROC",
          "RootMeanSquareDistance", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
          "TopKCategoricalAccuracy"]
__all__ = list(_NAMES)
__getattr__, __dir__ = reexport(__name__, _NAMES)
