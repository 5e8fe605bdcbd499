"""``pad``'s modes that compute their border (``mean``, ``median``, ``maximum``,
``minimum``, ``linear_ramp``), restated with autograd.numpy operations for the gradient
(``shape_gradients`` pulls ``g`` back through ``pad_composite``; the forward pass stays
NumPy's own).

NumPy pads one axis after the other, and each axis computes its border from the array
padded so far: a corner of a 2-d ``mean`` pad is the mean of the first axis's border
values. The composite does the same, joining ``[left border, array, right border]`` along
each axis in turn:

* a statistic mode reduces the first (last) ``stat_length`` elements inside the array
  (all of them by default) with ``keepdims`` and repeats the result ``before`` (``after``)
  times;
* ``linear_ramp`` runs from ``end_values`` to the edge element without reaching it:
  ``end + i * (edge - end) / width`` for ``i = 0 .. width - 1`` (NumPy's ``linspace``
  with ``endpoint=False``), reversed on the right;
* ``reflect``/``symmetric`` with ``reflect_type='odd'`` (``2 * edge - mirrored value``,
  folded again past a short axis) is linear along each axis: NumPy's own pad of an
  identity matrix gives that axis's matrix, applied with ``tensordot``.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

STATISTICS = {"mean": anp.mean, "median": anp.median, "maximum": anp.max,
              "minimum": anp.min}
COMPUTED_MODES = frozenset(STATISTICS) | {"linear_ramp"}


def _pairs(value, ndim, as_index):
    """NumPy's ``(before, after)`` per axis from a scalar, a pair or one pair per axis."""
    if value is None:
        return [(None, None)] * ndim
    pairs = onp.broadcast_to(onp.asarray(value), (ndim, 2))
    if as_index:
        pairs = onp.round(pairs).astype(onp.intp)
    return [tuple(pair) for pair in pairs]


def _along(axis, index):
    return (slice(None),) * axis + (index,)


def _stat_borders(x, axis, lengths, statistic):
    n = onp.shape(getval(x))[axis]
    left_length = n if lengths[0] is None else min(int(lengths[0]), n)
    right_length = n if lengths[1] is None else min(int(lengths[1]), n)
    left = statistic(x[_along(axis, slice(0, left_length))], axis=axis, keepdims=True)
    right = statistic(x[_along(axis, slice(n - right_length, n))], axis=axis, keepdims=True)
    return left, right


def _ramp(end, edge, width, axis, ndim):
    if width == 0:
        return None
    dtype = onp.result_type(getval(edge))
    end = onp.asarray(end, dtype=dtype if dtype.kind in "fc" else None)  # float32 stays
    steps = onp.arange(width).reshape([-1 if i == axis else 1 for i in range(ndim)])
    return steps * ((edge - end) / width) + end


def _ramp_borders(x, axis, before, after, ends):
    n, ndim = onp.shape(getval(x))[axis], onp.ndim(getval(x))
    left_edge = x[_along(axis, slice(0, 1))]
    right_edge = x[_along(axis, slice(n - 1, n))]
    left = _ramp(ends[0], left_edge, before, axis, ndim)
    right = _ramp(ends[1], right_edge, after, axis, ndim)
    return left, None if right is None else anp.flip(right, axis)


def _odd_reflection(x, axis, before, after, mode):
    n = onp.shape(getval(x))[axis]
    matrix = onp.pad(onp.eye(n), ((before, after), (0, 0)), mode=mode, reflect_type="odd")
    dtype = onp.result_type(getval(x))
    matrix = matrix.astype(dtype) if dtype.kind in "fc" else matrix  # float32 stays
    return anp.moveaxis(anp.tensordot(matrix, x, axes=([1], [axis])), 0, axis)


def pad_composite(array, pad_width, mode="constant", stat_length=None, end_values=0,
                  reflect_type="even", **unused):
    """``numpy.pad(array, pad_width, mode)`` for ``mode`` in ``COMPUTED_MODES``, and for
    ``reflect``/``symmetric`` with ``reflect_type='odd'``."""
    ndim = onp.ndim(getval(array))
    widths = _pairs(pad_width, ndim, as_index=True)
    lengths = _pairs(stat_length, ndim, as_index=True)
    ends = _pairs(end_values, ndim, as_index=False)
    x = array
    for axis, (before, after) in enumerate(widths):
        if before == 0 and after == 0:
            continue
        if mode in ("reflect", "symmetric"):
            x = _odd_reflection(x, axis, before, after, mode)
            continue
        if mode == "linear_ramp":
            left, right = _ramp_borders(x, axis, before, after, ends[axis])
        else:
            left, right = _stat_borders(x, axis, lengths[axis], STATISTICS[mode])
        shape = list(onp.shape(getval(x)))
        parts = []
        for border, width in ((left, before), (x, 0), (right, after)):
            if border is x:
                parts.append(x)
            elif width:
                shape[axis] = width
                parts.append(anp.broadcast_to(border, tuple(shape)))
        x = anp.concatenate(parts, axis=axis)
    return x
