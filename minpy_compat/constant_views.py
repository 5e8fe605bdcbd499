"""Views of a constant ``Array`` taken inside a traced function, before a traced write into
that array: ``out = np.zeros((2, 3)); row = out[1]; out[1] = f(x); np.sum(row)``.

NumPy's ``row`` shares ``out``'s memory, so it reads what was written. Under ``grad`` the
write makes ``out`` traced (``adopted.py``) without writing its memory, and ``row``, a
plain view of that memory, would keep the old numbers: the function would compute another
value under ``grad`` than outside it, and its gradient would be zeros where it is not.

So while a trace is open, each new view of an ``Array`` is remembered here (weakly: a view
nobody holds costs nothing once it is gone), and the first traced write into the array
makes every such view a traced view of it (``adopted.adopt_earlier_views``), which sees
that write and every later one (``live_views``).

``Array.__array_finalize__`` calls ``remember_constant_view`` for every view NumPy makes of
an ``Array`` (``a[1]``, ``a.T``, ``a.reshape(-1)``, ``np.diagonal(a)``): outside a trace
it returns at once, which costs about 0.1 µs per view. A view taken before the trace
opened (outside the function) is not remembered, and keeps its numbers.
"""
import weakref

import autograd.tracer as _tracer

from . import tracing  # noqa: F401  (the per-thread trace stack, with its scratch dicts)

_KEY = object()  # the scratch key of an open trace's list of views
_PRUNE_FROM = 64  # a list is cleaned of dead views when its length reaches a power of two


def remember_constant_view(view):
    """Note ``view`` (an ``Array`` viewing an ``Array``'s memory) in the innermost open trace
    on this thread, if there is one."""
    stack = _tracer.trace_stack
    if stack.top < 0:
        return
    views = stack.scratch[stack.top].setdefault(_KEY, [])
    count = len(views)
    if count >= _PRUNE_FROM and not count & (count - 1):  # 64, 128, ...
        views[:] = [ref for ref in views if ref() is not None]
    views.append(weakref.ref(view))


def constant_views_of(base):
    """The live views of ``base`` remembered in this thread's open traces, in the order
    they were taken."""
    found = []
    for scratch in _tracer.trace_stack.scratch:
        for ref in scratch.get(_KEY, ()):
            view = ref()
            if view is not None and view.base is base and view is not base:
                found.append(view)
    return found
