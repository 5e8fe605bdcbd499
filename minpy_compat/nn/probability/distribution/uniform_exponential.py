"""MindSpore 2.10's ``Uniform(low, high)`` and ``Exponential(rate)`` distributions.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Exponential, Uniform
>>> Uniform(0.0, 4.0).cdf(ms.Tensor([1.0])), Exponential(2.0).mean()
(array([0.25], dtype=float32), array(0.5, dtype=float32))
"""
import numpy as onp

from .... import numpy as np
from .distribution import Distribution
from . import _utils as U


class Uniform(Distribution):
    """``Uniform(low=None, high=None, seed=None, dtype=ms.float32, name='Uniform')``."""

    def __init__(self, low=None, high=None, seed=None, dtype=onp.float32, name="Uniform"):
        param = dict(locals())
        param["param_dict"] = {"low": low, "high": high}
        U.check_float_dtype(type(self).__name__, dtype)
        super().__init__(seed, dtype, name, param)
        self._low = self._add_parameter(low, "low")
        self._high = self._add_parameter(high, "high")
        if self._low is not None and self._high is not None:
            U.check_less(name, "low", self._low, "high", self._high)

    @property
    def low(self):
        return self._low

    @property
    def high(self):
        return self._high

    def _get_dist_type(self):
        return "Uniform"

    def _get_dist_args(self, low=None, high=None):
        return self._dist_args(low, high)

    def _mean(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return (low + high) / 2.0

    def _var(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return np.square(high - low) / 12.0

    def _entropy(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return np.log(high - low)

    def _cross_entropy(self, dist, low_b, high_b, low=None, high=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Uniform")
        return self._entropy(low, high) + self._kl_loss(dist, low_b, high_b, low, high)

    def _prob(self, value, low=None, high=None):
        value = self._check_value(value, "value").astype(self.dtype)
        low, high = self._check_param_type(low, high)
        prob = np.exp(-np.log(high - low)) + value * 0.0
        inside = (U.getval(value) >= U.getval(low)) & (U.getval(value) <= U.getval(high))
        return np.where(inside, prob, U.const(0.0, prob))

    def _kl_loss(self, dist, low_b, high_b, low=None, high=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Uniform")
        low_b = self._check_value(low_b, "low_b").astype(self.parameter_type)
        high_b = self._check_value(high_b, "high_b").astype(self.parameter_type)
        low_a, high_a = self._check_param_type(low, high)
        kl = np.log(high_b - low_b) - np.log(high_a - low_a)
        inside = (U.getval(low_b) <= U.getval(low_a)) & (U.getval(high_a) <= U.getval(high_b))
        return np.where(inside, kl, U.const(onp.inf, kl))

    def _cdf(self, value, low=None, high=None):
        value = self._check_value(value, "value").astype(self.dtype)
        low, high = self._check_param_type(low, high)
        prob = (value - low) / (high - low)
        raw = U.getval(value)
        below, above = raw < U.getval(low), ~(raw < U.getval(high))
        return np.where(above, U.const(1.0, prob), np.where(below, U.const(0.0, prob), prob))

    def _sample(self, shape=(), low=None, high=None):
        low, high = self._check_param_type(low, high)
        full = self._sample_shape(shape, low, high)
        noise = self._draw("uniform", full, 0.0, 1.0).astype(self.parameter_type)
        return ((high - low) * noise + low).astype(self.dtype)


class Exponential(Distribution):
    """``Exponential(rate=None, seed=None, dtype=ms.float32, name='Exponential')``."""

    def __init__(self, rate=None, seed=None, dtype=onp.float32, name="Exponential"):
        param = dict(locals())
        param["param_dict"] = {"rate": rate}
        U.check_float_dtype(type(self).__name__, dtype)
        super().__init__(seed, dtype, name, param)
        self._rate = self._add_parameter(rate, "rate")
        if self._rate is not None:
            U.check_positive(name, "rate", self._rate)

    @property
    def rate(self):
        return self._rate

    def _get_dist_type(self):
        return "Exponential"

    def _get_dist_args(self, rate=None):
        return self._dist_args(rate)

    def _mean(self, rate=None):
        return 1.0 / self._check_param_type(rate)

    def _mode(self, rate=None):
        return 0.0 * self._check_param_type(rate)

    def _sd(self, rate=None):
        return 1.0 / self._check_param_type(rate)

    def _entropy(self, rate=None):
        return 1.0 - np.log(self._check_param_type(rate))

    def _cross_entropy(self, dist, rate_b, rate=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Exponential")
        return self._entropy(rate) + self._kl_loss(dist, rate_b, rate)

    def _value_rate(self, value, rate):
        value = self._check_value(value, "value").astype(self.dtype)
        return value, self._check_param_type(rate), U.getval(value) < 0

    def _log_prob(self, value, rate=None):
        value, rate, negative = self._value_rate(value, rate)
        prob = np.log(rate) - rate * value
        return np.where(negative, U.const(-onp.inf, prob), prob)

    def _cdf(self, value, rate=None):
        value, rate, negative = self._value_rate(value, rate)
        cdf = 1.0 - np.exp(-rate * value)
        return np.where(negative, U.const(0.0, cdf), cdf)

    def _log_survival(self, value, rate=None):
        value, rate, negative = self._value_rate(value, rate)
        survival = -rate * value
        return np.where(negative, U.const(0.0, survival), survival)

    def _kl_loss(self, dist, rate_b, rate=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Exponential")
        rate_b = self._check_value(rate_b, "rate_b").astype(self.parameter_type)
        rate_a = self._check_param_type(rate)
        return np.log(rate_a) - np.log(rate_b) + rate_b / rate_a - 1.0

    def _sample(self, shape=(), rate=None):
        rate = self._check_param_type(rate)
        full = self._sample_shape(shape, rate)
        u = self._draw("uniform", full, onp.finfo(onp.float64).tiny, 1.0)
        return (-onp.log(u).astype(self.parameter_type) / rate).astype(self.dtype)
