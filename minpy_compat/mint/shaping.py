"""``mint``'s joining, splitting and rearranging functions, PyTorch-style (``dim``):
``cat``/``concat``, ``stack``, ``chunk``, ``split``, ``unbind``-like helpers, ``flatten``,
``reshape``, ``squeeze``, ``permute``, ``transpose``, ``t``, ``narrow``, ``select``,
``diag``, ``diff``, ``meshgrid``, ``repeat_interleave``, ``take``, ``clone``.

Each forwards to ``ops`` or the facade, so gradients are the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.cat([ms.Tensor([1.0]), ms.Tensor([2.0, 3.0])], dim=0)
array([1., 2., 3.], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from .. import ops
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import _args as A


def _sequence(where, tensors):
    if not isinstance(tensors, (tuple, list)):
        raise CellTypeError(message(where, "a non-empty tuple or list of Tensors",
                                    describe(tensors)))
    if not tensors:  # MindSpore: a ValueError
        raise CellArgumentError(message(where, "a non-empty tuple or list of Tensors",
                                        "an empty one", "Pass at least one Tensor."))
    return [A.tensor(f"{where}[{i}]", t) for i, t in enumerate(tensors)]


def _joinable(where, tensors, dim):
    """``tensors`` if their shapes agree on every axis but ``dim``."""
    shapes = [onp.shape(getval(t)) for t in tensors]
    if not shapes[0]:
        raise CellArgumentError(message(f"{where} tensors[0]", "a Tensor of 1 or more "
                                        "dimensions", "a 0-D one", "Use mint.stack."))
    axis = A.dim(f"{where} dim", dim, len(shapes[0]))
    for i, shape in enumerate(shapes[1:], 1):
        if len(shape) != len(shapes[0]) or any(
                a != b for k, (a, b) in enumerate(zip(shape, shapes[0])) if k != axis):
            raise CellArgumentError(message(f"{where} tensors[{i}]", f"shape {shapes[0]} "
                                            f"except on dim {axis}", f"shape {shape}"))
    return tensors


def cat(tensors, dim=0):
    """``tensors`` joined along ``dim``."""
    tensors = _sequence("mint.cat tensors", tensors)
    return ops.concat(_joinable("mint.cat", tensors, dim), dim % builtins_max(
        A.ndim(tensors[0]), 1))


def concat(tensors, dim=0):
    """``tensors`` joined along ``dim`` (``mint.cat``'s alias)."""
    tensors = _sequence("mint.concat tensors", tensors)
    return ops.concat(_joinable("mint.concat", tensors, dim), dim % builtins_max(
        A.ndim(tensors[0]), 1))


def stack(tensors, dim=0):
    """``tensors`` (one shape) stacked along a new axis ``dim``."""
    tensors = _sequence("mint.stack tensors", tensors)
    for i, t in enumerate(tensors[1:], 1):
        if onp.shape(getval(t)) != onp.shape(getval(tensors[0])):
            raise CellArgumentError(message(f"mint.stack tensors[{i}]", f"shape "
                                            f"{onp.shape(getval(tensors[0]))}",
                                            str(onp.shape(getval(t)))))
    return ops.stack(tensors, A.dim("mint.stack dim", dim, A.ndim(tensors[0]) + 1))


def chunk(input, chunks, dim=0):
    """``input`` split along ``dim`` into ``chunks`` pieces (the last may be smaller)."""
    A.tensor("mint.chunk input", input)
    return ops.chunk(input, A.integer("mint.chunk chunks", chunks, 1),
                     A.dim("mint.chunk dim", dim, A.ndim(input)))


def split(tensor, split_size_or_sections, dim=0):
    """``tensor`` split along ``dim`` into pieces of one size or of the listed sizes."""
    A.tensor("mint.split tensor", tensor)
    return ops.split(tensor, split_size_or_sections,
                     A.dim("mint.split dim", dim, A.ndim(tensor)))


def flatten(input, start_dim=0, end_dim=-1):
    """``input`` with axes ``start_dim..end_dim`` merged into one."""
    A.tensor("mint.flatten input", input)
    shape = onp.shape(getval(input))
    if not shape:
        return np.reshape(input, (1,))
    start = A.dim("mint.flatten start_dim", start_dim, len(shape))
    end = A.dim("mint.flatten end_dim", end_dim, len(shape))
    if start > end:
        raise CellArgumentError(message("mint.flatten start_dim", f"<= end_dim ({end})",
                                        str(start)))
    size = int(onp.prod(shape[start:end + 1], dtype=onp.int64))
    return np.reshape(input, shape[:start] + (size,) + shape[end + 1:])


def reshape(input, shape):
    """``input`` in ``shape`` (-1 once for the inferred size)."""
    A.tensor("mint.reshape input", input)
    return ops.reshape(input, shape)


def squeeze(input, dim=None):
    """``input`` without the size-1 axes among ``dim`` (an int or a tuple; others kept)."""
    A.tensor("mint.squeeze input", input)
    if dim is None:  # MindSpore 2.10's mint.squeeze requires dim, unlike torch
        raise CellTypeError(message("mint.squeeze dim", "an int or a tuple of ints", "None",
                                    "Name the axes: mint.squeeze(x, 0)."))
    shape = onp.shape(getval(input))
    dims = A.dims("mint.squeeze dim", dim, len(shape))
    dims = () if dims is None else (dims,) if isinstance(dims, int) else dims
    dropped = {d for d in dims if shape and shape[d] == 1}
    return np.reshape(input, tuple(n for i, n in enumerate(shape) if i not in dropped))


def permute(input, dims):
    """``input`` with its axes in the order ``dims``."""
    A.tensor("mint.permute input", input)
    rank = A.ndim(input)
    if not isinstance(dims, (tuple, list)):
        raise CellTypeError(message("mint.permute dims", "a tuple of ints", describe(dims)))
    order = tuple(A.dim("mint.permute dims", d, rank) for d in dims)
    if sorted(order) != list(range(rank)):
        raise CellArgumentError(message("mint.permute dims", f"a permutation of {rank} axes",
                                        repr(dims)))
    return np.transpose(input, order)


def transpose(input, dim0, dim1):
    """``input`` with axes ``dim0`` and ``dim1`` swapped."""
    A.tensor("mint.transpose input", input)
    rank = A.ndim(input)
    return np.swapaxes(input, A.dim("mint.transpose dim0", dim0, rank),
                       A.dim("mint.transpose dim1", dim1, rank)) if rank else input


def t(input):
    """A 2-D ``input`` transposed (a 1-D or 0-D one unchanged)."""
    A.tensor("mint.t input", input)
    if A.ndim(input) > 2:
        raise CellArgumentError(message("mint.t input", "a Tensor of at most 2 dims",
                                        f"{A.ndim(input)} dims", "Use mint.transpose."))
    return np.transpose(input) if A.ndim(input) == 2 else input


def narrow(input, dim, start, length):
    """``length`` elements of ``input`` along ``dim`` from ``start``."""
    A.tensor("mint.narrow input", input)
    dim = A.dim("mint.narrow dim", dim, A.ndim(input))
    size = onp.shape(getval(input))[dim]
    if isinstance(start, bool) or not isinstance(start, numbers.Integral) \
            or not -size <= start <= size:
        raise CellArgumentError(message("mint.narrow start", f"an int in [{-size}, {size}]",
                                        describe(start)))
    start = int(start) % size if start < 0 else int(start)
    if not 0 <= A.integer("mint.narrow length", length) <= size - start:
        raise CellArgumentError(message("mint.narrow length", f"an int in [0, {size - start}]",
                                        str(length)))
    return ops.narrow(input, dim, start, length)


def select(input, dim, index):
    """The slice of ``input`` at ``index`` along ``dim`` (that axis removed)."""
    A.tensor("mint.select input", input)
    dim = A.dim("mint.select dim", dim, A.ndim(input))
    size = onp.shape(getval(input))[dim]
    if isinstance(index, bool) or not isinstance(index, numbers.Integral) \
            or not -size <= index < size:
        raise CellArgumentError(message("mint.select index", f"an int in [{-size}, {size - 1}]",
                                        describe(index)))
    return np.take(input, int(index), axis=dim)


def diag(input, diagonal=0):
    """A 1-D ``input`` as a square matrix's ``diagonal``, or a 2-D one's diagonal."""
    A.tensor("mint.diag input", input)
    offset = A.integer("mint.diag diagonal", diagonal, -(2 ** 62))
    if A.ndim(input) not in (1, 2):
        raise CellArgumentError(message("mint.diag input", "a 1-D or 2-D Tensor",
                                        f"{A.ndim(input)} dims"))
    return np.diag(input, offset)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """The ``n``-th forward difference along ``dim``."""
    A.tensor("mint.diff input", input)
    return ops.diff(input, A.integer("mint.diff n", n), A.dim("mint.diff dim", dim,
                                                              A.ndim(input)), prepend, append)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids from 1-D ``tensors`` (``indexing`` 'ij', the default, or 'xy')."""
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    indexing = "ij" if indexing is None else indexing
    if indexing not in ("ij", "xy"):
        raise CellArgumentError(message("mint.meshgrid indexing", "'ij' or 'xy'",
                                        repr(indexing)))
    return ops.meshgrid(*_sequence("mint.meshgrid tensors", tensors), indexing=indexing)


def repeat_interleave(input, repeats, dim=None, *, output_size=None):
    """Each element of ``input`` repeated ``repeats`` times along ``dim`` (flattened when
    None)."""
    A.tensor("mint.repeat_interleave input", input)
    if dim is None:
        input, dim = np.reshape(input, (-1,)), 0
    dim = A.dim("mint.repeat_interleave dim", dim, A.ndim(input))
    counts = onp.asarray(getval(repeats)).astype(onp.int64) if A.is_tensor(repeats) \
        or isinstance(repeats, (list, tuple)) else repeats
    return np.repeat(input, counts, axis=dim)


def take(input, index):
    """The elements of the flattened ``input`` at ``index`` (in ``index``'s shape)."""
    A.tensor("mint.take input", input)
    A.tensor("mint.take index", index)
    flat, positions = np.reshape(input, (-1,)), getval(index)
    if positions.dtype.kind not in "iu":
        raise CellTypeError(message("mint.take index", "an int Tensor", str(positions.dtype)))
    size = flat.shape[0]
    if positions.size and (positions.min() < -size or positions.max() >= size):
        raise CellArgumentError(message("mint.take index", f"values in [{-size}, {size - 1}]",
                                        f"[{positions.min()}, {positions.max()}]"))
    return np.take(flat, onp.asarray(positions) % builtins_max(size, 1))


def clone(input):
    """A copy of ``input`` (gradients flow through unchanged)."""
    A.tensor("mint.clone input", input)
    return input + 0 if getval(input).dtype.kind != "b" else np.array(getval(input))


builtins_max = max


A.name_callers(globals(), "mint")  # errors name mint.<function>
