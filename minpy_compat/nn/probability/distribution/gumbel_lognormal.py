"""MindSpore 2.10's ``Gumbel(loc, scale)`` and ``LogNormal(loc, scale)``. MindSpore builds
both as TransformedDistributions (Uniform through an inverted Gumbel cdf; Normal through
exp); here they are written out with the same formulas, so the numbers match. As in
MindSpore, ``Gumbel``'s methods take no per-call parameters.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Gumbel, LogNormal
>>> LogNormal(0.0, 1.0).cdf(ms.Tensor([1.0])), Gumbel(0.0, 1.0).mode()
(array([0.5], dtype=float32), array(0., dtype=float32))
"""
import math

import numpy as onp

from .... import numpy as np
from ....ops import lgamma
from .float_parameters import LocScale
from .normal import Normal
from . import _utils as U

_EULER = 0.5772156649015329


class _Transformed(LocScale):
    """Gumbel's and LogNormal's shared helpers (the derived tails)."""

    def _log_cdf(self, value, *args):
        return np.log(self._cdf(value, *args))

    def _survival_function(self, value, *args):
        return 1.0 - self._cdf(value, *args)

    def _log_survival(self, value, *args):
        return np.log(self._survival_function(value, *args))


class Gumbel(_Transformed):
    """``Gumbel(loc, scale, seed=0, dtype=ms.float32, name='Gumbel')``."""

    def __init__(self, loc, scale, seed=0, dtype=onp.float32, name="Gumbel"):
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))

    def _get_dist_type(self):
        return "Gumbel"

    def _mean(self):
        loc, scale = self._check_param_type(None, None)
        return loc + scale * _EULER

    def _mode(self):
        return self._check_param_type(None, None)[0]

    def _sd(self):
        return self._check_param_type(None, None)[1] * (math.pi / math.sqrt(6.0))

    def _entropy(self):
        return 1.0 + np.log(self._check_param_type(None, None)[1]) + _EULER

    def _log_prob(self, value):
        value = self._value(value)
        z = (value - self._loc) / self._scale
        return -(z + np.exp(-z)) - np.log(self._scale)

    def _prob(self, value):
        return np.exp(self._log_prob(value))

    def _cdf(self, value):
        z = (self._value(value) - self._loc) / self._scale
        return np.exp(-np.exp(-z))

    def _kl_loss(self, dist, loc_b, scale_b):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Gumbel")
        loc_b = self._check_value(loc_b, "loc_b").astype(self.parameter_type)
        scale_b = self._check_value(scale_b, "scale_b").astype(self.parameter_type)
        loc, scale = self._loc, self._scale
        return np.log(scale_b / scale) + _EULER * (scale / scale_b - 1.0) + \
            (loc - loc_b) / scale_b + np.expm1((loc_b - loc) / scale_b + lgamma(
                scale / scale_b + 1.0))

    def _cross_entropy(self, dist, loc_b, scale_b):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Gumbel")
        return self._entropy() + self._kl_loss(dist, loc_b, scale_b)

    def _sample(self, shape=()):
        loc, scale = self._check_param_type(None, None)
        full = self._sample_shape(shape, loc, scale)
        u = self._draw("uniform", full, 0.0, 1.0).astype(self.parameter_type)
        return (loc - scale * np.log(-np.log(u))).astype(self.dtype)


class LogNormal(_Transformed):
    """``LogNormal(loc=None, scale=None, seed=0, dtype=ms.float32, name='LogNormal')``."""

    def __init__(self, loc=None, scale=None, seed=0, dtype=onp.float32, name="LogNormal"):
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))
        self._normal = Normal(dtype=dtype)  # the base distribution, given loc/scale per call

    def _get_dist_type(self):
        return "LogNormal"

    def _mean(self, loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        return np.exp(loc + 0.5 * np.square(scale))

    def _mode(self, loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        return np.exp(loc - np.square(scale))

    def _var(self, loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        var = np.square(scale)
        return np.expm1(var) * np.exp(2.0 * loc + var)

    def _entropy(self, loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        return loc + 0.5 + np.log(scale) + 0.5 * math.log(2.0 * math.pi)

    def _cdf(self, value, loc=None, scale=None):
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        cdf = self._normal.cdf(np.log(value), loc, scale)
        return np.where(U.getval(value) > 0.0, cdf, U.const(0.0, cdf))

    def _log_prob(self, value, loc=None, scale=None):
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        return self._normal.log_prob(np.log(value), loc, scale) - np.log(value)

    def _kl_loss(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "LogNormal")
        loc, scale = self._check_param_type(loc, scale)
        return self._normal.kl_loss("Normal", loc_b, scale_b, loc, scale)

    def _cross_entropy(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "LogNormal")
        return self._entropy(loc, scale) + self._kl_loss(dist, loc_b, scale_b, loc, scale)

    def _sample(self, shape=(), loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        full = self._sample_shape(shape, loc, scale)
        noise = self._draw("standard_normal", full).astype(self.parameter_type)
        return np.exp(loc + scale * noise).astype(self.dtype)
