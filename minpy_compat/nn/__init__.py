"""``minpy_compat.nn``: MinPy's training toolkit and MindSpore-style Cells.

MinPy's toolkit lives in submodules (``layers``, ``model``, ``solver``, ``optim``,
``init``, ``io``); the Cell layer's names (``Cell``, ``Dense``, ``Conv2d``, norms,
losses, optimizers, wrappers) are exported here.
"""
from .cell import Cell
from .hooks import HookHandle
from .basic import Dense, Dropout, Flatten, LogSoftmax, ReLU, ReLU6, Sigmoid, Softmax, Tanh
from .containers import CellList, SequentialCell
from .celldict import CellDict
from .conv_cells import AvgPool2d, Conv2d, MaxPool2d
from .conv_line import Conv1d
from .conv_transpose import Conv1dTranspose, Conv2dTranspose
from .pool_cells import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,
                         AdaptiveMaxPool2d, AvgPool1d, MaxPool1d)
from .norm_cells import GroupNorm, InstanceNorm1d, InstanceNorm2d
from .embedding import Embedding
from .normalization import BatchNorm1d, BatchNorm2d, LayerNorm
from .rnn_cells import GRUCell, LSTMCell, RNNCell
from .rnns import GRU, LSTM, RNN
from .loss import (CrossEntropyLoss, L1Loss, LossBase, MAELoss, MSELoss, SmoothL1Loss,
                   SoftmaxCrossEntropyWithLogits)
from .optimizer import SGD, Adam, Momentum, Optimizer
from .wrappers import TrainOneStepCell, WithLossCell
from .activation_cells import (ELU, GELU, Hardtanh, HSigmoid, HSwish, LeakyReLU, LogSigmoid, Mish,
                               PReLU, SiLU, Softmin, Softsign, Tanhshrink)
from .channel_dropout import Dropout1d, Dropout2d, Dropout3d
from .padding_cells import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ReflectionPad1d,
                            ReflectionPad2d, ReplicationPad1d, ReplicationPad2d, ZeroPad2d)
from .reshape_cells import Identity, Unflatten
from .loss_pairs import (BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, HuberLoss,
                         MarginRankingLoss, SoftMarginLoss)
from .loss_nll import GaussianNLLLoss, KLDivLoss, MultiMarginLoss, NLLLoss, PoissonNLLLoss
from .learning_rates import (CosineDecayLR, ExponentialDecayLR, LearningRateSchedule,
                             PolynomialDecayLR, WarmUpLR, cosine_decay_lr, exponential_decay_lr,
                             inverse_decay_lr, natural_exp_decay_lr, piecewise_constant_lr,
                             polynomial_decay_lr, warmup_lr)
from .optimizer_adaptive import Adadelta, Adagrad, AdamWeightDecay, RMSProp

__all__ = ['Adadelta', 'Adagrad', 'Adam', 'AdamWeightDecay', 'AdaptiveAvgPool1d',
           'AdaptiveAvgPool2d', 'AdaptiveMaxPool1d', 'AdaptiveMaxPool2d', 'AvgPool1d', 'AvgPool2d',
           'BatchNorm1d', 'BatchNorm2d', 'BCELoss', 'BCEWithLogitsLoss', 'Cell', 'CellDict',
           'CellList', 'ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'Conv1d',
           'Conv1dTranspose', 'Conv2d', 'Conv2dTranspose', 'cosine_decay_lr', 'CosineDecayLR',
           'CosineEmbeddingLoss', 'CrossEntropyLoss', 'Dense', 'Dropout', 'Dropout1d', 'Dropout2d',
           'Dropout3d', 'ELU', 'Embedding', 'exponential_decay_lr', 'ExponentialDecayLR', 'Flatten',
           'GaussianNLLLoss', 'GELU', 'GroupNorm', 'GRU', 'GRUCell', 'Hardtanh', 'HookHandle',
           'HSigmoid', 'HSwish', 'HuberLoss', 'Identity', 'InstanceNorm1d', 'InstanceNorm2d',
           'inverse_decay_lr', 'KLDivLoss', 'L1Loss', 'LayerNorm', 'LeakyReLU',
           'LearningRateSchedule', 'LogSigmoid', 'LogSoftmax', 'LossBase', 'LSTM', 'LSTMCell',
           'MAELoss', 'MarginRankingLoss', 'MaxPool1d', 'MaxPool2d', 'Mish', 'Momentum', 'MSELoss',
           'MultiMarginLoss', 'natural_exp_decay_lr', 'NLLLoss', 'Optimizer',
           'piecewise_constant_lr', 'PoissonNLLLoss', 'polynomial_decay_lr', 'PolynomialDecayLR',
           'PReLU', 'ReflectionPad1d', 'ReflectionPad2d', 'ReLU', 'ReLU6', 'ReplicationPad1d',
           'ReplicationPad2d', 'RMSProp', 'RNN', 'RNNCell', 'SequentialCell', 'SGD', 'Sigmoid',
           'SiLU', 'SmoothL1Loss', 'SoftMarginLoss', 'Softmax', 'SoftmaxCrossEntropyWithLogits',
           'Softmin', 'Softsign', 'Tanh', 'Tanhshrink', 'TrainOneStepCell', 'Unflatten',
           'warmup_lr', 'WarmUpLR', 'WithLossCell', 'ZeroPad2d']
