"""The tracer's internals under ``grad``: autograd's, with three changes.

* The trace counter is per thread, and restored even when the traced function raises.
* Every array (or float) leaf of a differentiated argument is its own root node:
  autograd's container boxes pull each element's gradient back through a dense zero
  copy of the *whole* container (``container_untake``), which costs O(params x total
  size) for a list of weight matrices; one root per leaf makes every leaf's gradient
  arrive directly.
* The backward pass collects the gradient that reaches each root, and lets a *group*
  of nodes backpropagate together in one call (``DeferredGroup``): the MXNet backend
  records runs of its ops with MXNet's own autograd and differentiates them at once.
"""
import threading
from contextlib import contextmanager

import autograd.numpy as anp
import autograd.tracer as _tracer
import numpy as onp
from autograd.core import VJPNode, add_outgrads, sparse_object_types, vspace
from autograd.tracer import getval, isbox, new_box

from .errors import GradientShapeError, message
from .trees import map_items


# ---- a per-thread trace stack ----------------------------------------------------
class _ThreadTraceStack(threading.local):
    """autograd's trace counter, made per-thread and restored even when a trace raises.

    Each open trace also has a scratch dict (``trace_scratch``) for state that lives
    exactly as long as the trace (trace ids are reused, so it cannot be keyed by id alone),
    and callbacks to run when it closes (``on_trace_close``).
    """

    def __init__(self):
        self.top = -1
        self.scratch = []

    @contextmanager
    def new_trace(self):
        trace_id = self.open()
        try:
            yield trace_id
        finally:
            self.close()

    def open(self):
        """Open a new trace on this thread and return its id (``close`` ends it): what
        ``new_trace`` does, without a generator, for ``trace_leaves``'s every call."""
        self.top += 1
        self.scratch.append({})
        return self.top

    def close(self):
        """End the innermost open trace, running its close callbacks first."""
        closing = self.scratch[-1].pop(_ON_CLOSE, ())
        try:
            for callback in closing:
                callback()
        finally:
            self.top -= 1
            self.scratch.pop()


_ON_CLOSE = object()  # scratch key of the close callbacks


_tracer.trace_stack = _ThreadTraceStack()


def trace_scratch(trace_id):
    """A dict private to the open trace ``trace_id`` on this thread (dropped when it ends)."""
    return _tracer.trace_stack.scratch[trace_id]


def on_trace_close(trace_id, callback):
    """Run ``callback()`` when the open trace ``trace_id`` on this thread closes (after its
    function returns or raises, while the trace id is still taken)."""
    trace_scratch(trace_id).setdefault(_ON_CLOSE, []).append(callback)


def _no_gradients(g):
    return ()


_new_object = object.__new__
_FUNCTION = type(_no_gradients)


def trace_leaves(fun, leaves):
    """Trace ``fun(boxed_leaves)`` with one root node per leaf (see the module docstring)."""
    stack = _tracer.trace_stack
    trace_id = stack.open()
    try:
        roots, boxes = [], []
        traced_array = _tracer.Box.type_mappings[onp.ndarray]  # TracedArray: no __init__
        for leaf in leaves:  # _root() and _boxed() inline: this runs per leaf, every call
            root = _new_object(VJPNode)
            root.parents, root.vjp = [], _no_gradients
            roots.append(root)
            if type(leaf) is onp.ndarray:
                box = _new_object(traced_array)
                box._value, box._trace, box._node = leaf, trace_id, root
                boxes.append(box)
            else:
                boxes.append(new_box(leaf, trace_id, root))
        end = fun(boxes)
        if isbox(end) and end._trace == trace_id:
            return end._value, end._node, roots, trace_id
        return end, None, roots, trace_id
    finally:
        stack.close()


class DeferredGroup:
    """Nodes whose VJPs run together, in one call, instead of one at a time.

    A node joins a group when its ``vjp`` is a callable object (not a Python function,
    which the backward pass never asks) with a ``group`` attribute. The vjp stays a
    callable (autograd's own backward pass calls it node by node); our backward
    pass instead hands the group each member's output gradient (``add_head``) and asks
    it, before a node that feeds the group (``feeds``) needs its gradient, for what
    the heads collected so far send to every such node (``flush``).
    """

    def add_head(self, node, vjp, g):
        raise NotImplementedError

    def feeds(self, node):
        raise NotImplementedError

    def flush(self):
        """``[(node, gradient contribution), ...]`` for the heads added since the last flush."""
        raise NotImplementedError


def use_counts(end_node):
    """How many nodes use each node reachable from ``end_node`` (``end_node`` counts 1):
    a node may run backward once that many users have run."""
    uses = {}
    stack = [end_node]
    while stack:
        node = stack.pop()
        if node in uses:
            uses[node] += 1
        else:
            uses[node] = 1
            stack.extend(node.parents)
    return uses


