"""``Bernoulli``, ``Geometric``, ``Poisson``, ``Categorical`` and
``TransformedDistribution`` beyond the oracle: float64 finite-difference checks (values
and parameters, per call and through the constructor), float32 kept, seeded samples
checked by frequencies and moments, and errors naming the distribution."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat.nn.probability import bijector as B
from minpy_compat.nn.probability import distribution as D


def T(values, dtype=ms.float64):
    return ms.Tensor(onp.array(values), dtype)


P = T([0.2, 0.55, 0.8])
PROBS = T([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]])
PROBS_B = T([[0.3, 0.3, 0.4], [0.5, 0.25, 0.25]])
FD = {  # name -> (function of float64 Tensors, their values)
    "bernoulli_log_prob": (lambda v, p: D.Bernoulli(dtype=ms.float64).log_prob(v, p),
                           (T([0.0, 1.0, 0.3]), P)),
    "bernoulli_entropy_init": (lambda p: D.Bernoulli(p).entropy(), (P,)),
    "bernoulli_var": (lambda p: D.Bernoulli(P).var(p), (P,)),
    "bernoulli_kl": (lambda pb, p: D.Bernoulli(P).kl_loss("Bernoulli", pb, p),
                     (T([0.3, 0.4, 0.9]), P)),
    "bernoulli_cross_entropy": (lambda pb: D.Bernoulli(P).cross_entropy("Bernoulli", pb),
                                (T([0.3, 0.4, 0.9]),)),
    "geometric_prob": (lambda p: D.Geometric(p).prob(T([0.0, 2.0, 3.0])), (P,)),
    "geometric_log_survival": (lambda p: D.Geometric(P).log_survival(T([0.0, 2.0, 3.0]), p),
                               (P,)),
    "geometric_moments": (lambda p: D.Geometric(p).sd() + D.Geometric(p).mean(), (P,)),
    "geometric_entropy_kl": (lambda p, pb: D.Geometric(p).entropy()
                             + D.Geometric(p).kl_loss("Geometric", pb), (P, T([0.4]))),
    "poisson_log_prob": (lambda v, r: D.Poisson(dtype=ms.float64).log_prob(v, r),
                         (T([0.5, 2.0, 3.5]), T([0.7, 2.0, 5.0]))),
    "poisson_cdf": (lambda v, r: D.Poisson(r, dtype=ms.float64).cdf(v),
                    (T([0.5, 2.0, 3.5]), T([0.7, 2.0, 5.0]))),
    "categorical_log_prob": (lambda p: D.Categorical(PROBS).log_prob(T([2.0, 0.0]), p),
                             (PROBS,)),
    "categorical_cdf": (lambda p: D.Categorical(PROBS).cdf(T([1.0, 0.0]), p), (PROBS,)),
    "categorical_moments": (lambda p: D.Categorical(PROBS).var(p) + D.Categorical(PROBS).mean(p),
                            (PROBS,)),
    "categorical_entropy_kl": (lambda p, pb: D.Categorical(PROBS).entropy(p)
                               + D.Categorical(PROBS).kl_loss("Categorical", pb, p),
                               (PROBS, PROBS_B)),
    "transformed_log_prob": (lambda v, m, s: D.TransformedDistribution(
        B.Exp(), D.Normal(dtype=ms.float64)).log_prob(v, m, s),
        (T([0.5, 1.0, 3.0]), T([0.2]), T([1.5]))),
    "transformed_cdf": (lambda v, s: D.TransformedDistribution(
        B.ScalarAffine(s, T(1.0)), D.Normal(T(0.1), T(2.0), dtype=ms.float64)).cdf(v),
        (T([0.5, 1.0, 3.0]), T(1.7))),
}


@pytest.mark.parametrize("name", sorted(FD))
def test_float64_gradients_match_finite_differences(name):
    fun, args = FD[name]
    check_grads(lambda *a: ms.numpy.sum(fun(*a)), modes=["rev"], order=1)(*args)


@pytest.mark.parametrize("dist, calls", [
    (D.Bernoulli(0.3), ["mean", "var", "entropy", ("log_prob", 1.0), ("cdf", 0.0)]),
    (D.Geometric(0.4), ["mean", "var", "entropy", ("prob", 2.0), ("cdf", 2.0)]),
    (D.Poisson([2.0]), ["mean", "sd", ("log_prob", 1.0), ("cdf", 1.0)]),
    (D.Categorical([0.1, 0.9]), ["mean", "var", "entropy", ("prob", 1.0), ("cdf", 0.0)]),
    (D.TransformedDistribution(B.Exp(), D.Normal(0.0, 1.0)), [("prob", 1.0), ("cdf", 2.0)]),
])
def test_float32_stays_float32(dist, calls):
    for call in calls:
        if isinstance(call, str):
            method, args = call, ()
        else:
            method, args = call[0], (T(call[1], ms.float32),)
        assert getattr(dist, method)(*args).dtype == onp.float32, method


def test_samples_follow_the_seed_with_the_right_frequencies():
    ms.set_seed(11)
    first = D.Bernoulli(0.3).sample((4000,))
    ms.set_seed(11)
    assert onp.array_equal(first, D.Bernoulli(0.3).sample((4000,)))
    assert first.dtype == onp.int32 and abs(first.mean() - 0.3) < 0.03
    geom = D.Geometric(T([0.25, 0.6]), seed=5).sample((6000,))
    assert geom.shape == (6000, 2) and geom.dtype == onp.int32 and geom.min() >= 0
    onp.testing.assert_allclose(geom.mean(axis=0), [3.0, 2 / 3], rtol=0.06)
    pois = D.Poisson(T([0.5, 4.0]), seed=3).sample((5000,))
    assert pois.dtype == onp.float32
    onp.testing.assert_allclose(pois.mean(axis=0), [0.5, 4.0], rtol=0.06)
    onp.testing.assert_allclose(pois.var(axis=0), [0.5, 4.0], rtol=0.1)
    cat = D.Categorical(T([[0.2, 0.3, 0.5], [0.7, 0.2, 0.1]]), seed=9).sample((6000,))
    assert cat.shape == (6000, 2)
    onp.testing.assert_allclose([(cat[:, 0] == k).mean() for k in range(3)],
                                [0.2, 0.3, 0.5], atol=0.025)
    assert D.Categorical([0.5, 0.5]).sample().shape == ()
    log_normal = D.TransformedDistribution(B.Exp(), D.Normal(0.5, 0.3, seed=2))
    onp.testing.assert_allclose(onp.log(log_normal.sample((5000,))).mean(), 0.5, atol=0.02)


def test_a_bijector_called_on_a_distribution_transforms_it():
    transformed = B.ScalarAffine(2.0, 1.0)(D.Normal(0.5, 2.0))
    assert isinstance(transformed, D.TransformedDistribution)
    assert transformed.is_linear_transformation
    onp.testing.assert_allclose(transformed.mean(), 2.0)
    onp.testing.assert_allclose(transformed.cdf(T([2.0], ms.float32)), 0.5)


def test_bernoulli_mode_and_discrete_dtypes():
    assert D.Bernoulli(T([0.2, 0.7])).mode().tolist() == [0, 1]
    assert D.Bernoulli(0.7, dtype=ms.float32).mode().dtype == onp.float32
    assert D.Geometric(0.3).mode().dtype == onp.int32
    assert D.Categorical(PROBS).mode().tolist() == [2, 0]
    assert D.Categorical(PROBS).batch_shape == (2, 3)
    assert D.Categorical(PROBS).broadcast_shape == (2,)


@pytest.mark.parametrize("bad, error, match", [
    (lambda: D.Bernoulli(1.0), ValueError, "Bernoulli probs: expected probabilities < 1"),
    (lambda: D.Geometric(T([0.0, 0.5])), ValueError, "Geometric probs: expected probabil"),
    (lambda: D.Bernoulli(0.5, dtype=ms.bool_), TypeError, "Bernoulli dtype"),
    (lambda: D.Poisson(2.0), TypeError, "Poisson rate: expected a Tensor, got float"),
    (lambda: D.Poisson(T([0.0])), ValueError, "Poisson rate"),
    (lambda: D.Categorical(T(0.5)), ValueError, "Categorical probs: expected rank >= 1"),
    (lambda: D.Categorical(T([0.5, 0.6])), ValueError, "Categorical probs: expected rows"),
    (lambda: D.Bernoulli().mean(), TypeError, "Bernoulli probs"),
    (lambda: D.Geometric(0.5).kl_loss("Bernoulli", T([0.5])), ValueError, "Geometric.kl"),
    (lambda: D.TransformedDistribution(3, D.Normal()), TypeError,
     "TransformedDistribution bijector"),
    (lambda: D.TransformedDistribution(B.Exp(), D.Bernoulli(0.5)), TypeError,
     "TransformedDistribution distribution dtype"),
    (lambda: D.TransformedDistribution(B.Exp(), D.Normal(0.0, 1.0)).mean(), ValueError,
     "transformed_distribution.mean: expected a linear bijector"),
])
def test_bad_argument_names_the_distribution(bad, error, match):
    with pytest.raises(error, match=match):
        bad()


@pytest.mark.parametrize("name", ["Bernoulli", "Categorical", "Geometric", "Poisson",
                                  "TransformedDistribution"])
def test_public_names_have_docstrings(name):
    assert getattr(D, name).__doc__.strip()


@pytest.mark.parametrize("cls, name, expected", [  # MindSpore 2.10's names and gradients
    (D.Bernoulli, "dist._probs", [1 / 0.3, -1 / 0.4]),
    (D.Poisson, "dist._rate", [1 / 0.3 - 1, -1.0]),
])
def test_a_parameter_given_at_init_gets_its_gradient(cls, name, expected):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.dist = cls(ms.Parameter(T([0.3, 0.6], ms.float32), name="p"))

        def construct(self, x):
            return ms.numpy.sum(self.dist.log_prob(x))

    net, x = Net(), T([1.0, 0.0], ms.float32)
    weights = ms.ParameterTuple(net.trainable_params())
    assert [p.name for p in weights] == [name]
    grads = ms.ops.GradOperation(get_by_list=True)(net, weights)(x)
    onp.testing.assert_allclose(grads[0], expected, rtol=1e-5)
    assert grads[0].dtype == onp.float32
