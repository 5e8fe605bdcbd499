"""MindSpore 2.10's ``Bernoulli``, ``Geometric`` and ``Poisson`` distributions, on the
``Distribution`` base. Their ``dtype`` (int32 by default, float32 for Poisson) is the
dtype of samples and modes; probabilities and moments are in the float parameter dtype.
Values are floored where the pmf needs an integer (so their gradient is zero, as in
MindSpore); Poisson's ``log_prob`` and ``cdf`` follow lgamma/igamma, smooth in the value.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Geometric
>>> Geometric(0.5).prob(ms.Tensor([0.0, 1.0]))
array([0.5 , 0.25], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .... import numpy as np
from ....errors import message
from ....ops import fn_special as S
from .distribution import Distribution
from . import _utils as U

_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float16", "float32", "float64")


def check_number_dtype(cls_name, dtype):
    """MindSpore's TypeError unless ``dtype`` is an int, uint or float dtype."""
    try:
        name = onp.dtype(dtype).name
    except TypeError:
        name = repr(dtype)
    if name not in _DTYPES:
        raise TypeError(message(f"{cls_name} dtype", "an int, uint or float dtype", name,
                                "Pass dtype=ms.int32 or ms.float32."))
    return dtype


def check_prob(cls_name, name, value):
    """MindSpore's ValueError unless every probability lies in (0, 1)."""
    data = onp.asarray(getval(value))
    if not (data > 0).all():
        raise ValueError(message(f"{cls_name} {name}", "probabilities > 0",
                                 f"min {data.min()}", "Pass values in (0, 1)."))
    if not (data < 1).all():
        raise ValueError(message(f"{cls_name} {name}", "probabilities < 1",
                                 f"max {data.max()}", "Pass values in (0, 1)."))


class KeepsFloat(Distribution):
    """A distribution whose float results stay in its parameter dtype (samples and modes
    in ``dtype``), in place of the base's cast to both dtypes' promotion (float64 for
    an int ``dtype``)."""

    def _keep_dtype(self, out):
        return out

    def _route(self, method):
        """The base's method, its float results kept in the parameter dtype (NumPy 1.x
        promotes a 0-d float32 with a Python float to float64)."""
        fn = super()._route(method)
        if method in ("sample", "mode"):  # in ``dtype``
            return fn

        def kept(*args, **kwargs):
            out = fn(*args, **kwargs)
            dtype = getattr(getval(out), "dtype", None)
            if dtype is not None and dtype.kind == "f" and dtype != self.parameter_type:
                return out.astype(self.parameter_type)
            return out
        return kept


class _Discrete(KeepsFloat):
    """The shared constructor: one parameter, an int/uint/float ``dtype``, float
    parameters (MindSpore keeps them float32 for an int ``dtype``)."""

    _PARAM = "probs"

    def __init__(self, value, seed, dtype, name, param):
        check_number_dtype(type(self).__name__, dtype)
        super().__init__(seed, dtype, name, param)
        if onp.dtype(self.parameter_type).kind != "f":
            self.parameter_type = onp.float32
        # MindSpore's attribute name (``_probs``, ``_rate``): a Parameter given at init
        # is named after it (``dist._probs``)
        setattr(self, "_" + self._PARAM, self._add_parameter(value, self._PARAM))

    @property
    def _value(self):
        return getattr(self, "_" + self._PARAM)

    def _get_dist_args(self, value=None):
        return (self._value if value is None else self._check_value(value, self._PARAM),)

    def _floored(self, value):
        return np.floor(self._check_value(value, "value").astype(self.parameter_type))

    def _uniform(self, shape, low=0.0):
        """Uniform noise in [low, 1) (a constant: samples carry no gradient)."""
        return onp.maximum(self._draw("random_sample", shape), low)


