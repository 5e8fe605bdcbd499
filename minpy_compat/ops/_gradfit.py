"""Gradients a user returns (a bprop, a backward hook): checked and fitted to their inputs.

MindSpore's PyNative rules: ``None`` means zeros; a gradient with extra or
size-1-broadcast axes is summed down to its input's shape; an int gradient for a
float input is cast; a gradient that would have to grow (shape ``()`` for an input
of shape ``(2,)``) or that does not broadcast is an error naming the slot.
Everything here uses the differentiable facade, so a bprop stays differentiable.
"""
import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..array import Array
from ..errors import BpropError, BpropTypeError, describe, message
from ..tensor import is_tensor


def value_shape(value):
    return onp.shape(getval(value))


def float_dtype(value):
    dtype = getattr(getval(value), "dtype", None)
    if dtype is None and isinstance(getval(value), float):
        return None
    return dtype if dtype is not None and dtype.kind in "fc" else None


def zeros_for(like):
    raw = getval(like)
    return onp.zeros(onp.shape(raw), getattr(raw, "dtype", onp.float64)).view(Array)


def fit_gradient(where, grad, like, shape_error=BpropError, type_error=BpropTypeError):
    """``grad`` made fit for an input ``like`` (see the module docstring), or an error."""
    if not is_tensor(like):
        return grad  # a Python scalar input: its slot is not used
    if grad is None:
        return zeros_for(like)
    shape = value_shape(like)
    if type(grad) is onp.ndarray:
        raise type_error(message(where, "a Tensor", f"a numpy.ndarray of shape {grad.shape}",
                                 "Wrap it: ms.Tensor(value)."))
    if isinstance(grad, (bool, int, float, onp.generic)) and not isbox(grad):
        if shape != ():
            raise shape_error(message(where, f"a Tensor of shape {shape}", f"the number {grad!r}",
                                      "A gradient cannot be broadcast up to its input's shape."))
        grad = onp.asarray(grad).view(Array)
    elif not is_tensor(grad):
        raise type_error(message(where, f"a Tensor of shape {shape}", describe(grad)))
    grad = _sum_to(where, grad, shape, shape_error)
    dtype = float_dtype(like)
    got = getattr(getval(grad), "dtype", None)
    if dtype is not None and got is not None and got != dtype:
        grad = grad.astype(dtype)
    return grad


def _sum_to(where, grad, shape, shape_error):
    got = value_shape(grad)
    if got == shape:
        return grad
    lead = len(got) - len(shape)
    if lead < 0 or any(want not in (1, have) for want, have in zip(shape, got[lead:])):
        raise shape_error(message(
            where, f"a gradient of shape {shape} (or one that sums down to it)",
            f"shape {got}", "Return a gradient with the input's shape."))
    if lead:
        grad = np.sum(grad, axis=tuple(range(lead)))
    keep = tuple(i for i, (want, have) in enumerate(zip(shape, got[lead:])) if want == 1 != have)
    if keep:
        grad = np.sum(grad, axis=keep, keepdims=True)
    return grad


def as_grad_tuple(where, result, count, names, shape_error=BpropError, type_error=BpropTypeError,
                  fix=""):
    """A returned gradient or sequence of gradients as a tuple of ``count`` (extras dropped)."""
    if result is None:
        raise type_error(message(where, f"{_count(count, names)}", "None",
                                 fix or "Return a tuple with one gradient per input."))
    if isinstance(result, dict):
        raise type_error(message(where, f"{_count(count, names)}", "a dict",
                                 "Return a dict of Parameter gradients only beside the input "
                                 "gradients, when the Cell sets internal_params."))
    if type(result) not in (tuple, list):
        result = (result,)
    if len(result) < count:
        got = "one gradient" if len(result) == 1 else f"{len(result)} gradients"
        raise shape_error(message(where, _count(count, names), got,
                                  fix or f"Return ({', '.join('d' + n for n in names)})."))
    return tuple(result[:count])


def _count(count, names):
    noun = "gradient" if count == 1 else "gradients"
    return f"a tuple of {count} {noun} ({', '.join(names)})"
