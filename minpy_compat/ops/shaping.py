"""MindSpore's shape ops: ``split``/``Split``, ``unstack``/``Unstack``, ``chunk``,
``squeeze``/``Squeeze``, ``flatten``/``Flatten``, ``tile``, ``broadcast_to``,
``permute``, ``BatchMatMul``; all differentiable through the facade.

MindSpore 2.10's ``squeeze`` leaves axes whose length is not 1 alone (NumPy raises),
``flatten`` gives a 1-D result for a 0-d or 1-D input, and ``broadcast_to`` reads -1
as "keep this axis".

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> [part.shape for part in ops.split(ms.Tensor([[1.0] * 5]), 2, axis=1)]
[(1, 2), (1, 2), (1, 1)]
>>> ops.squeeze(ops.zeros((1, 2, 1)), (0, 1)).shape
(2, 1)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from .functional import _float_like_inputs, one_dtype
from .primitives import MatMul, Primitive


def _shape(x):
    return onp.shape(getval(x))


def _axis_in(where, axis, rank):
    low = -rank if rank else -1
    if not low <= axis < (rank or 1):
        raise CellArgumentError(message(f"{where} axis", f"an axis in [{low}, {rank or 1})",
                                        f"{axis}", "Count axes from 0, or from -1 at the end."))
    return axis % (rank or 1)


# ---- splitting and joining ---------------------------------------------------------------
def split(tensor, split_size_or_sections, axis=0):
    """Pieces of ``split_size_or_sections`` along ``axis`` (an int: that size each, the
    last one shorter; a list or tuple: those sizes, which must add up to the axis)."""
    length = _shape(tensor)[_axis_in("ops.split", axis, len(_shape(tensor)))]
    if isinstance(split_size_or_sections, int):
        sizes = [split_size_or_sections] * (length // split_size_or_sections)
        sizes += [length % split_size_or_sections] if length % split_size_or_sections else []
    else:
        sizes = list(split_size_or_sections)
        if sum(sizes) != length:
            raise CellArgumentError(message(
                "ops.split split_size_or_sections", f"sizes adding up to {length} (the "
                f"length of axis {axis})", f"{sizes} (sum {sum(sizes)})"))
    return tuple(np.split(tensor, onp.cumsum(sizes)[:-1].tolist(), axis=axis))


def tensor_split(input, indices_or_sections, axis=0):
    """NumPy's ``array_split``: n nearly equal pieces, or cuts at the given indices."""
    return tuple(np.array_split(input, indices_or_sections, axis=axis))


