"""MindSpore 2.10's ``Beta(concentration1, concentration0)`` and ``Gamma(concentration,
rate)`` distributions. As in MindSpore, ``Gamma``'s parameters must be Tensors and
``Beta``'s must not be Python floats (TypeError).

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Beta, Gamma
>>> Gamma(ms.Tensor(2.0), ms.Tensor(4.0)).mean(), Beta(ms.Tensor(1.0), ms.Tensor(3.0)).mean()
(array(0.5, dtype=float32), array(0.25, dtype=float32))
"""
import numbers

import numpy as onp

from .... import numpy as np
from ....errors import message
from ....ops import digamma, igamma, lgamma
from .float_parameters import FloatParameters
from . import _utils as U


def _lbeta(a, b):
    return lgamma(a) + lgamma(b) - lgamma(a + b)


class _TwoConcentrations(FloatParameters):
    """The shared constructor: both parameters checked (type, > 0) and kept in order."""

    _refused = (float,)

    def _setup(self, seed, dtype, name, param, **params):
        for key, value in params.items():
            if isinstance(value, self._refused) and not isinstance(value, bool):
                raise TypeError(message(f"{type(self).__name__} {key}", "a Tensor",
                                        f"the scalar {value!r}",
                                        f"Pass ms.Tensor({value!r}, ms.float32)."))
        super()._setup(seed, dtype, name, param, **params)

    def _cast_b(self, value, name):
        return self._check_value(value, name).astype(self.parameter_type)


class Beta(_TwoConcentrations):
    """``Beta(concentration1=None, concentration0=None, seed=None, dtype=ms.float32,
    name='Beta')``."""

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=onp.float32,
                 name="Beta"):
        self._setup(seed, dtype, name, dict(locals()), concentration1=concentration1,
                    concentration0=concentration0)

    def _get_dist_type(self):
        return "Beta"

    def _get_dist_args(self, concentration1=None, concentration0=None):
        return self._dist_args(concentration1, concentration0)

    def _mean(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        return c1 / (c1 + c0)

    def _var(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        total = c1 + c0
        return c1 * c0 / (np.square(total) * (total + 1.0))

    def _mode(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        defined = (U.getval(c1) > 1.0) & (U.getval(c0) > 1.0)
        mode = (c1 - 1.0) / (c1 + c0 - 2.0)
        return np.where(defined, mode, U.const(onp.nan, mode))

    def _entropy(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        total = c1 + c0
        return _lbeta(c1, c0) - (c1 - 1.0) * digamma(c1) - (c0 - 1.0) * digamma(c0) + \
            (total - 2.0) * digamma(total)

    def _cross_entropy(self, dist, concentration1_b, concentration0_b, concentration1=None,
                       concentration0=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Beta")
        return self._entropy(concentration1, concentration0) + self._kl_loss(
            dist, concentration1_b, concentration0_b, concentration1, concentration0)

    def _log_prob(self, value, concentration1=None, concentration0=None):
        value = self._value(value)
        c1, c0 = self._check_param_type(concentration1, concentration0)
        return (c1 - 1.0) * np.log(value) + (c0 - 1.0) * np.log1p(-value) - _lbeta(c1, c0)

    def _kl_loss(self, dist, concentration1_b, concentration0_b, concentration1=None,
                 concentration0=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Beta")
        c1_b = self._cast_b(concentration1_b, "concentration1_b")
        c0_b = self._cast_b(concentration0_b, "concentration0_b")
        c1_a, c0_a = self._check_param_type(concentration1, concentration0)
        total_a, total_b = c1_a + c0_a, c1_b + c0_b
        return _lbeta(c1_b, c0_b) - _lbeta(c1_a, c0_a) - digamma(c1_a) * (c1_b - c1_a) - \
            digamma(c0_a) * (c0_b - c0_a) + digamma(total_a) * (total_b - total_a)

    def _sample(self, shape=(), concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        full = self._sample_shape(shape, c1, c0)
        first = self._draw("standard_gamma", full, onp.broadcast_to(U.getval(c1), full))
        second = self._draw("standard_gamma", full, onp.broadcast_to(U.getval(c0), full))
        return (first / (first + second)).astype(self.dtype)


class Gamma(_TwoConcentrations):
    """``Gamma(concentration=None, rate=None, seed=None, dtype=ms.float32, name='Gamma')``."""

    _refused = numbers.Real

    def __init__(self, concentration=None, rate=None, seed=None, dtype=onp.float32,
                 name="Gamma"):
        self._setup(seed, dtype, name, dict(locals()), concentration=concentration, rate=rate)

    def _get_dist_type(self):
        return "Gamma"

    def _get_dist_args(self, concentration=None, rate=None):
        return self._dist_args(concentration, rate)

    def _mean(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return concentration / rate

    def _var(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return concentration / np.square(rate)

    def _sd(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return np.sqrt(concentration) / rate

    def _mode(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        mode = (concentration - 1.0) / rate
        return np.where(U.getval(concentration) > 1.0, mode, U.const(onp.nan, mode))

    def _entropy(self, concentration=None, rate=None):
        c, rate = self._check_param_type(concentration, rate)
        return c - np.log(rate) + lgamma(c) + (1.0 - c) * digamma(c)

    def _cross_entropy(self, dist, concentration_b, rate_b, concentration=None, rate=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Gamma")
        return self._entropy(concentration, rate) + self._kl_loss(
            dist, concentration_b, rate_b, concentration, rate)

    def _log_prob(self, value, concentration=None, rate=None):
        value = self._value(value)
        c, rate = self._check_param_type(concentration, rate)
        return (c - 1.0) * np.log(value) - rate * value - (lgamma(c) - c * np.log(rate))

    def _cdf(self, value, concentration=None, rate=None):
        value = self._value(value)
        c, rate = self._check_param_type(concentration, rate)
        return igamma(c, rate * value)

    def _kl_loss(self, dist, concentration_b, rate_b, concentration=None, rate=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Gamma")
        c_b = self._cast_b(concentration_b, "concentration_b")
        rate_b = self._cast_b(rate_b, "rate_b")
        c_a, rate_a = self._check_param_type(concentration, rate)
        return (c_a - c_b) * digamma(c_a) + lgamma(c_b) - lgamma(c_a) + \
            c_b * np.log(rate_a) - c_b * np.log(rate_b) + c_a * (rate_b / rate_a - 1.0)

    def _sample(self, shape=(), concentration=None, rate=None):
        c, rate = self._check_param_type(concentration, rate)
        full = self._sample_shape(shape, c, rate)
        noise = self._draw("standard_gamma", full, onp.broadcast_to(U.getval(c), full))
        return (noise.astype(self.parameter_type) / rate).astype(self.dtype)
