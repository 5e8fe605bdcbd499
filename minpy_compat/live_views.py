"""Traced views that see later writes into the array they view, as NumPy's views do.

``v = a[0:2]; a[0] = y; np.sum(v)`` reads ``y`` in NumPy: ``v`` shares ``a``'s memory.
A traced value has no memory to share. A write gives ``a`` a new value and graph node
(``traced_writes``), and ``v`` would keep the numbers it had. The function would then
compute one value under ``grad`` and another outside it, and its gradient would be the
gradient of the wrong function. So each traced view is remembered by the array it views
(weakly: a view nobody holds costs nothing), and a write *refreshes* every live view.
Each view takes its new value and node from the array's new ones, and passes the refresh
on to its own views (``v[0]`` of ``v``).

The refresh runs at the root of a chain of writes. A write into a view is first written
through into the array it views (``traced_writes.write_through``), and from there into
that array's own base. Only the array that views nothing refreshes: its views, and their
views, cover every live view of that memory, the writer included.

A view is re-derived, while its base keeps the shape it had when the view was taken, by
``base[index]`` for a basic index, or by the call that made it (``Rearranged.redo``:
``x.T``, ``x.reshape(...)``, ``np.real(z)``). Otherwise (a rearrangement marked without
that call, or a base whose shape was set since: ``x.shape = ...`` keeps C order) it is
gathered by the flat positions of its elements in the base, found once on plain position
numbers.

A resized base (``x.resize``) no longer reaches its views, as NumPy moves the memory; nor
does a base whose shape was set since reach its ``np.real``/``np.imag`` views. Those views
keep their numbers. MXNet's values keep their own views (``backends/mxnet_writes``):
writes into a view reach the array, but not the other way round.

Only writes pay: taking a view costs one weak reference. A write pays one op for each
live view.
"""
import weakref

import numpy as onp

_ref = weakref.ref
_PRUNE_FROM = 64  # a base's list of views is cleaned of dead ones when it reaches this


class Rearranged:
    """The ``index`` of a view that rearranges its whole base (``x.T``, ``x.reshape(...)``):
    ``undo(view)`` gives the view's values in the base's arrangement, and ``redo(base)``,
    where the maker knows it, the view of a base (the call that made the view)."""

    __slots__ = ["undo", "redo"]

    def __init__(self, undo, redo=None):
        self.undo = undo
        self.redo = redo


def remember_view(view, base, index):
    """Mark traced ``view`` as ``base[index]`` (``index`` may be a ``Rearranged``): writes
    into it reach ``base``, and writes into ``base`` reach it."""
    view._view_of = (base, index)
    try:
        views = base._views
    except AttributeError:
        views = []
        try:
            base._views = views
        except AttributeError:  # an adopted MXArray (slots, no list): writes reach it only
            return
    if len(views) >= _PRUNE_FROM and not len(views) & (len(views) - 1):  # 64, 128, ...
        views[:] = [entry for entry in views if entry[0]() is not None]
    views.append((_ref(view), base.shape))


def refresh_views(base):
    """After a write into ``base``, give each live view of it (and of those views) the
    value and node it has in NumPy: the matching part of ``base`` now."""
    views = getattr(base, "_views", None)
    if not views:
        return
    live = []
    for entry in list(views):
        view = entry[0]()
        if view is None or getattr(view, "_view_of", (None,))[0] is not base:
            continue  # collected, or now the view of another array (adopted.rebased)
        fresh = _rederived(view, base, entry[1])
        if fresh is None:  # resized (NumPy's view no longer sees it): the view keeps its numbers
            continue
        live.append(entry)
        view._value, view._node = fresh._value, fresh._node
        refresh_views(view)
    views[:] = live


def _rederived(view, base, shape_then):
    """``view``'s part of ``base`` as it is now (a new traced value), or None where the
    view no longer maps to it: a resized base, or a shape set since on a base whose view
    is not a rearrangement of its elements (``np.real`` of a complex array)."""
    from .traced_views import plain_getitem  # (it imports this module)
    from .traced_methods import facade_function
    box = base._box() if hasattr(type(base), "_box") else base  # an adopted Array's box
    index = view._view_of[1]
    if box.size != int(onp.prod(shape_then)):
        return None
    if box.shape == shape_then:
        if type(index) is not Rearranged:
            return plain_getitem(box, index)
        if index.redo is not None:
            return index.redo(box)
    if type(index) is Rearranged and getattr(index.undo, "reads_base", False):
        return None
    reshape = facade_function("reshape")
    flat = reshape(box, -1)
    return reshape(plain_getitem(flat, _flat_positions(view, index, shape_then)), view.shape)


def _flat_positions(view, index, shape_then):
    """Where each element of ``view`` sits in its base, as C-order flat positions in the
    base's shape when the view was taken."""
    if type(index) is not Rearranged:
        return onp.arange(int(onp.prod(shape_then))).reshape(shape_then)[index].ravel()
    numbered = onp.arange(view.size).reshape(view.shape)
    at_base = onp.asarray(index.undo(numbered)).ravel()  # the view element at each slot
    positions = onp.empty(view.size, onp.intp)
    positions[at_base] = onp.arange(view.size)
    return positions
