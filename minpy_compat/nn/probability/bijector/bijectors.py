"""MindSpore 2.10's bijectors: ``PowerTransform`` (and ``Exp``, its power 0),
``GumbelCDF``, ``ScalarAffine``, ``Softplus`` and ``Invert``, written with
``minpy_compat.numpy`` so that gradients (to inputs and traced parameters) come from the
tracer. Branches pick a safe argument before the unsafe function runs (``exp`` of a huge
value, ``log1p(x * 0) / 0``), so the branch not taken adds no NaN to a gradient.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.bijector import PowerTransform
>>> PowerTransform(0.5)("forward", ms.Tensor([0.5]))
array([1.5625], dtype=float32)
"""
import numpy as onp

from .... import numpy as np
from ....errors import CellTypeError, message
from .bijector import Bijector

# MindSpore's Softplus switches to exp(x) / x beyond these (float32's epsilon)
_THRESHOLD = float(onp.log(onp.finfo(onp.float32).eps) + 1)
_TINY = float(onp.exp(_THRESHOLD))


def _param_dict(local, *names):
    param = dict(local)
    param.pop("self", None)
    param.pop("__class__", None)
    param["param_dict"] = {n: local[n] for n in names}
    return param


class PowerTransform(Bijector):
    """``PowerTransform(power=0.)``: y = (1 + x * c) ** (1 / c), and exp(x) when c = 0."""

    def __init__(self, power=0., name='PowerTransform'):
        super().__init__(name=name, param=_param_dict(locals(), "power"))
        self._power = self._add_parameter(power, "power")
        self._check_positive(self._power, "power", strict=False)

    power = property(lambda self: self._power, doc="The power c.")

    def extend_repr(self):
        return f"power = {self.power}" if self.is_scalar_batch else \
            f"batch_shape = {self.batch_shape}"

    def _broadcast(self, x):
        """``(x, power, safe_power, is_zero)`` all of ``x + power``'s shape."""
        power = self.cast_param_by_value(x, self.power)
        ones = np.ones_like(x + power)
        power, x = power * ones, x * ones
        is_zero = np.equal(power, 0)
        return x, power, np.where(is_zero, ones, power), is_zero

    def _forward(self, x):
        x, _, safe, is_zero = self._broadcast(self._check_value_dtype(x))
        return np.where(is_zero, np.exp(x), np.exp(np.log1p(x * safe) / safe))

    def _inverse(self, y):
        y, _, safe, is_zero = self._broadcast(self._check_value_dtype(y))
        return np.where(is_zero, np.log(y), np.expm1(np.log(y) * safe) / safe)

    def _forward_log_jacobian(self, x):
        x, power, safe, is_zero = self._broadcast(self._check_value_dtype(x))
        return np.where(is_zero, x, (1. / safe - 1) * np.log1p(x * power))

    def _inverse_log_jacobian(self, y):
        y = self._check_value_dtype(y)
        return (self.cast_param_by_value(y, self.power) - 1) * np.log(y)


class Exp(PowerTransform):
    """``Exp()``: y = exp(x), a PowerTransform of power 0."""

    def __init__(self, name='Exp'):
        super().__init__(name=name)

    def extend_repr(self):
        return "exp" if self.is_scalar_batch else f"batch_shape = {self.batch_shape}"


class GumbelCDF(Bijector):
    """``GumbelCDF(loc=0.0, scale=1.0)``: y = exp(-exp(-(x - loc) / scale))."""

    def __init__(self, loc=0.0, scale=1.0, name='GumbelCDF'):
        super().__init__(name=name, param=_param_dict(locals(), "loc", "scale"))
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        self._check_positive(self._scale, "scale")

    loc = property(lambda self: self._loc, doc="The location.")
    scale = property(lambda self: self._scale, doc="The scale (> 0).")

    def extend_repr(self):
        return f"loc = {self.loc}, scale = {self.scale}" if self.is_scalar_batch else \
            f"batch_shape = {self.batch_shape}"

    def _z(self, x):
        return (x - self.cast_param_by_value(x, self.loc)) / self.cast_param_by_value(
            x, self.scale)

    def _forward(self, x):
        return np.exp(-np.exp(-self._z(self._check_value_dtype(x))))

    def _inverse(self, y):
        y = self._check_value_dtype(y)
        loc, scale = (self.cast_param_by_value(y, p) for p in (self.loc, self.scale))
        return loc - scale * np.log(-np.log(y))

    def _forward_log_jacobian(self, x):
        x = self._check_value_dtype(x)
        z = self._z(x)
        return -z - np.exp(-z) - np.log(self.cast_param_by_value(x, self.scale))

    def _inverse_log_jacobian(self, y):
        y = self._check_value_dtype(y)
        return np.log(self.cast_param_by_value(y, self.scale) / (-y * np.log(y)))


