"""Functions whose differentiable arguments arrive inside lists (``select``'s choices,
``block``'s nested blocks, ``dstack``'s arrays, ``fromiter``'s items, ...).

autograd's primitives only look for traced values among their top-level arguments, so
these functions would hand traced values to NumPy. When any argument is traced, each is
restated with differentiable operations; otherwise NumPy's own function runs. Calls of
``numpy.<name>`` on traced values come here too (``__array_function__``).
"""
import builtins
import itertools
import sys

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from ..array import ARRAY_FUNCTIONS, Array, wrap
from ..conversion import traced_list_array
from ._namespace import contains_box, plain


def _plain(value):
    if type(value) is Array:
        return value.view(onp.ndarray)
    if type(value) in (list, tuple):
        return type(value)(_plain(v) for v in value)
    if "mxnet" in sys.modules:  # a raw NDArray: its values (NumPy reads it as a sequence)
        from ..dispatch.run import numpy_data
        return numpy_data((value,), mxarrays=False)[0]
    return value


def select(condlist, choicelist, default=0):
    """``numpy.select``: the first condition that holds picks its choice."""
    if not (contains_box(list(choicelist)) or isbox(default)):
        return wrap(onp.select(_plain(list(condlist)), _plain(list(choicelist)), _plain(default)))
    result = default
    for condition, choice in reversed(list(zip(condlist, choicelist))):
        result = anp.where(_plain(condition), choice, result)
    return result


def dstack(tup):
    """``numpy.dstack``: arrays as at least 3-d, joined along the third axis."""
    if not hasattr(tup, "__getitem__"):  # a generator (read once) or a set: NumPy's rule
        return wrap(onp.dstack(tup))
    if not contains_box(list(tup)):
        return wrap(onp.dstack(_plain(list(tup))))
    return anp.concatenate([anp.atleast_3d(a) for a in tup], axis=2)


def _depth(arrays):
    return 1 + _depth(arrays[0]) if type(arrays) is list and arrays else 0


def _joined(arrays, depth, ndim):
    """``block``'s rule: the innermost lists join along the last axis, each list further out
    along the axis before."""
    if type(arrays) is not list:
        shape = onp.shape(getval(arrays))
        return anp.reshape(arrays, (1,) * (ndim - len(shape)) + shape)
    parts = [_joined(a, depth - 1, ndim) for a in arrays]
    return anp.concatenate(parts, axis=-depth)


def _max_ndim(arrays):
    if type(arrays) is list:
        return max(_max_ndim(a) for a in arrays)
    return onp.ndim(getval(arrays))


def block(arrays):
    """``numpy.block``: nested lists of arrays assembled into one."""
    if not contains_box(arrays):
        return wrap(onp.block(_plain(arrays)))
    onp.block(_plain_values(arrays))  # NumPy's own checks (shapes, depths), on the values
    depth = _depth(arrays)
    return _joined(arrays, depth, max(depth, _max_ndim(arrays)))


def _plain_values(value):
    if type(value) is list:
        return [_plain_values(v) for v in value]
    return getval(value)


def choose(a, choices, out=None, mode="raise"):
    """``numpy.choose``: entry ``i`` of the result is entry ``i`` of ``choices[a[i]]``."""
    a = getval(a)  # the index array carries no gradient
    if not (contains_box(list(choices)) and out is None):
        return wrap(onp.choose(_plain(a), _plain(list(choices)), out=out, mode=mode))
    index = onp.asarray(_plain(a))
    onp.choose(index, [getval(c) for c in choices], mode=mode)  # NumPy's own index checks
    if mode == "wrap":
        index = index % len(choices)
    elif mode == "clip":
        index = onp.clip(index, 0, len(choices) - 1)
    result = 0.0
    for number, choice in enumerate(choices):
        result = anp.where(index == number, choice, result)
    return result


def piecewise(x, condlist, funclist, *args, **kw):
    """``numpy.piecewise``: each function applied to the entries its condition selects (as
    NumPy does, through indexed assignment, which is differentiable here). The result
    starts as a traced array of zeros, not a constant that the assignments adopt: a value
    kept from inside ``grad`` must still hold its numbers when the trace closes."""
    if not isbox(x):
        return wrap(onp.piecewise(_plain(x), _plain(condlist), funclist, *args, **kw))
    value = onp.asarray(getval(x))
    if onp.isscalar(condlist) or (not isinstance(condlist[0], (list, onp.ndarray)) and
                                  value.ndim != 0):  # NumPy's rule: one condition
        condlist = [condlist]
    conditions = onp.asarray(_plain(condlist), dtype=bool)
    if len(conditions) == len(funclist) - 1:  # the last function: where no condition holds
        conditions = onp.concatenate(
            [conditions, ~onp.any(conditions, axis=0, keepdims=True)], axis=0)
    elif len(conditions) != len(funclist):
        raise ValueError(f"with {len(conditions)} condition(s), either {len(conditions)} or "
                         f"{len(conditions) + 1} functions are expected")
    result = anp.where(onp.zeros(value.shape, bool), x, onp.zeros((), value.dtype))  # traced 0s
    for condition, function in zip(conditions, funclist):
        if not callable(function):
            result[condition] = function
        elif condition.any():
            result[condition] = function(x[condition], *args, **kw)
    return result


def first_listed(traced, name):
    """autograd's ``traced`` (``std``, ``var``, ``mean``, ``linalg.norm``) makes a list
    argument an array with autograd's ``array``, which turned a ragged list into a made-up
    value on NumPy 1.x. Here a plain list is read as NumPy reads it (its result or its
    error), and a list holding traced values is refused by name if it is ragged."""
    where = f"minpy_compat.numpy.{name} argument 0"

    def call(a, *args, **kwargs):
        if type(a) in (list, tuple):
            a = traced_list_array(a, where) if contains_box(a) else onp.asarray(a)
        return traced(a, *args, **kwargs)
    call.__name__ = call.__qualname__ = getattr(traced, "__name__", name)
    call.__wrapped__ = traced
    return call


_numpy_fromiter = plain(onp.fromiter)


def fromiter(iter, dtype, count=-1, **kwargs):
    """``numpy.fromiter``; an iterable of traced numbers gives a traced array (as
    ``np.array`` of their list does)."""
    items = builtins.iter(iter)  # the parameter keeps NumPy's name
    first = next(items, items)  # items itself: the iterable was empty
    if first is items or not isbox(first):
        rest = items if first is items else itertools.chain((first,), items)
        return _numpy_fromiter(rest, dtype, count, **kwargs)
    picked = list(itertools.islice(itertools.chain((first,), items), None if count < 0 else count))
    if count >= 0 and len(picked) < count:
        raise ValueError(f"iterator too short: Expected {count} but iterator had only "
                         f"{len(picked)} items.")
    if onp.dtype(dtype).kind not in "fc":  # counts or truth values: no gradient flows
        return wrap(onp.array([getval(v) for v in picked], dtype=dtype))
    return anp.array(picked).astype(dtype)


for _name, _function in (("select", select), ("dstack", dstack), ("block", block),
                         ("choose", choose), ("piecewise", piecewise)):
    ARRAY_FUNCTIONS[getattr(onp, _name)] = _function

__all__ = ["block", "choose", "contains_box", "dstack", "first_listed", "fromiter", "piecewise",
           "select"]
