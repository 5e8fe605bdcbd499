"""The constructor, properties and per-call arguments that the (loc, scale) distributions
share: Logistic and Cauchy (``logistic_cauchy``), Gumbel and LogNormal (``gumbel_lognormal``).
"""
from .distribution import Distribution
from . import _utils as U


class LocScale(Distribution):
    """A distribution of ``loc`` and ``scale`` (checked > 0), each optional at construction
    and given per call otherwise (``dist_spec_args``)."""

    def __init__(self, loc, scale, seed, dtype, name, param):
        param["param_dict"] = {"loc": loc, "scale": scale}
        U.check_float_dtype(type(self).__name__, dtype)
        super().__init__(seed, dtype, name, param)
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        if self._scale is not None:
            U.check_positive(name, "scale", self._scale)

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    def _get_dist_args(self, loc=None, scale=None):
        return self._dist_args(loc, scale)
