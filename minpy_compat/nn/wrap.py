"""MindSpore's ``nn.wrap``: the training-step wrappers and loss-scale Cells, re-exported from
``minpy_compat.nn`` (each loaded on first use), so that ``from mindspore.nn.wrap import
...`` ports as ``from minpy_compat.nn.wrap import ...``.
"""
from ..module_paths import fallback
from .reexport import reexport

_NAMES = ["DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell",
          "ForwardValueAndGrad", "GradAccumulationCell", "TimeDistributed",
          "TrainOneStepCell", "TrainOneStepWithLossScaleCell", "WithEvalCell",
          "WithGradCell", "WithLossCell"]
__all__ = list(_NAMES)
_own_getattr, _own_dir = reexport(__name__, _NAMES)
_path_getattr, _path_dir = fallback(__name__)


def __getattr__(name):  # our names first, then MindSpore's names here read from ours
    return _own_getattr(name) if name in _own_dir() else _path_getattr(name)


def __dir__():
    return sorted(set(_own_dir()) | set(_path_dir()))


# MindSpore's submodules here (``nn.wrap.cell_wrapper``) come from ``module_paths``
__path__ = []
