"""The continuous distributions of ``nn.probability.distribution`` (beyond Normal): float64
finite-difference gradients in the value and every parameter, float32 kept, errors naming
the class, samples with the right moments under ``ms.set_seed``."""
import math

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat.nn.probability import distribution as D

T = ms.Tensor
F64 = onp.float64
VALUE_METHODS = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
STAT_METHODS = ("mean", "mode", "sd", "var", "entropy")

# class -> (per-call parameters, a value inside the support, (kl "b" parameters) or None)
SPECS = {
    "LogNormal": ((0.2, 0.7), (0.6, 1.8), (0.1, 1.1)),
    "Logistic": ((0.3, 1.4), (-0.5, 1.2), None),
    "Cauchy": ((0.1, 0.9), (-0.7, 1.3), (0.4, 1.6)),
    "Laplace": ((0.2, 1.3), (-0.6, 1.1), None),
    "HalfNormal": ((0.0, 1.4), (0.4, 1.7), None),
    "StudentT": ((3.5, 0.2, 1.3), (-0.6, 1.1), None),
    "Uniform": ((-1.0, 2.0), (-0.3, 1.2), (-2.0, 3.0)),
    "Exponential": ((1.6,), (0.4, 2.1), (0.7,)),
    "Beta": ((2.0, 3.0), (0.3, 0.7), (1.5, 2.5)),
    "Gamma": ((2.0, 1.5), (0.6, 2.4), (1.7, 0.8)),
}


def available(dist, method, *args):
    """Whether MindSpore defines ``method`` for this distribution (the oracle test checks
    the NotImplementedError/ValueError of the others)."""
    try:
        getattr(dist, method)(*args)
    except (NotImplementedError, ValueError):
        return False
    return True


@pytest.mark.filterwarnings("ignore:Output seems independent of input")
@pytest.mark.parametrize("name", sorted(SPECS))
def test_float64_gradients_in_value_and_parameters(name):
    params, values, kl_b = SPECS[name]
    dist = getattr(D, name)(dtype=F64)
    value = onp.array(values, F64)
    args = [onp.array([p], F64) for p in params]  # 1-d: a perturbed 0-d array is a scalar
    for method in VALUE_METHODS:
        if available(dist, method, T(value), *[T(a) for a in args]):
            check_grads(lambda v, *p: getattr(dist, method)(v, *p).sum(), modes=["rev"],
                        order=1)(value, *args)
    for method in STAT_METHODS:
        if method != "mode" and available(dist, method, *[T(a) for a in args]):
            check_grads(lambda *p: getattr(dist, method)(*p).sum(), modes=["rev"],
                        order=1)(*args)
    if kl_b is not None:
        b = [onp.array([p], F64) for p in kl_b]
        check_grads(lambda *p: dist.kl_loss(name, *p[:len(b)], *p[len(b):]).sum(),
                    modes=["rev"], order=1)(*b, *args)


@pytest.mark.filterwarnings("ignore:Output seems independent of input")
def test_gumbel_gradients_in_value_and_init_parameters():
    value = onp.array([-0.4, 1.3])
    for method in VALUE_METHODS + STAT_METHODS:
        if method != "mode":
            check_grads(lambda v, loc, scale: getattr(D.Gumbel(loc, scale, dtype=F64), method)(
                *([v] if method in VALUE_METHODS else [])).sum(), modes=["rev"],
                order=1)(value, onp.array([0.3]), onp.array([1.2]))
    check_grads(lambda loc, scale, lb, sb: D.Gumbel(loc, scale, dtype=F64).kl_loss(
        "Gumbel", lb, sb).sum(), modes=["rev"], order=1)(
        onp.array([0.3]), onp.array([1.2]), onp.array([0.5]), onp.array([0.9]))


@pytest.mark.parametrize("name", sorted(SPECS))
def test_float32_stays_float32(name):
    params, values = SPECS[name][:2]
    dist = getattr(D, name)(*[T(p, ms.float32) for p in params])
    out = dist.log_prob(T(values, ms.float32))
    assert out.dtype == onp.float32
    if available(dist, "sample"):
        assert dist.sample((2,)).dtype == onp.float32


