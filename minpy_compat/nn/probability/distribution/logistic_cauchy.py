"""MindSpore 2.10's ``Logistic(loc, scale)`` and ``Cauchy(loc, scale)`` distributions.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Cauchy, Logistic
>>> Logistic(0.0, 1.0).cdf(ms.Tensor([0.0])), Cauchy(0.0, 1.0).cdf(ms.Tensor([1.0]))
(array([0.5], dtype=float32), array([0.75], dtype=float32))
"""
import math

import numpy as onp

from .... import numpy as np
from .float_parameters import LocScale
from . import _utils as U


def _softplus(x):
    return np.logaddexp(0.0, x)


class _LocScale(LocScale):
    """Logistic's and Cauchy's shared helpers (a standardized value, the mode, uniform noise)."""

    _repr_labels = ("location", "scale")

    def _z(self, value, loc, scale):
        """(the standardized value, loc, scale) for one call."""
        value = self._check_value(value, "value").astype(self.dtype)
        loc, scale = self._check_param_type(loc, scale)
        return (value - loc) / scale, loc, scale

    def _mode(self, loc=None, scale=None):
        return self._check_param_type(loc, scale)[0]

    def _uniform(self, shape, loc, scale, low):
        """Uniform(low, 1) noise of ``shape`` + the batch, in the parameter dtype."""
        full = self._sample_shape(shape, loc, scale)
        return self._draw("uniform", full, low, 1.0).astype(self.parameter_type)


class Logistic(_LocScale):
    """``Logistic(loc=None, scale=None, seed=None, dtype=ms.float32, name='Logistic')``."""

    def __init__(self, loc=None, scale=None, seed=None, dtype=onp.float32, name="Logistic"):
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))

    def _get_dist_type(self):
        return "Logistic"

    def _mean(self, loc=None, scale=None):
        return self._check_param_type(loc, scale)[0]

    def _sd(self, loc=None, scale=None):
        return self._check_param_type(loc, scale)[1] * (math.pi / math.sqrt(3.0))

    def _entropy(self, loc=None, scale=None):
        return np.log(self._check_param_type(loc, scale)[1]) + 2.0

    def _log_prob(self, value, loc=None, scale=None):
        z, _, scale = self._z(value, loc, scale)
        return -z - 2.0 * _softplus(-z) - np.log(scale)

    def _cdf(self, value, loc=None, scale=None):
        z = self._z(value, loc, scale)[0]
        return 1.0 / (1.0 + np.exp(-z))

    def _log_cdf(self, value, loc=None, scale=None):
        return -_softplus(-self._z(value, loc, scale)[0])

    def _survival_function(self, value, loc=None, scale=None):
        z = self._z(value, loc, scale)[0]
        return 1.0 / (1.0 + np.exp(z))

    def _log_survival(self, value, loc=None, scale=None):
        return -_softplus(self._z(value, loc, scale)[0])

    def _sample(self, shape=(), loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        u = self._uniform(shape, loc, scale, onp.finfo(onp.float64).tiny)
        return ((np.log(u) - np.log1p(-u)) * scale + loc).astype(self.dtype)


class Cauchy(_LocScale):
    """``Cauchy(loc=None, scale=None, seed=None, dtype=ms.float32, name='Cauchy')``."""

    def __init__(self, loc=None, scale=None, seed=None, dtype=onp.float32, name="Cauchy"):
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))

    def _get_dist_type(self):
        return "Cauchy"

    def _undefined(self, what):
        raise ValueError(U.message(f"{self.name}.{what}", "a distribution with a finite "
                                   + what, "Cauchy, whose " + what + " is undefined"))

    def _mean(self, *args, **kwargs):
        self._undefined("mean")

    def _sd(self, *args, **kwargs):
        self._undefined("sd")

    def _var(self, *args, **kwargs):
        self._undefined("var")

    def _entropy(self, loc=None, scale=None):
        return np.log(self._check_param_type(loc, scale)[1]) + math.log(4.0 * math.pi)

    def _log_prob(self, value, loc=None, scale=None):
        z, _, scale = self._z(value, loc, scale)
        return -np.log1p(np.square(z)) - np.log(math.pi * scale)

    def _cdf(self, value, loc=None, scale=None):
        return np.arctan(self._z(value, loc, scale)[0]) / math.pi + 0.5

    def _log_cdf(self, value, loc=None, scale=None):
        z = self._z(value, loc, scale)[0]
        return np.log1p(2.0 * np.arctan(z) / math.pi) - math.log(2.0)

    def _kl_loss(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Cauchy")
        loc_a, scale_a = self._check_param_type(loc, scale)
        loc_b = self._check_value(loc_b, "loc_b").astype(self.parameter_type)
        scale_b = self._check_value(scale_b, "scale_b").astype(self.parameter_type)
        total = np.square(scale_a + scale_b) + np.square(loc_a - loc_b)
        return np.log(total) - math.log(4.0) - np.log(scale_a) - np.log(scale_b)

    def _cross_entropy(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Cauchy")
        return self._entropy(loc, scale) + self._kl_loss(dist, loc_b, scale_b, loc, scale)

    def _sample(self, shape=(), loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        u = self._uniform(shape, loc, scale, 0.0)
        return (loc + scale * np.tan(math.pi * (u - 0.5))).astype(self.dtype)
