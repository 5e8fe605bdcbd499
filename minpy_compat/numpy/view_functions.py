"""NumPy functions that return views, written so that writes into their result reach the
argument under ``grad`` too: ``np.reshape``, ``ravel``, ``transpose``, ``swapaxes``,
``moveaxis``, ``squeeze``, ``expand_dims``, ``real``/``imag``, ``atleast_1d/2d/3d``,
``flip``/``fliplr``/``flipud``, ``rot90`` and the ``split`` family; and the read-only views
``diagonal`` and ``broadcast_to``, which see later writes into their argument.

``v = np.reshape(y, (3, 2)); v[0] = 1`` changes ``y`` in NumPy. ``TracedArray``'s
methods (``y.reshape``, ``y.T``, ``y[1:]``) already remember what they view and write
back (see ``array.py``); the functions went through the facade and did not, so under
``grad`` the write was lost and the gradient was silently wrong. Here each function marks
its traced result as a view of its argument, with the rearrangement that undoes it
(``Rearranged``), exactly where NumPy's own result shares the argument's memory; the
slicing ones (flips, splits) are basic indexing, which marks itself.
"""
import functools
import inspect

import numpy as onp
from autograd.tracer import getval

from ..adopted import ADOPTED_TYPES, rebased
from ..array import ARRAY_FUNCTIONS, TracedArray, wrap
from ..backends.mxnet_array import MXBox
from ..traced_views import (mark_view, undo_read_only, undo_reshape, undo_swapaxes,
                            undo_transpose)
from .untraced_calls import runs_untraced


# Traced values whose basic indexing and reshape hand out views: NumPy's and MXNet's.
_SLICED = (TracedArray, MXBox)


def _placeholder(shape):
    """An array of ``shape`` that costs no memory, for asking NumPy about shapes."""
    return onp.broadcast_to(onp.zeros(()), shape)


def _permuted(base, axes):
    inverse = tuple(onp.argsort(axes))
    return lambda view: view.transpose(inverse)


def _moved_axes(ndim, source, destination):
    """The ``transpose`` axes that ``moveaxis(x, source, destination)`` amounts to."""
    sizes = onp.moveaxis(_placeholder(tuple(range(2, ndim + 2))), source, destination).shape
    return tuple(size - 2 for size in sizes)


# ---- rearrangements: the result views all of the argument ---------------------------
def _reshape_undo(a, shape=None, order="C", **kwargs):
    return undo_reshape(a, order)


def _ravel_undo(a, order="C"):
    return undo_reshape(a, order)


def _transpose_undo(a, axes=None):
    return undo_transpose(a, axes)


def _swapaxes_undo(a, axis1, axis2):  # NumPy's keyword names
    return undo_swapaxes(a, axis1, axis2)


def _moveaxis_undo(a, source, destination):
    return _permuted(a, _moved_axes(a.ndim, source, destination))


def _reshaping_undo(a, *args, **kwargs):  # squeeze, expand_dims, atleast_*d
    return undo_reshape(a)


def _real_undo(a):  # a complex base keeps its imaginary parts (read when written)
    if not onp.iscomplexobj(getval(a)):
        return lambda view: view
    return _reading_base(lambda view: view + 1j * a.imag)


def _imag_undo(a):
    return _reading_base(lambda view: a.real + 1j * view)


def _reading_base(undo):
    """An ``undo`` that reads the base itself: the view is no rearrangement of its elements
    (``live_views`` re-derives it only with the call that made it)."""
    undo.reads_base = True
    return undo


_REARRANGING = {"reshape": _reshape_undo, "ravel": _ravel_undo, "transpose": _transpose_undo,
                "permute_dims": _transpose_undo, "swapaxes": _swapaxes_undo,
                "moveaxis": _moveaxis_undo, "squeeze": _reshaping_undo,
                "expand_dims": _reshaping_undo, "real": _real_undo, "imag": _imag_undo,
                "diagonal": undo_read_only, "broadcast_to": undo_read_only}


def _rearranging(original, undo_for):
    first = next(iter(inspect.signature(original.__wrapped__).parameters))  # a, or val

    @functools.wraps(original)
    def function(*args, **kwargs):
        if not args and first in kwargs:  # np.real(val=x), np.swapaxes(a=x, ...)
            kwargs = dict(kwargs)
            args = (kwargs.pop(first),)
        a, args = args[0], args[1:]
        result = original(a, *args, **kwargs)
        if type(a) is TracedArray and kwargs.get("copy") is not True:
            mark_view(result, a, undo_for(a, *args, **kwargs),
                      lambda base: original(base, *args, **kwargs))
        return result
    return function


def _atleast(original):
    several = type(onp.atleast_1d(0, 0))  # a list on NumPy 1.x, a tuple on NumPy 2

    @functools.wraps(original)
    def function(*arrays):
        if len(arrays) != 1:  # one call each: autograd's rule takes one argument
            return several(function(a) for a in arrays)
        (a,) = arrays
        result = original(a)
        if type(a) is MXBox:  # MXBox.reshape marks its view itself
            return a.reshape(result.shape)
        if type(a) is TracedArray:
            mark_view(result, a, undo_reshape(a))
        return result
    return function


