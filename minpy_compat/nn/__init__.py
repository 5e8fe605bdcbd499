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
from .rnn_cells import GRUCell, LSTMCell, RNNCell
from .rnns import GRU, LSTM, RNN
from .loss import (CrossEntropyLoss, L1Loss, LossBase, MAELoss, MSELoss, SmoothL1Loss,
                   SoftmaxCrossEntropyWithLogits)
from .optimizer import SGD, Adam, Momentum, Optimizer
from .wrappers import TrainOneStepCell, WithLossCell

__all__ = ['Adam', 'AvgPool2d', 'BatchNorm1d', 'BatchNorm2d', 'Cell', 'CellDict', 'CellList',
           'Conv2d', 'CrossEntropyLoss', 'Dense', 'Dropout', 'Embedding', 'Flatten',
           'GRU', 'GRUCell',
           'HookHandle', 'L1Loss', 'LayerNorm', 'LogSoftmax', 'LossBase',
           'LSTM', 'LSTMCell',
           'MAELoss', 'MaxPool2d',
           'Momentum', 'MSELoss', 'Optimizer', 'ReLU', 'ReLU6',
           'RNN', 'RNNCell',
           'SequentialCell', 'SGD',
           'Sigmoid', 'SmoothL1Loss', 'Softmax', 'SoftmaxCrossEntropyWithLogits', 'Tanh',
           'TrainOneStepCell', 'WithLossCell']
