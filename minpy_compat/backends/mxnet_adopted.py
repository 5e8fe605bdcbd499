"""Traced values written into MXNet values that are not traced: ``out = np.zeros(n)`` under
``prefer_mxnet``, then ``out[i] = f(x)`` under ``grad``.

As a NumPy ``Array`` does (``minpy_compat.adopted``), the ``MXArray`` itself becomes
traced: for as long as the trace is open its class is ``AdoptedMXArray``, which autograd
counts as a box (``type(x) in Box.types``; it carries ``_value``, ``_trace`` and
``_node``). Its operators, methods and NumPy protocols run on an ``MXBox`` of the same
value and node, so from then on it records every op like any traced MXNet value. When
the trace closes it is an ``MXArray`` again, with its NDArray from before the trace (ops
recorded before the write may hold it as a constant; a traced argument is left as it
was too).

It starts as a constant of the trace (a node that sends no gradient anywhere), then the
write is recorded as on any traced MXNet value (``mxnet_writes.write_traced``); so do
``a.put``, ``a.fill``, ``a.flat[i] = v``, ``numpy.add.at(a, i, v)`` and ``a += v``.
Views taken before the first traced write keep the old numbers.
"""
from autograd.tracer import Box

from ..adopted import ADOPTED_TYPES, OUT_TYPES
from ..tracing import on_trace_close
from ..traced_methods import NdarrayMethods
from ..traced_writes import constant_node, write_through
from . import mxnet_writes as writes
from .mxnet_array import MXArray, MXBox
from .mxnet_vspace import MXVSpace


class AdoptedMXArray(MXArray):
    """An ``MXArray`` that a traced write made traced (while that trace is open)."""

    __slots__ = ()

    def _box(self):
        box = MXBox(self._value, self._trace, self._node)
        box._view_of = None
        return box

    def _take(self, box):
        self._value, self._node = box._value, box._node
        write_through(self)  # a view of another MXArray passes the change on to it

    def __setitem__(self, index, value):
        box = self._box()
        writes.write_traced(box, index, value)  # refuses a value from an inner grad
        self._take(box)

    def __getitem__(self, index):
        box = self._box()
        return _rebased(box[index], box, self)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method == "at" and inputs[0] is self:  # writes into this array
            from ..numpy.ufunc_methods import ufunc_at
            return ufunc_at(ufunc, *inputs, **kwargs)
        return self._box().__array_ufunc__(ufunc, method, *_boxed(inputs), **kwargs)

    # These write through __setitem__ above.
    fill, put, flat = NdarrayMethods.fill, NdarrayMethods.put, NdarrayMethods.flat


def _boxed(values):
    return tuple(v._box() if type(v) is AdoptedMXArray else v for v in values)


def adopt(array, trace):
    """Make MXArray ``array`` a constant of the open trace ``trace``, until it closes."""
    array._value = array.copy()
    array._trace, array._node = trace, constant_node()
    array.__class__ = AdoptedMXArray
    on_trace_close(trace, lambda: _release(array))


def _release(array):
    """The trace that adopted ``array`` closed: it is a plain MXArray again."""
    del array._value, array._trace, array._node
    array.__class__ = MXArray


def _rebased(result, box, array):
    """``result``, a view of ``array``'s box (``a[0]``, ``a.T``, ``a.reshape(-1)``), made a
    view of ``array`` itself: the box is gone once the call returns, so a write into the
    view must come back to the array."""
    view_of = getattr(result, "_view_of", None) if isinstance(result, Box) else None
    if view_of is not None and view_of[0] is box:
        result._view_of = (array, view_of[1])
    return result


def _delegate(name, attribute):
    """``AdoptedMXArray.<name>`` runs ``MXBox.<name>`` on the array's box (a view it
    returns, ``a.T`` or ``a.reshape(-1)``, views the array)."""
    if isinstance(attribute, property):
        return property(lambda self: (lambda box: _rebased(getattr(box, name), box, self))(
            self._box()))

    def method(self, *args, **kwargs):
        box = self._box()
        return _rebased(getattr(box, name)(*args, **kwargs), box, self)
    return method


# What an AdoptedMXArray keeps as an MXArray: identity, class protocol, its slots, and the
# in-place operators, which update it directly (mxnet_writes.adopt: it is a box).
_KEPT = {"__init__", "__new__", "__class__", "__getattribute__", "__setattr__", "__delattr__",
         "__init_subclass__", "__subclasshook__", "__reduce__", "__reduce_ex__", "__hash__",
         "register", "__copy__", "__deepcopy__", "_adopt", "_become"} | set(writes.IN_PLACE)
_BOX_NAMES = set().union(*map(vars, MXBox.__mro__[:MXBox.__mro__.index(Box) + 1]))
for _name in _BOX_NAMES - _KEPT - set(vars(AdoptedMXArray)):
    _attribute = getattr(MXBox, _name)
    if callable(_attribute) or isinstance(_attribute, property):
        setattr(AdoptedMXArray, _name, _delegate(_name, _attribute))

Box.types.add(AdoptedMXArray)
ADOPTED_TYPES.add(AdoptedMXArray)  # what grad returns holds its box, not the array
OUT_TYPES.update((MXArray, AdoptedMXArray, MXBox))  # np.multiply(x, y, out=a) under grad
Box.type_mappings[AdoptedMXArray] = MXBox
MXVSpace.register(AdoptedMXArray)
