"""MindSpore 2.10's functional activations beyond ``activations.py``: ``celu``, ``glu``,
``hardshrink``, ``softshrink``, ``hardtanh``, ``prelu``, ``rrelu``, ``softsign``,
``softmin``, ``tanhshrink``, ``threshold``, ``fast_gelu`` and ``gumbel_softmax``.

Each is a few facade calls, so gradients come from the tracer; float16/float32 inputs
keep their dtype and int or bool inputs are refused, as MindSpore does.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.softshrink(ms.Tensor([-1.0, 0.2, 2.0]))
array([-0.5,  0. ,  1.5], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only, keeps_float_dtype
from .functional import sigmoid, softmax


def _number(where, value):
    """A real number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value), "Pass a number."))
    return float(value)


def _axis(where, axis, ndim):
    if isinstance(axis, bool) or not isinstance(axis, (int, onp.integer)):
        raise CellTypeError(message(where, "an int", describe(axis)))
    if not -ndim <= axis < max(ndim, 1):
        raise CellArgumentError(message(where, f"an axis in [{-ndim}, {ndim})", repr(axis)))
    return int(axis) % max(ndim, 1)


def _typed(x, value):
    return getval(x).dtype.type(value)


@keeps_float_dtype
def celu(x, alpha=1.0):
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""
    alpha = _number("ops.celu alpha", alpha)
    if alpha == 0:
        raise CellArgumentError(message("ops.celu alpha", "a nonzero float", "0.0"))
    float_only("ops.celu x", x)
    negative = _typed(x, alpha) * (np.exp(x / _typed(x, alpha)) - 1)
    return np.where(getval(x) > 0, x, negative)


def glu(x, axis=-1):
    """Gated linear unit: the first half of ``axis`` times sigmoid of the second half."""
    float_only("ops.glu x", x)
    shape = onp.shape(getval(x))
    axis = _axis("ops.glu axis", axis, len(shape))
    if not shape or shape[axis] % 2:
        raise CellArgumentError(message("ops.glu x", f"an even length on axis {axis}",
                                        f"shape {shape}"))
    half = shape[axis] // 2
    a = np.take(x, onp.arange(half), axis=axis)
    b = np.take(x, onp.arange(half, 2 * half), axis=axis)
    return a * sigmoid(b)


@keeps_float_dtype
def hardshrink(input, lambd=0.5):
    """``input`` where ``|input| > lambd``, else 0."""
    lambd = _number("ops.hardshrink lambd", lambd)
    float_only("ops.hardshrink input", input)
    keep = onp.abs(getval(input)) > lambd
    return np.where(keep, input, _typed(input, 0))


@keeps_float_dtype
def softshrink(input, lambd=0.5):
    """``input - lambd`` above ``lambd``, ``input + lambd`` below ``-lambd``, else 0."""
    lambd = _number("ops.softshrink lambd", lambd)
    if lambd < 0:
        raise CellArgumentError(message("ops.softshrink lambd", "a float >= 0", repr(lambd)))
    float_only("ops.softshrink input", input)
    data, lam = getval(input), _typed(input, lambd)
    return np.where(data > lambd, input - lam,
                    np.where(data < -lambd, input + lam, _typed(input, 0)))


def _no_bool(where, x):
    data = getval(x)
    if getattr(data, "dtype", onp.dtype(onp.float32)).kind == "b":
        raise CellTypeError(message(where, "an int or float Tensor", "Bool",
                                    "Cast it first: x.astype(ms.float32)."))
    return data


@keeps_float_dtype
def hardtanh(input, min_val=-1.0, max_val=1.0):
    """``input`` limited to ``[min_val, max_val]`` (all ``max_val`` if they cross); ints
    stay ints."""
    low = _number("ops.hardtanh min_val", min_val)
    high = _number("ops.hardtanh max_val", max_val)
    _no_bool("ops.hardtanh input", input)
    return np.clip(input, _typed(input, low), _typed(input, high))


