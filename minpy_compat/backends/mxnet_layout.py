"""Where a view of a value in MXNet would sit in NumPy's memory, to tell whether NumPy's
``reshape``/``ravel`` of it is a view or a copy.

MXNet's data is always C-ordered, but a view (``a.T``, ``a[:, ::2]``) stands for NumPy's
strided view of its base: ``a.T.reshape(-1)`` is a copy in NumPy, so a write into it must
not reach ``a``. The view's elements are followed back through its ``_view_of`` chain to
their places in the first base's memory; NumPy is then asked about an array with those
strides (an int8 stand-in, one byte a slot), whose reshape shares its memory or not.
"""
import numpy as onp
from numpy.lib.stride_tricks import as_strided

from ..traced_writes import Rearranged


def keeps_memory(value, rearrange):
    """Whether NumPy's ``rearrange(x)`` (a reshape or ravel) of the array ``value`` stands
    for is a view of it; ``value`` carries its ``_view_of`` chain (an MXArray or MXBox)."""
    if getattr(value, "_view_of", None) is None or 0 in value.shape:
        return True  # the base itself: C-ordered, as MXNet keeps it
    places, size = _places(value)
    start = int(places.flat[0])
    strides = [int(places[(0,) * axis + (1,)].flat[0] - start) if n > 1 else 0
               for axis, n in enumerate(value.shape)]
    memory = onp.zeros(size, onp.int8)
    stand_in = as_strided(memory[start:], value.shape, strides, writeable=False)
    return onp.may_share_memory(rearrange(stand_in), memory)


def _places(value):
    """Each element's place in the first base's C-ordered memory, and that base's size."""
    view_of = getattr(value, "_view_of", None)
    if view_of is None:
        size = int(onp.prod(value.shape))
        return onp.arange(size).reshape(value.shape), size
    base, index = view_of
    places, size = _places(base)
    if type(index) is not Rearranged:
        return places[index], size
    # undo() puts a view's values back in base's arrangement: numbered values say which
    # view element lands on each of base's places.
    numbered = onp.arange(int(onp.prod(value.shape)), dtype=onp.float64).reshape(value.shape)
    landed = onp.asarray(index.undo(numbered)).astype(onp.intp).ravel()
    mine = onp.empty(landed.size, onp.intp)
    mine[landed] = places.ravel()
    return mine.reshape(value.shape), size
