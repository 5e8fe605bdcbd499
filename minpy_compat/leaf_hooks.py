"""The hooks registered on Tensors outside a gradient pass (``x.register_hook(fn)`` before
``ms.grad(f)(x)``), kept by the Tensor's identity until it is freed. The gradient passes
(``core`` and ``ops.differentiate``) read ``any_leaf_hooks()`` once per pass and, when it is
true, put each differentiated Tensor's hooks in front of its traced stand-in
(``ops.tensor_hooks.with_leaf_hooks``). This module imports nothing, so the core stays light.
"""
import weakref

_LEAF_HOOKS = {}  # id(tensor) -> (a weak reference to it, [its handles, in order])


def hook_leaf(tensor, handle):
    """Keep ``handle`` for the next gradient pass that differentiates ``tensor``."""
    key = id(tensor)
    entry = _LEAF_HOOKS.get(key)
    if entry is None or entry[0]() is not tensor:
        entry = _LEAF_HOOKS[key] = (weakref.ref(tensor, lambda _: _LEAF_HOOKS.pop(key, None)),
                                    [])
    entry[1].append(handle)


def leaf_handles(value):
    """The active handles registered on ``value`` (in order), the removed ones dropped."""
    entry = _LEAF_HOOKS.get(id(value))
    if entry is None or entry[0]() is not value:
        return []
    entry[1][:] = [handle for handle in entry[1] if handle.active]
    return entry[1]


def any_leaf_hooks():
    """Whether any Tensor outside a gradient pass has a hook (the pass's one cheap read)."""
    return bool(_LEAF_HOOKS)


def hooked_arguments(boxes, arguments):
    """``boxes`` (the traced leaves of ``arguments``, in ``trees.tree_leaves`` order, the
    constants None, str and bool skipped) with each one's leaf hooks put in front."""
    from .ops.tensor_hooks import with_leaf_hooks
    from .trees import tree_leaves
    originals = [leaf for argument in arguments for leaf in tree_leaves(argument)
                 if not (leaf is None or type(leaf) in (str, bool))]
    if len(originals) != len(boxes):
        return boxes
    return [with_leaf_hooks(box, original) for box, original in zip(boxes, originals)]
