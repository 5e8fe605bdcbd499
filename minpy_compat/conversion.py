"""MinPy's conversion helpers: NumPy data in and out of minpy_compat values, recursing
through lists, tuples and dicts (namedtuples and dict subclasses keep their kind).

>>> import numpy
>>> type(numpy_to_minpy([numpy.zeros(2)])[0]).__name__
'Array'
>>> type(minpy_to_numpy({"w": numpy_to_minpy(numpy.zeros(2))})["w"]).__name__
'ndarray'
"""
import functools

from .array import to_numpy, wrap_tree
from .tracing import map_items


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
