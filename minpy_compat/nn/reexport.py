"""``(__getattr__, __dir__)`` for a MindSpore-named ``nn`` submodule (``nn.optim``,
``nn.wrap``, ...) whose names are ``minpy_compat.nn``'s own, read on first use (no
copies: ``nn.wrap.WithLossCell is nn.WithLossCell``)."""
import importlib


def reexport(module, names):
    """Module-level ``__getattr__`` and ``__dir__`` for ``module`` giving each of
    ``names`` from ``minpy_compat.nn``."""
    names = frozenset(names)

    def __getattr__(name):
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return getattr(importlib.import_module("minpy_compat.nn"), name)

    def __dir__():
        return sorted(names)
    return __getattr__, __dir__
