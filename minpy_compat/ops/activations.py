"""MindSpore's activations beyond ReLU/Sigmoid/Tanh: ``gelu``/``GeLU``, ``silu``,
``softplus``/``Softplus``, ``elu``/``Elu``, ``leaky_relu``, ``hardswish``/``HSwish``,
``hardsigmoid``/``HSigmoid``, ``mish``, ``selu``, ``logsigmoid``, ``rsqrt``/``Rsqrt``
and ``LogSoftmax``; float16 and float32 inputs keep their dtype.

The gradients at the kinks are MindSpore 2.10's: ``leaky_relu`` gives
``(1 + alpha) / 2`` at 0, ``hardswish`` ``(2x + 3) / 6`` on the closed [-3, 3],
``hardsigmoid`` 0 at -3 and 3, ``elu``/``selu`` their linear side's at 0.
``erf`` (under the exact ``gelu``) is the one op here with its own gradient.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.gelu(ms.Tensor([-3.0, 0.5, 2.0]))
array([-0.00404969,  0.34573123,  1.9544997 ], dtype=float32)
>>> ops.grad(ops.leaky_relu)(ms.Tensor([-1.0, 0.0, 2.0]))
array([0.2, 0.6, 1. ], dtype=float32)
"""
import functools
import importlib.util
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..dtype import pretty
from ..errors import CellArgumentError, CellTypeError, message
from ..primitive import customop
from .checks import keeps_float_dtype
from .functional import _float_like_inputs, float_only, log_softmax, no_bool, sigmoid
from .primitives import Primitive, _simple


@functools.lru_cache(maxsize=None)
def _erf_kernel():
    """SciPy's vectorised ``erf`` where SciPy is installed (imported on first use: it
    costs ~0.1 s), else ``math.erf`` element by element (exact, ~10x slower: 0.2 µs an
    element)."""
    if importlib.util.find_spec("scipy") is not None:
        from scipy.special import erf as scipy_erf
        return scipy_erf
    return onp.vectorize(math.erf, otypes=[onp.float64])


def _erf_values(x):
    return _erf_kernel()(x)


# ---- erf: the one op here with its own gradient ------------------------------------------
@customop('numpy')
def erf(x):
    """The error function, in the input's float dtype (int and Bool inputs are refused)."""
    x = onp.asarray(float_only("ops.erf input", x))
    dtype = x.dtype if x.dtype.kind == "f" else onp.float32
    return _erf_values(x).astype(dtype)


erf.def_grad(lambda ans, x: lambda g: g * (2 / math.sqrt(math.pi)) * np.exp(-np.square(x)))


def _float(x):
    """Ints as float32 (NumPy would give float64) where MindSpore takes them."""
    dtype = getattr(getval(x), "dtype", None)
    return x.astype(onp.float32) if dtype is not None and dtype.kind in "iub" else x


# ---- function ops -----------------------------------------------------------------------
@keeps_float_dtype
def gelu(input, approximate="none"):
    """x * P(X <= x) for a standard normal X: exact (``'none'``) or the tanh form."""
    x = float_only("ops.gelu input", input)
    if approximate == "none":
        return x * 0.5 * (1 + erf(x * (1 / math.sqrt(2))))
    if approximate == "tanh":
        inner = math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)
        return x * 0.5 * (1 + np.tanh(inner))
    raise CellArgumentError(message("ops.gelu approximate", "'none' or 'tanh'",
                                    repr(approximate)))


def silu(input):
    """``x * sigmoid(x)`` (SiLU, also called swish)."""
    return input * sigmoid(_float(input))


@keeps_float_dtype
def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold."""
    x = float_only("ops.softplus input", input)
    scaled = x * beta
    smooth = np.logaddexp(np.zeros_like(getval(x)), scaled) * (1 / beta)
    return np.where(getval(scaled) > threshold, x, smooth)


@keeps_float_dtype
def elu(input_x, alpha=1.0):
    """``x`` for ``x >= 0``, ``alpha * (exp(x) - 1)`` below."""
    x = float_only("ops.elu input_x", input_x)
    return np.where(getval(x) >= 0, x, alpha * (np.exp(np.minimum(x, 0)) - 1))


@keeps_float_dtype
def selu(input_x):
    """``scale * elu(x, alpha)`` with SELU's fixed ``scale`` and ``alpha``."""
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    x = _float(no_bool("ops.selu input_x", input_x))
    return scale * np.where(getval(x) >= 0, x, alpha * (np.exp(np.minimum(x, 0)) - 1))


