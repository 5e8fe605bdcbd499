"""``Tensor.register_hook``: a hook sees the gradient reaching a Tensor and may replace it.

Inside the function being differentiated, the hook goes on the traced value itself (one
identity op in front of it). Outside (a leaf: an input or a Parameter before ``ms.grad``
runs), it is kept in a table by the Tensor's identity, and the gradient pass puts it in
front of that Tensor's traced stand-in (``with_leaf_hooks``, called by ``differentiate``):
so ``x.register_hook(fn)`` then ``ms.grad(f)(x)`` runs ``fn``, as MindSpore 2.10 does.

Several hooks on one Tensor run in the order they were registered, each seeing what the
one before returned (MindSpore's order): they share one identity op, whose list each new
registration on the same traced value extends. A removed handle is skipped when the
backward pass gets there.
"""
from autograd.tracer import isbox

from ..leaf_hooks import any_leaf_hooks, hook_leaf, leaf_handles  # noqa: F401
from ..tracing import trace_scratch
from .hooks import pass_through, replaced_grads

_HOOK_LISTS = object()  # trace scratch key: {id(node): (node, handles)} of our hook ops


class HookHandle:
    """What ``register_hook`` returns: ``remove()`` turns the hook off."""

    __slots__ = ("hook", "active")

    def __init__(self, hook):
        self.hook, self.active = hook, True

    def remove(self):
        """Turn the hook off (before the backward pass reaches it)."""
        self.active = False


def _run_hooks(handles):
    """The backward rule of one hook op: the active hooks in order, each fed the last's
    result (None keeps the gradient)."""
    def on_backward(grads, inputs):
        for handle in handles:
            if handle.active:
                name = getattr(handle.hook, "__name__", "hook")
                result = handle.hook(grads[0])
                grads = replaced_grads(f"Tensor.register_hook({name})",
                                       None if result is None else (result,), grads, inputs)
        return grads
    return on_backward


def hook_traced(box, handle):
    """Put ``handle`` on the traced value ``box`` (changed in place to the hooked value)."""
    lists = trace_scratch(box._trace).setdefault(_HOOK_LISTS, {})
    entry = lists.get(id(box._node))
    if entry is not None and entry[0] is box._node:  # already behind our hook op: join it
        entry[1].append(handle)
        return
    handles = [handle]
    hooked = pass_through(_run_hooks(handles), (box,))[0]
    if isbox(hooked) and hooked._trace == box._trace:
        box._value, box._node = hooked._value, hooked._node
        lists[id(box._node)] = (box._node, handles)


def with_leaf_hooks(box, original):
    """``box`` (the traced stand-in of the Tensor ``original``) behind the hooks registered
    on ``original`` outside the gradient pass; ``box`` itself if there are none."""
    for handle in leaf_handles(original):
        hook_traced(box, handle)
    return box
