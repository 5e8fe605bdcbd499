"""The ``nn.probability.distribution`` base class (``Distribution``'s contract) and
``Normal``: values, per-call parameters, broadcasting, errors, dtypes, gradients, samples."""
import math
import subprocess
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.nn.probability.distribution import Distribution, Normal

T = ms.Tensor


class Half(Distribution):
    """A test distribution defining only ``_log_prob`` and ``_cdf`` (the rest derived)."""

    def __init__(self, rate=None, seed=None, dtype=ms.float32, name="Half"):
        param = dict(locals())
        param["param_dict"] = {"rate": rate}
        super().__init__(seed, dtype, name, param)
        self._add_parameter(rate, "rate")

    def _log_prob(self, value, rate=None):
        rate = self._check_param_type(rate)
        return ms.numpy.log(rate) - rate * value

    def _cdf(self, value, rate=None):
        rate = self._check_param_type(rate)
        return 1.0 - ms.numpy.exp(-rate * value)


def test_base_derives_missing_methods_as_mindspore():
    d, x = Half(2.0), T([0.5, 1.0])
    onp.testing.assert_allclose(d.prob(x), 2 * onp.exp(-2 * onp.array([0.5, 1.0])), rtol=1e-6)
    onp.testing.assert_allclose(d.survival_function(x), onp.exp([-1.0, -2.0]), rtol=1e-6)
    onp.testing.assert_allclose(d.log_survival(x), [-1.0, -2.0], rtol=1e-6)
    onp.testing.assert_allclose(d.log_cdf(x), onp.log1p(-onp.exp([-1.0, -2.0])), rtol=1e-6)
    onp.testing.assert_allclose(d("prob", x, T(1.0)), onp.exp([-0.5, -1.0]), rtol=1e-6)
    assert d.parameters["param_dict"] == {"rate": 2.0} and d.is_scalar_batch
    for method in ("mean", "sd", "var", "entropy", "get_dist_type"):
        with pytest.raises(NotImplementedError, match=f"Half.{method}: expected"):
            getattr(d, method)()
    with pytest.raises(NotImplementedError, match="Half construct: expected a method name"):
        d("median")


def test_normal_values_match_the_closed_forms():
    mean, sd = onp.array([0.0, 1.0]), 2.0
    x = onp.array([1.0, -0.5])
    n = Normal(T(mean, ms.float32), sd)
    pdf = onp.exp(-0.5 * ((x - mean) / sd) ** 2) / (sd * math.sqrt(2 * math.pi))
    cdf = onp.array([0.5 * (1 + math.erf(z / math.sqrt(2))) for z in (x - mean) / sd])
    for method, want in (("prob", pdf), ("log_prob", onp.log(pdf)), ("cdf", cdf),
                         ("log_cdf", onp.log(cdf)), ("survival_function", 1 - cdf),
                         ("log_survival", onp.log(1 - cdf))):
        onp.testing.assert_allclose(getattr(n, method)(T(x, ms.float32)), want, rtol=1e-5,
                                    err_msg=method)
        assert getattr(n, method)(T(x, ms.float32)).dtype == onp.float32
    onp.testing.assert_allclose(n.var(), [4.0, 4.0])
    onp.testing.assert_allclose(n.entropy(), 0.5 * math.log(2 * math.pi * math.e * 4.0),
                                rtol=1e-6)
    # KL(N(0,2) || N(1,3)) = log(3/2) + (4 + 1) / 18 - 1/2
    want = math.log(1.5) + 5.0 / 18 - 0.5
    onp.testing.assert_allclose(Normal(0.0, 2.0).kl_loss("Normal", T(1.0), T(3.0)), want,
                                rtol=1e-5)
    onp.testing.assert_allclose(Normal(0.0, 2.0).cross_entropy("Normal", T(1.0), T(3.0)),
                                want + 0.5 * math.log(2 * math.pi * math.e * 4.0), rtol=1e-5)


def test_per_call_parameters_and_broadcasting():
    n = Normal(0.0, 1.0)
    out = n.log_prob(T([0.0, 1.0]), T([[0.0], [1.0]]), T([1.0, 2.0]))
    assert out.shape == (2, 2) and out.dtype == onp.float32
    onp.testing.assert_allclose(out, Normal(T([[0.0], [1.0]]), T([1.0, 2.0])).log_prob(
        T([0.0, 1.0])))
    assert n.mean(T([3.0, 4.0])).tolist() == [3.0, 4.0]  # the per-call mean replaces 0
    assert n.sd(sd=T(3.0)).tolist() == 3.0
    assert n.sd(T([1.0, 2.0])).tolist() == [1.0, 1.0]  # sd broadcast to the mean's shape
    unset = Normal()
    assert unset.batch_shape is None
    onp.testing.assert_allclose(unset.mean(T(2.0), T(1.0)), 2.0)
    mean, sd = unset.get_dist_args(T(1.0), T(2.0))
    assert (float(mean), float(sd)) == (1.0, 2.0)
    assert Normal(T([1.0, 2.0]), T([[1.0], [2.0]])).batch_shape == (2, 2)


