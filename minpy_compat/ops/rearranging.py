"""MindSpore's rearranging ops: ``flip``, ``fliplr``, ``flipud``, ``roll``, ``rot90``,
``repeat_interleave``, ``narrow``, ``movedim``/``moveaxis``, ``swapaxes``/``swapdims``,
``unsqueeze``, ``expand``, ``expand_as``, ``hstack``, ``vstack``/``row_stack``,
``dstack``, ``column_stack``, ``hsplit``, ``vsplit``, ``dsplit``, ``atleast_1d/2d/3d``.

Each is the facade's NumPy function with MindSpore's argument names and checks, so
gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.roll(ms.Tensor([1.0, 2.0, 3.0]), 1)
array([3., 1., 2.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .functional import one_dtype
from .int_inputs import index_data


def _rank(x):
    return onp.ndim(getval(x))


def _axes(where, axes, rank):
    """``axes`` (an int or a sequence) as non-negative ints, each checked."""
    single = isinstance(axes, (int, onp.integer))
    out = []
    for axis in [axes] if single else list(axes):
        if not -max(rank, 1) <= axis < max(rank, 1):
            raise CellArgumentError(message(f"{where} axis", f"an axis in [{-rank}, {rank})",
                                            axis, "Pick an existing axis."))
        out.append(int(axis) % max(rank, 1))
    return out[0] if single else tuple(out)


def _at_least(where, x, rank):
    if _rank(x) < rank:
        raise CellArgumentError(message(f"{where} input", f"a Tensor of rank {rank} or more",
                                        f"rank {_rank(x)}", "Reshape it first."))
    return x


# ---- flips and turns -----------------------------------------------------------------------
def flip(input, dims):
    """``input`` reversed along each axis in ``dims``."""
    return np.flip(input, _axes("ops.flip", tuple(dims), _rank(input)))


def fliplr(input):
    """``input`` reversed along axis 1 (rank 2 or more)."""
    return np.flip(_at_least("ops.fliplr", input, 2), 1)


def flipud(input):
    """``input`` reversed along axis 0 (rank 1 or more)."""
    return np.flip(_at_least("ops.flipud", input, 1), 0)


def roll(input, shifts, dims=None):
    """``input`` shifted by ``shifts`` along ``dims`` (flattened when ``dims`` is None)."""
    if dims is None:
        return np.roll(input, shifts)
    return np.roll(input, shifts, _axes("ops.roll", dims, _rank(input)))


def rot90(input, k, dims):
    """``input`` turned ``k`` quarter turns from axis ``dims[0]`` towards ``dims[1]``."""
    dims = _axes("ops.rot90", tuple(dims), _rank(input))
    if len(dims) != 2 or dims[0] == dims[1]:
        raise CellArgumentError(message("ops.rot90 dims", "two different axes", dims,
                                        "Pass dims=[0, 1] or similar."))
    return np.rot90(input, int(k), dims)


# ---- repeating and slicing -----------------------------------------------------------------
def repeat_interleave(input, repeats, axis=None):
    """Each element (each slice along ``axis``) of ``input`` repeated ``repeats`` times
    (one count, or one per slice); flattened first when ``axis`` is None."""
    counts = onp.asarray(index_data(repeats) if hasattr(repeats, "dtype") else repeats)
    if counts.dtype.kind not in "iu" or (counts < 0).any():
        raise CellTypeError(message("ops.repeat_interleave repeats",
                                    "non-negative ints", repr(getval(repeats)),
                                    "Pass an int or a list of ints."))
    if axis is None:
        input, axis = np.reshape(input, (-1,)), 0
    axis = _axes("ops.repeat_interleave", axis, _rank(input))
    counts = counts.ravel()
    return np.repeat(input, int(counts[0]) if counts.size == 1 else counts, axis)


def narrow(input, axis, start, length):
    """``length`` slices of ``input`` from ``start`` along ``axis``."""
    axis = _axes("ops.narrow", axis, _rank(input))
    size = onp.shape(getval(input))[axis]
    if not 0 <= start <= size or length < 0 or start + length > size:
        raise CellArgumentError(message("ops.narrow start/length",
                                        f"start + length within size {size}",
                                        f"start {start}, length {length}",
                                        "Shorten the slice."))
    return input[(slice(None),) * axis + (slice(start, start + length),)]


# ---- moving and adding axes ----------------------------------------------------------------
def movedim(x, source, destination):
    """``x`` with axes ``source`` moved to ``destination``."""
    rank = _rank(x)
    return np.moveaxis(x, _axes("ops.movedim", source, rank),
                       _axes("ops.movedim", destination, rank))


def moveaxis(x, source, destination):
    """``movedim`` under its NumPy name."""
    return movedim(x, source, destination)


def swapaxes(input, axis0, axis1):
    """``input`` with axes ``axis0`` and ``axis1`` exchanged."""
    rank = _rank(input)
    return np.swapaxes(input, _axes("ops.swapaxes", axis0, rank),
                       _axes("ops.swapaxes", axis1, rank))


def swapdims(input, dim0, dim1):
    """``swapaxes`` under torch's name."""
    return swapaxes(input, dim0, dim1)


