"""MindSpore 2.10's ``Distribution`` base class, the contract every distribution keeps.

A subclass (``Normal``, ``Gamma``, ... and the discrete ones) does four things:

1. ``__init__`` builds ``param = dict(locals())`` with ``param['param_dict'] = {name:
   value}`` (its distribution parameters, in order), calls ``super().__init__(seed, dtype,
   name, param)``, then ``self._add_parameter(value, name)`` for each parameter in that same
   order (a ``None`` value means "pass it per call").
2. It defines the private methods it knows: ``_log_prob``/``_prob``, ``_cdf``/``_log_cdf``/
   ``_survival_function``/``_log_survival``, ``_mean``, ``_mode``, ``_sd``/``_var``,
   ``_entropy``, ``_cross_entropy``, ``_kl_loss``, ``_sample``, ``_get_dist_args``,
   ``_get_dist_type``. Each takes its required arguments (``value``; ``dist, *params_b`` for
   ``_kl_loss``/``_cross_entropy``; ``shape=()`` for ``_sample``) and then the distribution's
   parameters as optional keywords (MindSpore's ``dist_spec_args``, e.g. ``mean=None,
   sd=None``), which it resolves with ``self._check_param_type(mean, sd)``: a per-call
   parameter must be a Tensor, a missing one falls back to the init value (TypeError when
   there is none), and all come back cast to ``self.parameter_type`` and broadcast together.
3. The public methods (``prob``, ``log_prob``, ``cdf``, ``log_cdf``, ``survival_function``,
   ``log_survival``, ``mean``, ``mode``, ``sd``, ``var``, ``entropy``, ``cross_entropy``,
   ``kl_loss``, ``sample``, ``get_dist_args``, ``get_dist_type``) and ``construct(name,
   *args)`` forward to those, filling the gaps as MindSpore does (``prob = exp(log_prob)``,
   ``cdf = 1 - survival``, ``var = sd**2`` ...); a method with no way to compute it raises
   NotImplementedError.
4. ``_sample`` draws its noise with ``self._draw(kind, shape, ...)`` (NumPy's global stream,
   seeded by ``ms.set_seed``, when ``seed`` is 0; its own stream for another seed) and
   combines it with the parameters by traced ops, so samples carry reparameterized
   gradients where MindSpore's do.

Everything is written with ``minpy_compat.numpy``/``ops``, so every method is
differentiable in ``value`` and the parameters through the tracer.
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ....errors import message
from ....tensor import Parameter, as_tensor
from .... import numpy as np
from ...cell import Cell
from . import _utils as U

# public method -> the private methods that can compute it, tried in order (a callable
# entry derives the result from another method)
_LOG, _EXP = np.log, np.exp
_ROUTES = {
    "prob": ("_prob", ("_log_prob", _EXP)),
    "log_prob": ("_log_prob", ("_prob", _LOG)),
    "cdf": ("_cdf", ("_log_cdf", _EXP), ("_survival_function", lambda s: 1.0 - s),
            ("_log_survival", lambda s: 1.0 - np.exp(s))),
    "survival_function": ("_survival_function", ("_log_survival", _EXP),
                          ("cdf", lambda c: 1.0 - c)),
    "log_cdf": ("_log_cdf", ("cdf", _LOG)),
    "log_survival": ("_log_survival", ("survival_function", _LOG)),
    "sd": ("_sd", ("_var", np.sqrt)),
    "var": ("_var", ("_sd", np.square)),
    "mean": ("_mean",), "mode": ("_mode",), "entropy": ("_entropy",),
    "cross_entropy": ("_cross_entropy",), "kl_loss": ("_kl_loss",), "sample": ("_sample",),
    "get_dist_args": ("_get_dist_args",), "get_dist_type": ("_get_dist_type",),
}


class Distribution(Cell):
    """``Distribution(seed, dtype, name, param)``: MindSpore's base of all distributions."""

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        seed = 0 if seed is None else seed
        if not isinstance(name, str):
            raise TypeError(message(f"{type(self).__name__} name", "a str",
                                    type(name).__name__))
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise TypeError(message(f"{name} seed", "an int >= 0 or None", repr(seed)))
        if seed < 0:
            raise ValueError(message(f"{name} seed", "an int >= 0 or None", repr(seed)))
        self._name, self._seed, self._dtype = name, int(seed), dtype
        self._rng = None
        self._parameters = {k: v for k, v in param.items()
                            if not (k == "self" or k.startswith("_"))}
        self.default_parameters, self.parameter_names = [], []
        self._batch_shape = self._broadcast_shape = None
        self._is_scalar_batch = True
        if "distribution" not in self._parameters:
            values = list(self._parameters.get("param_dict", {}).values())
            self.parameter_type = U.param_type(type(self).__name__, values, dtype)
            self._batch_shape = self._calc_batch_shape(values)
            self._broadcast_shape = self._batch_shape
            self._is_scalar_batch = all(v is None or isinstance(v, numbers.Real)
                                        for v in values)

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def seed(self):
        return self._seed

    @property
    def parameters(self):
        return self._parameters

    @property
    def is_scalar_batch(self):
        return self._is_scalar_batch

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def broadcast_shape(self):
        return self._broadcast_shape

    @staticmethod
    def _calc_batch_shape(values):
        if any(v is None for v in values) or not values:
            return None
        return onp.broadcast_shapes(*(onp.shape(getval(v)) for v in values))

    def _add_parameter(self, value, name):
        """Keep init parameter ``name`` (a Tensor of ``parameter_type``, or None)."""
        value_t = None if value is None else U.to_param(type(self).__name__, name, value,
                                                        self.parameter_type)
        self.default_parameters.append(value_t)
        self.parameter_names.append(name)
        return value_t

    def _reset_parameters(self):
        self.default_parameters, self.parameter_names = [], []

    def _check_value(self, value, name):
        """``value`` itself when a Tensor (TypeError naming the method's argument else)."""
        return U.check_tensor(f"{self.name} {name}", value)

    def _check_param_type(self, *args):
        """The distribution parameters for one call: each per-call one (a Tensor) or the init
        one, cast to ``parameter_type`` and broadcast together (one value, or a tuple)."""
        out = []
        for arg, name, default in zip(args, self.parameter_names, self.default_parameters):
            if arg is not None:
                U.check_tensor(f"{self.name} {name}", arg)
            elif default is not None:
                arg = default
            else:
                raise TypeError(message(
                    f"{self.name} {name}", "a Tensor", "None",
                    f"Pass {name} to the call, or to {type(self).__name__}() at init."))
            if isinstance(arg, Parameter):  # its traced stand-in under GradOperation
                arg = arg.value()
            out.append(as_tensor(arg, self.parameter_type))
        if len(out) == 1:
            return out[0]
        shapes = [onp.shape(getval(arg)) for arg in out]
        try:
            shape = onp.broadcast_shapes(*shapes)
        except ValueError:
            raise ValueError(message(f"{self.name} parameters", "broadcastable shapes",
                                     shapes)) from None
        zeros = onp.zeros(shape, self.parameter_type)
        return tuple(as_tensor(arg + zeros) for arg in out)

    def _dist_args(self, *args):
        """A ``_get_dist_args`` body: each per-call parameter (a Tensor) or the init one."""
        return tuple(default if arg is None else self._check_value(arg, name) for arg, name,
                     default in zip(args, self.parameter_names, self.default_parameters))

    def _draw(self, kind, shape, *args):
        """Float64 noise of ``shape`` from ``numpy.random``'s ``kind`` (``standard_normal``,
        ``random_sample``, ``standard_gamma``, ...): the global stream for seed 0 (seeded by
        ``ms.set_seed``), the distribution's own stream for another seed."""
        if self._seed == 0:
            rng = onp.random
        else:
            if self._rng is None:
                self._rng = onp.random.RandomState(self._seed % 2 ** 32)
            rng = self._rng
        return onp.asarray(getattr(rng, kind)(*args, size=shape), onp.float64)

    def _sample_shape(self, shape, *params):
        """(the full sample shape, whether it is scalar) for ``shape`` plus the batch."""
        shape = U.check_shape(f"{self.name}.sample", shape)
        batch = onp.broadcast_shapes(*(onp.shape(getval(p)) for p in params))
        return tuple(shape) + tuple(batch)

    def _finder(self, method):
        """The callable computing public ``method`` (None when there is no way)."""
        for step in _ROUTES[method]:
            source, derive = (step, None) if isinstance(step, str) else step
            fn = getattr(self, source, None) if source.startswith("_") else \
                self._finder(source)
            if fn is not None and derive is None:
                return fn
            if fn is not None:
                return lambda *args, **kwargs: derive(fn(*args, **kwargs))
        return None

    def _route(self, method):
        fn = self._finder(method)
        if fn is None:
            raise NotImplementedError(message(
                f"{self.name}.{method}", "a distribution that implements it",
                f"{type(self).__name__}, which does not",
                f"Define _{method} (or a method it derives from) in {type(self).__name__}."))
        return lambda *args, **kwargs: self._keep_dtype(fn(*args, **kwargs))

    def _keep_dtype(self, out):
        """A float result in the distribution's dtype (NumPy 1.x promotes a 0-d float32
        with a Python float to float64; MindSpore keeps float32)."""
        data = getval(out)
        wanted = onp.promote_types(self._dtype, getattr(self, "parameter_type", self._dtype))
        if isinstance(data, (onp.ndarray, onp.generic)) and data.dtype.kind == "f" and \
                data.dtype != wanted:
            return as_tensor(out, wanted)
        return out

    # ---- the public methods: each optional distribution parameter per call ----------------
    def prob(self, value, *args, **kwargs):
        """The density (pmf for a discrete distribution) at ``value``."""
        return self._route("prob")(value, *args, **kwargs)

    def log_prob(self, value, *args, **kwargs):
        """The log density at ``value``."""
        return self._route("log_prob")(value, *args, **kwargs)

    def cdf(self, value, *args, **kwargs):
        """The cumulative distribution function at ``value``."""
        return self._route("cdf")(value, *args, **kwargs)

    def log_cdf(self, value, *args, **kwargs):
        """The log of the cdf at ``value``."""
        return self._route("log_cdf")(value, *args, **kwargs)

    def survival_function(self, value, *args, **kwargs):
        """``1 - cdf`` at ``value``."""
        return self._route("survival_function")(value, *args, **kwargs)

    def log_survival(self, value, *args, **kwargs):
        """The log of the survival function at ``value``."""
        return self._route("log_survival")(value, *args, **kwargs)

    def mean(self, *args, **kwargs):
        """The mean."""
        return self._route("mean")(*args, **kwargs)

    def mode(self, *args, **kwargs):
        """The mode."""
        return self._route("mode")(*args, **kwargs)

    def sd(self, *args, **kwargs):
        """The standard deviation."""
        return self._route("sd")(*args, **kwargs)

    def var(self, *args, **kwargs):
        """The variance."""
        return self._route("var")(*args, **kwargs)

    def entropy(self, *args, **kwargs):
        """The (differential) entropy."""
        return self._route("entropy")(*args, **kwargs)

    def cross_entropy(self, dist, *args, **kwargs):
        """The cross entropy against distribution ``dist`` (its name, then its parameters)."""
        return self._route("cross_entropy")(dist, *args, **kwargs)

    def kl_loss(self, dist, *args, **kwargs):
        """KL(self || dist) for ``dist`` (its name, then its parameters)."""
        return self._route("kl_loss")(dist, *args, **kwargs)

    def sample(self, *args, **kwargs):
        """Samples of ``shape + batch_shape`` (``shape=()`` by default)."""
        return self._route("sample")(*args, **kwargs)

    def get_dist_args(self, *args, **kwargs):
        """The distribution parameters, the per-call ones replacing the init ones."""
        return self._route("get_dist_args")(*args, **kwargs)

    def get_dist_type(self):
        """The distribution's type name (``'Normal'``)."""
        return self._route("get_dist_type")()

    def construct(self, name, *args, **kwargs):
        if name not in _ROUTES:
            raise NotImplementedError(message(
                f"{self.name} construct", f"a method name ({', '.join(sorted(_ROUTES))})",
                repr(name)))
        return getattr(self, name)(*args, **kwargs)

    def extend_repr(self):
        if self._is_scalar_batch:
            pairs = zip(getattr(self, "_repr_labels", self.parameter_names),
                        self.default_parameters)
            return ", ".join(f"{label} = {getval(value)}" for label, value in pairs)
        return f"batch_shape = {self._broadcast_shape}"
