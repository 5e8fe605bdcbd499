"""The Parameter methods that read its data: plain Arrays, or the traced stand-in.

Outside a gradient, ``w.reshape(...)``, ``w.T``, ``w[0]`` and ``w.sum()`` give plain Arrays (a
Parameter's results are never Parameters). While ``ms.grad(..., weights=[w])`` traces a
free function that uses ``w`` directly, the substitution (``substitution.py``) holds a
traced value standing for ``w``, and these methods act on it, so the gradient reaches
``w`` as it does in MindSpore. ``tensor.Parameter`` calls ``install_reads`` once.
"""
import numpy as onp

from .array import Array
from .substitution import OPEN as _substitutions_open, traced_value

# ndarray methods whose result is a new plain Array made from the Parameter's data
VIEWING = ("reshape", "transpose", "flatten", "ravel", "copy", "astype", "squeeze", "dot",
           "swapaxes", "repeat", "take", "diagonal")
# Array methods that compute from the data (NumPy's, with MindSpore's spellings where set)
COMPUTING = ("sum", "mean", "max", "min", "prod", "std", "var", "cumsum", "cumprod", "clip",
             "round", "trace", "conj", "conjugate")


def _plain_array_method(name):
    method = getattr(onp.ndarray, name)

    def plain_method(self, *args, **kwargs):
        return method(self.view(Array), *args, **kwargs)
    return plain_method


def _substituted(name, plain):
    """Method ``name``: on the traced stand-in while a substitution holds one, else
    ``plain``."""
    def method(self, *args, **kwargs):
        if _substitutions_open[0]:
            stand_in = traced_value(self)
            if stand_in is not self:
                return getattr(stand_in, name)(*args, **kwargs)
        return plain(self, *args, **kwargs)
    method.__name__ = name
    method.__doc__ = getattr(plain, "__doc__", None)
    return method


def _transposed(self):
    """``w.T``: of the traced stand-in while a substitution holds one."""
    if _substitutions_open[0]:
        stand_in = traced_value(self)
        if stand_in is not self:
            return stand_in.T
    return self.view(Array).T


def _plain_getitem(self, index):
    return self.view(Array)[index]


def _iterate(self):
    """``iter(w)``: rows of the traced stand-in while a substitution holds one."""
    if _substitutions_open[0]:
        stand_in = traced_value(self)
        if stand_in is not self:
            return iter(stand_in)
    return iter(self.view(Array))


def _value(self):
    """``w.value()``: the current data as a plain Array (a copy), or the traced stand-in
    while a substitution holds one."""
    if _substitutions_open[0]:
        stand_in = traced_value(self)
        if stand_in is not self:
            return stand_in
    return self.view(Array).copy()


def install_reads(parameter_class):
    """Set the reading methods on ``parameter_class`` (once, when it is defined)."""
    parameter_class.__getitem__ = _substituted("__getitem__", _plain_getitem)
    parameter_class.__iter__ = _iterate
    for name in VIEWING:
        setattr(parameter_class, name, _substituted(name, _plain_array_method(name)))
    for name in COMPUTING:
        setattr(parameter_class, name, _substituted(name, getattr(Array, name)))
    parameter_class.T = property(_transposed)
    parameter_class.value = _value
