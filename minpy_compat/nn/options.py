"""Checks shared by the nn toolkit: unknown options and rule names are refused by name;
shapes and counts may be given as NumPy integers.
"""
import numbers

from ..errors import UnknownOptionError, message


def _accepted(names):
    return ", ".join(map(repr, names)) or "none"


def check_keys(where, given, accepted):
    """Refuse keys of ``given`` that are not in ``accepted``, naming them all."""
    unknown = [key for key in given if key not in accepted]
    if unknown:
        raise UnknownOptionError(message(
            where, f"options among {_accepted(accepted)}", _accepted(unknown),
            "Check the spelling."))


def is_int(value):
    """An integer count (Python's or NumPy's), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def as_shape(where, shape):
    """``shape`` (an int or a sequence of ints) as a tuple of Python ints."""
    dims = (shape,) if is_int(shape) else tuple(shape) if hasattr(shape, "__iter__") else None
    if dims is None or not all(is_int(d) and d >= 0 for d in dims):
        raise ValueError(message(where, "a shape: an int or a tuple of ints >= 0", repr(shape)))
    return tuple(int(d) for d in dims)


def lookup(where, table, name):
    """``table[name]`` for a rule given by name; a callable passes through."""
    if callable(name):
        return name
    if not isinstance(name, str) or name not in table:  # a list would not even hash
        raise UnknownOptionError(message(where, f"one of {_accepted(table)} or a callable",
                                         repr(name)))
    return table[name]
