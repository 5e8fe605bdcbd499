"""Why a traced value has no ``ctypes``, ``data``, ``base``, ``byteswap``, ...

A traced value offers every ndarray attribute it can trace; the rest read or rewrite raw
memory, which a gradient cannot follow. Asking for one raises ``TracedAttributeError``
(an ``AttributeError``, so ``hasattr`` stays False) saying to use ``x.asnumpy()``.

The refusals are properties on ``RawMemoryRefusals``, the *last* base of the traced
types, so any attribute a traced type defines (now, or later: ``ops.tensor_methods``
attaches MindSpore's Tensor methods when the Cell layer loads) comes first. A
``__getattr__`` would say the same, but a class that defines one sends *every*
attribute read (``x._value``, ``x._node`` in each traced op) through CPython's slow
hook, which looks ``__getattr__`` and ``__getattribute__`` up on the type first:
measured by callgrind, about 4 % of the instructions of a small traced training step.
"""
import numpy as onp

from .errors import message
from .traced_methods import TracedAttributeError


def _refusal(name):
    def refuse(self):
        raise TracedAttributeError(message(
            f"x.{name} on a traced value", "an ndarray attribute minpy_compat can trace",
            f"{name!r}, which reads or rewrites the raw memory",
            f"Use x.asnumpy().{name} for the current numbers (not differentiated)."))
    return property(refuse, doc=f"Refused on a traced value: use ``x.asnumpy().{name}``.")


class RawMemoryRefusals:
    """Every public ndarray attribute, refused; the traced types' own come first (MRO)."""

    __slots__ = ()


for _name in dir(onp.ndarray):
    if not _name.startswith("_"):  # dunders stay absent: Python's protocols look for them
        setattr(RawMemoryRefusals, _name, _refusal(_name))
del _name
