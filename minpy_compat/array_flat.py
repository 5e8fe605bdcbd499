"""``Array.flat``: NumPy's flat iterator, which a traced write can reach while ``grad`` runs.

Outside a trace ``a.flat`` is NumPy's own ``flatiter``. Inside one, a constant Array's
``b.flat[i] = v`` with a traced ``v`` would reach NumPy's iterator, which reads ``v`` as a
number and fails (or drops its gradient). So while a trace is open, ``a.flat`` is a
``ConstantFlat``: writes of traced values go through ``TracedFlat``'s, which ends in the
Array's own indexed assignment (``b[unravel_index(i)] = v``, which makes ``b`` traced:
``adopted.py``); everything else is the flatiter's.
"""
import autograd.tracer as _tracer
import numpy as onp

from .lean_call import contains_box
from .traced_methods import TracedFlat

_flat_of = onp.ndarray.flat.__get__
_set_flat = onp.ndarray.flat.__set__


class ConstantFlat:
    """``a.flat`` of an Array while a trace is open (see the module's docstring)."""

    __slots__ = ("_array", "_iterator")

    def __init__(self, array):
        self._array, self._iterator = array, _flat_of(array)

    def __setitem__(self, index, value):
        if not contains_box(value):
            self._iterator[index] = value
            return
        from .numpy.in_place import numpy_first
        numpy_first(_write_flat, self._array, index, value)  # NumPy's errors, before any write
        TracedFlat(self._array)[index] = value  # a traced value's flat write, on the Array

    def __getitem__(self, index):
        return self._iterator[index]

    def __len__(self):
        return len(self._iterator)

    def __iter__(self):
        return iter(self._iterator)

    def __array__(self, dtype=None, copy=None):
        return onp.asarray(self._iterator.copy(), dtype=dtype)

    def __getattr__(self, name):  # base, coords, index, copy, ...
        return getattr(self._iterator, name)


def _write_flat(scratch, index, value):
    scratch.flat[index] = value


def flat(self):
    """NumPy's ``a.flat``; while a trace is open, one that takes traced writes."""
    if _tracer.trace_stack.top < 0:
        return _flat_of(self)
    return ConstantFlat(self)


def set_flat(self, value):
    """NumPy's ``a.flat = value`` (values repeat to fill ``a``), traced values included."""
    if not contains_box(value):
        _set_flat(self, value)
        return
    TracedFlat(self)[...] = value
