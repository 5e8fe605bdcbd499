"""Parameter initializers (MindSpore's ``mindspore.common.initializer``).

``initializer(init, shape, dtype)`` accepts an ``Initializer``, a name
(``'normal'``, ``'xavier_uniform'``, ... case-insensitive), a number (a
``Constant``) or a Tensor (returned as is), and gives an Array (eagerly; MindSpore
makes a lazy Tensor). A custom initializer subclasses ``Initializer`` and fills
``arr`` (a writable NumPy array of the target shape and dtype) in ``_initialize``.
Random initializers draw from NumPy's global generator (``ms.set_seed`` seeds it).

>>> from minpy_compat.common.initializer import initializer, Initializer
>>> class Twos(Initializer):
...     def _initialize(self, arr):
...         arr[:] = 2
>>> initializer(Twos(), [2, 2]).tolist()
[[2.0, 2.0], [2.0, 2.0]]
"""
import math
import numbers

import numpy as onp

from ..array import Array
from ..errors import InitializerError, InitializerTypeError, describe, message
from ..tensor import is_tensor


class Initializer:
    """Base class: subclasses implement ``_initialize(self, arr)`` and fill ``arr`` in place."""

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self._seed = None

    def _initialize(self, arr):
        raise NotImplementedError(message(
            f"{type(self).__name__}._initialize", "an override that fills arr in place",
            "none", "Define _initialize(self, arr) in the Initializer subclass."))

    def __call__(self, arr):
        self._initialize(arr)
        return arr

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in getattr(self, "_kwargs", {}).items())
        return f"{type(self).__name__}({args})"


def _check(where, name, value, ok, expected):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not ok(value):
        raise InitializerError(message(f"{where} {name}", expected, repr(value)))
    return float(value)


def _fans(shape, where):
    if len(shape) < 2:
        raise InitializerError(message(
            where, "a shape with at least 2 dimensions (to compute fan_in and fan_out)",
            f"shape {tuple(shape)}", "Use Normal/Uniform/Zero for 1-D parameters such as biases."))
    receptive = int(onp.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity (as in MindSpore and PyTorch)."""
    linear = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
              "conv_transpose3d", "sigmoid")
    if nonlinearity in linear:
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise InitializerError(message("calculate_gain nonlinearity", "one of linear, conv*, "
                                   "sigmoid, tanh, relu, leaky_relu, selu", repr(nonlinearity)))


# ---- constants ---------------------------------------------------------------------------
class Constant(Initializer):
    """Every element is ``value``."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        arr[...] = self.value


class One(Constant):
    def __init__(self):
        Initializer.__init__(self)
        self.value = 1


class Zero(Constant):
    def __init__(self):
        Initializer.__init__(self)
        self.value = 0


# ---- plain random ----------------------------------------------------------------------------
class Normal(Initializer):
    """N(mean, sigma**2)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = _check("Normal", "sigma", sigma, lambda v: v >= 0, "a number >= 0")
        self.mean = _check("Normal", "mean", mean, math.isfinite, "a finite number")

    def _initialize(self, arr):
        arr[...] = onp.random.normal(self.mean, self.sigma, arr.shape)


class Uniform(Initializer):
    """U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = _check("Uniform", "scale", scale, lambda v: v >= 0, "a number >= 0")

    def _initialize(self, arr):
        arr[...] = onp.random.uniform(-self.scale, self.scale, arr.shape)


def _truncated_normal(mean, sigma, low, high, shape):
    values = onp.random.normal(mean, sigma, shape)
    for _ in range(100):  # resample the few values outside [low, high]
        outside = (values < low) | (values > high)
        if not outside.any():
            break
        values[outside] = onp.random.normal(mean, sigma, int(outside.sum()))
    return onp.clip(values, low, high)


class TruncatedNormal(Initializer):
    """N(mean, sigma**2) restricted to [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma = _check("TruncatedNormal", "sigma", sigma, lambda v: v >= 0, "a number >= 0")
        self.mean, self.a, self.b = float(mean), float(a), float(b)
        if not self.a < self.b:
            raise InitializerError(message("TruncatedNormal", "a < b", f"a={a}, b={b}"))

    def _initialize(self, arr):
        arr[...] = _truncated_normal(self.mean, self.sigma, self.a, self.b, arr.shape)


# ---- scaled by fan_in / fan_out ---------------------------------------------------------------
class XavierUniform(Initializer):
    """U(-bound, bound), bound = gain * sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = _check("XavierUniform", "gain", gain, lambda v: v > 0, "a number > 0")

    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape, type(self).__name__)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        arr[...] = onp.random.uniform(-bound, bound, arr.shape)


class XavierNormal(XavierUniform):
    """N(0, std**2), std = gain * sqrt(2 / (fan_in + fan_out))."""

    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape, type(self).__name__)
        arr[...] = onp.random.normal(0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)), arr.shape)


