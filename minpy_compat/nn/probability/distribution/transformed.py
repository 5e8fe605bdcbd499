"""MindSpore 2.10's ``TransformedDistribution(bijector, distribution)``: the distribution
of ``Y = bijector.forward(X)`` for ``X ~ distribution``, by the change of variables
``log p_Y(y) = log p_X(g^-1(y)) + log |(g^-1)'(y)|``; ``cdf`` and its relatives map
through ``inverse``, samples through ``forward``. Per-call parameters go to the inner
distribution.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability import bijector, distribution
>>> log_normal = distribution.TransformedDistribution(
...     bijector.Exp(), distribution.Normal(0.0, 1.0))
>>> log_normal.cdf(ms.Tensor([1.0]))
array([0.5], dtype=float32)
"""
import numpy as onp

from .... import numpy as np
from ....errors import message
from ..bijector.bijector import Bijector
from .discrete import KeepsFloat
from .distribution import Distribution


def _check_type(name, value, cls):
    if not isinstance(value, cls):
        raise TypeError(message(f"TransformedDistribution {name}", f"a {cls.__name__}",
                                type(value).__name__, f"Pass a {cls.__name__} instance."))


class TransformedDistribution(KeepsFloat):
    """``TransformedDistribution(bijector, distribution, seed=None,
    name='transformed_distribution')``: ``distribution`` mapped by ``bijector``."""

    def __init__(self, bijector, distribution, seed=None, name="transformed_distribution"):
        param = dict(locals())
        _check_type("bijector", bijector, Bijector)
        _check_type("distribution", distribution, Distribution)
        if onp.dtype(distribution.dtype).kind != "f":
            raise TypeError(message("TransformedDistribution distribution dtype",
                                    "a float dtype", onp.dtype(distribution.dtype).name,
                                    "Transform a continuous distribution."))
        super().__init__(seed, distribution.dtype, name, param)
        self._bijector, self._distribution = bijector, distribution
        self._is_linear_transformation = bijector.is_constant_jacobian
        self._is_scalar_batch = distribution.is_scalar_batch and bijector.is_scalar_batch
        self._batch_shape = distribution.batch_shape
        self.default_parameters = distribution.default_parameters
        self.parameter_names = distribution.parameter_names
        self.parameter_type = distribution.parameter_type
        self._broadcast_shape = None
        if self._batch_shape is not None and bijector.batch_shape is not None:
            self._broadcast_shape = onp.broadcast_shapes(self._batch_shape,
                                                         bijector.batch_shape)

    bijector = property(lambda self: self._bijector, doc="The bijector.")
    distribution = property(lambda self: self._distribution, doc="The base distribution.")
    is_linear_transformation = property(lambda self: self._is_linear_transformation,
                                        doc="Whether the bijector's Jacobian is constant.")

    def _cdf(self, value, *args, **kwargs):
        return self.distribution("cdf", self.bijector("inverse", value), *args, **kwargs)

    def _log_cdf(self, value, *args, **kwargs):
        return np.log(self._cdf(value, *args, **kwargs))

    def _survival_function(self, value, *args, **kwargs):
        return 1.0 - self._cdf(value, *args, **kwargs)

    def _log_survival(self, value, *args, **kwargs):
        return np.log(self._survival_function(value, *args, **kwargs))

    def _log_prob(self, value, *args, **kwargs):
        unadjusted = self.distribution("log_prob", self.bijector("inverse", value),
                                       *args, **kwargs)
        log_jacobian = self.bijector("inverse_log_jacobian", value)
        # log p stays -inf outside the support (not -inf + log_jacobian = NaN there)
        return np.where(unadjusted == -onp.inf, unadjusted, unadjusted + log_jacobian)

    def _prob(self, value, *args, **kwargs):
        return np.exp(self._log_prob(value, *args, **kwargs))

    def _sample(self, *args, **kwargs):
        return self.bijector("forward", self.distribution("sample", *args, **kwargs))

    def _mean(self, *args, **kwargs):
        if not self.is_linear_transformation:
            raise ValueError(message(f"{self.name}.mean", "a linear bijector (constant "
                                     "Jacobian)", type(self.bijector).__name__,
                                     "Estimate the mean from samples instead."))
        return self.bijector("forward", self.distribution("mean", *args, **kwargs))
