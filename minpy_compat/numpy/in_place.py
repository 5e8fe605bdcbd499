"""NumPy's in-place functions with traced values: ``put``, ``put_along_axis``, ``putmask``,
``place``, ``copyto``, ``fill_diagonal``, and ``x.flat[...] = v``.

NumPy writes into its first argument. When the target or the values are traced, each
function is restated as the one indexed assignment it amounts to, ``a[index] = values``,
which is differentiable: a traced target adopts the result (as ``x[i] = v`` does), an
Array that receives traced values is adopted by the trace (see ``adopted.py``). NumPy's
own function runs first on a scratch copy of the values, so a bad call raises NumPy's
error before anything changes; with nothing traced, NumPy's function runs on the
arguments as they are. ``TracedArray``'s ``put``, ``fill`` and ``flat`` come here too.
"""
import sys

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from ..array import ARRAY_FUNCTIONS
from ._namespace import contains_box
from .shape_gradients import _along_axis_index  # take_along_axis's index tuple


def _traced(*args):
    return any(contains_box(arg) for arg in args)


def _plain(value):
    if type(value) in (list, tuple):
        return type(value)(_plain(v) for v in value)
    return getval(value)


def numpy_first(function, target, *args, **kwargs):
    """Run NumPy's own ``function`` on a scratch copy, so its errors come before any write."""
    function(onp.array(getval(target), copy=True), *_plain(args), **kwargs)


def _flat_values(values):
    """``values`` as a 1-d array, traced when it is (lists of traced values included)."""
    if contains_box(values):
        return anp.ravel(anp.array(values) if type(values) in (list, tuple) else values)
    return onp.ravel(onp.asarray(values))


def write_flat(target, positions, values, cycle=None):
    """``target.flat[positions] = values`` the way NumPy's in-place functions write:
    ``values`` repeat when there are fewer of them than positions (value ``cycle[i]``
    goes to ``positions[i]``; by default value ``i``). A repeated position keeps its last write."""
    positions = onp.ravel(onp.asarray(positions, dtype=onp.intp))
    if positions.size == 0:
        return
    flat = _flat_values(values)
    count = onp.shape(getval(flat))[0]
    if count == 0:
        return  # NumPy's checks (run first) allow this only where it writes nothing
    order = onp.arange(positions.size) if cycle is None else onp.ravel(cycle)
    if count != positions.size or cycle is not None:
        flat = flat[order % count]
    shape = onp.shape(getval(target))
    if not shape:  # a 0-d target: its one element keeps the last write
        target[()] = flat[-1]
        return
    target[onp.unravel_index(positions, shape)] = flat


def flat_positions(size, index):
    """The flat positions ``arange(size)[index]`` names (slices, integers, masks, lists)."""
    return onp.arange(size)[getval(index)]


# ---- the functions ------------------------------------------------------------------
def put(a, ind, v, mode="raise"):
    """``numpy.put``: ``a.flat[ind] = v``, with ``mode`` for indices out of range.

    An index out of range is refused before any write (NumPy's own ``put`` writes the
    values before it, then raises)."""
    if not _traced(a, v):
        if mode == "raise" and _out_of_range(onp.size(a), _plain(ind)):
            numpy_first(onp.put, a, ind, v, mode=mode)  # NumPy's IndexError, from a copy
        return onp.put(a, _plain(ind), v, mode=mode)
    numpy_first(onp.put, a, ind, v, mode=mode)
    size = onp.size(getval(a))
    positions = onp.ravel(onp.asarray(_plain(ind), dtype=onp.intp))
    if mode == "wrap":
        positions = positions % size
    elif mode == "clip":
        positions = onp.clip(positions, 0, size - 1)
    else:
        positions = onp.where(positions < 0, positions + size, positions)
    write_flat(a, positions, v)


def _out_of_range(size, ind):
    positions = onp.asarray(ind)
    return positions.dtype.kind in "iu" and positions.size > 0 and \
        bool(positions.min() < -size or positions.max() >= size)


