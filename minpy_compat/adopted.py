"""Traced values written into constant arrays: ``out = np.zeros(n); out[i] = f(x)`` under grad.

NumPy mutates ``out`` in place, so every name bound to it must see a traced array
afterwards, and Python cannot swap the object behind those names. So the array itself
becomes traced: for as long as the trace is open its class is ``AdoptedArray``, an
``Array`` that autograd also counts as a box (autograd tests ``type(x) in Box.types``,
an open set, and reads ``_value``, ``_trace`` and ``_node``, which the array carries).
Its operators, methods and NumPy protocols run on a ``TracedArray`` of the same value
and node, so from then on it records every op like any traced value. When the trace
closes the array goes back to ``Array``.

Its memory is never written: ops recorded before the assignment may hold the array as
a constant (``y = x * out`` keeps ``out`` for its gradient), and the backward pass,
which runs after the trace closes, must find the numbers they used. This is how a
traced argument behaves too: ``x[i] = v`` under ``grad`` leaves the caller's array as
it was, so after ``grad`` an adopted array holds its values from before the call. The
same holds for a ``grad`` inside a function being differentiated: what the inner one
assigned is gone when it returns, whether or not an outer ``grad`` is tracing, so a
function computes the same value traced and untraced.

Why not a ``Box`` subclass: a box carries slots, an ndarray subclass a C layout; one
class cannot have both, and ``__class__`` can only switch between equal layouts.

Limits:

* Only ``Array``s (what ``minpy_compat.numpy`` returns) can be adopted. A plain
  ``numpy.ndarray`` cannot change class; assigning a traced value into one raises.
* Views taken after the first traced assignment are traced views, and see later writes
  (``live_views``). Views taken before it inside the traced function (``row = out[0]``)
  become traced views of the array at that assignment (``constant_views``). Views taken
  before the trace opened (outside the function) keep the old numbers: they are NumPy's
  views of the memory, which is never written.
* Writes into a view of an Array (``out[0][1] = v``, ``row = out[0]; row[1] = v``) reach
  ``out`` too, as NumPy's shared memory would: the view finds its slots from its place in
  ``out``'s memory. A view of a plain ``numpy.ndarray`` has no Array to tell.
* What reads the memory without asking the array (``numpy.asarray(out)``, ``out.view()``,
  ``out.tobytes()``) gets the numbers from before the assignment and no gradient: NumPy
  does not ask an ndarray subclass to convert itself. Printing, ``asnumpy()`` and every
  NumPy function and operator see the traced value.
"""
import numpy as onp
from autograd.numpy.numpy_vspaces import ArrayVSpace
from autograd.tracer import Box, getval

from .array import Array, TracedArray, plain_index
from .traced_methods import NdarrayMethods
from .assignment import assign_at
from .errors import TracedValueError, message
from .constant_views import constant_views_of
from .live_views import refresh_views, remember_view
from .traced_views import plain_getitem
from .tracing import on_trace_close
from .trees import map_items


class AdoptedArray(Array):
    """An ``Array`` that a traced assignment made traced (while that trace is open)."""

    def _box(self):
        return TracedArray(self._value, self._trace, self._node)

    def _take(self, box):
        """Adopt the value and node of ``box`` (same trace); the memory stays as it was.
        A view of another Array passes the change on to it; the traced views taken of
        this array see the change (``live_views``)."""
        self._value, self._node = box._value, box._node
        if self.base is not None:
            _write_into_base(self)
        refresh_views(self)

    def __array_finalize__(self, obj):
        # Arrays NumPy derives in C (views, copies) are plain Arrays, never half-adopted.
        self.__class__ = Array

    def __setitem__(self, index, value):
        box = self._box()
        box[index] = value  # TracedArray's assignment: refuses a value from an inner grad
        self._take(box)

    def __iter__(self):
        box = self._box()
        return iter([box[i] for i in range(len(box))] if box.ndim else box)  # 0-d: TypeError

    def __getitem__(self, index):
        box = self._box()
        return rebased(box[index], box, self)

    flat = NdarrayMethods.flat  # x.flat[i] = v writes through this array's __setitem__

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method == "at" and inputs[0] is self:  # writes into this array
            from .numpy.ufunc_methods import ufunc_at
            return ufunc_at(ufunc, *inputs, **kwargs)
        inputs = [_boxed(x) for x in inputs]
        if kwargs.get("out") is not None:
            from .out_arguments import ufunc_into_out  # it imports this module
            return ufunc_into_out(ufunc, method, inputs, kwargs)
        kwargs.pop("out", None)
        return getattr(ufunc, method)(*inputs, **kwargs)

    def __array_function__(self, func, types, args, kwargs):
        boxes = as_boxes(args)
        result = func(*boxes, **as_boxes(kwargs))
        return rebased(result, boxes[0], args[0]) if args and args[0] is self else result