class HeUniform(Initializer):
    """U(-bound, bound), bound = gain(nonlinearity) * sqrt(3 / fan) (Kaiming)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        if mode not in ("fan_in", "fan_out"):
            raise InitializerError(message(f"{type(self).__name__} mode", "'fan_in' or 'fan_out'",
                                           repr(mode)))
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity
        self.gain = calculate_gain(nonlinearity, negative_slope)

    def _std(self, shape):
        fan_in, fan_out = _fans(shape, type(self).__name__)
        return self.gain / math.sqrt(fan_in if self.mode == "fan_in" else fan_out)

    def _initialize(self, arr):
        bound = math.sqrt(3.0) * self._std(arr.shape)
        arr[...] = onp.random.uniform(-bound, bound, arr.shape)


class HeNormal(HeUniform):
    """N(0, std**2), std = gain(nonlinearity) / sqrt(fan) (Kaiming)."""

    def _initialize(self, arr):
        arr[...] = onp.random.normal(0, self._std(arr.shape), arr.shape)


class VarianceScaling(Initializer):
    """Samples with variance ``scale / n`` (n: fan_in, fan_out or their mean)."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        self.scale = _check("VarianceScaling", "scale", scale, lambda v: v > 0, "a number > 0")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise InitializerError(message("VarianceScaling mode",
                                           "'fan_in', 'fan_out' or 'fan_avg'", repr(mode)))
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise InitializerError(message(
                "VarianceScaling distribution",
                "'uniform', 'truncated_normal' or 'untruncated_normal'", repr(distribution)))
        self.mode, self.distribution = mode, distribution

    def _initialize(self, arr):
        fan_in, fan_out = _fans(arr.shape, "VarianceScaling")
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2}[self.mode]
        std = math.sqrt(self.scale / n)
        if self.distribution == "uniform":
            arr[...] = onp.random.uniform(-math.sqrt(3) * std, math.sqrt(3) * std, arr.shape)
        elif self.distribution == "untruncated_normal":
            arr[...] = onp.random.normal(0, std, arr.shape)
        else:  # dividing by 0.8796 undoes the variance lost by truncating at two sigmas
            sigma = std / 0.87962566103423978
            arr[...] = _truncated_normal(0, sigma, -2 * sigma, 2 * sigma, arr.shape)


# imported here, below Initializer, because they subclass it
from .structured import Dirac, Identity, Orthogonal, Sparse  # noqa: E402


# ---- initializer() -----------------------------------------------------------------------------
_ALIASES = {"normal": Normal, "uniform": Uniform, "one": One, "ones": One, "zero": Zero,
            "zeros": Zero, "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
            "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
            "he_uniform": HeUniform, "heuniform": HeUniform, "he_normal": HeNormal,
            "henormal": HeNormal, "truncatednormal": TruncatedNormal, "identity": Identity,
            "orthogonal": Orthogonal, "dirac": Dirac, "sparse": Sparse,
            "variancescaling": VarianceScaling}


def _check_shape(shape):
    dims = (shape,) if isinstance(shape, int) else shape
    if not isinstance(dims, (tuple, list)) or not all(
            isinstance(d, (int, onp.integer)) and not isinstance(d, bool) and d > 0 for d in dims):
        raise InitializerError(message("initializer shape", "a tuple of positive ints",
                                       repr(shape)))
    return tuple(int(d) for d in dims)


def _as_initializer(init):
    if isinstance(init, Initializer):
        return init
    if isinstance(init, str):
        cls = _ALIASES.get(init.lower())
        if cls is None:
            raise InitializerError(message(
                "initializer init", f"one of the names {', '.join(sorted(_ALIASES))}",
                repr(init), "For a constant, pass the number itself or Constant(value)."))
        return cls()
    if isinstance(init, numbers.Number) and not isinstance(init, complex):
        return Constant(init)
    raise InitializerTypeError(message(
        "initializer init", "a Tensor, a number, a str or an Initializer", describe(init)))


def initializer(init, shape=None, dtype=onp.float32):
    """An Array of ``shape`` and ``dtype`` filled by ``init`` (see the module docstring).

    >>> from minpy_compat.common.initializer import initializer
    >>> initializer('ones', (2,)).tolist(), initializer(0.5, [1]).dtype
    ([1.0, 1.0], dtype('float32'))
    """
    if is_tensor(init):
        if shape is not None and tuple(onp.shape(init)) != _check_shape(shape):
            raise InitializerError(message("initializer init (a Tensor)",
                                           f"the shape {_check_shape(shape)}",
                                           f"shape {tuple(onp.shape(init))}"))
        return init if isinstance(init, Array) else onp.asarray(init).view(Array)
    filler = _as_initializer(init)
    if shape is None:
        raise InitializerError(message("initializer shape", "a shape for a non-Tensor init",
                                       "None"))
    arr = onp.zeros(_check_shape(shape), dtype=dtype)
    filler(arr)
    return arr.view(Array)
