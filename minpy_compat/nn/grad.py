"""MindSpore's ``nn.grad``: the function-wrapping Cells ``Jvp`` and ``Vjp``, re-exported from
``minpy_compat.nn`` (each loaded on first use), so that ``from mindspore.nn.grad import
...`` ports as ``from minpy_compat.nn.grad import ...``.
"""
from .reexport import reexport

_NAMES = ["Jvp", "Vjp"]
__all__ = list(_NAMES)
__getattr__, __dir__ = reexport(__name__, _NAMES)
