"""``minpy_compat.mint.nn``: MindSpore 2.10's ``mint.nn`` Cells (PyTorch-style names,
arguments and Parameter names: ``Linear(in_features, out_features)``, ``Conv2d``,
``BatchNorm2d``'s ``running_mean``, ``CrossEntropyLoss``, ...) and its ``functional``
module (also as ``F``). Each name is imported from its module the first time it is used.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.nn.ReLU6()(ms.Tensor([-1.0, 7.0]))
array([0., 6.], dtype=float32)
"""
import importlib

from ...lazy_names import lazy_names

_EXPORTS = {
    "..nn.cell": ["Cell"],
    "..nn.basic": ["ReLU"],
    "..nn.dense_extra": ["Linear"],
    "..nn.reshape_cells": ["Identity"],
    "cells_act": ["ELU", "GELU", "GLU", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh",
                  "LogSigmoid", "LogSoftmax", "Mish", "PReLU", "ReLU6", "SELU", "SiLU",
                  "Sigmoid", "Softmax", "Softshrink", "Tanh", "Threshold"],
    "cells_layers": ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "Conv1d", "Conv2d", "Conv3d",
                     "ConvTranspose2d", "Embedding", "GroupNorm", "LayerNorm",
                     "SyncBatchNorm"],
    "cells_pool": ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
                   "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AvgPool1d", "AvgPool2d",
                   "AvgPool3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Dropout",
                   "Dropout2d", "Flatten", "Fold", "MaxPool2d", "MaxUnpool2d", "PixelShuffle",
                   "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d",
                   "ReplicationPad2d", "ReplicationPad3d", "Unfold", "Upsample",
                   "UpsamplingBilinear2d", "UpsamplingNearest2d", "ZeroPad1d", "ZeroPad2d",
                   "ZeroPad3d"],
    "cells_loss": ["BCELoss", "BCEWithLogitsLoss", "CosineEmbeddingLoss", "CrossEntropyLoss",
                   "KLDivLoss", "L1Loss", "MSELoss", "NLLLoss", "SmoothL1Loss",
                   "SoftMarginLoss"],
    "fn_loss": ["cross_entropy", "kl_div_ext", "mse_loss_ext", "nllloss"],
    "fn_pool": ["upsample_bilinear2d_op", "upsample_nearest2d_op"],
}
__all__ = sorted([name for names in _EXPORTS.values() for name in names] +
                 ["F", "functional"], key=lambda name: (name.lower(), name))
_lazy_getattr, _lazy_dir = lazy_names(__name__, _EXPORTS, globals(), submodules=("functional",))


def __getattr__(name):
    if name == "F":
        globals()["F"] = importlib.import_module(".functional", __name__)
        return globals()["F"]
    return _lazy_getattr(name)


def __dir__():
    return sorted(set(_lazy_dir()) | {"F"})
