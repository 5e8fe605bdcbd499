"""Package names imported from their module on first use (PEP 562), so that ``import
minpy_compat`` loads only what a program touches: ``nn``'s Cells, the breadth modules of
``ops``, and the training API (``ms.train``, ``ms.dataset``, ``ms.Model``).

>>> from minpy_compat import nn
>>> nn.LSTM.__module__
'minpy_compat.nn.rnns'
"""
import importlib


def lazy_names(package, exports, namespace, submodules=(), wrap=None):
    """``(__getattr__, __dir__)`` for the package named ``package``: each name in
    ``exports`` (``{submodule: [names]}``) and each of ``submodules`` is imported the first
    time it is read, then kept in ``namespace`` (the package's ``globals()``); with
    ``wrap``, an exported name is kept as ``wrap(name, value)``."""
    module_of = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name):
        if name in submodules:
            value = importlib.import_module(f".{name}", package)
        elif name in module_of:
            value = getattr(importlib.import_module(f".{module_of[name]}", package), name)
            if wrap is not None:
                value = wrap(name, value)
        else:  # a submodule not listed (``nn.layers``) is found by the import system
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def __dir__():
        return sorted(set(namespace) | set(module_of) | set(submodules))
    return __getattr__, __dir__
