"""Element orders that depend on memory layout: NumPy's ``order='A'`` and ``order='K'``.

``'A'`` reads a Fortran-contiguous array column by column and anything else row by row;
``'K'`` reads elements in the order they lie in memory. Gradients and view write-backs
that undo a ``reshape``/``ravel`` must resolve these against the array the op read, not
against ``g`` or the view (whose own layout is usually C).
"""
import numpy as onp


def concrete_order(value, order):
    """'C' or 'F' for ``order='A'`` as NumPy decides it for ``value``; None is 'C'; other
    orders unchanged."""
    if order != "A":
        return order or "C"
    flags = onp.asarray(value).flags
    return "F" if flags.f_contiguous and not flags.c_contiguous else "C"


def memory_order_positions(value):
    """The C-order positions of ``value``'s elements, in the order ``ravel(order='K')``
    reads them (None when that is C order). NumPy's own ``empty_like(order='K')`` gives
    the layout, so the order is exactly NumPy's, flipped and broadcast axes included."""
    value = onp.asarray(value)
    if value.flags.c_contiguous:
        return None
    positions = onp.empty_like(value, dtype=onp.intp, order="K")
    positions[...] = onp.arange(value.size).reshape(value.shape)
    positions = positions.ravel(order="K")
    return None if (positions[1:] > positions[:-1]).all() else positions
