"""MindSpore's high-level training API: ``Model``, metrics and callbacks.

>>> from minpy_compat import train
>>> type(train.get_metric_fn('acc')).__name__
'Accuracy'
"""
from .callbacks import (Callback, CallbackParams, History, LambdaCallback, LossMonitor,
                        RunContext, TimeMonitor)
from .metrics import (MAE, MSE, Accuracy, Loss, Metric, Top1CategoricalAccuracy,
                      Top5CategoricalAccuracy, TopKCategoricalAccuracy, rearrange_inputs)
from .metrics_pr import F1, Fbeta, Precision, Recall, get_metric_fn, names
from .metrics_more import ROC, ConfusionMatrix, CosineSimilarity, Dice, Perplexity, auc
from .lr_callbacks import LearningRateScheduler, ReduceLROnPlateau
from .loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager, LossScaleManager
from .checkpoint import (CheckpointConfig, ModelCheckpoint, load_checkpoint,
                         load_param_into_net, save_checkpoint)
from .early_stopping import EarlyStopping
from .model import Model, get_metrics
from . import metrics
from ..lazy_names import lazy_names
from ..module_paths import after_own_names

# the metrics added later load on first use
_LAZY = {"metrics_bleu": ["BleuScore", "ConfusionMatrixMetric"],
         "metrics_surface": ["HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance"],
         "metrics_occlusion": ["OcclusionSensitivity"],
         "amp": ["build_train_network"],
         # the single-device training utilities of MindSpore 2.10's mindspore.train
         "fault_callbacks": ["BackupAndRestore", "OnRequestExit"],
         "sink": ["DatasetHelper", "connect_network_with_dataset", "data_sink"],
         "serialization": ["load_checkpoint_async", "merge_sliced_parameter"],
         "summary": ["SummaryRecord"]}
_own_getattr, _own_dir = lazy_names(__name__, _LAZY, globals(),
                                    submodules=("amp", "callback", "serialization", "summary"))
# our names first, then MindSpore's names here read from ours; dir() its own names only (the
# fallback reads this one: ``train`` is among its own sources)
__getattr__, __dir__ = after_own_names(__name__, _own_getattr, _own_dir, with_path_dir=False)


__all__ = ["Accuracy", "BleuScore", "ConfusionMatrixMetric", "HausdorffDistance",
           "MeanSurfaceDistance", "OcclusionSensitivity", "RootMeanSquareDistance", "Callback",
           "CallbackParams", "CheckpointConfig", "ConfusionMatrix",
           "CosineSimilarity", "Dice", "DynamicLossScaleManager", "EarlyStopping", "F1", "Fbeta",
           "FixedLossScaleManager", "History", "LambdaCallback", "LearningRateScheduler", "Loss",
           "LossMonitor", "LossScaleManager", "MAE", "MSE", "Metric", "Model", "ModelCheckpoint",
           "Perplexity", "Precision", "ROC", "Recall", "ReduceLROnPlateau", "RunContext",
           "TimeMonitor", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
           "TopKCategoricalAccuracy", "auc", "build_train_network", "get_metric_fn",
           "get_metrics", "load_checkpoint",
           "load_param_into_net", "names", "save_checkpoint",
           "BackupAndRestore", "OnRequestExit", "DatasetHelper", "connect_network_with_dataset",
           "data_sink", "load_checkpoint_async", "merge_sliced_parameter", "SummaryRecord",
           "rearrange_inputs"]
