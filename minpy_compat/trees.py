"""Nested lists, tuples and dicts of arrays (namedtuples and dict subclasses keep their
kind): the walks ``grad`` uses to flatten its arguments into leaves and rebuild gradients
of the same structure.
"""
import copy


class Leaf(int):
    """A leaf's index inside a flattened structure (see ``arguments.flatten_argument``)."""


class LeafTuple(tuple):
    """A tuple of Leafs and nothing else (a layer's ``(w, b)``): its leaves are consecutive,
    so ``unflatten`` rebuilds it as one slice of the leaves."""


class LeafList(list):
    """A list of Leafs and nothing else: rebuilt as one slice, as ``LeafTuple``."""


def unflatten(template, leaves):
    kind = type(template)
    if kind is Leaf:
        return leaves[template]
    if kind is LeafTuple:
        return tuple(leaves[template[0]:template[-1] + 1])
    if kind is LeafList:
        return leaves[template[0]:template[-1] + 1]
    if kind is list:  # (a leaf read inline: no call per parameter)
        return [leaves[v] if type(v) is Leaf else unflatten(v, leaves) for v in template]
    if kind is tuple:
        return tuple([leaves[v] if type(v) is Leaf else unflatten(v, leaves) for v in template])
    if kind is dict:
        return {k: unflatten(v, leaves) for k, v in template.items()}
    if isinstance(template, (list, tuple, dict)):
        return map_items(template, lambda v: unflatten(v, leaves))
    return template


def rebuilt(container, items):
    """A container of ``container``'s own kind holding ``items`` (a list for a sequence, a
    dict for a mapping): a namedtuple stays that namedtuple, an ``OrderedDict`` or a
    ``defaultdict`` stays one (with its default factory), so gradients keep the structure
    of the arguments they belong to."""
    kind = type(container)
    if kind is list or kind is tuple or kind is dict:
        return kind(items)
    if isinstance(container, tuple) and hasattr(kind, "_fields"):  # a namedtuple
        return kind(*items)
    if isinstance(container, dict):
        copied = copy.copy(container)
        copied.clear()
        copied.update(items)
        return copied
    return kind(items)


def map_items(container, function):
    """``container`` (a list, tuple or dict of any kind) of its own kind, with ``function``
    applied to each item: the general path of every structure walk in ``tracing``, ``core``,
    ``array``, ``adopted`` and ``jacobians``, behind their plain list/tuple/dict fast paths."""
    if isinstance(container, dict):
        return rebuilt(container, {key: function(item) for key, item in container.items()})
    return rebuilt(container, [function(item) for item in container])


def tree_leaves(tree):
    """The values of a list/tuple/dict structure (namedtuples and dict subclasses
    included), however nested, in order (a lone value: itself)."""
    kind = type(tree)
    if kind is list or kind is tuple:
        return [leaf for item in tree for leaf in tree_leaves(item)]
    if kind is dict or isinstance(tree, dict):
        return [leaf for item in tree.values() for leaf in tree_leaves(item)]
    if isinstance(tree, (list, tuple)):
        return [leaf for item in tree for leaf in tree_leaves(item)]
    return [tree]
