"""Parameters read as traced values while a gradient with respect to them traces.

``ms.grad(net, weights=params)`` traces ``net`` with one traced value per
Parameter. A Cell attribute holding a Parameter (``self.w``) reads as the
innermost traced value standing for it (``traced_value``), so the network's own
code builds the graph to its weights. A Cell with ``bprop`` runs its forward pass
behind a barrier (``plain_parameters``): there Parameters read as themselves.
A Parameter used directly (not through a Cell attribute) is a constant.
"""
import threading
from contextlib import contextmanager

from autograd.tracer import isbox


class _Substitutions(threading.local):
    def __init__(self):
        self.stack = []


_subs = _Substitutions()


def traced_value(param):
    """What reading ``param`` gives now: the innermost traced value standing for it, or itself."""
    for frame in reversed(_subs.stack):
        if frame is None:  # a barrier: a bprop Cell's forward sees plain Parameters
            return param
        value = frame.get(id(param))
        if value is not None:
            return value
    return param


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


@contextmanager
def substituting(params, values):
    """Within the block, Cell attributes holding ``params`` read as ``values``."""
    _subs.stack.append({id(p): v for p, v in zip(params, values)})
    try:
        yield
    finally:
        _subs.stack.pop()


@contextmanager
def plain_parameters():
    """Within the block, Parameters read as themselves (a bprop Cell's forward)."""
    _subs.stack.append(None)
    try:
        yield
    finally:
        _subs.stack.pop()
