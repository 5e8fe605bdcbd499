"""A traced call in one frame: the fast path in front of autograd's ``primitive`` wrapper.

autograd's ``f_wrapped`` scans the arguments for boxes, unboxes the top trace's,
calls *itself* again on the unboxed values (a second scan, through ``**kwargs``),
and builds a ``VJPNode`` that finds its VJP maker by function. On small arrays
that fixed cost (5-13 µs an op) is larger than the arithmetic, and it is what kept
a 784-256-10 training step 35 % behind hand-written NumPy.

``lean(prim)`` does the same work in one frame and builds the *same* graph (autograd's
``VJPNode`` with ``parents`` and ``vjp``, boxed by ``Box.type_mappings``), so our
backward pass, autograd's ``backward_pass`` and every autograd operator read it
unchanged. Higher order works the same way: a value that is still boxed after the
top trace is unboxed (an outer ``grad``) sends the call through ``lean`` again.
Anything else unusual goes back to autograd's own wrapper: forward-mode nodes and
primitives autograd marks as not traced.

A Parameter argument that stands for a traced value (``substitution``) is swapped for it
first, so a free function's ``x * w`` differentiates with respect to ``w``.

Calls with one or two positional arguments, traced by a single trace, take a
straight path without the general loop (0.4-0.6 µs less per op, measured in one
process on (8, 2) float32 arrays), and a few NumPy functions run as faster calls with
the same results (``kernels.py``).

The facade's functions and ``TracedArray``'s operators are lean calls; custom ops
and everything else keep autograd's wrapper, which remains correct for all of them.
"""
import numpy as onp
from autograd.core import VJPNode, primitive_vjps
from autograd.tracer import Box, notrace_primitives

from .errors import NoGradientFuncError, TracedValueError, message
from .kernels import FASTER_CALLS
from .substitution import OPEN as _substitutions_open, stand_in_kwargs, stand_ins
from .traced_array import TracedArray as _traced_array

_box_types = Box.types
_box_of = Box.type_mappings
_VJPNode = VJPNode
_new_node = object.__new__
_ndarray = onp.ndarray
_no_gradient_scalars = (int, onp.integer, onp.bool_)
_FIRST, _SECOND, _BOTH = (0,), (1,), (0, 1)


def lean(prim):
    """The one-frame version of autograd primitive ``prim`` (``prim`` itself if it is not one)."""
    raw = getattr(prim, "fun", None)
    if raw is None or not getattr(prim, "_is_autograd_primitive", False) \
            or prim in notrace_primitives[VJPNode]:
        return prim
    compute = FASTER_CALLS.get(raw, raw)

    def record(ans, top, parents, argnums, values, kwargs):
        """Box ``ans`` on trace ``top`` with a node whose VJP the table makes."""
        node = _new_node(_VJPNode)
        node.parents = parents
        try:
            vjp_maker = primitive_vjps[prim]
        except KeyError:
            raise NotImplementedError(f"VJP of {getattr(prim, '__name__', prim)} wrt argnums "
                                      f"{argnums} not defined") from None
        try:  # a table entry with a fast path (registry.prefer_vjp): tried here, one call less
            fast = getattr(vjp_maker, "fast", None)
            vjp = fast(argnums, ans, values, kwargs) if fast is not None else None
            node.vjp = vjp or (vjp_maker.general if fast is not None else vjp_maker)(
                argnums, ans, values, kwargs)
        except TypeError as error:
            if not kwargs:
                raise
            raise _keyword_refused(prim, kwargs, error) from error
        if type(ans) is _ndarray:  # the usual result: a TracedArray (no __init__) made here
            box = _new_node(_traced_array)
            box._value, box._trace, box._node = ans, top, node
            return box
        try:
            box_type = _box_of[type(ans)]
        except KeyError:
            if isinstance(ans, _no_gradient_scalars):  # x_int[0]: no gradient passes integers
                return ans
            raise TypeError(f"Can't differentiate w.r.t. type {type(ans)}") from None
        if box_type is not _traced_array:
            return box_type(ans, top, node)
        box = _new_node(box_type)  # Box.__init__'s three slots, set here without its frame
        box._value, box._trace, box._node = ans, top, node
        return box

    def call(*args, **kwargs):
        if _substitutions_open[0]:  # a free function's Parameters, under grad with weights
            args, kwargs = stand_ins(args), stand_in_kwargs(kwargs) if kwargs else kwargs
        try:  # free in Python 3.11 unless raised
            # One and two positional arguments, traced once (no outer trace inside), are
            # most calls: straight through. Anything else takes the general loop below.
            count = len(args)
            if count == 1:
                x = args[0]
                if type(x) not in _box_types:
                    return compute(x, **kwargs)
                node, value = x._node, x._value
                if type(node) is _VJPNode and type(value) not in _box_types:
                    return record(compute(value, **kwargs) if kwargs else compute(value), x._trace,
                                  [node], _FIRST, (value,), kwargs)
            elif count == 2:
                x, y = args
                x_traced, y_traced = type(x) in _box_types, type(y) in _box_types
                if not (x_traced or y_traced):
                    return compute(x, y, **kwargs)
                if x_traced and y_traced:
                    x_value, y_value = x._value, y._value
                    if x._trace == y._trace and type(x._node) is _VJPNode and \
                            type(y._node) is _VJPNode and type(x_value) not in _box_types and \
                            type(y_value) not in _box_types:
                        return record(compute(x_value, y_value, **kwargs) if kwargs else
                                      compute(x_value, y_value), x._trace,
                                      [x._node, y._node], _BOTH, (x_value, y_value), kwargs)
                elif x_traced:
                    node, value = x._node, x._value
                    if type(node) is _VJPNode and type(value) not in _box_types:
                        return record(compute(value, y, **kwargs) if kwargs else compute(value, y),
                                      x._trace, [node], _FIRST,
                                      (value, y), kwargs)
                else:
                    node, value = y._node, y._value
                    if type(node) is _VJPNode and type(value) not in _box_types:
                        return record(compute(x, value, **kwargs) if kwargs else compute(x, value),
                                      y._trace, [node], _SECOND,
                                      (x, value), kwargs)
            return general(args, kwargs)
        except TracedValueError:  # NumPy met a traced value inside a list: np.sum([x, y])
            listed = _lists_as_arrays(prim, args)
            if listed is None:
                raise
            return call(*listed, **kwargs)

    def general(args, kwargs):
        top = -1
        for arg in args:
            if type(arg) in _box_types and arg._trace > top:
                top = arg._trace
        if top < 0:
            return compute(*args, **kwargs)
        values = list(args)
        argnums = []
        parents = []
        nested = False
        for argnum, arg in enumerate(args):
            if type(arg) in _box_types:
                if arg._trace != top:
                    nested = True
                    continue
                node = arg._node
                if type(node) is not _VJPNode:
                    return prim(*args, **kwargs)  # forward mode: autograd's own path
                value = arg._value
                values[argnum] = value
                argnums.append(argnum)
                parents.append(node)
                if type(value) in _box_types:
                    nested = True
        ans = call(*values, **kwargs) if nested else compute(*values, **kwargs)
        return record(ans, top, parents, tuple(argnums), tuple(values), kwargs)

    call.__name__ = getattr(prim, "__name__", "call")
    call.__qualname__ = call.__name__
    call.__doc__ = getattr(prim, "__doc__", None)
    call.__wrapped__ = prim
    return call


