"""``minpy_compat.common``: parameter initializers (MindSpore's ``common.initializer``)."""
from . import initializer
from .. import dtype
from ..tensor import Parameter, ParameterTuple, Tensor

__all__ = ['dtype', 'initializer', 'Parameter', 'ParameterTuple', 'Tensor']

# MindSpore's other ``mindspore.common`` names (``set_seed``, ``float32``, ``tensor``, ...),
# read on first use from the package's namespaces (this module is one of them, so ``dir``
# looks only at the others)
from .. import module_paths as _paths  # noqa: E402


def __getattr__(name):
    return _paths.resolve("common", name)


def __dir__():
    import importlib
    others = set()
    for source in _paths.sources("common"):
        if source != __name__:
            others |= set(dir(importlib.import_module(source)))
    return sorted(set(globals()) | (set(_paths.table()["common"]) & others))