def leaky_relu(input, alpha=0.2):
    """x for x > 0, alpha * x below; at 0 the gradient is (1 + alpha) / 2."""
    data = onp.asarray(getval(input))
    slope = onp.where(data > 0, 1.0, onp.where(data < 0, alpha, (1 + alpha) / 2))
    result = input * slope.astype(data.dtype if data.dtype.kind == "f" else onp.float32)
    return result.astype(data.dtype) if data.dtype.kind in "iu" else result


def _signed_or_float(where, input):
    """``(x, int_dtype)``: a signed int input as float64 (exact up to 2**53) with its dtype,
    which MindSpore's HSwish/HSigmoid give back (the float result truncated toward 0); a
    float input as it is. Bool and unsigned Tensors are refused, as MindSpore refuses them."""
    dtype = getattr(getval(no_bool(where, input)), "dtype", None)
    if dtype is None or dtype.kind == "f":
        return input, None
    if dtype.kind != "i":
        raise CellTypeError(message(where, "a Tensor of float16, float32, float64, int8, "
                                    "int16, int32 or int64", f"{pretty(dtype)}",
                                    "Cast it first: x.astype(ms.float32)."))
    return input.astype(onp.float64), dtype


def _as_given(result, int_dtype):
    return result if int_dtype is None else result.astype(int_dtype)


@keeps_float_dtype
def hardsigmoid(input):
    """``relu6(x + 3) / 6``: 0 up to -3, 1 from 3, linear between."""
    x, int_dtype = _signed_or_float("ops.hardsigmoid input", input)
    data = getval(x)
    return _as_given(np.where((data > -3) & (data < 3), (x + 3) * (1 / 6),
                              (data >= 3).astype(data.dtype)), int_dtype)


@keeps_float_dtype
def hardswish(input):
    """``x * relu6(x + 3) / 6``: 0 below -3, ``x`` above 3."""
    x, int_dtype = _signed_or_float("ops.hardswish input", input)
    data = getval(x)
    return _as_given(np.where(data < -3, 0, np.where(data > 3, x, x * (x + 3) * (1 / 6))),
                     int_dtype)


@keeps_float_dtype
def logsigmoid(x):
    """``log(sigmoid(x))``, computed as ``-softplus(-x)`` so it cannot overflow."""
    return -softplus(-_float(x))


@keeps_float_dtype
def mish(x):
    """``x * tanh(softplus(x))``."""
    x = float_only("ops.mish x", x)
    return x * np.tanh(softplus(x))


def rsqrt(input):
    """``1 / sqrt(x)``; int and Bool inputs are refused."""
    return np.reciprocal(np.sqrt(float_only("ops.rsqrt input", input)))


# ---- primitive ops ----------------------------------------------------------------------
GeLU = _simple("GeLU", lambda x: gelu(x, "tanh"), "GELU, tanh form (MindSpore's primitive).")
Softplus = _simple("Softplus", softplus, "log(1 + exp(x)).")
HSwish = _simple("HSwish", hardswish, "x * relu6(x + 3) / 6.")
HSigmoid = _simple("HSigmoid", hardsigmoid, "relu6(x + 3) / 6.")
Mish = _simple("Mish", mish, "x * tanh(softplus(x)).")
SeLU = _simple("SeLU", selu, "scale * elu(x, alpha).")
Rsqrt = _simple("Rsqrt", rsqrt, "1 / sqrt(x).")


class Elu(Primitive):
    """``Elu(alpha)(x)``: the primitive form of ``ops.elu``."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def __call__(self, x):
        return elu(x, self.alpha)


class LogSoftmax(Primitive):
    """``LogSoftmax(axis)(logits)``: the primitive form of ``ops.log_softmax``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def __call__(self, logits):
        return log_softmax(logits, self.axis)


__all__ = ["erf", "gelu", "silu", "softplus", "elu", "selu", "leaky_relu", "hardsigmoid",
           "hardswish", "logsigmoid", "mish", "rsqrt", "GeLU", "Softplus", "HSwish",
           "HSigmoid", "Mish", "SeLU", "Rsqrt", "Elu", "LogSoftmax"]
