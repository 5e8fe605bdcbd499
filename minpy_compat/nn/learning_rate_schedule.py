"""MindSpore's ``nn.learning_rate_schedule``: the learning-rate schedule Cells, re-exported
from ``minpy_compat.nn`` (each loaded on first use), so that ``from
mindspore.nn.learning_rate_schedule import ...`` ports as ``from
minpy_compat.nn.learning_rate_schedule import ...``.
"""
from .reexport import reexport

_NAMES = ["CosineDecayLR", "ExponentialDecayLR", "InverseDecayLR", "NaturalExpDecayLR",
          "PolynomialDecayLR", "WarmUpLR"]
__all__ = list(_NAMES)
# MindSpore's module also holds the base class, importable though not in its __all__
# (model-zoo schedules such as BERT's subclass it from here)
__getattr__, __dir__ = reexport(__name__, _NAMES + ["LearningRateSchedule"])
