"""MindSpore's elementwise and order-statistic math functions: ``nan_to_num``,
``nanmedian``, ``quantile``, ``nanquantile``, ``heaviside``, ``ldexp``, ``i0``, ``sgn``,
``logspace``, the aliases (``multiply``, ``subtract``, ``absolute``, ``floor_mod``,
``floormod``, ``floordiv``), ``gcd``, ``lcm``, ``fmax``, ``fmin`` and ``nextafter``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.ldexp(ms.Tensor([1.0, 3.0]), ms.Tensor([2, 1], ms.int32))
array([4., 6.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..numpy.gradients import unbroadcast
from ..primitive import customop
from .functional import _float_like_inputs, abs as _abs, mul, sub
from .math_elementwise import floor_divide, remainder
from .prims_elementwise import _fmax, _fmin, _int_pair


def _dtype_of(x):
    return getattr(getval(x), "dtype", onp.dtype(type(getval(x))))


def _floats(where, x, kinds="f"):
    if _dtype_of(x).kind not in kinds:
        raise CellTypeError(message(where, "a float Tensor", str(_dtype_of(x)),
                                    "Cast it first: x.astype(ms.float32)."))
    return x


def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """``input`` with NaN, +inf and -inf replaced (by 0 and the dtype's largest and
    smallest finite values when not given)."""
    _floats("ops.nan_to_num input", input)
    info = onp.finfo(_dtype_of(input))
    data = getval(input)
    fills = ((onp.isnan(data), 0.0 if nan is None else nan),
             (onp.isposinf(data), info.max if posinf is None else posinf),
             (onp.isneginf(data), info.min if neginf is None else neginf))
    out = input
    for where, value in fills:
        out = np.where(where, onp.asarray(value, _dtype_of(input)), out)
    return out


def nanmedian(input, axis=-1, keepdims=False):
    """(the lower median ignoring NaN, its index) over ``axis``; NaN where all are NaN."""
    _floats("ops.nanmedian input", input, "fiu")
    data = getval(input)
    if onp.ndim(data) == 0:
        return input, np.asarray(onp.zeros((), onp.int64))
    order = onp.argsort(data, axis=axis, kind="stable")  # NaN sorts last
    count = onp.sum(~onp.isnan(data), axis=axis, keepdims=True)
    pick = onp.where(count > 0, (count - 1) // 2, (data.shape[axis] - 1) // 2)
    index = onp.take_along_axis(order, pick, axis=axis)
    values = np.take_along_axis(input, index, axis=axis)
    if not keepdims:
        values, index = np.squeeze(values, axis=axis), onp.squeeze(index, axis=axis)
    return values, np.asarray(index.astype(onp.int64))


def _quantile(where, input, q, axis, keepdims, nan):
    _floats(f"{where} input", input)
    qs = getval(q)
    if onp.dtype(getattr(qs, "dtype", type(qs))).kind != "f" or onp.ndim(qs) > 1:
        raise CellTypeError(message(f"{where} q", "a float or a 1-D float Tensor", repr(qs)))
    if onp.any((onp.asarray(qs) < 0) | (onp.asarray(qs) > 1)):
        raise CellArgumentError(message(f"{where} q", "values in [0, 1]", repr(qs)))
    if axis is not None and not -onp.ndim(getval(input)) <= axis < onp.ndim(getval(input)):
        raise CellArgumentError(message(f"{where} axis", "an axis of input", repr(axis)))
    fn = np.nanquantile if nan else np.quantile
    result = fn(input, onp.asarray(qs, onp.float64), axis=axis, keepdims=keepdims)
    return result.astype(_dtype_of(input)) if _dtype_of(result) != _dtype_of(input) else result


def quantile(input, q, axis=None, keepdims=False):
    """The ``q`` quantiles of ``input`` over ``axis`` (all elements if None), linearly
    interpolated; a Tensor ``q`` adds a leading axis."""
    return _quantile("ops.quantile", input, q, axis, keepdims, False)


def nanquantile(input, q, axis=None, keepdims=False):
    """``quantile`` ignoring NaN."""
    return _quantile("ops.nanquantile", input, q, axis, keepdims, True)


def heaviside(input, values):
    """0 where input < 0, ``values`` where input == 0, 1 where input > 0."""
    if _dtype_of(input) != _dtype_of(values):
        raise CellTypeError(message("ops.heaviside values", f"input's dtype {_dtype_of(input)}",
                                    str(_dtype_of(values)), "Cast one to the other's dtype."))
    return np.asarray(onp.heaviside(getval(input), getval(values)).astype(_dtype_of(input)))


def ldexp(x, other):
    """x * 2 ** other."""
    scale = np.power(2.0, np.asarray(getval(other)).astype(onp.float64))
    out = x * scale
    dtype = onp.result_type(_dtype_of(x), onp.float32) if _dtype_of(x).kind == "f" else \
        onp.float32
    return out.astype(dtype) if _dtype_of(out) != dtype else out


def i0(input):
    """The modified Bessel function of the first kind, order 0."""
    _floats("ops.i0 input", input)
    return np.i0(input).astype(_dtype_of(input))


def sgn(input):
    """x / |x| (0 at 0): the sign of a real input, the unit phase of a complex one."""
    if _dtype_of(input).kind != "c":
        return np.sign(input)
    magnitude = np.abs(input)
    safe = np.where(getval(magnitude) == 0, onp.ones((), magnitude.dtype), magnitude)
    return np.where(getval(magnitude) == 0, onp.zeros((), _dtype_of(input)), input / safe)


def logspace(start, end, steps, base=10, *, dtype=None):
    """``steps`` points base ** linspace(start, end); ``start``/``end`` are 0-D Tensors."""
    for name, value in (("start", start), ("end", end)):
        if not hasattr(getval(value), "dtype") or isinstance(getval(value), onp.generic):
            raise CellTypeError(message(f"ops.logspace {name}", "a 0-D Tensor",
                                        repr(getval(value)), "Wrap it: ms.Tensor(0.0)."))
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise CellArgumentError(message("ops.logspace steps", "a non-negative int", repr(steps)))
    dtype = onp.dtype(dtype or onp.float32)
    if dtype.kind != "f":
        raise CellTypeError(message("ops.logspace dtype", "a float dtype", str(dtype)))
    exponents = np.linspace(start, end, steps)
    return np.power(float(base), exponents).astype(dtype)


def multiply(input, other):
    """input * other."""
    return mul(input, other)


def subtract(input, other, *, alpha=1):
    """input - alpha * other."""
    return sub(input, other if alpha == 1 else _float_like_inputs(alpha * other, other))


def absolute(input):
    """|input|."""
    return _abs(input)


def floor_mod(x, y):
    """The Python remainder x - floor(x / y) * y."""
    return remainder(x, y)


def floormod(x, y):
    """The Python remainder x - floor(x / y) * y."""
    return remainder(x, y)


def floordiv(input, other):
    """floor(input / other); ints stay ints."""
    return floor_divide(input, other)


def gcd(input, other):
    """The greatest common divisor of two int Tensors."""
    return np.asarray(_int_pair("ops.gcd", onp.gcd)(input, other))


def lcm(input, other):
    """The least common multiple of two int Tensors."""
    return np.asarray(_int_pair("ops.lcm", onp.lcm)(input, other))


def fmax(input, other):
    """max(input, other) elementwise, ignoring a NaN."""
    return _fmax(input, other)


def fmin(input, other):
    """min(input, other) elementwise, ignoring a NaN."""
    return _fmin(input, other)


def nextafter(input, other):
    """The next float after ``input`` toward ``other``."""
    _floats("ops.nextafter input", input)
    if _dtype_of(input) != _dtype_of(other):
        raise CellTypeError(message("ops.nextafter other", f"input's dtype {_dtype_of(input)}",
                                    str(_dtype_of(other)), "Cast one to the other's dtype."))
    return _nextafter(input, other)


@customop('numpy')
def _nextafter(x, y):
    return onp.asarray(onp.nextafter(x, y))


# MindSpore's gradient: the step is too small to count, so d/dinput is 1 and d/dother 0
_nextafter.def_grad(lambda ans, x, y: lambda g: unbroadcast(g, onp.shape(x)))
_nextafter.def_grad(lambda ans, x, y: lambda g: unbroadcast(g * 0, onp.shape(y)), argnum=1)
