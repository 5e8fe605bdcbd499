"""MindSpore 2.10's ``Normal(mean, sd)`` distribution, on the ``Distribution`` base.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Normal
>>> Normal(0.0, 2.0).log_prob(ms.Tensor([1.0]))
array([-1.7370857], dtype=float32)
"""
import math

import numpy as onp

from .... import numpy as np
from ....ops import erf
from .distribution import Distribution
from . import _utils as U

_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)


class Normal(Distribution):
    """``Normal(mean=None, sd=None, seed=None, dtype=ms.float32, name='Normal')``: N(mean, sd^2)."""

    _repr_labels = ("mean", "standard deviation")

    def __init__(self, mean=None, sd=None, seed=None, dtype=onp.float32, name="Normal"):
        param = dict(locals())
        param["param_dict"] = {"mean": mean, "sd": sd}
        U.check_float_dtype(type(self).__name__, dtype)
        super().__init__(seed, dtype, name, param)
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            U.check_positive(name, "sd", self._sd_value)

    def _get_dist_type(self):
        return "Normal"

    def _get_dist_args(self, mean=None, sd=None):
        return self._dist_args(mean, sd)

    def _mean(self, mean=None, sd=None):
        return self._check_param_type(mean, sd)[0]

    def _mode(self, mean=None, sd=None):
        return self._check_param_type(mean, sd)[0]

    def _sd(self, mean=None, sd=None):
        return self._check_param_type(mean, sd)[1]

    def _entropy(self, mean=None, sd=None):
        sd = self._check_param_type(mean, sd)[1]
        return 0.5 * math.log(2.0 * math.pi * math.e) + np.log(sd)

    def _cross_entropy(self, dist, mean_b, sd_b, mean=None, sd=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Normal")
        return self._entropy(mean, sd) + self._kl_loss(dist, mean_b, sd_b, mean, sd)

    def _log_prob(self, value, mean=None, sd=None):
        value = self._check_value(value, "value").astype(self.dtype)
        mean, sd = self._check_param_type(mean, sd)
        return -0.5 * np.square((value - mean) / sd) - _HALF_LOG_2PI - np.log(sd)

    def _cdf(self, value, mean=None, sd=None):
        value = self._check_value(value, "value").astype(self.dtype)
        mean, sd = self._check_param_type(mean, sd)
        return 0.5 * (1.0 + erf((value - mean) / (sd * math.sqrt(2.0))))

    def _kl_loss(self, dist, mean_b, sd_b, mean=None, sd=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Normal")
        mean_b = self._check_value(mean_b, "mean_b").astype(self.parameter_type)
        sd_b = self._check_value(sd_b, "sd_b").astype(self.parameter_type)
        mean_a, sd_a = self._check_param_type(mean, sd)
        diff_log_scale = np.log(sd_a) - np.log(sd_b)
        squared_diff = np.square(mean_a / sd_b - mean_b / sd_b)
        return 0.5 * squared_diff + 0.5 * np.expm1(2.0 * diff_log_scale) - diff_log_scale

    def _sample(self, shape=(), mean=None, sd=None):
        mean, sd = self._check_param_type(mean, sd)
        full = self._sample_shape(shape, mean, sd)
        noise = self._draw("standard_normal", full).astype(self.parameter_type)
        return (mean + sd * noise).astype(self.dtype)
