"""MinPy's conversion helpers: NumPy data in and out of minpy_compat values, recursing
through lists, tuples and dicts (namedtuples and dict subclasses keep their kind).

>>> import numpy
>>> type(numpy_to_minpy([numpy.zeros(2)])[0]).__name__
'Array'
>>> type(minpy_to_numpy({"w": numpy_to_minpy(numpy.zeros(2))})["w"]).__name__
'ndarray'
"""
import functools

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from .array import to_numpy, wrap_tree
from .errors import message
from .trees import map_items


def numpy_to_minpy(value):
    """NumPy data (also inside lists, tuples, dicts) as minpy_compat values."""
    return wrap_tree(value)


def minpy_to_numpy(value):
    """minpy_compat values (also inside lists, tuples, dicts) as plain NumPy data."""
    if isinstance(value, (list, tuple, dict)):  # namedtuples, OrderedDicts: their own kind
        return map_items(value, minpy_to_numpy)
    return to_numpy(value)


def convert_args(func):
    """Decorator: the function's arguments arrive as minpy_compat values."""
    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        return func(*numpy_to_minpy(args), **numpy_to_minpy(kwargs))
    return wrapped


def return_numpy(func):
    """Decorator: the function's results leave as plain NumPy data."""
    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        return minpy_to_numpy(func(*args, **kwargs))
    return wrapped


def traced_list_array(value, where):
    """One traced array of ``value``, a nested list holding traced values. A ragged list is
    refused as NumPy 2 refuses it: NumPy 1.x would make an object array of it, and autograd
    a value whose gradient fails far from the call (or comes out wrong)."""
    refuse_ragged(value, where)
    return anp.array(value)


def refuse_ragged(value, where):
    """Raise a ValueError naming ``where`` if nested list ``value`` is ragged."""
    _rectangular(value, where, 0)


def _rectangular(value, where, depth):
    """The shape of nested list ``value``; a ValueError naming ``where`` if it is ragged."""
    if type(value) not in (list, tuple):
        return onp.shape(getval(value))
    shapes = {_rectangular(item, where, depth + 1) for item in value}
    if len(shapes) > 1:
        found = " and ".join(str(s) for s in sorted(shapes, key=lambda s: (len(s), s))[:2])
        raise ValueError(message(
            where, f"a rectangular nested list (every entry at depth {depth + 1} of one shape)",
            f"entries of shapes {found}: an inhomogeneous shape after {depth + 1} "
            "dimension(s)", "Pad the rows to one length, or join arrays with np.concatenate."))
    return (len(value),) + (shapes.pop() if shapes else ())
