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
from .embedding import Embedding
from .normalization import BatchNorm1d, BatchNorm2d, LayerNorm
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

__all__ = ['Adam', 'AvgPool2d', 'BatchNorm1d', 'BatchNorm2d', 'Cell', 'CellDict', 'CellList',
           'ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'Conv2d', 'CrossEntropyLoss',
           'Dense', 'Dropout', 'Dropout1d', 'Dropout2d', 'Dropout3d', 'ELU', 'Embedding',
           'Flatten', 'GELU', 'Hardtanh', 'HookHandle', 'HSigmoid', 'HSwish', 'Identity', 'L1Loss',
           'LayerNorm', 'LeakyReLU', 'LogSigmoid', 'LogSoftmax', 'LossBase', 'MAELoss',
           'MaxPool2d', 'Mish', 'Momentum', 'MSELoss', 'Optimizer', 'PReLU', 'ReflectionPad1d',
           'ReflectionPad2d', 'ReLU', 'ReLU6', 'ReplicationPad1d', 'ReplicationPad2d',
           'SequentialCell', 'SGD', 'Sigmoid', 'SiLU', 'SmoothL1Loss', 'Softmax',
           'SoftmaxCrossEntropyWithLogits', 'Softmin', 'Softsign', 'Tanh', 'Tanhshrink',
           'TrainOneStepCell', 'Unflatten', 'WithLossCell', 'ZeroPad2d']
