"""MindSpore's high-level training API: ``Model``, metrics and callbacks.

>>> from minpy_compat import train
>>> type(train.get_metric_fn('acc')).__name__
'Accuracy'
"""
from .callbacks import (Callback, CallbackParams, History, LambdaCallback, LossMonitor,
                        RunContext, TimeMonitor)
from .metrics import (MAE, MSE, Accuracy, Loss, Metric, Top1CategoricalAccuracy,
                      Top5CategoricalAccuracy, TopKCategoricalAccuracy)
from .metrics_pr import F1, Fbeta, Precision, Recall, get_metric_fn, names
from .checkpoint import (CheckpointConfig, ModelCheckpoint, load_checkpoint,
                         load_param_into_net, save_checkpoint)
from .early_stopping import EarlyStopping
from .model import Model
from . import metrics

__all__ = ["Accuracy", "Callback", "CallbackParams", "CheckpointConfig", "EarlyStopping", "F1",
           "Fbeta", "History", "LambdaCallback", "Loss", "LossMonitor", "MAE", "MSE", "Metric",
           "Model", "ModelCheckpoint", "Precision", "Recall", "RunContext", "TimeMonitor",
           "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "TopKCategoricalAccuracy",
           "get_metric_fn", "load_checkpoint", "load_param_into_net", "names", "save_checkpoint"]
