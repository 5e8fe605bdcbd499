"""MindSpore 2.10's ``Laplace(mean, sd)``, ``HalfNormal(mean, sd)`` and ``StudentT(df, mean,
sd)``: distributions that define only their density (``prob``/``log_prob``); their other
methods raise NotImplementedError, as in MindSpore. As in MindSpore, ``HalfNormal``'s
density is ``sqrt(2/pi)/sd * exp(-((x - mean)/sd)**2 / 2)`` for ``x >= 0`` and 0 below.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Laplace
>>> Laplace(0.0, 1.0).prob(ms.Tensor([0.0]))
array([0.5], dtype=float32)
"""
import math

import numpy as onp

from .... import numpy as np
from ....ops import lgamma
from .float_parameters import FloatParameters
from . import _utils as U


class _Density(FloatParameters):
    """The shared constructor: each parameter in order, the named ones checked > 0."""

    _attribute = "_{}_value"
    _positive = ("sd",)


class Laplace(_Density):
    """``Laplace(mean=None, sd=None, seed=None, dtype=ms.float32, name='Laplace')``."""

    def __init__(self, mean=None, sd=None, seed=None, dtype=onp.float32, name="Laplace"):
        self._setup(seed, dtype, name, dict(locals()), mean=mean, sd=sd)

    def _log_prob(self, value, mean=None, sd=None):
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        return -np.abs((value - mean) / sd) - np.log(2.0 * sd)


class HalfNormal(_Density):
    """``HalfNormal(mean=None, sd=None, seed=None, dtype=ms.float32, name='HalfNormal')``."""

    def __init__(self, mean=None, sd=None, seed=None, dtype=onp.float32, name="HalfNormal"):
        self._setup(seed, dtype, name, dict(locals()), mean=mean, sd=sd)

    def _prob(self, value, mean=None, sd=None):
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        pdf = math.sqrt(2.0 / math.pi) / sd * np.exp(-0.5 * np.square((value - mean) / sd))
        return pdf * onp.asarray(U.getval(value) >= 0, self.dtype)


class StudentT(_Density):
    """``StudentT(df=None, mean=None, sd=None, seed=None, dtype=ms.float32, name='StudentT')``."""

    _positive = ("df", "sd")

    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=onp.float32,
                 name="StudentT"):
        self._setup(seed, dtype, name, dict(locals()), df=df, mean=mean, sd=sd)

    def _log_prob(self, value, df=None, mean=None, sd=None):
        value = self._value(value)
        df, mean, sd = self._check_param_type(df, mean, sd)
        y = (value - mean) / sd
        unnormalized = -0.5 * (df + 1.0) * np.log1p(np.square(y) / df)
        normalization = np.log(np.abs(sd)) + 0.5 * np.log(df) + 0.5 * math.log(math.pi) + \
            lgamma(0.5 * df) - lgamma(0.5 * (df + 1.0))
        return unnormalized - normalization
