"""MindSpore's ``nn.grad``: the function-wrapping Cells ``Jvp`` and ``Vjp``, re-exported from
``minpy_compat.nn`` (each loaded on first use), so that ``from mindspore.nn.grad import
...`` ports as ``from minpy_compat.nn.grad import ...``.
"""
from ..module_paths import after_own_names
from .reexport import reexport

_NAMES = ["Jvp", "Vjp"]
__all__ = list(_NAMES)
_own_getattr, _own_dir = reexport(__name__, _NAMES)
# our names first, then MindSpore's names here read from ours
__getattr__, __dir__ = after_own_names(__name__, _own_getattr, _own_dir)


# MindSpore's submodules here (``nn.grad.cell_grad``) come from ``module_paths``
__path__ = []
