"""In-place operators and indexed assignment on traced values (``TracedArray``'s writes).

NumPy mutates in place, so every name bound to an array sees the change. A traced value
does the same: the box *adopts* the new value and graph node (``x += v``, ``x[i] = v``,
and the in-place methods of ``traced_methods``). A write into a view (``_view_of``) is
written through into the array it views. Read-only arrays are refused as NumPy refuses
them.
"""
import numpy as onp
from autograd.core import VJPNode
from autograd.tracer import Box, getval, isbox

from .assignment import assign_at
from .errors import TracedValueError, message
from .live_views import Rearranged, refresh_views


class InPlaceWrites:
    """Mixed into ``TracedArray`` (which keeps ``_value``, ``_node``, ``_trace`` and
    ``_view_of``)."""

    __slots__ = ()

    def _adopt(self, new, opname):
        self._refuse_read_only(opname)
        new_shape = onp.shape(getval(new))
        if new_shape != onp.shape(getval(self)):
            raise ValueError(message(f"traced {opname}", f"a result of shape {self.shape}",
                                     f"shape {new_shape}"))
        new_dtype = onp.result_type(getval(new))
        if new_dtype != self.dtype:  # x += float64 on float32 x: NumPy keeps x's dtype
            if not onp.can_cast(new_dtype, self.dtype, "same_kind"):
                raise TypeError(message(f"traced {opname}", f"a result that casts to "
                                        f"{self.dtype} (NumPy's same_kind rule)",
                                        f"{new_dtype}"))
            new = new.astype(self.dtype) if isbox(new) else onp.asarray(new, self.dtype)
        if isinstance(new, Box) and new._trace == self._trace:
            self._value, self._node = new._value, new._node
        elif isbox(new):
            return new  # the right-hand side belongs to an outer trace: rebind instead
        else:  # a result without a gradient (x //= 2): x holds it as a constant
            self._value, self._node = new, constant_node()
        self._write_through()
        return self

    def _write_through(self):
        write_through(self)

    def __iadd__(self, other):
        return self._adopt(self + other, "+=")

    def __isub__(self, other):
        return self._adopt(self - other, "-=")

    def __imul__(self, other):
        return self._adopt(self * other, "*=")

    def __itruediv__(self, other):
        return self._adopt(self / other, "/=")

    def __ipow__(self, other):
        return self._adopt(self ** other, "**=")

    def _refuse_read_only(self, what):
        """NumPy refuses to write into a read-only array (``x.diagonal()``, ``broadcast_to``'s
        result, an argument made read-only): so does the traced value holding one."""
        value = self._value
        if isinstance(value, onp.ndarray) and not value.flags.writeable:
            raise ValueError(message(
                f"traced {what}", "a writeable array", "a read-only one (NumPy: assignment "
                "destination is read-only), such as x.diagonal() or broadcast_to's result",
                "Write into a copy: v = v.copy()."))

    def __setitem__(self, index, value):
        self._refuse_read_only("indexed assignment")
        updated = assign_at(self, plain_index(index), value)
        if not (isinstance(updated, Box) and updated._trace == self._trace):
            raise TracedValueError(message(
                "indexed assignment", "a value traced no deeper than the array it goes into",
                "a value from an inner grad", "Compute the array inside the same grad."))
        self._value, self._node = updated._value, updated._node
        self._write_through()


def write_through(view):
    """After an in-place change of a view (a value whose ``_view_of`` is ``(base, index)``,
    set by indexing or a rearranging method), write it into the array it views; after a
    change of an array that views nothing, refresh its views (``live_views``). MXNet's
    values (``backends/mxnet_writes``) use it too."""
    view_of = getattr(view, "_view_of", None)
    if view_of is not None:
        base, index = view_of
        if type(index) is Rearranged:
            base[...] = index.undo(view)
        else:
            base[index] = view
    else:
        refresh_views(view)


def constant_node():
    """A graph node that sends no gradient anywhere (for a traced name holding a constant)."""
    node = object.__new__(VJPNode)
    node.parents = []
    node.vjp = _no_gradients
    return node


def _no_gradients(g):
    return ()


def plain_index(index):
    """Index arrays may be traced (e.g. from argmax): indices carry no gradient."""
    if type(index) is tuple:
        return tuple(getval(i) for i in index)
    return getval(index)
