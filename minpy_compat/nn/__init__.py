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
from .loss_pairs import (BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, HuberLoss,
                         MarginRankingLoss, SoftMarginLoss)
from .loss_nll import GaussianNLLLoss, KLDivLoss, MultiMarginLoss, NLLLoss, PoissonNLLLoss
from .learning_rates import (CosineDecayLR, ExponentialDecayLR, LearningRateSchedule,
                             PolynomialDecayLR, WarmUpLR, cosine_decay_lr, exponential_decay_lr,
                             inverse_decay_lr, natural_exp_decay_lr, piecewise_constant_lr,
                             polynomial_decay_lr, warmup_lr)
from .optimizer_adaptive import Adadelta, Adagrad, AdamWeightDecay, RMSProp
from .wrappers import TrainOneStepCell, WithLossCell

__all__ = ['Adam', 'AvgPool2d', 'BatchNorm1d', 'BatchNorm2d', 'Cell', 'CellDict', 'CellList',
           'Conv2d', 'CrossEntropyLoss', 'Dense', 'Dropout', 'Embedding', 'Flatten',
           'HookHandle', 'L1Loss', 'LayerNorm', 'LogSoftmax', 'LossBase', 'MAELoss', 'MaxPool2d',
           'Momentum', 'MSELoss', 'Optimizer', 'ReLU', 'ReLU6', 'SequentialCell', 'SGD',
           'Sigmoid', 'SmoothL1Loss', 'Softmax', 'SoftmaxCrossEntropyWithLogits', 'Tanh',
           'TrainOneStepCell', 'WithLossCell']
__all__ += ['Adadelta', 'Adagrad', 'AdamWeightDecay', 'BCELoss', 'BCEWithLogitsLoss',
            'CosineDecayLR', 'CosineEmbeddingLoss', 'ExponentialDecayLR', 'GaussianNLLLoss',
            'HuberLoss', 'KLDivLoss', 'LearningRateSchedule', 'MarginRankingLoss',
            'MultiMarginLoss', 'NLLLoss', 'PoissonNLLLoss', 'PolynomialDecayLR', 'RMSProp',
            'SoftMarginLoss', 'WarmUpLR', 'cosine_decay_lr', 'exponential_decay_lr',
            'inverse_decay_lr', 'natural_exp_decay_lr', 'piecewise_constant_lr',
            'polynomial_decay_lr', 'warmup_lr']
