"""MindSpore 2.10's index primitives: ``IndexAdd``, ``IndexFill``, ``IndexPut``,
``InplaceAdd``/``InplaceSub``/``InplaceUpdate``/``InplaceUpdateV2``, ``InplaceIndexAdd``
(and ``ops.inplace_add``/``inplace_sub``/``inplace_update``/``inplace_index_add``),
``MaskedScatter`` and ``FillDiagonal``.

As in MindSpore's PyNative mode, ``IndexAdd``, ``InplaceIndexAdd`` and
``inplace_index_add`` also write their result into their first argument (a Parameter
through ``writes.assign_all``); the others, despite their names, return a new Tensor and
leave their input alone. Gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.InplaceAdd((0, 2))(ms.Tensor([[1.0], [2.0], [3.0]]), ms.Tensor([[10.0], [20.0]]))
array([[11.],
       [ 2.],
       [23.]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter, is_tensor
from . import scattering as S
from .prims_base import AttrPrimitive, check_int, check_number
from .writes import assign_all


def _shape(x):
    return onp.shape(getval(x))


def _dtype(x):
    return onp.asarray(getval(x)).dtype


def _write_back(target, result):
    """MindSpore's kernels write ``result`` into ``target`` as well; a traced value is not
    written (it stands for a Tensor the caller still holds unchanged)."""
    if isinstance(target, Parameter):
        assign_all([(target, getval(result))])
    elif is_tensor(target) and not isbox(target):
        target[...] = getval(result)
    return result


def _index_tensor(where, indices, kinds=(onp.int32, onp.int64)):
    data = onp.asarray(getval(indices))
    if not is_tensor(indices) or data.dtype not in kinds:
        wanted = " or ".join(onp.dtype(k).name for k in kinds)
        raise CellTypeError(message(where, f"an {wanted} Tensor", describe(indices)))
    return data


def _same_dtype(where, x, y):
    if _dtype(x) != _dtype(y):
        raise CellTypeError(message(where, f"the dtype of the input {_dtype(x)}", str(_dtype(y)),
                                    "Cast them to one dtype first."))


# ---- along one axis, written back ----------------------------------------------------------
class IndexAdd(AttrPrimitive):
    """``IndexAdd(axis)(input_x, indices, input_y)``: ``input_x`` with the slices of
    ``input_y`` added at ``indices`` along ``axis`` (also written into ``input_x``)."""

    def __init__(self, axis, use_lock=True, check_index_bound=True):
        super().__init__()
        self._keep(axis=check_int("IndexAdd axis", axis),
                   use_lock=check_number("IndexAdd use_lock", use_lock, (bool,)),
                   check_index_bound=check_number("IndexAdd check_index_bound",
                                                  check_index_bound, (bool,)))

    def __call__(self, input_x, indices, input_y):
        _index_tensor("IndexAdd indices", indices, (onp.int32,))
        _same_dtype("IndexAdd input_y", input_x, input_y)
        return _write_back(input_x, S.index_add(input_x, indices, input_y, self.axis))


def inplace_index_add(var, indices, updates, axis):
    """``var`` with the rows of ``updates`` added at ``indices`` along ``axis``; the sum is
    also written into ``var``."""
    _index_tensor("ops.inplace_index_add indices", indices, (onp.int32,))
    if onp.ndim(getval(indices)) != 1:
        raise CellArgumentError(message("ops.inplace_index_add indices", "a 1-D Tensor",
                                        f"shape {_shape(indices)}"))
    _same_dtype("ops.inplace_index_add updates", var, updates)
    axis = check_int("ops.inplace_index_add axis", axis)
    return _write_back(var, S.index_add(var, indices, updates, axis))


class InplaceIndexAdd(AttrPrimitive):
    """``InplaceIndexAdd(axis)(var, indices, updates)``: ``ops.inplace_index_add``."""

    def __init__(self, axis):
        super().__init__()
        self._keep(axis=check_int("InplaceIndexAdd axis", axis))

    def __call__(self, var, indices, updates):
        return inplace_index_add(var, indices, updates, self.axis)


class IndexFill(AttrPrimitive):
    """``IndexFill()(x, dim, index, value)``: ``x`` with the slices at ``index`` along
    ``dim`` set to ``value``."""

    def __call__(self, x, dim, index, value):
        if is_tensor(dim):
            dim = int(onp.asarray(getval(dim)).reshape(()))
        rows = _index_tensor("IndexFill index", index, (onp.int32,)).ravel()
        shape = _shape(x)
        dim = check_int("IndexFill dim", dim)
        if not -len(shape) <= dim < max(len(shape), 1):
            raise CellArgumentError(message("IndexFill dim", f"an axis of x's rank {len(shape)}",
                                            str(dim)))
        if onp.ndim(getval(value)) != 0:
            raise CellArgumentError(message("IndexFill value", "a 0-d Tensor",
                                            f"shape {_shape(value)}"))
        size = shape[dim] if shape else 1
        if rows.size and (rows.min() < -size or rows.max() >= size):
            raise CellArgumentError(message("IndexFill index", f"indices in [{-size}, {size})",
                                            str(rows.tolist())))
        picked = onp.zeros(size, bool)
        picked[rows % max(size, 1)] = True
        mask = picked.reshape((-1,) + (1,) * (len(shape) - dim % max(len(shape), 1) - 1))
        fill = value.astype(_dtype(x)) if hasattr(value, "astype") else \
            onp.asarray(value, _dtype(x))
        return np.where(mask if shape else picked[0], fill, x)


# ---- rows by position, not written back ----------------------------------------------------
def _row_indices(where, indices, rows):
    if is_tensor(indices):
        data = _index_tensor(where, indices).ravel()
    else:
        items = indices if isinstance(indices, (tuple, list)) else (indices,)
        data = onp.array([check_int(where, i) for i in items], onp.int64)
    if data.size and (data.min() < -rows or data.max() >= rows):
        raise CellArgumentError(message(where, f"row numbers in [{-rows}, {rows})",
                                        str(data.tolist())))
    return (data % max(rows, 1)).reshape(-1, 1)


def _rows(where, op, x, v, indices):
    shape = _shape(x)
    if not shape:
        raise CellArgumentError(message(f"{where} x", "a Tensor of rank >= 1", "a 0-d Tensor"))
    _same_dtype(f"{where} v", x, v)
    rows = _row_indices(f"{where} indices", indices, shape[0])
    if _shape(v) != (len(rows),) + shape[1:]:
        raise CellArgumentError(message(f"{where} v", f"shape {(len(rows),) + shape[1:]} "
                                        "(one row per index)", f"shape {_shape(v)}"))
    if op == "update":
        return S.tensor_scatter_update(x, rows, v)
    return S.tensor_scatter_add(x, rows, v if op == "add" else -v)


def inplace_add(x, v, indices):
    """``x`` with the rows of ``v`` added at the row numbers ``indices`` (a new Tensor)."""
    return _rows("ops.inplace_add", "add", x, v, indices)


def inplace_sub(x, v, indices):
    """``x`` with the rows of ``v`` subtracted at the row numbers ``indices``."""
    return _rows("ops.inplace_sub", "sub", x, v, indices)


def inplace_update(x, v, indices):
    """``x`` with its rows at ``indices`` replaced by the rows of ``v``."""
    return _rows("ops.inplace_update", "update", x, v, indices)


def _by_rows(name, op):
    class ByRows(AttrPrimitive):
        def __init__(self, indices):
            super().__init__()
            _row_indices(f"{name} indices", indices, onp.iinfo(onp.int64).max)
            self._keep(indices=indices)

        def __call__(self, x, v):
            return _rows(name, op, x, v, self.indices)
    ByRows.__name__ = ByRows.__qualname__ = name
    ByRows.__doc__ = f"``{name}(indices)(x, v)``: ``ops.inplace_{op}(x, v, indices)``."
    return ByRows


InplaceAdd = _by_rows("InplaceAdd", "add")
InplaceSub = _by_rows("InplaceSub", "sub")
InplaceUpdate = _by_rows("InplaceUpdate", "update")


class InplaceUpdateV2(AttrPrimitive):
    """``InplaceUpdateV2()(x, indices, v)``: ``InplaceUpdate`` with the row numbers an
    int or an int Tensor given at call time."""

    def __call__(self, x, indices, v):
        return _rows("InplaceUpdateV2", "update", x, v, indices)


# ---- by index Tensors and masks ------------------------------------------------------------
class IndexPut(AttrPrimitive):
    """``IndexPut(accumulate=0)(x1, x2, indices)``: ``x1`` with ``x2`` written (added when
    ``accumulate`` is 1) at ``x1[indices]``, ``indices`` a tuple of int Tensors."""

    def __init__(self, accumulate=0):
        super().__init__()
        if check_int("IndexPut accumulate", accumulate) not in (0, 1):
            raise CellArgumentError(message("IndexPut accumulate", "0 or 1", repr(accumulate)))
        self._keep(accumulate=int(accumulate))

    def __call__(self, x1, x2, indices):
        if not isinstance(indices, (tuple, list)) or not indices:
            raise CellTypeError(message("IndexPut indices", "a non-empty tuple of int Tensors",
                                        describe(indices)))
        key = tuple(_index_tensor(f"IndexPut indices[{i}]", t) for i, t in enumerate(indices))
        _same_dtype("IndexPut x2", x1, x2)
        if onp.ndim(getval(x2)) != 1:
            raise CellArgumentError(message("IndexPut x2", "a 1-D Tensor",
                                            f"shape {_shape(x2)}"))
        shape = _shape(x1)
        if len(key) > len(shape):
            raise CellArgumentError(message("IndexPut indices", f"at most {len(shape)} Tensors "
                                            "(x1's rank)", str(len(key))))
        grid = onp.arange(int(onp.prod(shape))).reshape(shape)
        try:
            positions = grid[key]
            values = np.broadcast_to(x2, positions.shape)
        except (IndexError, ValueError) as err:
            raise CellArgumentError(message("IndexPut", f"indices within shape {shape} and x2 "
                                            "broadcastable to the picked elements",
                                            str(err))) from None
        flat = np.reshape(x1, (-1,))
        put = S.tensor_scatter_add if self.accumulate else S.tensor_scatter_update
        return np.reshape(put(flat, positions.reshape(-1, 1), np.reshape(values, (-1,))), shape)


class MaskedScatter(AttrPrimitive):
    """``MaskedScatter()(input, mask, updates)``: ``input`` with the elements where the
    (broadcast) bool ``mask`` is True taken, in order, from ``updates``."""

    def __call__(self, input, mask, updates):
        flags = onp.asarray(getval(mask))
        if not is_tensor(mask) or flags.dtype != bool:
            raise CellTypeError(message("MaskedScatter mask", "a bool Tensor", describe(mask)))
        _same_dtype("MaskedScatter updates", input, updates)
        shape = _shape(input)
        try:
            flags = onp.broadcast_to(flags, shape)
        except ValueError:
            raise CellArgumentError(message("MaskedScatter mask", f"a shape broadcastable to "
                                            f"{shape}", f"shape {flags.shape}")) from None
        positions = onp.flatnonzero(flags)
        if positions.size > onp.size(getval(updates)):
            raise CellArgumentError(message("MaskedScatter updates", f"at least {positions.size}"
                                            " elements (the mask's True count)",
                                            str(onp.size(getval(updates)))))
        picked = np.reshape(updates, (-1,))[:positions.size]
        flat = S.tensor_scatter_update(np.reshape(input, (-1,)), positions.reshape(-1, 1),
                                       picked)
        return np.reshape(flat, shape)


class FillDiagonal(AttrPrimitive):
    """``FillDiagonal(fill_value, wrap=False)(input_x)``: ``input_x`` with its main
    diagonal set to ``fill_value`` (NumPy's ``fill_diagonal``, ``wrap`` included)."""

    def __init__(self, fill_value, wrap=False):
        super().__init__()
        self._keep(fill_value=float(check_number("FillDiagonal fill_value", fill_value,
                                                 (numbers.Real,))),
                   wrap=check_number("FillDiagonal wrap", wrap, (bool,)))

    def __call__(self, input_x):
        shape = _shape(input_x)
        if len(shape) < 2 or (len(shape) > 2 and len(set(shape)) != 1):
            raise CellArgumentError(message("FillDiagonal input_x", "a Tensor of rank 2, or "
                                            "higher with all sizes equal", f"shape {shape}"))
        on_diagonal = onp.zeros(shape, bool)
        onp.fill_diagonal(on_diagonal, True, wrap=self.wrap)
        fill = onp.asarray(self.fill_value).astype(_dtype(input_x))
        return np.where(on_diagonal, fill, input_x)
