"""``minpy_compat.nn``: MinPy's training toolkit and MindSpore-style Cells.

MinPy's toolkit lives in submodules (``layers``, ``model``, ``solver``, ``optim``,
``init``, ``io``); the Cell layer's names (``Cell``, ``Dense``, losses, optimizers,
wrappers) are exported here.
"""
from .cell import Cell
from .hooks import HookHandle
from .basic import (CellList, Dense, Dropout, Flatten, ReLU, ReLU6, SequentialCell, Sigmoid,
                    Softmax, Tanh)
from .loss import L1Loss, LossBase, MAELoss, MSELoss, SoftmaxCrossEntropyWithLogits
from .optimizer import SGD, Adam, Momentum, Optimizer
from .wrappers import TrainOneStepCell, WithLossCell

__all__ = ['Adam', 'Cell', 'CellList', 'Dense', 'Dropout', 'Flatten', 'HookHandle', 'L1Loss',
           'LossBase', 'MAELoss', 'Momentum', 'MSELoss', 'Optimizer', 'ReLU', 'ReLU6',
           'SequentialCell', 'SGD', 'Sigmoid', 'Softmax', 'SoftmaxCrossEntropyWithLogits', 'Tanh',
           'TrainOneStepCell', 'WithLossCell']