def _broadcasting(original):
    """``broadcast_arrays``/``meshgrid``: a result that views all of its argument
    (``meshgrid(..., sparse=True, copy=False)``, an argument already of the broadcast
    shape) passes writes on to it; one that repeats entries (a broadcast) is read-only
    under ``grad``, where NumPy only warns, as a write there changes several entries."""
    @functools.wraps(original)
    def function(*arrays, **kwargs):
        results = original(*arrays, **kwargs)
        for a, result in zip(arrays, results):
            if type(a) is not TracedArray or type(result) is not TracedArray or \
                    not onp.may_share_memory(result._value, a._value):
                continue
            if result.size == a.size:
                mark_view(result, a, undo_reshape(a))
            else:
                result._value = result._value.view()
                result._value.flags.writeable = False
        return results
    return function


# ---- slicing: flips and splits are basic indexing (whose results mark themselves) ------
def _flipped(m, axis=None):
    """``m`` reversed along ``axis`` (all axes for None), by basic slicing: a view."""
    ndim = m.ndim
    axes = range(ndim) if axis is None else onp.atleast_1d(axis) % max(ndim, 1)
    return m[tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(ndim))]


def _flip(original):
    @functools.wraps(original)
    def flip(m, axis=None):
        if type(m) not in _SLICED:
            return original(m, axis=axis)
        if axis is not None:  # NumPy's own checks: an axis out of range, or repeated
            original(_placeholder(m.shape), axis=axis)
        return _flipped(m, axis)
    return flip


def _split(original, axis_for):
    @functools.wraps(original)
    def split(ary, indices_or_sections, *args, **kwargs):
        if type(ary) not in _SLICED:
            return original(ary, indices_or_sections, *args, **kwargs)
        shape = ary.shape
        parts = original(_placeholder(shape), indices_or_sections, *args, **kwargs)  # checks
        axis = axis_for(len(shape), *args, **kwargs)
        stops = onp.cumsum([part.shape[axis] for part in parts])
        return [ary[(slice(None),) * axis + (slice(stop - part.shape[axis], stop),)]
                for part, stop in zip(parts, stops)]
    return split


def _given_axis(ndim, axis=0):
    return axis % ndim


_SPLITTING = {"split": _given_axis, "array_split": _given_axis,
              "hsplit": lambda ndim: 1 if ndim > 1 else 0,
              "vsplit": lambda ndim: 0, "dsplit": lambda ndim: 2}


def install(namespace):
    """Replace the facade functions in ``namespace`` (and NumPy's dispatch table) by the
    view-keeping versions."""
    for name, undo in _REARRANGING.items():
        _replace(namespace, name, lambda original, undo=undo: _rearranging(original, undo))
    for name in ("atleast_1d", "atleast_2d", "atleast_3d"):
        _replace(namespace, name, _atleast)
    for name in ("flip", "fliplr", "flipud"):
        _replace(namespace, name, _flip if name == "flip" else
                 lambda original, name=name: _flip_one(original, 1 if name == "fliplr" else 0))
    for name, axis_for in _SPLITTING.items():
        _replace(namespace, name, lambda original, axis_for=axis_for: _split(original, axis_for))
    _replace(namespace, "rot90", _rot90)
    for name in ("broadcast_arrays", "meshgrid"):
        _replace(namespace, name, _broadcasting)


def _flip_one(original, axis):
    @functools.wraps(original)
    def flip_axis(m):
        if type(m) in _SLICED and m.ndim > axis:
            return _flipped(m, axis)
        return original(m)  # untraced, or NumPy's error for too few dimensions
    return flip_axis


def _rot90(original):
    @functools.wraps(original)
    def rot90(m, k=1, axes=(0, 1)):
        if type(m) not in _SLICED:
            return original(m, k, axes)
        original(_placeholder(m.shape), k, axes)  # NumPy's checks of axes
        first, second = (axis % m.ndim for axis in axes)
        k %= 4
        if k == 0:
            return m[...]
        if k == 2:
            return _flipped(_flipped(m, first), second)
        order = list(range(m.ndim))
        order[first], order[second] = order[second], order[first]
        if k == 1:
            return _flipped(m, second).transpose(order)  # a view of a view: writes chain back
        return _flipped(m.transpose(order), second)
    return rot90


def _replace(namespace, name, make):
    original = namespace.get(name)
    if original is None:  # a name this NumPy version lacks (permute_dims on NumPy 1.x)
        return
    raw = getattr(onp, name)
    replacement = _adopting(make(original), raw)
    namespace[name] = replacement
    if ARRAY_FUNCTIONS.get(raw) is original:
        ARRAY_FUNCTIONS[raw] = replacement


def _adopting(function, raw):
    """``function`` given adopted arrays (constant Arrays that a traced write made traced):
    run on their traced values, with each view it returns of one made a view of that array
    itself, so a write into ``np.reshape(out, -1)`` or ``np.atleast_1d(d, out)[1]``
    reaches ``out``. Nothing traced: NumPy's own ``raw``, as ``function`` would run it."""
    @functools.wraps(function)
    def adopting(*args, **kwargs):
        if runs_untraced(args, kwargs):
            return wrap(raw(*args, **kwargs))
        pairs = [(a._box(), a) for a in list(args) + list(kwargs.values())
                 if type(a) in ADOPTED_TYPES]
        if not pairs:
            return function(*args, **kwargs)
        boxes = {id(a): box for box, a in pairs}
        result = function(*(boxes.get(id(a), a) for a in args),
                          **{key: boxes.get(id(a), a) for key, a in kwargs.items()})
        if type(result) in (list, tuple):  # split, atleast_*d of several, broadcast_arrays
            return type(result)(_rebased_all(part, pairs) for part in result)
        return _rebased_all(result, pairs)
    return adopting


def _rebased_all(result, pairs):
    for box, adopted in pairs:
        result = rebased(result, box, adopted)
    return result
