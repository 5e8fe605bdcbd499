"""``minpy_compat.nn``: MinPy's training toolkit and MindSpore-style Cells.

MinPy's toolkit lives in submodules (``layers``, ``model``, ``solver``, ``optim``,
``init``, ``io``); the Cell layer's names (``Cell``, ``Dense``, ``Conv2d``, norms,
recurrent Cells, losses, optimizers, learning-rate schedules, wrappers) are exported here.
Each name's module is imported the first time the name is used, so ``import
minpy_compat`` does not load the ~30 Cell modules a program may never touch.
"""
from ..lazy_names import lazy_names

_EXPORTS = {  # module -> the names it exports here
    "cell": ["Cell"],
    "hooks": ["HookHandle"],
    "basic": ["Dense", "Dropout", "Flatten", "LogSoftmax", "ReLU", "ReLU6", "Sigmoid", "Softmax",
              "Tanh"],
    "containers": ["CellList", "SequentialCell"],
    "celldict": ["CellDict"],
    "conv_cells": ["AvgPool2d", "Conv2d", "MaxPool2d"],
    "conv_line": ["Conv1d"],
    "conv_transpose": ["Conv1dTranspose", "Conv2dTranspose"],
    "pool_cells": ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d",
                   "AdaptiveMaxPool2d", "AvgPool1d", "MaxPool1d"],
    "norm_cells": ["GroupNorm", "InstanceNorm1d", "InstanceNorm2d"],
    "embedding": ["Embedding"],
    "normalization": ["BatchNorm1d", "BatchNorm2d", "LayerNorm"],
    "rnn_cells": ["GRUCell", "LSTMCell", "RNNCell"],
    "rnns": ["GRU", "LSTM", "RNN"],
    "loss": ["CrossEntropyLoss", "L1Loss", "LossBase", "MAELoss", "MSELoss", "SmoothL1Loss",
             "SoftmaxCrossEntropyWithLogits"],
    "optimizer": ["Adam", "Momentum", "Optimizer", "SGD"],
    "wrappers": ["TrainOneStepCell", "WithLossCell"],
    "activation_cells": ["ELU", "GELU", "Hardtanh", "HSigmoid", "HSwish", "LeakyReLU",
                         "LogSigmoid", "Mish", "PReLU", "SiLU", "Softmin", "Softsign",
                         "Tanhshrink"],
    "channel_dropout": ["Dropout1d", "Dropout2d", "Dropout3d"],
    "padding_cells": ["ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d",
                      "ReflectionPad2d", "ReplicationPad1d", "ReplicationPad2d", "ZeroPad2d"],
    "reshape_cells": ["Identity", "Unflatten"],
    "loss_pairs": ["BCELoss", "BCEWithLogitsLoss", "CosineEmbeddingLoss", "HuberLoss",
                   "MarginRankingLoss", "SoftMarginLoss"],
    "loss_nll": ["GaussianNLLLoss", "KLDivLoss", "MultiMarginLoss", "NLLLoss", "PoissonNLLLoss"],
    "learning_rates": ["cosine_decay_lr", "CosineDecayLR", "exponential_decay_lr",
                       "ExponentialDecayLR", "inverse_decay_lr", "LearningRateSchedule",
                       "natural_exp_decay_lr", "piecewise_constant_lr", "polynomial_decay_lr",
                       "PolynomialDecayLR", "warmup_lr", "WarmUpLR"],
    "optimizer_adaptive": ["Adadelta", "Adagrad", "AdamWeightDecay", "RMSProp"],
    "loss_scale": ["DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell",
                   "TrainOneStepWithLossScaleCell", "WithEvalCell"],
    "ftrl": ["FTRL"],
    "cells3d": ["AvgPool3d", "BatchNorm3d", "Conv3d", "MaxPool3d"],
    "attention": ["MultiheadAttention"],
    "transformer": ["Transformer", "TransformerDecoder", "TransformerDecoderLayer",
                    "TransformerEncoder", "TransformerEncoderLayer"],
}
__all__ = sorted((name for names in _EXPORTS.values() for name in names),
                 key=lambda name: (name.lower(), name))
__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
