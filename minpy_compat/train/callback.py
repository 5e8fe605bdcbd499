"""``mindspore.train.callback``: the callbacks under the module name MindSpore 1.x
scripts import them from (``from mindspore.train.callback import LossMonitor``).

>>> from minpy_compat.train.callback import LossMonitor
>>> LossMonitor.__name__
'LossMonitor'
"""
from .callbacks import (Callback, CallbackParams, History, LambdaCallback, LossMonitor,
                        RunContext, TimeMonitor)
from .checkpoint import CheckpointConfig, ModelCheckpoint
from .early_stopping import EarlyStopping
from .fault_callbacks import BackupAndRestore, OnRequestExit
from .lr_callbacks import LearningRateScheduler, ReduceLROnPlateau

__all__ = ["BackupAndRestore", "Callback", "CallbackParams", "CheckpointConfig",
           "EarlyStopping", "History", "LambdaCallback", "LearningRateScheduler",
           "LossMonitor", "ModelCheckpoint", "OnRequestExit", "ReduceLROnPlateau",
           "RunContext", "TimeMonitor"]
