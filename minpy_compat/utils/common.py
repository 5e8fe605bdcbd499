"""``enforce_type``: make every argument of a function a given type (MinPy's
``minpy.utils.common``).

As in MinPy, an argument that is not already a ``T`` is converted with ``T(value)``;
an array type (``np.ndarray``) converts with ``asarray`` instead of the array
constructor, which would read the value as a shape. Unlike MinPy, a value that
cannot be converted, or whose conversion would change it (``int(2.5)``), raises
``ArgumentTypeError`` (a ``TypeError``) naming the function, the argument, the
expected type and what came.

>>> @enforce_type(float)
... def half(x):
...     return x / 2
>>> half(3)
1.5
>>> half('a lot')
Traceback (most recent call last):
...
minpy_compat.errors.ArgumentTypeError: half argument 0 'x': expected float, got str 'a lot'. \
Pass a value that float() converts without changing it.
"""
import functools
import inspect
import numbers

import numpy as onp

from ..array import Array, to_numpy, wrap
from ..errors import ArgumentTypeError, describe, message


def enforce_type(T, method=False):
    """A decorator converting each argument to ``T`` (``method=True``: all but ``self``)."""
    def decorator(func):
        name_of = _positional_names(func)

        @functools.wraps(func)
        def converted(*args, **kwargs):
            args = [arg if method and i == 0 else _as_type(T, arg, func, i, name_of(i))
                    for i, arg in enumerate(args)]
            kwargs = {key: _as_type(T, value, func, None, key) for key, value in kwargs.items()}
            return func(*args, **kwargs)
        return converted
    return decorator


def _positional_names(func):
    """``index -> name`` of ``func``'s positional parameters; ``*args`` items get ``*args``."""
    names, star = [], None
    for parameter in inspect.signature(func).parameters.values():
        if parameter.kind is parameter.VAR_POSITIONAL:
            star = f"*{parameter.name}"
            break
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            names.append(parameter.name)
    return lambda index: names[index] if index < len(names) else star


def _as_type(T, value, func, index, name):
    if isinstance(value, T):
        return value
    where = _where(func, index, name)
    fix = f"Pass a value that {T.__name__}() converts without changing it."
    try:
        result = _convert(T, value)
    except (TypeError, ValueError, OverflowError) as err:
        raise ArgumentTypeError(message(where, T.__name__, describe(value), fix)) from err
    if _changed(value, result):
        raise ArgumentTypeError(message(where, f"{T.__name__} (or a value that converts "
                                        "exactly)", f"{value!r}, which would become {result!r}",
                                        fix))
    return result


def _convert(T, value):
    if isinstance(T, type) and issubclass(T, onp.ndarray):
        plain = onp.asarray(to_numpy(value))
        return wrap(plain) if T is Array else plain.view(T)
    return T(value)


def _changed(value, result):
    """A number that converts to a different number (int(2.5), float(2**60 + 1))."""
    if not (isinstance(value, numbers.Number) and isinstance(result, numbers.Number)):
        return False
    both_nan = value != value and result != result
    return not both_nan and result != value


def _where(func, index, name):
    label = getattr(func, "__qualname__", repr(func))
    if index is None:
        return f"{label} argument {name!r}"
    return f"{label} argument {index}" + (f" {name!r}" if name else "")