def unsqueeze(input, dim):
    """``input`` with a new axis of size 1 at ``dim``."""
    return np.expand_dims(input, _axes("ops.unsqueeze", dim, _rank(input) + 1))


def expand(input_x, size):
    """``input_x`` broadcast to ``size`` (a Tensor or tuple; -1 keeps that axis)."""
    size = [int(n) for n in onp.asarray(index_data(size)).ravel()]
    shape = onp.shape(getval(input_x))
    lead = len(size) - len(shape)
    if lead < 0:
        raise CellArgumentError(message("ops.expand size", f"at least {len(shape)} sizes",
                                        size, "Give one size per axis."))
    size = [shape[i - lead] if n == -1 and i >= lead else n for i, n in enumerate(size)]
    return np.broadcast_to(input_x, tuple(size))


def expand_as(input, other):
    """``input`` broadcast to the shape of ``other``."""
    return np.broadcast_to(input, onp.shape(getval(other)))


# ---- stacking and splitting ----------------------------------------------------------------
def _tensors(where, tensors):
    if not isinstance(tensors, (list, tuple)) or not tensors:
        raise CellTypeError(message(f"{where} tensors", "a non-empty list or tuple of Tensors",
                                    type(tensors).__name__, "Wrap them in a list."))
    return one_dtype(where, tensors)


def hstack(tensors):
    """The Tensors joined along axis 1 (axis 0 for 1-D ones)."""
    return np.hstack(_tensors("ops.hstack", tensors))


def vstack(inputs):
    """The Tensors (1-D ones as rows) joined along axis 0."""
    return np.vstack(_tensors("ops.vstack", inputs))


def row_stack(tensors):
    """``vstack`` under its other name."""
    return vstack(tensors)


def dstack(tensors):
    """The Tensors (made at least 3-D) joined along axis 2."""
    return np.dstack(_tensors("ops.dstack", tensors))


def column_stack(tensors):
    """The Tensors (1-D ones as columns) joined along axis 1."""
    return np.column_stack(_tensors("ops.column_stack", tensors))


def _split(where, input, indices_or_sections, axis, rank):
    _at_least(where, input, rank)
    sections = indices_or_sections
    size = onp.shape(getval(input))[axis]
    if isinstance(sections, (int, onp.integer)) and (sections <= 0 or size % sections):
        raise CellArgumentError(message(f"{where} indices_or_sections",
                                        f"a count that divides {size}", sections,
                                        "Pick a divisor or pass split indices."))
    sections = sections if isinstance(sections, (int, onp.integer)) else list(sections)
    return tuple(np.split(input, sections, axis))


def hsplit(input, indices_or_sections):
    """``input`` split along axis 1 (rank 2 or more)."""
    return _split("ops.hsplit", input, indices_or_sections, 1, 2)


def vsplit(input, indices_or_sections):
    """``input`` split along axis 0 (rank 2 or more)."""
    return _split("ops.vsplit", input, indices_or_sections, 0, 2)


def dsplit(input, indices_or_sections):
    """``input`` split along axis 2 (rank 3 or more)."""
    return _split("ops.dsplit", input, indices_or_sections, 2, 3)


def _atleast(function, inputs):
    if isinstance(inputs, (list, tuple)):
        return tuple(function(x) for x in inputs)
    return function(inputs)


def atleast_1d(inputs):
    """Each Tensor with at least 1 axis (a list or tuple gives a tuple)."""
    return _atleast(np.atleast_1d, inputs)


def atleast_2d(inputs):
    """Each Tensor with at least 2 axes (a list or tuple gives a tuple)."""
    return _atleast(np.atleast_2d, inputs)


def atleast_3d(inputs):
    """Each Tensor with at least 3 axes (a list or tuple gives a tuple)."""
    return _atleast(np.atleast_3d, inputs)
