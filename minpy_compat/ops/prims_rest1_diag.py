"""MindSpore 2.10's ``MatrixDiagV3``, ``MatrixDiagPartV3`` and ``MatrixSetDiagV3``: a band
of diagonals ``k = (lo, hi)`` (or one diagonal ``k``) built into, read from or written into
the last two axes. The band is a (num_diags, max_diag_len) array, diagonal ``hi`` first;
``align`` says whether a diagonal shorter than ``max_diag_len`` sits at the LEFT or the RIGHT
of its row (the superdiagonals' way first, then the subdiagonals'). Every op gathers with
fixed index arrays, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
>>> k, pad = ms.Tensor([-1, 1], ms.int32), ms.Tensor(0.0)
>>> ops.MatrixDiagPartV3()(x, k, pad).tolist()
[[0.0, 2.0, 6.0], [1.0, 5.0, 9.0], [4.0, 8.0, 0.0]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .prims_base import AttrPrimitive

_ALIGNS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")


def _band(where, k):
    data = onp.asarray(getval(k))
    if data.dtype.kind not in "iu" or data.ndim > 1 or data.size not in (1, 2):
        raise CellTypeError(message(f"{where} k", "an int32 Tensor of one or two diagonal "
                                    "offsets", describe(k)))
    lo, hi = int(data.ravel()[0]), int(data.ravel()[-1])
    if lo > hi:
        raise CellArgumentError(message(f"{where} k", "k[0] <= k[1]", f"{data.tolist()}"))
    return lo, hi, data.size == 1 or lo == hi


def _positions(rows, cols, lo, hi, align):
    """``(drow, dcol, r, c)`` arrays: band cell (drow, dcol) holds matrix entry (r, c)."""
    longest = min(rows + min(hi, 0), cols - max(lo, 0))
    left_super, left_sub = align.startswith("LEFT"), align.endswith("LEFT")
    found = []
    for d in range(hi, lo - 1, -1):
        length = min(rows + min(d, 0), cols - max(d, 0))
        left = left_super if d >= 0 else left_sub
        offset = 0 if left else longest - length
        j = onp.arange(max(length, 0))
        found.append((onp.full_like(j, hi - d), offset + j, j + max(-d, 0), j + max(d, 0)))
    return tuple(onp.concatenate(parts) for parts in zip(*found)), longest


def _scalar(where, value, dtype):
    data = onp.asarray(getval(value))
    if data.size != 1:
        raise CellArgumentError(message(f"{where} padding_value", "a one-element Tensor",
                                        f"shape {data.shape}"))
    if data.dtype != dtype:
        raise CellTypeError(message(f"{where} padding_value", f"a {dtype} Tensor like x",
                                    describe(value)))
    return data.reshape(())


class _Align(AttrPrimitive):
    def __init__(self, align="RIGHT_LEFT"):
        super().__init__()
        if align not in _ALIGNS:
            raise CellArgumentError(message(f"{type(self).__name__} align",
                                            "one of " + ", ".join(_ALIGNS), repr(align)))
        self._keep(align=align)

    def _matrices(self, x):
        shape = onp.shape(getval(x))
        if len(shape) < 2:
            raise CellArgumentError(message(f"{type(self).__name__} x", "a Tensor of rank 2 "
                                            "or more", f"shape {shape}"))
        return shape[-2:]

    def _banded(self, diagonal, lo, hi, single, longest):
        """``diagonal`` as (..., num_diags, max_diag_len), once its shape fits the band."""
        w = type(self).__name__
        shape = onp.shape(getval(diagonal))
        want = (longest,) if single else (hi - lo + 1, longest)
        if shape[-len(want):] != want or len(shape) < len(want):
            raise CellArgumentError(message(f"{w} diagonal", f"a shape ending in {want} for k "
                                            f"({lo}, {hi})", f"shape {shape}"))
        return np.expand_dims(diagonal, -2) if single else diagonal


class MatrixDiagV3(_Align):
    """``MatrixDiagV3(align='RIGHT_LEFT')(x, k, num_rows, num_cols, padding_value)``: a
    (num_rows, num_cols) matrix per band ``x`` (diagonals ``k``), ``padding_value``
    elsewhere (-1 rows or columns: the least that fit)."""

    def __call__(self, x, k, num_rows, num_cols, padding_value):
        w = "MatrixDiagV3"
        lo, hi, single = _band(w, k)
        shape = onp.shape(getval(x))
        if not shape:
            raise CellArgumentError(message(f"{w} x", "a Tensor of rank 1 or more", "a scalar"))
        longest = shape[-1]
        need_rows, need_cols = longest - min(hi, 0), longest + max(lo, 0)
        rows, cols = (int(onp.asarray(getval(n)).reshape(-1)[0]) for n in (num_rows, num_cols))
        if rows == -1 and cols == -1:
            rows = cols = max(need_rows, need_cols)
        rows, cols = rows if rows != -1 else need_rows, cols if cols != -1 else need_cols
        if min(rows + min(hi, 0), cols - max(lo, 0)) != longest:
            raise CellArgumentError(message(f"{w} num_rows, num_cols", f"a matrix whose "
                                            f"longest diagonal in k ({lo}, {hi}) has "
                                            f"{longest} elements", f"({rows}, {cols})"))
        pad = _scalar(w, padding_value, getval(x).dtype)
        band = self._banded(x, lo, hi, single, longest)
        (dr, dc, r, c), _ = _positions(rows, cols, lo, hi, self.align)
        mask = onp.zeros((rows, cols), bool)
        mask[r, c] = True
        pick_r, pick_c = onp.zeros((rows, cols), int), onp.zeros((rows, cols), int)
        pick_r[r, c], pick_c[r, c] = dr, dc
        return np.where(mask, band[..., pick_r, pick_c], pad)


class MatrixDiagPartV3(_Align):
    """``MatrixDiagPartV3(align='RIGHT_LEFT')(x, k, padding_value)``: the diagonals ``k``
    of each matrix of ``x`` as a band, short ones padded with ``padding_value``."""

    def __call__(self, x, k, padding_value):
        w = "MatrixDiagPartV3"
        rows, cols = self._matrices(x)
        lo, hi, single = _band(w, k)
        if not (-rows < lo <= hi < cols):
            raise CellArgumentError(message(f"{w} k", f"diagonals in ({-rows}, {cols})",
                                            f"({lo}, {hi})"))
        pad = _scalar(w, padding_value, getval(x).dtype)
        (dr, dc, r, c), longest = _positions(rows, cols, lo, hi, self.align)
        mask = onp.zeros((hi - lo + 1, longest), bool)
        mask[dr, dc] = True
        pick_r, pick_c = onp.zeros(mask.shape, int), onp.zeros(mask.shape, int)
        pick_r[dr, dc], pick_c[dr, dc] = r, c
        band = np.where(mask, x[..., pick_r, pick_c], pad)
        return band[..., 0, :] if single else band


class MatrixSetDiagV3(_Align):
    """``MatrixSetDiagV3(align='RIGHT_LEFT')(x, diagonal, k)``: ``x`` with its diagonals
    ``k`` replaced by the band ``diagonal`` (of x's dtype, or both promoted, as MindSpore)."""

    def __call__(self, x, diagonal, k):
        w = "MatrixSetDiagV3"
        rows, cols = self._matrices(x)
        lo, hi, single = _band(w, k)
        if not (-rows < lo <= hi < cols):
            raise CellArgumentError(message(f"{w} k", f"diagonals in ({-rows}, {cols})",
                                            f"({lo}, {hi})"))
        (dr, dc, r, c), longest = _positions(rows, cols, lo, hi, self.align)
        band = self._banded(diagonal, lo, hi, single, longest)
        mask = onp.zeros((rows, cols), bool)
        mask[r, c] = True
        pick_r, pick_c = onp.zeros((rows, cols), int), onp.zeros((rows, cols), int)
        pick_r[r, c], pick_c[r, c] = dr, dc
        return np.where(mask, band[..., pick_r, pick_c], x)
