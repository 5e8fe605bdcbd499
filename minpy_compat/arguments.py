"""The arguments of ``grad`` and its relatives, before tracing: which ones to
differentiate (``argnum``) and each one as a template of leaves (``flatten_argument``).

MinPy's rules: ``argnum`` is an int, a list, a tuple or a range; a differentiated argument
is an array or a float, or lists, tuples and dicts of them (namedtuples and dict subclasses
keep their kind); Python ints become floats and integer arrays float64, as the tracer needs.

>>> leaves = []
>>> flatten_argument([1, (2.0, None)], leaves, len, 0), leaves
([0, (1, None)], [1.0, 2.0])
"""
import inspect
import numbers

import numpy as onp
from autograd.tracer import Box

from .array import Array, Number
from .errors import ArgnumError, describe, message
from .trees import Leaf, LeafList, LeafTuple, map_items


def function_name(func):
    """``func``'s name for messages (a callable object: its class's name)."""
    return getattr(func, "__name__", type(func).__name__)


def check_callable(func, where):
    """Refuse a ``func`` that cannot be called, where it is given (``grad(None)``), not at
    the first call; ``where`` names the operator."""
    if not callable(func):
        raise TypeError(message(f"{where} argument 0 'func'", "a function to differentiate",
                                describe(func), f"Pass the function itself, e.g. {where}(f)."))


def parse_argnums(argnum, where):
    """``(argnums as a tuple of ints, whether the gradient is bare)``: an int or a one-element
    list, tuple or range gives a bare gradient (MinPy); NumPy's integers count as ints;
    ``where`` names the caller in errors."""
    if _is_int(argnum):
        return (int(argnum),), True
    if isinstance(argnum, (list, tuple, range)) and all(_is_int(a) for a in argnum):
        if len(argnum):
            return tuple(int(a) for a in argnum), len(argnum) == 1
        raise ArgnumError(message(where, "at least one argnum", repr(argnum),
                                  "Name the arguments to differentiate, e.g. argnum=0."))
    raise ArgnumError(message(where, "argnum as an int, or a list, tuple or range of ints",
                              repr(argnum)))


