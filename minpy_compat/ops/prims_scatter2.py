"""MindSpore 2.10's remaining scatter-into-a-Parameter primitives: ``ScatterMul``,
``ScatterDiv``, ``ScatterMax`` and ``ScatterMin`` (rows picked by ``indices``, as
``ScatterAdd``) and ``ScatterNdAdd``, ``ScatterNdSub`` and ``ScatterNdUpdate`` (the last axis
of ``indices`` indexes the leading axes of ``input_x``). The new values are computed
first and written through ``writes.assign_all``, so a bad argument leaves the Parameter
as it was; repeated indices apply one after another.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name='x')
>>> ops.ScatterMax()(x, ms.Tensor([0, 0], ms.int32), ms.Tensor([5.0, 4.0])).tolist()
[5.0, 2.0, 3.0]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from .prims_writes import _Scatter, _param
from .writes import assign_all


def _divide_at(new, idx, data):
    """``new[idx] /= data`` one index at a time (ints truncate toward zero)."""
    for i, row in zip(idx, data):
        if new.dtype.kind in "iu":
            new[i] = onp.trunc(new[i] / row).astype(new.dtype)
        else:
            new[i] = new[i] / row


class ScatterMul(_Scatter):
    """``ScatterMul()(input_x, indices, updates)``: ``input_x[indices] *= updates``."""

    def _apply(self, new, idx, data):
        onp.multiply.at(new, idx, data)


class ScatterDiv(_Scatter):
    """``ScatterDiv()(input_x, indices, updates)``: ``input_x[indices] /= updates``
    (``updates`` may hold no 0)."""

    def _apply(self, new, idx, data):
        if (data == 0).any():
            raise CellArgumentError(message("ScatterDiv updates", "no 0 values",
                                            "a 0", "Division by zero is refused."))
        _divide_at(new, idx, data)


class ScatterMax(_Scatter):
    """``ScatterMax()(input_x, indices, updates)``: ``input_x[indices] =
    max(input_x[indices], updates)``."""

    def _apply(self, new, idx, data):
        onp.maximum.at(new, idx, data)


class ScatterMin(_Scatter):
    """``ScatterMin()(input_x, indices, updates)``: ``input_x[indices] =
    min(input_x[indices], updates)``."""

    def _apply(self, new, idx, data):
        onp.minimum.at(new, idx, data)


class _ScatterNd(_Scatter):
    def __call__(self, input_x, indices, updates):
        where = type(self).__name__
        input_x = _param(f"{where} input_x", input_x)
        idx = onp.asarray(getval(indices))
        if idx.dtype.kind not in "iu":
            raise CellTypeError(message(f"{where} indices", "an int Tensor", describe(indices)))
        shape = input_x.shape
        if idx.ndim < 1 or not 1 <= idx.shape[-1] <= len(shape):
            raise CellArgumentError(message(
                f"{where} indices", f"a last axis of length 1..{len(shape)} (the rank of "
                "input_x)", f"shape {idx.shape}"))
        depth = idx.shape[-1]
        bounds = onp.array(shape[:depth])
        if idx.size and ((idx < 0).any() or (idx >= bounds).any()):
            raise CellArgumentError(message(f"{where} indices", f"values below {shape[:depth]}",
                                            f"{idx.reshape(-1, depth).tolist()}"))
        want = idx.shape[:-1] + shape[depth:]
        data = onp.asarray(getval(updates))
        if data.shape != want:
            raise CellArgumentError(message(f"{where} updates", f"shape {want}",
                                            f"shape {data.shape}"))
        new = input_x.view(onp.ndarray).copy()
        flat = tuple(idx.reshape(-1, depth).T)
        self._apply(new, flat, data.reshape((-1,) + shape[depth:]).astype(new.dtype))
        assign_all([(input_x, new)])
        return input_x


class ScatterNdAdd(_ScatterNd):
    """``ScatterNdAdd()(input_x, indices, updates)``: ``input_x[indices] += updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    def _apply(self, new, idx, data):
        onp.add.at(new, idx, data)


class ScatterNdSub(_ScatterNd):
    """``ScatterNdSub()(input_x, indices, updates)``: ``input_x[indices] -= updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    def _apply(self, new, idx, data):
        onp.subtract.at(new, idx, data)


class ScatterNdUpdate(_ScatterNd):
    """``ScatterNdUpdate()(input_x, indices, updates)``: ``input_x[indices] = updates``, the
    last axis of ``indices`` a position in ``input_x``'s leading axes."""

    def __init__(self, use_locking=True):
        super().__init__(use_locking)

    def _apply(self, new, idx, data):
        new[idx] = data
