"""MindSpore's ``nn.wrap``: the training-step wrappers and loss-scale Cells, re-exported from
``minpy_compat.nn`` (each loaded on first use), so that ``from mindspore.nn.wrap import
...`` ports as ``from minpy_compat.nn.wrap import ...``.
"""
from .reexport import reexport

_NAMES = ["DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell",
          "ForwardValueAndGrad", "GradAccumulationCell", "TimeDistributed",
          "TrainOneStepCell", "TrainOneStepWithLossScaleCell", "WithEvalCell",
          "WithGradCell", "WithLossCell"]
__all__ = list(_NAMES)
__getattr__, __dir__ = reexport(__name__, _NAMES)

# MindSpore's submodules here (``nn.wrap.cell_wrapper``) come from ``module_paths``
__path__ = []