def _is_int(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def as_differentiable(value):
    """An argument as the tracer needs it: Python ints become floats, Arrays plain ndarrays."""
    kind = type(value)
    if kind is Array:
        value, kind = value.view(onp.ndarray), onp.ndarray
    if kind is onp.ndarray:  # integers and booleans are differentiated as float64
        return value.astype(onp.float64) if value.dtype.kind in "iub" else value
    if kind is int or kind is Number or isinstance(value, onp.integer):
        return float(value)
    if kind in (list, tuple):
        return kind(as_differentiable(v) for v in value)
    if kind is dict:
        return {k: as_differentiable(v) for k, v in value.items()}
    if isinstance(value, onp.ndarray) and value.dtype.kind in "iub":
        return value.astype(onp.float64)
    if type(value).__module__.startswith("mxnet"):  # a raw mx.nd.NDArray: our MXNet value
        from .backends.mxnet_backend import from_backend
        return from_backend(value)
    return value


def flatten_argument(value, leaves, func, argnum, operator="grad"):
    """A differentiated argument as a template: each array or float leaf (converted by
    ``as_differentiable``) is appended to ``leaves`` and replaced by its index; lists, tuples
    and dicts keep their shape; ``None``, strings and bools stay as constants. Anything
    else is refused, naming ``operator`` and the argument. One pass, no generators: it runs
    every call."""
    kind = type(value)
    if kind is list or kind is tuple:
        items, only_leaves = [], True
        for item in value:
            if type(item) is onp.ndarray and item.dtype.kind in "fc":  # a leaf as it is
                leaves.append(item)
                items.append(Leaf(len(leaves) - 1))
            else:
                item = flatten_argument(item, leaves, func, argnum, operator)
                only_leaves = only_leaves and type(item) is Leaf
                items.append(item)
        if only_leaves and items:  # consecutive leaves: rebuilt as one slice
            return (LeafTuple if kind is tuple else LeafList)(items)
        return kind(items)
    if kind is dict:
        return {key: flatten_argument(item, leaves, func, argnum, operator)
                for key, item in value.items()}
    if isinstance(value, (list, tuple, dict)):  # a namedtuple, an OrderedDict: the same kind
        return map_items(value, lambda item: flatten_argument(item, leaves, func, argnum, operator))
    value = as_differentiable(value)
    kind = type(value)
    if kind in Box.type_mappings:  # every type autograd can box (containers returned above)
        if kind is onp.ndarray and value.dtype.kind in _NOT_NUMBERS:
            raise ArgnumError(message(
                f"{operator}({function_name(func)}) argument {argnum}", "an array of numbers",
                describe(value), "Differentiate a float array, or pass this one at an argument "
                "position that is not differentiated."))
        leaves.append(value)
        return Leaf(len(leaves) - 1)
    if value is None or kind is str or kind is bool:
        return value
    raise ArgnumError(message(
        f"{operator}({function_name(func)}) argument {argnum}",
        "arrays or floats (possibly inside lists, tuples and dicts)",
        describe(value), "Pass it at an argument position that is not differentiated."))


_NOT_NUMBERS = "OMmUSV"  # objects, datetimes, timedeltas, strings, bytes, structured records


def plain_template(value, leaves):
    """``flatten_argument``'s template for the arguments a training loop passes, made in one
    loop with no call per leaf, or None for anything else (``flatten_argument`` takes it):
    a float ndarray or Array; a list or tuple of them; a list or tuple of lists or tuples of
    them (``[(w1, b1), (w2, b2)]``), each inner one non-empty. ``leaves`` starts empty; on
    None it may hold some of the leaves, and the caller starts again with a new list."""
    kind = type(value)
    if kind is _NDARRAY or kind is Array:
        if value.dtype.kind != "f":
            return None
        leaves.append(value if kind is _NDARRAY else value.view(_NDARRAY))
        return _LEAF_INDICES[0]
    if kind is not list and kind is not tuple:
        return None
    items = []
    for item in value:
        inner = type(item)
        if inner is tuple or inner is list:
            start = len(leaves)
            for leaf in item:
                leaf_kind = type(leaf)
                if leaf_kind is _NDARRAY and leaf.dtype.kind == "f":
                    leaves.append(leaf)
                elif leaf_kind is Array and leaf.dtype.kind == "f":
                    leaves.append(leaf.view(_NDARRAY))
                else:
                    return None
            end = len(leaves)
            if end == start or end > len(_LEAF_INDICES):
                return None
            items.append((LeafTuple if inner is tuple else LeafList)(_LEAF_INDICES[start:end]))
        elif (inner is _NDARRAY or inner is Array) and item.dtype.kind == "f":
            if len(leaves) == len(_LEAF_INDICES):
                return None
            items.append(_LEAF_INDICES[len(leaves)])
            leaves.append(item if inner is _NDARRAY else item.view(_NDARRAY))
        else:
            return None
    if not items:
        return None
    if len(items) == len(leaves):  # leaves only: rebuilt as one slice
        return (LeafTuple if kind is tuple else LeafList)(items)
    return kind(items)


_NDARRAY = onp.ndarray
_LEAF_INDICES = tuple(Leaf(i) for i in range(256))  # made once: a Leaf costs a call


def check_argnums(argnums, args, func, kwargs=(), operator="grad"):
    """Refuse an argnum that names no argument of this call (one passed by keyword is named)."""
    for argnum in argnums:
        if not -len(args) <= argnum < len(args):
            expected = (f"argnum in 0..{len(args) - 1} for a call with {len(args)} "
                        "positional argument(s)" if args else
                        "a call with positional arguments to differentiate")
            raise ArgnumError(message(f"{operator}({function_name(func)})", expected,
                                      repr(argnum) if args else f"none (argnum {argnum})",
                                      _by_keyword(func, argnum, kwargs)))


def _by_keyword(func, argnum, kwargs):
    """How to fix an argnum past the positional arguments: pass it positionally."""
    try:
        parameters = list(inspect.signature(func).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        parameters = []
    if 0 <= argnum < len(parameters) and parameters[argnum] in kwargs:
        return (f"Argument {argnum} {parameters[argnum]!r} was passed by keyword: pass it "
                "positionally to differentiate it.")
    return "Differentiate the function's positional arguments only."
