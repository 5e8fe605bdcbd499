"""The base of the breadth primitive classes (``prims_*.py``): a ``Primitive`` whose
``repr`` lists its constructor arguments the way MindSpore's does
(``Prim[IsClose]<rtol=1e-05, atol=1e-08, equal_nan=False>``), plus the argument checks
their constructors share.

>>> from minpy_compat import ops
>>> ops.Cummax(axis=0)
Prim[Cummax]<axis=0>
"""
import numbers
import sys

from ..errors import CellTypeError, message
from .primitives import Primitive


class AttrPrimitive(Primitive):
    """A primitive that keeps its constructor arguments as attributes and in its repr (its
    call's errors name the class, as every ``Primitive``'s do)."""

    def _keep(self, **attrs):
        for name, value in attrs.items():
            setattr(self, name, value)
            self.attrs[name] = value

    def __repr__(self):
        shown = ", ".join(f"{k}={v}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]" + (f"<{shown}>" if shown else "")


def forwarding(name, function, doc):
    """A primitive class named ``name`` whose call is ``function(*args)``."""
    def __call__(self, *args):
        return function(*args)
    module = sys._getframe(1).f_globals["__name__"]  # the prims_* module that made it
    return type(name, (AttrPrimitive,), {"__call__": __call__, "__doc__": doc,
                                         "__module__": module})


def check_int(where, value):
    """``value`` once it is an int (not a bool)."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise CellTypeError(message(where, "an int", repr(value)))
    return int(value)


def check_ints(where, value):
    """``value`` once it is an int or a tuple/list of ints."""
    items = value if isinstance(value, (tuple, list)) else [value]
    for item in items:
        check_int(where, item)
    return value


def check_number(where, value, kinds=(int, float, bool)):
    """``value`` once it is a Python number of one of ``kinds``."""
    if not isinstance(value, kinds):
        names = "/".join(k.__name__ for k in kinds)
        raise CellTypeError(message(where, f"a {names}", repr(value)))
    return value
