"""MindSpore's ``nn.wrap``: the training-step wrappers and loss-scale Cells, re-exported from
``minpy_compat.nn`` (each loaded on first use), so that ``from mindspore.nn.wrap import
...`` ports as ``from minpy_compat.nn.wrap import ...``.
"""
from ..module_paths import after_own_names
from .reexport import reexport

_NAMES = ["DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell",
          "ForwardValueAndGrad", "GradAccumulationCell", "TimeDistributed",
          "TrainOneStepCell", "TrainOneStepWithLossScaleCell", "WithEvalCell",
          "WithGradCell", "WithLossCell"]
__all__ = list(_NAMES)
_own_getattr, _own_dir = reexport(__name__, _NAMES)
# our names first, then MindSpore's names here read from ours
__getattr__, __dir__ = after_own_names(__name__, _own_getattr, _own_dir)


# MindSpore's submodules here (``nn.wrap.cell_wrapper``) come from ``module_paths``
__path__ = []