def put_along_axis(arr, indices, values, axis):
    """``numpy.put_along_axis``: the writes ``take_along_axis`` would read."""
    if not _traced(arr, values):
        return onp.put_along_axis(arr, _plain(indices), values, axis)
    numpy_first(onp.put_along_axis, arr, indices, values, axis)
    indices = onp.asarray(_plain(indices), dtype=onp.intp)
    shape = onp.shape(getval(arr))
    if axis is None:
        size = int(onp.prod(shape))
        positions = onp.where(indices < 0, indices + size, indices)
        if not contains_box(values):
            values = onp.asarray(values)
        write_flat(arr, positions, anp.broadcast_to(values, indices.shape))
        return
    arr[_along_axis_index(indices, axis % len(shape))] = values


def putmask(a, mask, values):
    """``numpy.putmask``: where ``mask`` holds, ``a.flat[n] = values.flat[n % len(values)]``."""
    if not _traced(a, values) and isinstance(a, onp.ndarray):
        return onp.putmask(a, _plain(mask), values)
    numpy_first(onp.putmask, a, mask, values)
    shape = onp.shape(getval(a))
    positions = onp.flatnonzero(onp.broadcast_to(_plain(mask), shape))
    write_flat(a, positions, values, cycle=positions)


def place(arr, mask, vals):
    """``numpy.place``: the first ``mask.sum()`` of ``vals`` (repeating) go where ``mask`` holds."""
    if not _traced(arr, vals) and isinstance(arr, onp.ndarray):
        return onp.place(arr, _plain(mask), vals)
    numpy_first(onp.place, arr, mask, vals)
    write_flat(arr, onp.flatnonzero(onp.ravel(_plain(mask))), vals)


def copyto(dst, src, casting="same_kind", where=True):
    """``numpy.copyto``: ``src`` broadcast into ``dst`` where ``where`` holds. A value that
    lives in MXNet (an MXArray) takes the write as ``dst[...] = src`` does."""
    if "mxnet" in sys.modules:  # a raw NDArray: its values (NumPy reads it as a sequence)
        from ..dispatch.run import numpy_data
        src, where = numpy_data((src, where), mxarrays=False)
    if not _traced(dst, src) and isinstance(dst, onp.ndarray):
        return onp.copyto(dst, src, casting=casting, where=_plain(where))
    numpy_first(onp.copyto, dst, src, casting=casting, where=where)
    shape = onp.shape(getval(dst))
    if not contains_box(src):
        src = onp.asarray(src)
    mask = onp.broadcast_to(onp.asarray(_plain(where), dtype=bool), shape)
    if mask.all():
        dst[...] = src
    elif mask.any():
        dst[mask] = anp.broadcast_to(src, shape)[mask]


def fill_diagonal(a, val, wrap=False):
    """``numpy.fill_diagonal``: ``val`` (repeating) along the main diagonal."""
    if not _traced(a, val) and isinstance(a, onp.ndarray):
        return onp.fill_diagonal(a, val, wrap=wrap)
    numpy_first(onp.fill_diagonal, a, val, wrap=wrap)
    shape = onp.shape(getval(a))
    size = int(onp.prod(shape))
    if len(shape) == 2:
        step, end = shape[1] + 1, (None if wrap else shape[1] * shape[1])
    else:
        step, end = 1 + int(onp.cumprod(shape[:-1]).sum()), None
    write_flat(a, onp.arange(size)[:end:step], val)


IN_PLACE = {"put": put, "put_along_axis": put_along_axis, "putmask": putmask, "place": place,
            "copyto": copyto, "fill_diagonal": fill_diagonal}
for _name, _function in IN_PLACE.items():
    _function.__wrapped__ = getattr(onp, _name)
    ARRAY_FUNCTIONS[getattr(onp, _name)] = _function

__all__ = list(IN_PLACE) + ["write_flat", "flat_positions"]
