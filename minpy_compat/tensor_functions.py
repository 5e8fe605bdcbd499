"""MindSpore 2.10's top-level Tensor functions: ``ms.tensor`` (the factory function beside the
``Tensor`` class) and ``ms.swap_tensors``.

>>> import minpy_compat as ms
>>> ms.tensor([1, 2]).dtype, ms.tensor(2.5).dtype
(dtype('int64'), dtype('float32'))
"""
import numpy as onp
from autograd.tracer import isbox

from .errors import CellArgumentError, CellTypeError, describe, message
from .tensor import Tensor, is_tensor


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """``ms.tensor(data, dtype)``: a Tensor, as ``Tensor(...)`` makes it; with ``shape`` and
    ``dtype`` but no data, one filled by ``init`` (zeros without it). ``const_arg`` only
    matters to graph compilation; ``device`` may be None or ``'CPU'``."""
    if device is not None and str(device).split(":")[0].upper() != "CPU":
        raise CellArgumentError(message("tensor 'device'", "None or 'CPU'", repr(device),
                                        "minpy_compat runs on the CPU; drop device=."))
    if input_data is None and init is None and shape is not None:
        init = "zeros"
    return Tensor(input_data, dtype, shape, init)


def swap_tensors(t1, t2):
    """Swap the contents of two Tensors in place (and their classes: a Parameter swapped with
    a Tensor becomes a Tensor). NumPy arrays own their buffer, so both must have one shape and
    dtype here (MindSpore also swaps tensors of different shapes)."""
    for name, value in (("t1", t1), ("t2", t2)):
        if not is_tensor(value) or isbox(value):
            raise CellTypeError(message(f"swap_tensors '{name}'", "a concrete Tensor",
                                        describe(value)))
    if t1.shape != t2.shape or t1.dtype != t2.dtype:
        raise CellArgumentError(message(
            "swap_tensors", "two Tensors of one shape and dtype",
            f"{t1.shape} {t1.dtype} and {t2.shape} {t2.dtype}",
            "minpy_compat swaps data in place; reassign the names instead "
            "(t1, t2 = t2, t1)."))
    if t1 is t2:
        return
    data = onp.array(t1, copy=True)
    onp.copyto(t1, t2)
    onp.copyto(t2, data)
    if type(t1) is not type(t2):
        t1_state, t2_state = dict(vars(t1)), dict(vars(t2))
        t1.__class__, t2.__class__ = type(t2), type(t1)
        vars(t1).clear(), vars(t2).clear()
        vars(t1).update(t2_state), vars(t2).update(t1_state)
