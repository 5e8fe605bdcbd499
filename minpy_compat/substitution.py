"""Parameters read as traced values while a gradient with respect to them traces.

``ms.grad(net, weights=params)`` traces ``net`` with one traced value per
Parameter. A Cell attribute holding a Parameter (``self.w``) reads as the
innermost traced value standing for it (``traced_value``), so the network's own
code builds the graph to its weights. A Cell with ``bprop`` runs its forward pass
behind a barrier (``plain_parameters``): there Parameters read as themselves.

A Parameter used directly (a free function's ``x * w``, ``ops.matmul(x, w.T)``,
``w.sum()``) is differentiated too, as in MindSpore: where a value meets computation
it is swapped for its stand-in (``stand_ins``) by the traced call (``lean_call``),
by the Parameter's NumPy protocols and by its computing methods (``tensor.py``). Those
places first read ``OPEN[0]``, the number of substitutions open in any thread, so
outside a gradient with weights the cost is one list read.
"""
import threading
from contextlib import contextmanager

from autograd.tracer import isbox


class _Substitutions(threading.local):
    def __init__(self):
        self.stack = []


_subs = _Substitutions()
OPEN = [0]  # substitutions open in all threads (the one read the hot paths make)
_open_lock = threading.Lock()
_SEQUENCES = (list, tuple)
PARAMETER_TYPES = set()  # tensor.Parameter and its subclasses (added where they are defined)


def traced_value(param):
    """What reading ``param`` gives now: the innermost traced value standing for it, or itself."""
    for frame in reversed(_subs.stack):
        if frame is None:  # a barrier: a bprop Cell's forward sees plain Parameters
            return param
        value = frame.get(id(param))
        if value is not None:
            return value
    return param


def stand_ins(values):
    """``values`` (a tuple or list) with each Parameter that has a traced stand-in on this
    thread replaced by it, in nested lists and tuples too; ``values`` itself if none has."""
    swapped = None
    for i, value in enumerate(values):
        kind = type(value)
        if kind in PARAMETER_TYPES:
            new = traced_value(value)
        elif kind in _SEQUENCES:
            new = stand_ins(value)
        else:
            continue
        if new is not value:
            if swapped is None:
                swapped = list(values)
            swapped[i] = new
    if swapped is None:
        return values
    return swapped if type(values) is list else tuple(swapped)


def stand_in_kwargs(kwargs):
    """``kwargs`` with Parameter values swapped as ``stand_ins`` swaps them."""
    if not kwargs:
        return kwargs
    values = tuple(kwargs.values())
    swapped = stand_ins(values)
    return kwargs if swapped is values else dict(zip(kwargs, swapped))


def param_of(value, params):
    """The Parameter in ``params`` that ``value`` is or stands for (None if none)."""
    for param in params:
        if value is param:
            return param
    if isbox(value):
        for frame in _subs.stack:
            if frame:
                for param in params:
                    if frame.get(id(param)) is value:
                        return param
    return None


class substituting:
    """``with substituting(params, values):`` Cell attributes holding ``params`` read as
    ``values`` within the block (a class, not a generator: every gradient pass opens one)."""

    __slots__ = ("params", "values")

    def __init__(self, params, values):
        self.params, self.values = params, values

    def __enter__(self):
        _subs.stack.append({id(p): v for p, v in zip(self.params, self.values)})
        with _open_lock:
            OPEN[0] += 1

    def __exit__(self, exc_type, exc, traceback):
        with _open_lock:
            OPEN[0] -= 1
        _subs.stack.pop()
        return False


@contextmanager
def plain_parameters():
    """Within the block, Parameters read as themselves (a bprop Cell's forward)."""
    _subs.stack.append(None)
    try:
        yield
    finally:
        _subs.stack.pop()
