"""Files: ``save``, ``savez``, ``savez_compressed`` and ``savetxt`` write a traced array's
current numbers (a file holds no gradient, as a printed value holds none), and ``load``
gives Arrays, from an ``.npz`` archive too.
"""
import numpy as onp
from autograd.tracer import getval
from numpy.lib.npyio import NpzFile as _NumpyNpzFile

from ..array import ARRAY_FUNCTIONS, wrap
from ._namespace import plain


def _writer(raw):
    """NumPy's writer ``raw``, given each traced argument's numbers."""
    facade = ARRAY_FUNCTIONS.get(raw) or plain(raw)

    def call(*args, **kwargs):
        return facade(*map(getval, args), **{key: getval(value) for key, value in kwargs.items()})
    call.__name__ = call.__qualname__ = raw.__name__
    call.__doc__, call.__wrapped__ = raw.__doc__, raw
    ARRAY_FUNCTIONS[raw] = call  # numpy.save(f, traced) comes here too
    return call


save, savez, savez_compressed, savetxt = map(
    _writer, (onp.save, onp.savez, onp.savez_compressed, onp.savetxt))


class NpzFile(_NumpyNpzFile):
    """NumPy's ``.npz`` archive whose arrays come out as Arrays."""

    def __getitem__(self, key):
        return wrap(super().__getitem__(key))


def _loading(facade):
    def load(*args, **kwargs):
        """``numpy.load``: an ``.npy`` file as an Array, an ``.npz`` archive whose items are."""
        result = facade(*args, **kwargs)
        if type(result) is _NumpyNpzFile:
            result.__class__ = NpzFile  # the same open archive, reading out Arrays
        return result
    load.__name__ = load.__qualname__ = "load"
    load.__doc__, load.__wrapped__ = facade.__doc__, onp.load
    return load


load = _loading(ARRAY_FUNCTIONS.get(onp.load) or plain(onp.load))
