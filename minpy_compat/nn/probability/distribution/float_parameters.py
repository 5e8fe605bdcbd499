"""The constructor that the continuous distributions of float parameters share: the
parameters, each optional at construction and given per call otherwise (``dist_spec_args``),
added in order and kept as MindSpore's attributes, the positive ones checked > 0.

``FloatParameters`` is the base of Beta/Gamma (``beta_gamma``), Laplace/HalfNormal/StudentT
(``density_only``); ``LocScale`` of Logistic/Cauchy (``logistic_cauchy``) and
Gumbel/LogNormal (``gumbel_lognormal``).
"""
from .distribution import Distribution
from . import _utils as U


class FloatParameters(Distribution):
    """``_setup(seed, dtype, name, param, **params)`` adds ``params`` in order, each as the
    attribute ``_attribute.format(key)``; those in ``_positive`` (all when None) are
    checked > 0 when given."""

    _attribute = "_{}"
    _positive = None

    def _setup(self, seed, dtype, name, param, **params):
        param["param_dict"] = params
        U.check_float_dtype(type(self).__name__, dtype)
        super().__init__(seed, dtype, name, param)
        for key, value in params.items():
            value = self._add_parameter(value, key)
            setattr(self, self._attribute.format(key), value)  # MindSpore's attribute
            if value is not None and (self._positive is None or key in self._positive):
                U.check_positive(name, key, value)

    def _value(self, value):
        """``value`` checked and in the distribution's dtype."""
        return self._check_value(value, "value").astype(self.dtype)


class LocScale(FloatParameters):
    """A distribution of ``loc`` and ``scale`` (checked > 0)."""

    _positive = ("scale",)

    def __init__(self, loc, scale, seed, dtype, name, param):
        self._setup(seed, dtype, name, param, loc=loc, scale=scale)

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    def _get_dist_args(self, loc=None, scale=None):
        return self._dist_args(loc, scale)