def test_errors_name_the_class_and_argument():
    with pytest.raises(ValueError, match="Uniform low: expected less than high"):
        D.Uniform(1.0, 0.5)
    with pytest.raises(ValueError, match="Exponential rate: expected values > 0"):
        D.Exponential(0.0)
    with pytest.raises(ValueError, match="StudentT df: expected values > 0"):
        D.StudentT(-2.0, 0.0, 1.0)
    with pytest.raises(TypeError, match="Gamma concentration: expected a Tensor, got the scal"):
        D.Gamma(2.0, T(1.0))
    with pytest.raises(TypeError, match="Beta concentration0: expected a Tensor"):
        D.Beta(T(1.0), 0.5)
    with pytest.raises(ValueError, match="Cauchy.mean: expected a distribution with a finite"):
        D.Cauchy(0.0, 1.0).mean()
    with pytest.raises(NotImplementedError, match="Laplace.cdf: expected a distribution that"):
        D.Laplace(0.0, 1.0).cdf(T([0.0]))
    with pytest.raises(ValueError, match="Gamma.kl_loss dist: expected 'Gamma', got 'Beta'"):
        D.Gamma(T(1.0), T(1.0)).kl_loss("Beta", T(1.0), T(1.0))
    with pytest.raises(TypeError, match="Logistic dtype: expected float16, float32"):
        D.Logistic(0.0, 1.0, dtype=ms.int32)
    with pytest.raises(TypeError, match="LogNormal scale: expected a Tensor, got None"):
        D.LogNormal(0.0).mean()
    with pytest.raises(TypeError):
        D.Gumbel(0.0)  # loc and scale are required, as in MindSpore


MOMENTS = [  # (class, parameters, mean, sd)
    ("LogNormal", (0.1, 0.5), math.exp(0.1 + 0.125), None),
    ("Logistic", (0.5, 1.2), 0.5, 1.2 * math.pi / math.sqrt(3)),
    ("Uniform", (-1.0, 3.0), 1.0, 4.0 / math.sqrt(12)),
    ("Exponential", (2.0,), 0.5, 0.5),
    ("Beta", (2.0, 3.0), 0.4, math.sqrt(6 / (25 * 6))),
    ("Gamma", (3.0, 2.0), 1.5, math.sqrt(3.0) / 2),
    ("Gumbel", (0.4, 1.5), 0.4 + 1.5 * 0.5772156649, 1.5 * math.pi / math.sqrt(6)),
]


@pytest.mark.parametrize("name, params, mean, sd", MOMENTS)
def test_samples_have_the_moments_and_follow_the_seed(name, params, mean, sd):
    dist = getattr(D, name)(*[T(p, ms.float32) for p in params])
    ms.set_seed(11)
    draws = dist.sample((40000,))
    ms.set_seed(11)
    assert onp.array_equal(draws, dist.sample((40000,)))
    assert draws.shape == (40000,) and draws.dtype == onp.float32
    onp.testing.assert_allclose(draws.mean(), mean, rtol=0.03, atol=0.02)
    if sd is not None:
        onp.testing.assert_allclose(draws.std(), sd, rtol=0.04)
    # the median of a Cauchy sample is its loc
    assert abs(onp.median(D.Cauchy(T(0.7), T(1.0)).sample((40000,))) - 0.7) < 0.05


@pytest.mark.filterwarnings("ignore:Output seems independent of input")
@pytest.mark.parametrize("name", sorted(SPECS) + ["Normal"])
def test_float64_gradients_through_the_init_parameters(name):
    params, values = SPECS.get(name, ((0.2, 1.3), (-0.4, 0.9)))[:2]
    value = onp.array(values, F64)
    check_grads(lambda v, *p: getattr(D, name)(*p, dtype=F64).log_prob(v).sum(),
                modes=["rev"], order=1)(value, *[onp.array([p], F64) for p in params])