def chunk(input, chunks, axis=0):
    """At most ``chunks`` pieces of ``ceil(length / chunks)`` each (torch's rule)."""
    length = _shape(input)[_axis_in("ops.chunk", axis, len(_shape(input)))]
    return split(input, max(-(-length // chunks), 1), axis)


def unstack(input_x, axis=0):
    """The slices along ``axis``, that axis removed."""
    axis = _axis_in("ops.unstack", axis, len(_shape(input_x)))
    if _shape(input_x)[axis] == 0:
        return ()  # np.split would divide by the zero length
    return tuple(np.squeeze(part, axis=axis) for part in
                 np.split(input_x, _shape(input_x)[axis], axis=axis))


def unbind(input, dim=0):
    """The slices of ``input`` along ``dim``, as a tuple (``unstack``)."""
    return unstack(input, dim)


def cat(tensors, axis=0):
    """``concat`` under its other name: the tensors (of one dtype) joined along ``axis``."""
    return np.concatenate(one_dtype("ops.cat", tensors), axis=axis)


# ---- reshaping -----------------------------------------------------------------------------
def squeeze(input, axis=None):
    """Remove the length-1 axes (those of ``axis`` only; others named there stay)."""
    shape = _shape(input)
    if axis is None:
        return np.squeeze(input)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = tuple(_axis_in("ops.squeeze", a, len(shape)) for a in axes)
    ones = tuple(a for a in axes if shape and shape[a] == 1)
    return np.squeeze(input, axis=ones) if ones else input


def permute(input, axis):
    """``input`` with its axes in the order ``axis`` gives."""
    return np.transpose(input, tuple(axis))


def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    """Axes ``start_dim..end_dim`` merged into one; a 0-d or 1-D input becomes 1-D."""
    shape = _shape(input)
    if len(shape) <= 1:
        return np.reshape(input, (-1,))
    start, end = (_axis_in("ops.flatten", d, len(shape)) for d in (start_dim, end_dim))
    if start > end:
        raise CellArgumentError(message("ops.flatten", "start_dim <= end_dim",
                                        f"start_dim={start_dim}, end_dim={end_dim}"))
    merged = int(onp.prod(shape[start:end + 1]))
    return np.reshape(input, shape[:start] + (merged,) + shape[end + 1:], order=order)


def tile(input, dims):
    """``input`` repeated ``dims[i]`` times along each axis."""
    return np.tile(input, tuple(dims))


def broadcast_to(input, shape):
    """``input`` broadcast to ``shape``; -1 keeps the input's length on that axis."""
    have = _shape(input)
    offset = len(shape) - len(have)
    target = tuple(have[i - offset] if size == -1 and i >= offset else size
                   for i, size in enumerate(shape))
    if -1 in target:
        raise CellArgumentError(message("ops.broadcast_to shape", "-1 only on the input's "
                                        f"own axes (the last {len(have)})", f"{tuple(shape)}"))
    return np.broadcast_to(input, target)


def bmm(input_x, mat2):
    """Batched matrix product; ints meeting floats follow MindSpore's dtype rule."""
    return _float_like_inputs(np.matmul(input_x, mat2), input_x, mat2)


# ---- primitive ops ----------------------------------------------------------------------
class Split(Primitive):
    """``Split(axis, output_num)(x)``: ``output_num`` equal pieces."""

    def __init__(self, axis=0, output_num=1):
        super().__init__()
        self.axis, self.output_num = axis, output_num

    def __call__(self, x):
        length = _shape(x)[_axis_in("Split", self.axis, len(_shape(x)))]
        if length % self.output_num:
            raise CellArgumentError(message(
                "Split", f"axis {self.axis} of a length divisible by output_num="
                f"{self.output_num}", f"length {length}"))
        return tuple(np.split(x, self.output_num, axis=self.axis))


class Unstack(Primitive):
    """``Unstack(axis)(x)``: the slices of ``x`` along ``axis``, as a tuple."""

    def __init__(self, axis=0, num=None):
        super().__init__()
        self.axis = axis

    def __call__(self, x):
        return unstack(x, self.axis)


class Stack(Primitive):
    """``Stack(axis)(tensors)``: the tensors (of one dtype) stacked on a new axis."""

    def __init__(self, axis=0):
        super().__init__()
        self.axis = axis

    def __call__(self, tensors):
        return np.stack(one_dtype("Stack", tensors), axis=self.axis)


class Squeeze(Primitive):
    """``Squeeze(axis)(x)``: the length-1 axes removed (only those of ``axis``
    when it is given)."""

    def __init__(self, axis=()):
        super().__init__()
        self.axis = axis

    def __call__(self, x):
        return squeeze(x, None if self.axis == () else self.axis)


class Flatten(Primitive):
    """``(N, ...)`` to ``(N, -1)``."""

    def __call__(self, x):
        shape = _shape(x)
        return np.reshape(x, (shape[0] if shape else 1, -1))


class Tile(Primitive):
    """``Tile()(x, multiples)``: ``x`` repeated ``multiples[i]`` times along each axis."""

    def __call__(self, x, multiples):
        return tile(x, multiples)


class BroadcastTo(Primitive):
    """``BroadcastTo(shape)(x)``: ``x`` broadcast to ``shape`` (-1 keeps an axis)."""

    def __init__(self, shape):
        super().__init__()
        self.shape = tuple(shape)

    def __call__(self, x):
        return broadcast_to(x, self.shape)


class BatchMatMul(MatMul):
    """Matrix products over the batch axes, with either operand's last two axes
    transposed first (``bmm``'s dtype rule)."""

    product = staticmethod(bmm)