def _lists_as_arrays(prim, args):
    """``args`` with each list or tuple that holds a traced value made one traced array (as
    NumPy's ``asarray`` makes an array of an array-like); None if there is none."""
    from .conversion import traced_list_array
    listed, changed = list(args), False
    for i, arg in enumerate(args):
        if type(arg) in (list, tuple) and contains_box(arg):
            where = f"minpy_compat.numpy.{getattr(prim, '__name__', 'function')} argument {i}"
            listed[i], changed = traced_list_array(arg, where), True
    return listed if changed else None


def contains_box(value):
    """Whether ``value`` is traced or holds a traced value in its lists and tuples."""
    kind = type(value)
    if kind in _box_types:
        return True
    if kind is list or kind is tuple:  # a loop, not any(<generator>): lists of numbers are common
        for item in value:
            kind = type(item)
            if kind in _box_types or (kind is list or kind is tuple) and contains_box(item):
                return True
    return False


def _keyword_refused(prim, kwargs, error):
    """A VJP maker that takes none of these keywords (autograd's rules know few of NumPy's
    keyword arguments): our message, naming the function and the keywords."""
    name = getattr(prim, "__name__", "function")
    given = ", ".join(f"{key}=" for key in kwargs)
    return NoGradientFuncError(message(
        f"minpy_compat.numpy.{name}", "keyword arguments its gradient rule handles",
        f"{given} ({error})", "Call it without them under grad (cast with x.astype(...) "
        "first, or compute on x.asnumpy() where no gradient should flow)."))


def lean_operators():
    """``TracedArray``'s arithmetic operators and indexing as lean calls (autograd's ArrayBox
    routes them through the full wrapper)."""
    import autograd.numpy as anp
    from autograd.numpy.numpy_boxes import ArrayBox

    def reflected(prim):
        call = lean(prim)
        return lambda self, other: call(other, self)

    # x + y calls the lean call itself (self, other): no frame in between
    operators = {"__neg__": lean(anp.negative), "__getitem__": lean(ArrayBox.__getitem__)}
    for name, prim in (("add", anp.add), ("sub", anp.subtract), ("mul", anp.multiply),
                       ("truediv", anp.true_divide), ("pow", anp.power)):
        operators[f"__{name}__"] = lean(prim)
        operators[f"__r{name}__"] = reflected(prim)
    matmul = lean(anp.matmul)  # a list operand ([1., 2.] @ x) as the array NumPy makes of it
    operators["__matmul__"] = lambda self, other: matmul(self, _listed_as_array(other))
    operators["__rmatmul__"] = lambda self, other: matmul(_listed_as_array(other), self)
    return operators


def _listed_as_array(operand):
    return onp.asarray(operand) if type(operand) in (list, tuple) else operand