class ScalarAffine(Bijector):
    """``ScalarAffine(scale=1.0, shift=0.0)``: y = scale * x + shift."""

    def __init__(self, scale=1.0, shift=0.0, name='ScalarAffine'):
        super().__init__(is_constant_jacobian=True, is_injective=True, name=name, dtype=None,
                         param=_param_dict(locals(), "scale", "shift"))
        self._scale = self._add_parameter(scale, "scale")
        self._shift = self._add_parameter(shift, "shift")

    scale = property(lambda self: self._scale, doc="The slope.")
    shift = property(lambda self: self._shift, doc="The offset.")

    def extend_repr(self):
        return f"scale = {self.scale}, shift = {self.shift}" if self.is_scalar_batch else \
            f"batch_shape = {self.batch_shape}"

    def _forward(self, x):
        x = self._check_value_dtype(x)
        scale, shift = (self.cast_param_by_value(x, p) for p in (self.scale, self.shift))
        return scale * x + shift * np.ones_like(x)

    def _inverse(self, y):
        y = self._check_value_dtype(y)
        scale, shift = (self.cast_param_by_value(y, p) for p in (self.scale, self.shift))
        return (y - shift) / scale

    def _forward_log_jacobian(self, x):
        x = self._check_value_dtype(x)
        return np.log(np.abs(self.cast_param_by_value(x, self.scale)))

    def _inverse_log_jacobian(self, y):
        y = self._check_value_dtype(y)
        return -1. * np.log(np.abs(self.cast_param_by_value(y, self.scale)))


def _softplus(x):
    """log(1 + exp(x)), with exp(x) below the threshold and x above its negative."""
    small, large = x < _THRESHOLD, x > -_THRESHOLD
    safe = np.where(small | large, np.ones_like(x), x)
    return np.where(small, np.exp(np.where(small, x, np.zeros_like(x))),
                    np.where(large, x, np.log(np.exp(safe) + 1.0)))


def _inverse_softplus(x):
    """log(exp(x) - 1), with log(x) below tiny and x above the threshold's negative."""
    small, large = x < _TINY, x > -_THRESHOLD
    safe = np.where(small | large, np.ones_like(x), x)
    return np.where(small, np.log(np.where(small, x, np.ones_like(x))),
                    np.where(large, x, safe + np.log(np.abs(np.expm1(-safe)))))


class Softplus(Bijector):
    """``Softplus(sharpness=1.0)``: y = log(1 + exp(k * x)) / k."""

    def __init__(self, sharpness=1.0, name='Softplus'):
        super().__init__(name=name, dtype=None, param=_param_dict(locals(), "sharpness"))
        self._sharpness = self._add_parameter(sharpness, "sharpness")

    sharpness = property(lambda self: self._sharpness, doc="The sharpness k.")

    def extend_repr(self):
        return f"sharpness = {self.sharpness}" if self.is_scalar_batch else \
            f"batch_shape = {self.batch_shape}"

    def _scaled(self, value):
        value = self._check_value_dtype(value)
        sharpness = self.cast_param_by_value(value, self.sharpness)
        return sharpness * value, sharpness

    def _forward(self, x):
        scaled, sharpness = self._scaled(x)
        return _softplus(scaled) / sharpness

    def _inverse(self, y):
        scaled, sharpness = self._scaled(y)
        return _inverse_softplus(scaled) / sharpness

    def _forward_log_jacobian(self, x):
        return -_softplus(-self._scaled(x)[0])

    def _inverse_log_jacobian(self, y):
        scaled = self._scaled(y)[0]
        return scaled - _inverse_softplus(scaled)


class Invert(Bijector):
    """``Invert(bijector)``: the inverse map of ``bijector`` (forward and inverse swapped)."""

    def __init__(self, bijector, name=""):
        if not isinstance(bijector, Bijector):
            raise CellTypeError(message("Invert bijector", "a Bijector",
                                        type(bijector).__name__,
                                        "Pass a bijector such as Exp()."))
        name = name or "Invert" + bijector.name
        super().__init__(is_constant_jacobian=bijector.is_constant_jacobian,
                         is_injective=bijector.is_injective, name=name,
                         dtype=bijector.dtype, param={"bijector": bijector, "name": name})
        self._bijector = bijector
        self._batch_shape = bijector.batch_shape
        self._is_scalar_batch = bijector.is_scalar_batch

    bijector = property(lambda self: self._bijector, doc="The bijector inverted.")

    def forward(self, x):
        """The inner bijector's inverse."""
        return self.bijector("inverse", x)

    def inverse(self, y):
        """The inner bijector's forward."""
        return self.bijector("forward", y)

    def forward_log_jacobian(self, x):
        """The inner bijector's inverse_log_jacobian."""
        return self.bijector("inverse_log_jacobian", x)

    def inverse_log_jacobian(self, y):
        """The inner bijector's forward_log_jacobian."""
        return self.bijector("forward_log_jacobian", y)
