"""MindSpore's ``ops.clip_by_value`` and ``ops.clip_by_global_norm``: a Tensor, or each of a
tuple or list of them, limited in value or scaled by their joint norm.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.clip_by_value(ms.Tensor([-2.0, 0.5, 3.0]), -1.0, 1.0)
array([-1. ,  0.5,  1. ], dtype=float32)
>>> ops.clip_by_global_norm((ms.Tensor([3.0, 4.0]),), 1.0)[0]
array([0.6, 0.8], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor


def _tensors(where, x):
    """``x`` as a tuple of Tensors, and whether it was one Tensor (a ParameterTuple, a
    tuple subclass, counts as a tuple)."""
    items = (x,) if is_tensor(x) else x
    if not isinstance(items, (tuple, list)) or not all(is_tensor(item) for item in items):
        raise CellTypeError(message(f"{where} x", "a Tensor or a tuple or list of Tensors",
                                    describe(x)))
    return tuple(items), is_tensor(x)


def _bound_as(where, name, bound, dtype):
    """A bound in ``x``'s dtype (MindSpore casts it: an int x with bound 1.5 clips at 1)."""
    if bound is None:
        return None
    if is_tensor(bound):
        return bound if getval(bound).dtype == dtype else bound.astype(dtype)
    if isinstance(bound, numbers.Real):  # bools too: MindSpore takes them as ints
        return onp.array(bound).astype(dtype)
    raise CellTypeError(message(f"{where} {name}", "None, a Tensor or a number",
                                describe(bound)))


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """``x`` limited to [min, max]: the bounds cast to ``x``'s dtype, then a maximum with
    min and a minimum with max, as in MindSpore (so min > max gives max everywhere, and the
    gradient is 1/2 where ``x`` sits exactly on a bound). A tuple or list gives a tuple."""
    where = "ops.clip_by_value"
    if clip_value_min is None and clip_value_max is None:
        raise CellArgumentError(message(where, "clip_value_min or clip_value_max",
                                        "None for both", "Pass at least one bound."))
    items, single = _tensors(where, x)
    clipped = []
    for item in items:
        dtype = getval(item).dtype
        low = _bound_as(where, "clip_value_min", clip_value_min, dtype)
        high = _bound_as(where, "clip_value_max", clip_value_max, dtype)
        if low is not None:
            item = np.maximum(item, low)
        if high is not None:
            item = np.minimum(item, high)
        clipped.append(item)
    return clipped[0] if single else tuple(clipped)


def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """Each Tensor times ``clip_norm / max(global_norm, clip_norm)``, where global_norm is
    the float32 square root of the sum of every element's square; each result keeps its
    Tensor's dtype. One Tensor gives one Tensor; a tuple or list gives a tuple."""
    where = "ops.clip_by_global_norm"
    if isinstance(clip_norm, bool) or not isinstance(clip_norm, numbers.Real) \
            or not clip_norm > 0:
        raise CellArgumentError(message(f"{where} clip_norm", "a number > 0", repr(clip_norm)))
    if use_norm is not None:
        raise CellArgumentError(message(f"{where} use_norm", "None (the only value MindSpore "
                                        "supports)", repr(use_norm)))
    items, single = _tensors(where, x)
    squares = [np.sum(np.square(item)).astype(onp.float32) for item in items]
    total = squares[0]
    for square in squares[1:]:
        total = total + square
    limit = onp.float32(clip_norm)
    norm = np.sqrt(total)
    norm = np.where(getval(norm) >= limit, norm, limit)
    scaled = tuple(_in_dtype(item * limit / norm, getval(item).dtype) for item in items)
    return scaled[0] if single else scaled


def _in_dtype(value, dtype):
    return value if getval(value).dtype == dtype else value.astype(dtype)
