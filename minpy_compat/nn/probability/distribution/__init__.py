"""``minpy_compat.nn.probability.distribution``: MindSpore 2.10's distributions as Cells.

Each class is imported from its module the first time it is read.

>>> from minpy_compat import nn
>>> import minpy_compat as ms
>>> nn.probability.distribution.Normal(0.0, 1.0).prob(ms.Tensor([0.0]))
array([0.3989423], dtype=float32)
"""
from ....lazy_names import lazy_names

_EXPORTS = {  # module -> the names it exports here
    "distribution": ["Distribution"],
    "normal": ["Normal"],
    "discrete": ["Bernoulli", "Geometric", "Poisson"],
    "categorical": ["Categorical"],
    "transformed": ["TransformedDistribution"],
    "logistic_cauchy": ["Cauchy", "Logistic"],
    "density_only": ["HalfNormal", "Laplace", "StudentT"],
    "uniform_exponential": ["Exponential", "Uniform"],
    "beta_gamma": ["Beta", "Gamma"],
    "gumbel_lognormal": ["Gumbel", "LogNormal"],
}
__all__ = sorted(name for names in _EXPORTS.values() for name in names)
__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
