"""``np.char`` and ``np.strings`` (NumPy 2): NumPy's string functions, giving Arrays as every
other facade function does. Built on first use, as NumPy loads them lazily.
"""
import importlib
import types

import numpy as onp

from ._namespace import Ufunc, plain

NAMES = ("char", "strings")


def facade_module(name):
    """A module holding ``numpy.<name>``'s names, each function's results wrapped."""
    raw = getattr(onp, name)
    module = types.ModuleType(f"minpy_compat.numpy.{name}", raw.__doc__)
    for attribute in dir(raw):
        if attribute.startswith("_"):
            continue
        obj = getattr(raw, attribute)
        if isinstance(obj, onp.ufunc):  # isalpha, str_len, ...: its methods stay there
            obj = Ufunc(obj, plain(obj))
        elif callable(obj) and not isinstance(obj, type):  # chararray stays NumPy's class
            obj = plain(obj)
        setattr(module, attribute, obj)
    return module


def fetching(numpy_getattr, target):
    """The facade's module ``__getattr__``: ``char``/``strings`` as facade modules (where this
    NumPy has them), ``polynomial`` (our module), every other name from
    ``numpy_getattr``."""
    def __getattr__(name):
        if name in NAMES and hasattr(onp, name):
            target[name] = facade_module(name)
            return target[name]
        if name == "polynomial":  # a module of ours: the import statement finds it too
            target[name] = importlib.import_module(f"{__package__}.polynomial")
            return target[name]
        return numpy_getattr(name)
    return __getattr__
