"""Calls that go straight to NumPy: where no argument can be traced, the facade's layers
(autograd's Python-level wrappers, the view and join functions' bookkeeping) compute
exactly what NumPy's own function does, so the facade runs that function instead. Outside
``grad`` this is most calls, and the layers cost 1-6 µs each on small arrays
(``benchmarks/bench_untraced.py``).

"Can be traced" is read from exact types: NumPy's arrays and scalars and Python's constants
never are (a Tensor made from values is an ``Array``). Any other type (a traced value, an
adopted array, a Parameter, an MXNet array, a list of lists) takes the facade's full path,
which reads it exactly.
"""
import numpy as onp

from ..array import Array
from ..dispatch import _switch


def untraced_first(raw, call):
    """``call`` that runs NumPy's own ``raw`` where no argument can be traced: autograd's
    Python-level wrappers (``mean``, ``concatenate``) cost 1-3 µs before NumPy starts, and
    untraced they compute what ``raw`` does. Arguments of other types (a list of lists, a
    Parameter, an MXNet array) take ``call``, which reads them exactly."""
    def untraced_first(*args, **kwargs):
        if _untraced(args) and (not kwargs or _untraced(kwargs.values())):
            return raw(*args, **kwargs)
        return call(*args, **kwargs)
    return untraced_first


def runs_untraced(args, kwargs):
    """Whether a call may go straight to NumPy: no dispatch policy is engaged (it sees every
    call) and no argument can be traced (``_untraced``)."""
    return not _switch.engaged and _untraced(args) and (not kwargs or _untraced(kwargs.values()))


def _untraced(values):
    """Whether every value is of a type that is never traced: NumPy's arrays and scalars,
    Python's constants, or a list or tuple of them (``[a, b]``, ``axis=(0, 1)``)."""
    if NEVER_TRACED.issuperset(map(type, values)):
        return True
    for value in values:
        kind = type(value)
        if kind not in NEVER_TRACED and not (
                (kind is list or kind is tuple) and NEVER_TRACED.issuperset(map(type, value))):
            return False
    return True


NEVER_TRACED = frozenset((onp.ndarray, Array, float, int, bool, complex, str, type(None), type,
                          onp.float64, onp.float32, onp.int64, onp.int32, onp.bool_))
