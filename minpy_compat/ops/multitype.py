"""MindSpore's functional composites: ``MultitypeFuncGraph`` (a function overloaded on its
arguments' types), ``HyperMap``/``Map`` (map one over tuples of gradients) and
``Partial``/``partial`` (bind leading arguments), as MindSpore 2.10 runs them in PyNative.

Everything is plain Python around the ops it calls, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> scale = ops.MultitypeFuncGraph("scale")
>>> @scale.register("Number", "Tensor")
... def _scale_tensor(s, g):
...     return g * s
>>> ops.HyperMap()(ops.partial(scale, 2.0), (ms.Tensor([1.0]), (ms.Tensor([3.0]),)))
(array([2.], dtype=float32), (array([6.], dtype=float32),))
"""
import functools

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, message
from ._type_names import check_name, matches, names_of
from .primitives import Primitive


class MultitypeFuncGraph:
    """A function chosen by its arguments' MindSpore types; add one with ``register``."""

    def __init__(self, name, read_value=False):
        if not isinstance(name, str):
            raise CellTypeError(message("MultitypeFuncGraph argument 'name'", "a str",
                                        f"{type(name).__name__} {name!r}"))
        self.name, self.read_value = name, read_value
        self.entries, self.default_func = [], None

    def register(self, *type_names):
        """A decorator registering a function for arguments of ``type_names``."""
        names = tuple(check_name(t) for t in type_names)

        def deco(fn):
            self.entries.append((names, fn))
            return fn
        return deco

    def __call__(self, *args):
        if self.default_func is not None:  # MindSpore's augassign_* graphs in PyNative
            return self.default_func(*args)
        for i, arg in enumerate(args):
            if type(arg) is onp.ndarray:
                raise CellTypeError(message(
                    f"MultitypeFuncGraph '{self.name}' argument {i}",
                    "a Tensor, Number, tuple, list or function", "a numpy.ndarray",
                    "Wrap it with ms.Tensor(...)."))
        if len(self.entries) == 1:  # MindSpore calls a lone registration unchecked
            return self.entries[0][1](*args)
        for names, fn in self.entries:
            if matches(names, args):
                return fn(*args)
        got = ", ".join(names_of(a)[0] for a in args)
        have = "; ".join(f"({', '.join(names)})" for names, _ in self.entries) or "none"
        raise CellArgumentError(message(
            f"MultitypeFuncGraph '{self.name}'", f"arguments matching a registration "
            f"(have {have})", f"({got})", "Register a function for these types."))

    def __repr__(self):
        return f"MultitypeFuncGraph({self.name!r})"


def _check_ops(where, ops):
    if ops is not None and not callable(ops):
        raise CellTypeError(message(f"{where} argument 'ops'", "a MultitypeFuncGraph, "
                                    "function, Primitive or None", type(ops).__name__))
    return ops


def _split(where, ops, args):
    """The function and the mapped arguments of a call."""
    if ops is not None:
        return ops, args
    if not args:
        raise CellTypeError(message(where, "the function to map and then its arguments",
                                    "no arguments", f"Call {where}()(fn, *sequences)."))
    return _check_ops(where, args[0]), args[1:]


def _same_lengths(where, sequences):
    lengths = [len(s) for s in sequences]
    if len(set(lengths)) > 1:
        raise CellArgumentError(message(f"{where} arguments", "sequences of one length",
                                        f"lengths {lengths}", "Map over matching tuples."))


class HyperMap:
    """Applies ``ops`` to the leaves of nested tuples/lists, returning nested tuples;
    ``reverse`` only orders graph-mode calls (PyNative ignores it, as MindSpore does)."""

    def __init__(self, ops=None, reverse=False):
        self.ops, self.reverse = _check_ops("HyperMap", ops), reverse

    def __call__(self, *args):
        fn, args = _split("HyperMap", self.ops, args)
        if not args:
            raise CellTypeError(message("HyperMap", "at least one argument to map",
                                        "none", "Pass the tuple of values to map over."))
        return self._map(fn, args)

    def _map(self, fn, args):
        if not isinstance(args[0], (tuple, list)):
            return fn(*args)
        for i, arg in enumerate(args[1:], 1):
            if not isinstance(arg, (tuple, list)):
                raise CellTypeError(message(
                    f"HyperMap argument {i}", "a tuple or list like argument 0",
                    type(arg).__name__, "Bind values shared by every call with ops.partial."))
        _same_lengths("HyperMap", args)
        return tuple(self._map(fn, row) for row in zip(*args))


class Map:
    """Applies ``ops`` to the items of sequences side by side (one level, no nesting),
    returning a tuple; ``reverse`` is ignored in PyNative, as in MindSpore."""

    def __init__(self, ops=None, reverse=False):
        self.ops, self.reverse = _check_ops("Map", ops), reverse

    def __call__(self, *args):
        fn, args = _split("Map", self.ops, args)
        if not args:
            raise CellTypeError(message("Map", "at least one sequence to map", "none",
                                        "Pass the tuple of values to map over."))
        for i, arg in enumerate(args):
            if not hasattr(arg, "__iter__"):
                raise CellTypeError(message(f"Map argument {i}", "a tuple, list or other "
                                            "sequence", type(arg).__name__,
                                            "Bind values shared by every call with "
                                            "ops.partial."))
        sequences = [list(arg) for arg in args]
        _same_lengths("Map", sequences)
        return tuple(map(fn, *sequences))


class Partial(Primitive):
    """Binds leading positional arguments: ``Partial()(fn, *args)`` is ``fn`` with ``args``
    filled in (a ``functools.partial``), for a function, Primitive or MultitypeFuncGraph."""

    def __init__(self):
        super().__init__("Partial")

    def __call__(self, *args):
        if not args:
            raise CellTypeError(message("Partial", "the function and the arguments to bind",
                                        "no arguments", "Call ops.partial(fn, *args)."))
        if not callable(args[0]):
            raise CellTypeError(message("Partial argument 0 'func'", "a callable",
                                        f"{type(args[0]).__name__} {args[0]!r}"))
        return functools.partial(args[0], *args[1:])


partial = Partial()

from ._augassign import (add_flags, augassign_add, augassign_div,  # noqa: E402 (uses the above)
                         augassign_floordiv, augassign_mod, augassign_mul, augassign_sub,
                         hyper_add)
