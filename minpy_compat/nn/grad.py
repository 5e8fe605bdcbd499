"""MindSpore's ``nn.grad``: the function-wrapping Cells ``Jvp`` and ``Vjp``, re-exported from
``minpy_compat.nn`` (each loaded on first use), so that ``from mindspore.nn.grad import
...`` ports as ``from minpy_compat.nn.grad import ...``.
"""
from ..module_paths import fallback
from .reexport import reexport

_NAMES = ["Jvp", "Vjp"]
__all__ = list(_NAMES)
_own_getattr, _own_dir = reexport(__name__, _NAMES)
_path_getattr, _path_dir = fallback(__name__)


def __getattr__(name):  # our names first, then MindSpore's names here read from ours
    return _own_getattr(name) if name in _own_dir() else _path_getattr(name)


def __dir__():
    return sorted(set(_own_dir()) | set(_path_dir()))


# MindSpore's submodules here (``nn.grad.cell_grad``) come from ``module_paths``
__path__ = []