def test_errors_name_the_distribution_and_argument():
    with pytest.raises(TypeError, match="Normal mean: expected a Tensor, got None"):
        Normal().mean()
    with pytest.raises(TypeError, match="Normal sd: expected a Tensor, got float"):
        Normal(0.0, 1.0).prob(T(1.0), T(0.0), 2.0)
    with pytest.raises(TypeError, match="Normal value: expected a Tensor, got float"):
        Normal(0.0, 1.0).prob(1.0)
    with pytest.raises(ValueError, match="Normal sd: expected values > 0"):
        Normal(0.0, 0.0)
    with pytest.raises(TypeError, match="Normal dtype: expected float16, float32 or float"):
        Normal(0.0, 1.0, dtype=ms.int32)
    with pytest.raises(TypeError, match="Normal name: expected a str"):
        Normal(0.0, 1.0, name=3)
    with pytest.raises(ValueError, match="N seed: expected an int >= 0"):
        Normal(0.0, 1.0, seed=-1, name="N")
    with pytest.raises(ValueError, match="Normal.kl_loss dist: expected 'Normal'"):
        Normal(0.0, 1.0).kl_loss("Gamma", T(1.0), T(1.0))
    with pytest.raises(TypeError, match=r"Normal.sample shape: expected a tuple of ints"):
        Normal(0.0, 1.0).sample(3)
    with pytest.raises(TypeError, match="Normal mean_b: expected a Tensor"):
        Normal(0.0, 1.0).kl_loss("Normal", 1.0, T(1.0))


@pytest.mark.filterwarnings("ignore:Output seems independent of input")
def test_float64_gradients_match_finite_differences():
    x = onp.array([0.3, -1.2])
    n = Normal(dtype=ms.float64)
    for method in ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"):
        check_grads(lambda v, m, s: getattr(n, method)(v, m, s).sum(), modes=["rev"],
                    order=1)(x, onp.array([0.1, 0.2]), onp.array([1.5, 0.7]))
    for method in ("mean", "sd", "var", "entropy"):
        check_grads(lambda m, s: getattr(n, method)(m, s).sum(), modes=["rev"],
                    order=1)(onp.array([0.1, 0.2]), onp.array([1.5, 0.7]))
    check_grads(lambda m, s, mb, sb: n.kl_loss("Normal", mb, sb, m, s).sum()
                + n.cross_entropy("Normal", mb, sb, m, s).sum(), modes=["rev"],
                order=1)(onp.array([0.1, 0.2]), onp.array([1.5, 0.7]), onp.array(0.4),
                         onp.array(1.1))
    # samples are reparameterized: d(mean + sd * noise)/d mean = 1
    grads = ms.grad(lambda m: Normal(dtype=ms.float64).sample((5,), m, T(1.0, ms.float64))
                    .sum())(T([0.0, 1.0], ms.float64))
    onp.testing.assert_allclose(grads, [5.0, 5.0])


def test_float64_distribution_keeps_float64():
    n = Normal(T(0.0, ms.float64), T(1.0, ms.float64), dtype=ms.float64)
    assert n.prob(T([0.5], ms.float64)).dtype == onp.float64
    assert n.sample((2,)).dtype == onp.float64


def test_samples_follow_the_seed_and_have_the_right_moments():
    n = Normal(T([1.0, -2.0]), T([0.5, 3.0]))
    ms.set_seed(7)
    first = n.sample((20000,))
    ms.set_seed(7)
    assert onp.array_equal(first, n.sample((20000,)))
    assert first.shape == (20000, 2) and first.dtype == onp.float32
    onp.testing.assert_allclose(first.mean(0), [1.0, -2.0], atol=0.08)
    onp.testing.assert_allclose(first.std(0), [0.5, 3.0], rtol=0.03)
    own = Normal(0.0, 1.0, seed=5)
    assert own.sample().shape == () and own.seed == 5
    assert not onp.array_equal(own.sample((3,)), own.sample((3,)))  # one stream, moving on
    assert onp.array_equal(Normal(0.0, 1.0, seed=5).sample((3,)),
                           Normal(0.0, 1.0, seed=5).sample((3,)))


def test_exports_load_lazily_and_have_docstrings():
    code = ("import sys, minpy_compat.nn as nn; "
            "assert 'minpy_compat.nn.probability' not in sys.modules; "
            "d = nn.probability.distribution; "
            "assert 'minpy_compat.nn.probability.distribution.normal' not in sys.modules; "
            "print(d.Normal.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "minpy_compat.nn.probability.distribution.normal"
    for name in nn.probability.distribution.__all__:
        assert getattr(nn.probability.distribution, name).__doc__
    assert isinstance(Normal(0.0, 1.0), nn.Cell)
