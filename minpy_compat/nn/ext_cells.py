"""MindSpore 2.10's ``nn.*Ext`` Cells. In MindSpore each is the very class ``mint.nn``
exports (``nn.AvgPool2dExt is mint.nn.AvgPool2d``), so here each is our ``mint.nn`` Cell
under its ``Ext`` name: the same signature, Parameter names and behaviour.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.L1LossExt()(ms.Tensor([1.0, 2.0]), ms.Tensor([0.0, 0.0]))
array(1.5, dtype=float32)
"""
from ..mint.nn.cells_act import LogSoftmax as LogSoftmaxExt
from ..mint.nn.cells_act import PReLU as PReLUExt
from ..mint.nn.cells_layers import Embedding as EmbeddingExt
from ..mint.nn.cells_layers import LayerNorm as LayerNormExt
from ..mint.nn.cells_loss import L1Loss as L1LossExt
from ..mint.nn.cells_pool import AvgPool1d as AvgPool1dExt
from ..mint.nn.cells_pool import AvgPool2d as AvgPool2dExt
from ..mint.nn.cells_pool import AvgPool3d as AvgPool3dExt
from ..mint.nn.cells_pool import Dropout as DropoutExt
from ..mint.nn.cells_pool import Dropout2d as Dropout2dExt
from ..mint.nn.cells_pool import MaxPool2d as MaxPool2dExt

__all__ = ["AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt", "DropoutExt", "Dropout2dExt",
           "EmbeddingExt", "L1LossExt", "LayerNormExt", "LogSoftmaxExt", "MaxPool2dExt",
           "PReLUExt"]
