"""All or nothing for Parameter writes: ``undo_writes_on_error`` puts back the Parameters
written inside a block that raises. Every Cell call runs in one (``nn/cell.py``), so a
custom optimizer whose third ``ops.assign`` fails, or a forward pass that fails after a
BatchNorm moved its statistics, leaves every Parameter as it was.

Writers (``Parameter.set_data``, ``__setitem__``, ``fill``, in-place operators,
``ops.assign``) call ``before_write`` first: outside a block it costs one lookup; inside,
one copy of each Parameter, the first time it is written.

>>> import numpy
>>> from minpy_compat.write_journal import before_write, undo_writes_on_error
>>> data = numpy.zeros(2)
>>> class Boom(Exception): pass
>>> try:
...     with undo_writes_on_error():
...         before_write(data); data[:] = 5
...         raise Boom
... except Boom:
...     pass
>>> data.tolist()
[0.0, 0.0]
"""
import threading

import numpy as onp

_journal = threading.local()


class undo_writes_on_error:
    """``with undo_writes_on_error(): ...`` puts back every Parameter written inside the block
    (``set_data``, ``ops.assign``, ``p[i] = v``, ``p += v``) if the block raises. Each Cell
    call runs in one, so a failing optimizer or forward pass leaves nothing half-updated;
    blocks nest (a failing inner one undoes its own writes only)."""

    __slots__ = ("saved",)

    def __enter__(self):
        stack = getattr(_journal, "stack", None)
        if stack is None:
            stack = _journal.stack = []
        self.saved = {}
        stack.append(self.saved)
        return self

    def __exit__(self, exc_type, exc, traceback):
        stack = _journal.stack
        stack.pop()
        if exc_type is not None:
            for param, data in self.saved.values():
                param.view(onp.ndarray)[...] = data
        elif stack:  # the enclosing block may still fail: it inherits what to put back
            outer = stack[-1]
            for key, entry in self.saved.items():
                outer.setdefault(key, entry)
        return False


def before_write(param):
    """Keep a copy of ``param``'s data, once per open block, before it is overwritten."""
    stack = getattr(_journal, "stack", None)
    if stack and id(param) not in stack[-1]:
        stack[-1][id(param)] = (param, param.view(onp.ndarray).copy())


def open_blocks():
    """How many ``undo_writes_on_error`` blocks are open in this thread."""
    stack = getattr(_journal, "stack", None)
    return len(stack) if stack else 0


def final_blocks():
    """How many of the open blocks (outermost first) were declared ``writes_are_final``."""
    return getattr(_journal, "final", 0)


class writes_are_final:
    """``with writes_are_final(): write()``: the caller vouches that the blocks open now end
    without an error once ``write()`` returns (nothing after it can fail), so an all-or-nothing
    writer inside needs no copy for them; its own block still undoes its own error."""

    __slots__ = ("previous",)

    def __enter__(self):
        self.previous = final_blocks()
        _journal.final = open_blocks()
        return self

    def __exit__(self, exc_type, exc, traceback):
        _journal.final = self.previous
        return False
