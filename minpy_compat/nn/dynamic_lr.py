"""MindSpore's ``nn.dynamic_lr``: the functions that return a list of learning rates, one per
step, re-exported from ``minpy_compat.nn`` (each loaded on first use), so that ``from
mindspore.nn.dynamic_lr import ...`` ports as ``from minpy_compat.nn.dynamic_lr import
...``.
"""
from .reexport import reexport

_NAMES = ["cosine_decay_lr", "exponential_decay_lr", "inverse_decay_lr",
          "natural_exp_decay_lr", "piecewise_constant_lr", "polynomial_decay_lr",
          "warmup_lr"]
__all__ = list(_NAMES)
__getattr__, __dir__ = reexport(__name__, _NAMES)
