"""MindSpore's ``FillV2``, ``IdentityN`` and ``InTopK`` primitive classes, and the top-k
membership test ``ops.intopk`` shares.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.InTopK(1)(ms.Tensor([[1.0, 3.0, 2.0]]), ms.Tensor([1], ms.int32))
array([ True])
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, message
from .prims_base import AttrPrimitive, check_int, check_number, forwarding
from .prims_mathx import _dtype_of, _kinds


def _fill_v2(shape, value):
    data = getval(shape)
    if isinstance(data, onp.ndarray):
        _kinds("FillV2 shape", shape, "i", "an int Tensor, tuple or list")
        data = tuple(int(v) for v in data.ravel())
    elif not isinstance(data, (tuple, list)):
        raise CellTypeError(message("FillV2 shape", "a tuple, list or int Tensor",
                                    type(data).__name__))
    for size in data:
        if check_int("FillV2 shape", size) < 0:
            raise CellArgumentError(message("FillV2 shape", "sizes >= 0", str(tuple(data))))
    if _dtype_of(value) is None:
        raise CellTypeError(message("FillV2 value", "a 0-D Tensor", repr(getval(value)),
                                    "Wrap it: ms.Tensor(1.0)."))
    if onp.ndim(getval(value)) != 0:
        raise CellArgumentError(message("FillV2 value", "a 0-D Tensor",
                                        f"shape {onp.shape(getval(value))}"))
    return np.broadcast_to(value, tuple(data)) + np.zeros(tuple(data), _dtype_of(value))


FillV2 = forwarding("FillV2", _fill_v2,
                    "FillV2()(shape, value): a Tensor of shape filled with the 0-D value.")


def _identity_n(x):
    if not isinstance(x, (tuple, list)) or not all(_dtype_of(v) is not None for v in x):
        raise CellTypeError(message("IdentityN x", "a tuple or list of Tensors",
                                    type(x).__name__))
    return type(x)(x)


IdentityN = forwarding("IdentityN", _identity_n, "Its tuple or list of Tensors, unchanged.")


def in_top_k(where, x1, x2, k):
    """Whether each ``x2[i]`` is among the ``k`` largest of row ``x1[i]`` (ties count in)."""
    check_number(f"{where} k", k, (int,))
    if _dtype_of(x1) not in (onp.float16, onp.float32):
        raise CellTypeError(message(f"{where} x1", "a float16 or float32 Tensor",
                                    str(_dtype_of(x1))))
    _kinds(f"{where} x2", x2, "i", "an int32 or int64 Tensor")
    scores, targets = getval(x1), getval(x2)
    if scores.ndim != 2 or targets.shape != scores.shape[:1]:
        raise CellArgumentError(message(f"{where} x2", "x1 of shape (N, C) and x2 of (N,)",
                                        f"{scores.shape} and {targets.shape}"))
    inside = (targets >= 0) & (targets < scores.shape[1])
    picked = scores[onp.arange(len(targets)), onp.where(inside, targets, 0)]
    above = (scores > picked[:, None]).sum(1)
    found = inside & onp.isfinite(picked) & (above < k)
    return wrap(found)


class InTopK(AttrPrimitive):
    """``InTopK(k)(x1, x2)``: whether each target ``x2[i]`` is in row i's top k."""

    def __init__(self, k):
        super().__init__()
        self._keep(k=check_number("InTopK k", k, (int,)))

    def __call__(self, x1, x2):
        return in_top_k("InTopK", x1, x2, self.k)
