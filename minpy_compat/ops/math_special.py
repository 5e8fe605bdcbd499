"""MindSpore's logical and bitwise ops, the special functions ``erfc``/``erfinv``,
and the fused arithmetic ``lerp``, ``logit``, ``xlogy``, ``sinc``, ``addcdiv`` and
``addcmul``.

``erfinv`` has its own gradient (registered next to it); the others are compositions
whose gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.lerp(ms.Tensor([0.0, 1.0]), ms.Tensor([10.0, 3.0]), 0.5)
array([5., 2.], dtype=float32)
"""
import functools
import importlib.util
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellTypeError, message
from ..primitive import customop
from .activations import _erf_values
from .functional import _float_like_inputs
from .math_elementwise import tensor_input


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


# ---- logical and bitwise (no gradient) -------------------------------------------------
def logical_and(input, other):
    """input and other, as Bool."""
    return np.logical_and(getval(input), getval(other))


def logical_or(input, other):
    """input or other, as Bool."""
    return np.logical_or(getval(input), getval(other))


def logical_xor(input, other):
    """input xor other, as Bool."""
    return np.logical_xor(getval(input), getval(other))


def logical_not(input):
    """not input, as Bool."""
    tensor_input("ops.logical_not input", input)
    return np.logical_not(getval(input))


def _ints(where, input, other):
    for name, value in (("input", input), ("other", other)):
        dtype = _dtype_of(value)
        if dtype is not None and dtype.kind not in "iub":
            raise CellTypeError(message(f"{where} {name}", "an int or Bool Tensor",
                                        str(dtype)))
    return getval(input), getval(other)


def bitwise_and(input, other):
    """The bitwise and of two int or Bool Tensors."""
    return np.bitwise_and(*_ints("ops.bitwise_and", input, other))


def bitwise_or(input, other):
    """The bitwise or of two int or Bool Tensors."""
    return np.bitwise_or(*_ints("ops.bitwise_or", input, other))


def bitwise_xor(input, other):
    """The bitwise xor of two int or Bool Tensors."""
    return np.bitwise_xor(*_ints("ops.bitwise_xor", input, other))


# ---- special functions -----------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _erfc_kernel():
    """SciPy's ``erfc`` where installed, else ``math.erfc`` element by element: both keep
    the relative accuracy that ``1 - erf(x)`` loses for large x."""
    if importlib.util.find_spec("scipy") is not None:
        from scipy.special import erfc as scipy_erfc
        return scipy_erfc
    return onp.vectorize(math.erfc, otypes=[onp.float64])


@customop('numpy')
def _erfc(x):
    x = onp.asarray(x)
    return _erfc_kernel()(x).astype(x.dtype)


_erfc.def_grad(lambda ans, x: lambda g: g * (-2 / math.sqrt(math.pi)) * np.exp(-x * x))


def erfc(input):
    """The complementary error function 1 - erf(x), accurate where it is tiny."""
    tensor_input("ops.erfc input", input)
    dtype = _dtype_of(input)
    return _erfc(input.astype(onp.float32) if dtype.kind in "iub" else input)


@functools.lru_cache(maxsize=None)
def _erfinv_kernel():
    """SciPy's ``erfinv`` where installed, else Newton steps on ``erf`` from a
    closed-form first guess (Giles' approximation is not needed at these accuracies)."""
    if importlib.util.find_spec("scipy") is not None:
        from scipy.special import erfinv as scipy_erfinv
        return scipy_erfinv

    def newton(y):
        y = onp.asarray(y, onp.float64)
        a = 0.147
        ln = onp.log1p(-onp.minimum(y * y, 1.0))
        first = 2 / (math.pi * a) + ln / 2
        x = onp.sign(y) * onp.sqrt(onp.sqrt(first * first - ln / a) - first)
        inside = onp.abs(y) < 1
        for _ in range(4):
            step = (_erf_values(x) - y) / (2 / math.sqrt(math.pi) * onp.exp(-x * x))
            x = onp.where(inside, x - step, x)
        return onp.where(onp.abs(y) == 1, onp.sign(y) * onp.inf,
                         onp.where(onp.abs(y) > 1, onp.nan, x))
    return newton


@customop('numpy')
def _erfinv(x):
    x = onp.asarray(x)
    with onp.errstate(invalid="ignore", divide="ignore"):
        return _erfinv_kernel()(x).astype(x.dtype)


_erfinv.def_grad(lambda ans, x: lambda g: g * (math.sqrt(math.pi) / 2) * np.exp(ans * ans))


def erfinv(input):
    """The inverse error function on (-1, 1) (±inf at ±1, NaN outside)."""
    tensor_input("ops.erfinv input", input)
    dtype = _dtype_of(input)
    if dtype is not None and dtype.kind in "iub":
        input = input.astype(onp.float32)
    return _erfinv(input)


# ---- fused arithmetic --------------------------------------------------------------------
def lerp(input, end, weight):
    """input + weight * (end - input)."""
    if _dtype_of(input) is None or _dtype_of(input).kind != "f":
        raise CellTypeError(message("ops.lerp input", "a float Tensor",
                                    str(_dtype_of(input) or type(input).__name__)))
    return _float_like_inputs(input + weight * (end - input), input, end, weight)


def logit(input, eps=None):
    """log(x / (1 - x)), with x clamped to [eps, 1 - eps] when ``eps`` is given."""
    if _dtype_of(input) is None or _dtype_of(input).kind != "f":
        raise CellTypeError(message("ops.logit input", "a float Tensor",
                                    str(_dtype_of(input) or type(input).__name__)))
    x = input
    if eps is not None:
        if not isinstance(eps, (int, float)) or isinstance(eps, bool):
            raise CellTypeError(message("ops.logit eps", "a float or None", repr(eps)))
        data = getval(x)
        x = np.where(data < eps, eps, np.where(data > 1 - eps, 1 - eps, x))
    return _float_like_inputs(np.log(x / (1 - x)), input)


def xlogy(input, other):
    """input * log(other), 0 where input is 0 (NaN where other is NaN)."""
    zero = (getval(input) == 0) & ~onp.isnan(getval(other))
    product = np.where(zero, 0.0, input * np.log(np.where(zero, 1.0, other)))
    return _float_like_inputs(product, input, other)


def sinc(input):
    """sin(pi x) / (pi x), 1 at 0."""
    tensor_input("ops.sinc input", input)
    return _float_like_inputs(np.sinc(input), input)


def addcdiv(input, tensor1, tensor2, value=1):
    """input + value * tensor1 / tensor2 (float Tensors only, as in MindSpore)."""
    if _dtype_of(input) is None or _dtype_of(input).kind != "f":
        raise CellTypeError(message("ops.addcdiv input", "a float Tensor",
                                    str(_dtype_of(input) or type(input).__name__)))
    return _float_like_inputs(input + value * (tensor1 / tensor2), input, tensor1, tensor2)


def addcmul(input, tensor1, tensor2, value=1):
    """input + value * tensor1 * tensor2."""
    return _float_like_inputs(input + value * (tensor1 * tensor2), input, tensor1, tensor2)