class Bernoulli(_Discrete):
    """``Bernoulli(probs=None, seed=None, dtype=ms.int32, name='Bernoulli')``: 1 with
    probability ``probs``, else 0."""

    def __init__(self, probs=None, seed=None, dtype=onp.int32, name="Bernoulli"):
        param = dict(locals())
        param["param_dict"] = {"probs": probs}
        super().__init__(probs, seed, dtype, name, param)
        if self._value is not None:
            check_prob(name, "probs", self._value)

    probs = property(lambda self: self._value, doc="The probability of a 1.")

    def _get_dist_type(self):
        return "Bernoulli"

    def _mean(self, probs1=None):
        return self._check_param_type(probs1)

    def _mode(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return np.where(probs1 > 0.5, 1, 0).astype(self.dtype)

    def _var(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return probs1 * (1.0 - probs1)

    def _entropy(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        probs0 = 1.0 - probs1
        return -(probs0 * np.log(probs0)) - probs1 * np.log(probs1)

    def _log_prob(self, value, probs1=None):
        value = self._check_value(value, "value").astype(self.parameter_type)
        probs1 = self._check_param_type(probs1)
        tiny = float(onp.finfo(self.parameter_type).tiny)
        probs1 = np.clip(probs1, tiny, 1.0 - tiny)
        return np.log(probs1) * value + np.log(1.0 - probs1) * (1.0 - value)

    def _cdf(self, value, probs1=None):
        value = self._floored(value)
        probs1 = self._check_param_type(probs1)
        value, probs0 = value + 0.0 * probs1, (1.0 - probs1) + 0.0 * value
        return np.where(value < 1.0, np.where(value < 0.0, 0.0 * probs0, probs0),
                        np.ones_like(probs0))

    def _kl_loss(self, dist, probs1_b, probs1=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Bernoulli")
        probs1_b = self._check_value(probs1_b, "probs1_b").astype(self.parameter_type)
        probs1_a = self._check_param_type(probs1)
        probs0_a, probs0_b = 1.0 - probs1_a, 1.0 - probs1_b
        return probs1_a * np.log(probs1_a / probs1_b) + probs0_a * np.log(probs0_a / probs0_b)

    def _cross_entropy(self, dist, probs1_b, probs1=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Bernoulli")
        return self._entropy(probs1) + self._kl_loss(dist, probs1_b, probs1)

    def _sample(self, shape=(), probs1=None):
        probs1 = getval(self._check_param_type(probs1))
        full = self._sample_shape(shape, probs1)
        return np.asarray((self._uniform(full) < probs1).astype(self.dtype))


class Geometric(_Discrete):
    """``Geometric(probs=None, seed=None, dtype=ms.int32, name='Geometric')``: the number
    of failures before the first success of probability ``probs``."""

    def __init__(self, probs=None, seed=None, dtype=onp.int32, name="Geometric"):
        param = dict(locals())
        param["param_dict"] = {"probs": probs}
        super().__init__(probs, seed, dtype, name, param)
        if self._value is not None:
            check_prob(name, "probs", self._value)

    probs = property(lambda self: self._value, doc="The success probability.")

    def _get_dist_type(self):
        return "Geometric"

    def _mean(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return (1.0 - probs1) / probs1

    def _mode(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return onp.zeros(onp.shape(getval(probs1)), self.dtype)

    def _var(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return (1.0 - probs1) / np.square(probs1)

    def _entropy(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        probs0 = 1.0 - probs1
        return (-probs0 * np.log(probs0) - probs1 * np.log(probs1)) / probs1

    def _prob(self, value, probs1=None):
        value = self._floored(value)
        probs1 = self._check_param_type(probs1)
        safe = np.where(value < 0.0, 0.0 * value, value)
        pmf = np.exp(np.log(1.0 - probs1) * safe + np.log(probs1))
        return np.where(value < 0.0, 0.0 * pmf, pmf)

    def _cdf(self, value, probs1=None):
        value = self._floored(value)
        probs1 = self._check_param_type(probs1)
        safe = np.where(value < 0.0, 0.0 * value, value)
        cdf = 1.0 - np.power(1.0 - probs1, safe + 1.0)
        return np.where(value < 0.0, 0.0 * cdf, cdf)

    def _kl_loss(self, dist, probs1_b, probs1=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Geometric")
        probs1_b = self._check_value(probs1_b, "probs1_b").astype(self.parameter_type)
        probs1_a = self._check_param_type(probs1)
        probs0_a, probs0_b = 1.0 - probs1_a, 1.0 - probs1_b
        return np.log(probs1_a / probs1_b) + (probs0_a / probs1_a) * np.log(probs0_a / probs0_b)

    def _cross_entropy(self, dist, probs1_b, probs1=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Geometric")
        return self._entropy(probs1) + self._kl_loss(dist, probs1_b, probs1)

    def _sample(self, shape=(), probs1=None):
        probs1 = getval(self._check_param_type(probs1))
        full = self._sample_shape(shape, probs1)
        noise = self._uniform(full, onp.finfo(onp.float64).tiny)
        return np.asarray(onp.floor(onp.log(noise) / onp.log1p(-probs1)).astype(self.dtype))


class Poisson(_Discrete):
    """``Poisson(rate=None, seed=None, dtype=ms.float32, name='Poisson')``: counts with
    mean ``rate`` (a Tensor or list, not a Python number, as in MindSpore)."""

    _PARAM = "rate"

    def __init__(self, rate=None, seed=None, dtype=onp.float32, name="Poisson"):
        param = dict(locals())
        param["param_dict"] = {"rate": rate}
        if isinstance(rate, (int, float)):
            raise TypeError(message(f"{type(self).__name__} rate", "a Tensor",
                                    type(rate).__name__, "Pass ms.Tensor([rate])."))
        super().__init__(rate, seed, dtype, name, param)
        if self._value is not None:
            U.check_positive(name, "rate", self._value)

    rate = property(lambda self: self._value, doc="The mean count.")

    def _get_dist_type(self):
        return "Poisson"

    def _mean(self, rate=None):
        return self._check_param_type(rate)

    _var = _mean

    def _mode(self, rate=None):
        return np.floor(self._check_param_type(rate))

    def _log_prob(self, value, rate=None):
        value = self._check_value(value, "value").astype(self.dtype)
        rate = self._check_param_type(rate)
        safe = np.where(value < 0, 0 * value, value)
        log_unnormalized = rate * 0 + np.where(
            value == safe, np.log(rate) * safe - S.lgamma(safe + 1.0), -onp.inf)
        return log_unnormalized - rate

    def _cdf(self, value, rate=None):
        value = self._check_value(value, "value").astype(self.dtype)
        rate = self._check_param_type(rate)
        below = value < 0
        safe = np.where(below, 0 * value, value)
        cdf = 1.0 - S.igamma(1.0 + safe + 0 * rate, rate + 0 * safe)
        return np.where(below, 0 * cdf, cdf)

    def _sample(self, shape=(), rate=None):
        rate = getval(self._check_param_type(rate))
        full = self._sample_shape(shape, rate)
        return np.asarray(self._draw("poisson", full, rate).astype(self.dtype))
