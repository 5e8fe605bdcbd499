"""Results no gradient can flow through: indices, counts and truth values.

``lexsort``, ``isin``, ``digitize``, ``signbit``, ``frexp``'s exponents, ``where(c)``, ...
are autograd primitives without a gradient, so under ``grad`` their integer or boolean
results came back traced, and a traced index could not index (``x[np.lexsort(x)]`` failed
in the backward pass). They are piecewise constant in their inputs: the facade gives them
as plain values, as NumPy would.

autograd's no-gradient functions (``argmax``, ``argsort``, ``isnan``, ``floor``, ...) unbox
only their top-level arguments, so a list holding traced values (``np.argmax([x, y])``)
reached NumPy traced; here such a list is read as the values it holds, and a ragged one is
refused by name (as every list of traced values is).
"""
from autograd.tracer import getval

from ..array import TracedArray, wrap
from ..conversion import refuse_ragged
from ..lean_call import contains_box

_DISCRETE = frozenset("biu")


def untraced_discrete(result):
    """``result`` (wrapped) with each traced array of integers or booleans as its value."""
    kind = type(result)
    if kind is TracedArray:
        value = getval(result)
        return wrap(value) if getattr(value, "dtype", None) is not None and \
            value.dtype.kind in _DISCRETE else result
    if kind is tuple or kind is list:
        return kind(untraced_discrete(item) for item in result)
    if isinstance(result, tuple) and hasattr(result, "_fields"):  # a named result
        return kind(*(untraced_discrete(item) for item in result))
    return result


def values_of_lists(call, name):
    """``call`` (an autograd no-gradient function) reading each traced argument, and each
    list or tuple argument that holds traced values, as its values."""
    def on_values(*args, **kwargs):
        if contains_box(args) or contains_box(tuple(kwargs.values())):
            args = tuple(constant_values(arg, f"minpy_compat.numpy.{name} argument {i}")
                         for i, arg in enumerate(args))
            kwargs = {key: constant_values(value, f"minpy_compat.numpy.{name} argument {key!r}")
                      for key, value in kwargs.items()}
        return call(*args, **kwargs)
    on_values.__name__ = on_values.__qualname__ = getattr(call, "__name__", name)
    on_values.__wrapped__ = call
    return on_values


def constant_values(value, where):
    """``value`` (traced, or a list or tuple holding traced values) as plain values; a
    ragged list is refused naming ``where``."""
    if type(value) in (list, tuple) and contains_box(value):
        refuse_ragged(value, where)
        return unboxed(value)
    return getval(value)  # a traced keyword too: autograd unboxes positional ones only


def unboxed(value):
    """``value`` with every traced value in it (in lists and tuples too) replaced by its
    numbers."""
    if type(value) in (list, tuple):
        return type(value)(unboxed(item) for item in value)
    return getval(value)