def prelu(input, weight):
    """``input`` where positive, else ``weight * input`` (one slope per channel, axis 1)."""
    float_only("ops.prelu input", input)
    float_only("ops.prelu weight", weight)
    shape, w_shape = onp.shape(getval(input)), onp.shape(getval(weight))
    channels = shape[1] if len(shape) >= 2 else 1
    if len(w_shape) > 1 or (w_shape and w_shape[0] not in (1, channels)):
        raise CellArgumentError(message("ops.prelu weight", f"1 or {channels} elements "
                                        "(the input's axis 1)", f"shape {w_shape}"))
    w = weight.astype(getval(input).dtype)
    if len(shape) >= 2 and w_shape:
        w = np.reshape(w, (1, w_shape[0]) + (1,) * (len(shape) - 2))
    return np.where(getval(input) > 0, input, w * input)


@keeps_float_dtype
def rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    """Randomized leaky ReLU: each negative element scaled by a slope drawn from
    ``U(lower, upper)`` (ints truncated back to ints)."""
    lower = _number("ops.rrelu lower", lower)
    upper = _number("ops.rrelu upper", upper)
    if lower > upper:
        raise CellArgumentError(message("ops.rrelu", "lower <= upper",
                                        f"lower={lower}, upper={upper}"))
    data = _no_bool("ops.rrelu input", input)
    if data.dtype.kind in "iu":  # MindSpore scales in float and truncates back to the int
        return rrelu(input.astype(onp.float32), lower, upper).astype(data.dtype)
    slope = onp.random.uniform(lower, upper, size=onp.shape(data)).astype(data.dtype)
    return np.where(data >= 0, input, input * slope)


@keeps_float_dtype
def softsign(x):
    """``x / (1 + |x|)``."""
    return x / (np.abs(float_only("ops.softsign x", x)) + 1)


def softmin(x, axis=-1, *, dtype=None):
    """``softmax(-x)`` along ``axis``."""
    if dtype is not None:
        x = x.astype(dtype)
    return softmax(-float_only("ops.softmin x", x), axis)


@keeps_float_dtype
def tanhshrink(input):
    """``input - tanh(input)`` (ints computed in float32)."""
    if _no_bool("ops.tanhshrink input", input).dtype.kind in "iu":
        input = input.astype(onp.float32)
    return input - np.tanh(input)


@keeps_float_dtype
def threshold(input, thr, value):
    """``input`` where ``input > thr``, else ``value`` cast to ``input``'s dtype (int
    and bool Tensors too, as MindSpore's)."""
    thr = _number("ops.threshold thr", thr)
    value = _number("ops.threshold value", value)
    return np.where(getval(input) > thr, input, _typed(input, value))


@keeps_float_dtype
def fast_gelu(x):
    """``x * sigmoid(1.702 * x)``, MindSpore's fast GELU."""
    float_only("ops.fast_gelu x", x)
    return x * sigmoid(x * _typed(x, 1.702))


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """Softmax of ``(logits + Gumbel noise) / tau``; one-hot (gradient of the soft one)
    when ``hard``."""
    tau = _number("ops.gumbel_softmax tau", tau)
    if tau <= 0:
        raise CellArgumentError(message("ops.gumbel_softmax tau", "a float > 0", repr(tau)))
    if not isinstance(hard, (bool, onp.bool_)):
        raise CellTypeError(message("ops.gumbel_softmax hard", "a bool", describe(hard)))
    float_only("ops.gumbel_softmax logits", logits)
    data = getval(logits)
    dim = _axis("ops.gumbel_softmax dim", dim, data.ndim)
    uniform = onp.random.uniform(onp.finfo(data.dtype).tiny, 1.0, size=data.shape)
    noise = (-onp.log(-onp.log(uniform))).astype(data.dtype)
    soft = softmax((logits + noise) / _typed(logits, tau), dim)
    if not hard:
        return soft
    index = onp.argmax(getval(soft), axis=dim)
    one_hot = (onp.expand_dims(index, dim) == onp.expand_dims(
        onp.arange(data.shape[dim]), tuple(i for i in range(data.ndim) if i != dim))
    ).astype(data.dtype)
    return soft - getval(soft) + one_hot


__all__ = ["celu", "glu", "hardshrink", "softshrink", "hardtanh", "prelu", "rrelu",
           "softsign", "softmin", "tanhshrink", "threshold", "fast_gelu", "gumbel_softmax"]