def rebased(result, box, adopted):
    """``result``, a view of ``adopted``'s box (``out[0]``, ``out.T``, ``out.reshape(-1)``,
    ``np.reshape(out, -1)``), made a view of ``adopted`` itself: the box is gone once the
    call returns, so a write into the view must come back to the array."""
    view_of = getattr(result, "_view_of", None) if isinstance(result, Box) else None
    if view_of is not None and view_of[0] is box:
        remember_view(result, adopted, view_of[1])
    return result


def _on_the_box(name):
    def in_place(self, *args, **kwargs):
        box = self._box()
        getattr(box, name)(*args, **kwargs)  # TracedArray's in-place method
        self._take(box)
    in_place.__name__ = name
    return in_place


def _refuse_in_place(name):
    def refuse(self, *args, **kwargs):
        raise TracedValueError(message(
            f"{name}() on a traced array", "an operation minpy_compat can differentiate",
            "an in-place NumPy method that changes the memory's layout", "Compute a new "
            "array instead (e.g. np.resize(x, shape)), or assign with x[...] = new_values."))
    return refuse


for _name in ("fill", "sort", "put", "partition"):
    setattr(AdoptedArray, _name, _on_the_box(_name))
for _name in ("resize", "setfield", "byteswap"):
    setattr(AdoptedArray, _name, _refuse_in_place(_name))


# Adopted classes, each with _box(), and the out= arrays that are or may become traced;
# backends/mxnet_adopted adds MXNet's.
ADOPTED_TYPES = {AdoptedArray}
OUT_TYPES = {Array, AdoptedArray, TracedArray}


def _boxed(value):
    return value._box() if type(value) in ADOPTED_TYPES else value


def as_boxes(value):
    """``value`` with each adopted array (in lists, tuples, dicts) replaced by its box,
    which outlives the trace (the array itself goes back to its old numbers)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return kind([as_boxes(v) for v in value])
    if kind is dict:
        return {k: as_boxes(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, dict)):  # a namedtuple, an OrderedDict: the same kind
        return map_items(value, as_boxes)
    return _boxed(value)


def _delegate_to_box(name, attribute):
    """``AdoptedArray.<name>`` runs ``TracedArray.<name>`` on the array's box."""
    if isinstance(attribute, property):  # x.T, x.mT: views
        return property(lambda self: (lambda box: rebased(getattr(box, name), box, self))(
            self._box()))
    if name in _IN_PLACE:
        def in_place(self, other):
            box = self._box()
            result = getattr(box, name)(other)
            if result is box:  # updated in place: adopt the new value and node
                self._take(box)
                return self
            return result  # the other side belongs to an inner grad: rebind (as TracedArray)
        return in_place

    def method(self, *args, **kwargs):  # x.reshape(...), x.transpose(): views too
        box = self._box()
        return rebased(getattr(box, name)(*args, **kwargs), box, self)
    return method


# x += v, x //= v, ...: each __i<op>__ whose __<op>__ exists (not __int__, __index__, ...).
_IN_PLACE = {name for name in dir(TracedArray)
             if name.startswith("__i") and hasattr(TracedArray, "__" + name[3:])}
# What AdoptedArray keeps as an ndarray (its memory, its class protocol).
_NOT_DELEGATED = {"__init__", "__new__", "__class__", "__getattribute__", "__setattr__",
                  "__delattr__", "__init_subclass__", "__subclasshook__", "__reduce__",
                  "__reduce_ex__", "__array__", "__hash__", "register", "__getattr__",
                  "_adopt", "_become", "_write_through", "__copy__", "__deepcopy__"}
_TRACED_NAMES = set().union(*map(vars, TracedArray.__mro__[:TracedArray.__mro__.index(Box) + 1]))

for _name in _TRACED_NAMES - _NOT_DELEGATED - set(vars(AdoptedArray)):
    _attribute = getattr(TracedArray, _name)  # a property comes back as itself
    if callable(_attribute) or isinstance(_attribute, property):
        setattr(AdoptedArray, _name, _delegate_to_box(_name, _attribute))