def backward_to_roots(g, end_node, roots, leaves):
    """autograd's backward pass, collecting the gradient that reaches each root.

    The same order and the same gradient sums as ``autograd.core.backward_pass``, its
    topological order kept by use counts (a node runs once every node that uses it has run).
    Members of a ``DeferredGroup`` hand their gradients to the group, which sends its
    results to the nodes that feed it just before they run: every node that uses such
    a node has run by then, so every head that can reach it has been added.
    """
    uses = use_counts(end_node)
    outgrads = {end_node: (g, False)}
    grads = [None] * len(roots)
    position = {root: i for i, root in enumerate(roots)}  # nodes hash by identity
    ready = [end_node]
    waiting = []  # groups holding heads
    while ready:
        node = ready.pop()
        if waiting and any(group.feeds(node) for group in waiting):
            for group in waiting:
                for target, contribution in group.flush():
                    outgrads[target] = add_outgrads(outgrads.get(target), contribution)
            waiting = []
        entry = outgrads.pop(node, None)
        vjp = node.vjp
        if vjp is _no_gradients:  # a root (trace_leaves's roots have this vjp, and no parents)
            if entry is not None and node in position:
                grads[position[node]] = entry[0]
            continue
        # a group's member is a callable object (a VJP is most often a Python function)
        group = None if type(vjp) is _FUNCTION else getattr(vjp, "group", None)
        if group is not None:
            if entry is not None:
                group.add_head(node, vjp, entry[0])
                if group not in waiting:
                    waiting.append(group)
            ingrads = None
        else:
            ingrads = None if entry is None else vjp(entry[0])  # None: no gradient got here
        if ingrads is None:
            for parent in node.parents:
                left = uses[parent] - 1
                if left:
                    uses[parent] = left
                else:
                    ready.append(parent)
            continue
        for parent, ingrad in zip(node.parents, ingrads):
            earlier = outgrads.get(parent)
            if earlier is None and type(ingrad) not in sparse_object_types:
                outgrads[parent] = (ingrad, False)
            else:
                outgrads[parent] = _sum_gradients(earlier, ingrad)
            left = uses[parent] - 1
            if left:
                uses[parent] = left
            else:
                ready.append(parent)
    for i, leaf in enumerate(leaves):  # writable(_shape_checked(grad, leaf)), common case inline
        grad = grads[i]
        if type(grad) is onp.ndarray and type(leaf) is onp.ndarray and grad.shape == leaf.shape:
            if not grad.flags.writeable:
                grads[i] = grad.copy()
        else:
            grads[i] = vspace(leaf).zeros() if grad is None else \
                writable(_shape_checked(grad, leaf))
    return grads


def _shape_checked(grad, leaf):
    """``grad``, refused when its shape is not its argument's: a gradient rule that returns
    the broadcast shape (as autograd's ``solve`` and ``cross`` did) is a bug to report,
    never an answer to hand back."""
    if type(grad) is onp.ndarray:
        shape = leaf.shape if type(leaf) is onp.ndarray else () if type(leaf) is float else None
        if shape is not None and grad.shape != shape:
            raise GradientShapeError(message(
                "the gradient of a differentiated argument", f"the argument's shape {shape}",
                f"shape {grad.shape}", "A gradient rule is wrong here: please report it with "
                "the function you differentiated."))
    return grad


def _sum_gradients(earlier, ingrad):
    """autograd's ``add_outgrads``, with the common case inline: two plain arrays of one
    shape and dtype (``earlier`` is ``(sum, owned)``; an owned sum is added to in place).
    autograd's version goes through its primitive wrapper and builds a ``VSpace`` per add."""
    if earlier is not None and type(ingrad) is onp.ndarray:
        total, owned = earlier
        if type(total) is onp.ndarray and total.shape == ingrad.shape and \
                total.dtype == ingrad.dtype:
            if owned:
                total += ingrad
                return total, True
            # into a new array: total + ingrad of two 0-d arrays would be a NumPy scalar
            return onp.add(total, ingrad, out=onp.empty_like(total)), True
    if earlier is not None and type(ingrad) in sparse_object_types and \
            isinstance(getval(earlier[0]), (onp.generic, float, complex)):
        # 0-d gradients arrive as NumPy scalars (g * y of 0-d arrays is one); the sparse
        # gradient of an index (x[()], x[...]) is added into an array in place (traced
        # under an outer grad: anp.array keeps the box)
        earlier = (anp.array(earlier[0]), True)
    return add_outgrads(earlier, ingrad)


def writable(grad):
    """``grad``, or a copy where it is a read-only view (reductions spread ``g`` as a
    broadcast view): gradients handed to users can be updated in place."""
    if type(grad) is onp.ndarray and not grad.flags.writeable:
        return grad.copy()
    return grad


def unbox_level(value, trace_id):
    """Drop the box of trace ``trace_id`` only (outer traces keep theirs)."""
    if isbox(value) and value._trace == trace_id:
        return value._value
    if isinstance(value, (list, tuple, dict)):
        return map_items(value, lambda v: unbox_level(v, trace_id))
    return value


def seed_like(value):
    """The seed of a backward pass: ones of the output's shape and float dtype."""
    raw = value._value if type(value) in _tracer.box_types else value
    dtype = getattr(raw, "dtype", None)
    if dtype is None or dtype.kind not in "fc":
        dtype = _FLOAT64
    shape = getattr(raw, "shape", None)
    if shape is None:
        shape = onp.shape(raw)
    return dtype.type(1) if shape == () else onp.ones(shape, dtype)


_FLOAT64 = onp.dtype(onp.float64)
