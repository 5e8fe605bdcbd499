"""MindSpore's distances: ``dist`` (the p-norm of a difference), ``cdist`` (all pairs
between two sets, batched), ``pdist`` (pairs within one set) and
``cosine_similarity``.

p-norms whose value is 0 get gradient 0, not NaN: the root is taken of a sum that is
kept away from 0 on the traced path only where the sum is 0.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.dist(ms.Tensor([0.0, 0.0]), ms.Tensor([3.0, 4.0]))
array(5., dtype=float32)
"""
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _check_p(where, p):
    if not isinstance(p, (int, float)) or isinstance(p, bool) or p < 0:
        raise CellArgumentError(message(f"{where} p", "a number >= 0", repr(p)))


def _float_input(where, x):
    if _dtype_of(x) is None or _dtype_of(x).kind != "f":
        raise CellTypeError(message(where, "a float Tensor",
                                    str(_dtype_of(x) or type(x).__name__)))


def _pnorm(diff, p, axis):
    """The p-norm of ``diff`` over ``axis`` with a zero-safe gradient."""
    data = onp.abs(getval(diff))
    if p == 0:
        return np.sum(np.where(data != 0, 1.0, 0.0), axis=axis).astype(data.dtype)
    if math.isinf(p):
        return np.max(np.abs(diff), axis=axis)
    zero = onp.all(data == 0, axis=axis)
    safe = np.where(data == 0, 0.0, np.abs(diff)).astype(data.dtype) \
        if p < 1 else np.abs(diff)
    total = np.sum(safe ** p, axis=axis)
    total = np.where(zero, 1.0, total)
    return np.where(zero, 0.0, total ** (1.0 / p)).astype(data.dtype)


def dist(input, other, p=2):
    """The p-norm of input - other over all elements (``p`` an int, as in MindSpore)."""
    if not isinstance(p, int) or isinstance(p, bool):
        raise CellTypeError(message("ops.dist p", "an int", repr(p)))
    _check_p("ops.dist", p)
    _float_input("ops.dist input", input)
    return _pnorm(input - other, p, None)


def cdist(x1, x2, p=2.0):
    """The p-norm distance between each row of ``x1`` and each row of ``x2`` (batched)."""
    _check_p("ops.cdist", p)
    _float_input("ops.cdist x1", x1)
    s1, s2 = onp.shape(getval(x1)), onp.shape(getval(x2))
    if len(s1) not in (2, 3) or len(s1) != len(s2) or s1[-1] != s2[-1]:
        raise CellArgumentError(message("ops.cdist x1/x2", "2-D or 3-D Tensors with the "
                                        "same last axis", f"shapes {s1} and {s2}"))
    diff = np.expand_dims(x1, -2) - np.expand_dims(x2, -3)
    return _pnorm(diff, p, -1)


def pdist(input, p=2.0):
    """The p-norm distance between each pair of rows i < j, as a 1-D Tensor (batched)."""
    _check_p("ops.pdist", p)
    _float_input("ops.pdist input", input)
    shape = onp.shape(getval(input))
    if len(shape) < 2:
        raise CellArgumentError(message("ops.pdist input", "a Tensor of 2 or more dims",
                                        f"shape {shape}"))
    rows, cols = onp.triu_indices(shape[-2], k=1)
    diff = np.take(input, rows, axis=-2) - np.take(input, cols, axis=-2)
    return _pnorm(diff, p, -1)


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """x1 . x2 / max(|x1| |x2|, eps) along ``dim``."""
    _float_input("ops.cosine_similarity x1", x1)
    dot = np.sum(x1 * x2, axis=dim)
    n1 = np.sqrt(np.sum(x1 * x1, axis=dim))
    n2 = np.sqrt(np.sum(x2 * x2, axis=dim))
    return dot / np.maximum(n1 * n2, eps)