Box.types.add(AdoptedArray)
Box.type_mappings[AdoptedArray] = TracedArray
ArrayVSpace.register(AdoptedArray)


def assign_into_constant(array, index, value):
    """``array[index] = value`` where ``array`` is constant and ``value`` is traced."""
    if type(array) is not Array or type(value) not in (TracedArray, AdoptedArray):
        raise TracedValueError(message(
            "indexed assignment into a constant array", "an Array from minpy_compat.numpy "
            "(it becomes traced) or a value without a gradient",
            f"a traced value going into a {type(array).__name__}" if type(array) is not Array
            else f"a traced {type(getval(value)).__name__} (not NumPy data)",
            "Build the array from traced values (e.g. np.stack or np.concatenate), or "
            "start from one: out = x * 0, then out[i] = v."))
    if not array.flags.writeable:  # NumPy's own refusal, before anything changes
        raise ValueError(message(
            "indexed assignment into a constant array", "a writeable array",
            "a read-only one (NumPy: assignment destination is read-only)",
            "Write into a copy: a = a.copy()."))
    updated = assign_at(array, plain_index(index), value)
    array.__class__ = AdoptedArray
    array._trace = updated._trace
    array._take(updated)
    on_trace_close(updated._trace, lambda: _release(array))
    _adopt_earlier_views(array)


def _adopt_earlier_views(array):
    """The views of ``array`` taken in the trace before this first traced write into it
    (``row = out[1]; out[1] = v``: ``constant_views``) see the write, as NumPy's views do:
    each becomes a traced view of ``array``. One adopted already (a write went into it
    first) is only remembered as its view, so later writes into ``array`` reach it too."""
    box = array._box()
    for view in constant_views_of(array):
        # a view of a 0-d array (out[None]) holds its one element
        slots = (None,) * view.ndim if array.ndim == 0 else _slots_in(view, array)
        if slots is None:  # another dtype (a.view(int)): it keeps its numbers
            continue
        if type(view) is Array:
            fresh = plain_getitem(box, slots)
            view.__class__ = AdoptedArray
            view._trace, view._value, view._node = array._trace, fresh._value, fresh._node
            on_trace_close(array._trace, lambda view=view: _release(view))
        elif type(view) is not AdoptedArray:
            continue
        remember_view(view, array, slots)


def _write_into_base(view):
    """A view of a user's Array (``row = out[0]``, ``out[0][1] = v``) that became traced
    writes its new value into that Array too, as NumPy's shared memory would: the slots
    are found from the view's place in the Array's memory."""
    base = view.base
    if type(base) not in (Array, AdoptedArray):  # NumPy's own memory owner: nothing to tell
        return
    if base.ndim == 0:  # out[None] or out[...] of a 0-d array: its one element
        base[()] = view._box().reshape(())
        return
    slots = _slots_in(view, base)
    if slots is None:
        raise TracedValueError(message(
            "indexed assignment of a traced value into a view", "a view with its array's "
            "dtype", f"a {view.dtype} view of a {base.dtype} array", "Write through the "
            "array itself (out[0, 1] = v)."))
    base[slots] = view._box()


def _slots_in(view, base):
    """The index into ``base`` of each element of ``view`` (which shares its memory)."""
    # The memory as NumPy sees it (an adopted array's attributes describe its traced value).
    view, base = onp.ndarray.view(view, onp.ndarray), onp.ndarray.view(base, onp.ndarray)
    if view.dtype != base.dtype:
        return None

    def byte_offsets(array):
        start = array.__array_interface__["data"][0]
        steps = [onp.arange(n) * stride for n, stride in zip(array.shape, array.strides)]
        grid = onp.ix_(*steps)
        return start + sum(grid, onp.zeros((), onp.intp)) if grid else onp.array(start)
    base_offsets = onp.broadcast_to(byte_offsets(base), base.shape).ravel()
    order = onp.argsort(base_offsets, kind="stable")
    wanted = onp.broadcast_to(byte_offsets(view), view.shape)
    found = onp.searchsorted(base_offsets[order], wanted)
    return onp.unravel_index(order[found], base.shape)


def _release(array):
    """The trace that adopted ``array`` closed: it is a plain Array again."""
    for name in ("_value", "_trace", "_node", "_views", "_view_of"):
        array.__dict__.pop(name, None)
    array.__class__ = Array
