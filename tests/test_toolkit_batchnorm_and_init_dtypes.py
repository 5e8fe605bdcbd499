"""batchnorm refuses hyper-parameters that turn a step NaN and keeps float32; initialised
parameters keep their declared float dtype."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from minpy_compat.nn import init, layers
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from toolkit_float32_helpers import rng


# ---- batchnorm hyper-parameters --------------------------------------------------------
@pytest.mark.parametrize("x_shape, gamma_shape", [((4, 3), (3,)), ((2, 3, 2, 2), (3,))],
                         ids=["batchnorm", "spatial"])
@pytest.mark.parametrize("name, value, pattern", [
    ("momentum", 1.5, r"batchnorm argument 'momentum': expected a number in \[0, 1\], "
                      r"got 1\.5\."),
    ("momentum", -0.1, r"batchnorm argument 'momentum': expected a number in \[0, 1\], "
                       r"got -0\.1\."),
    ("momentum", float("nan"), r"batchnorm argument 'momentum': .* got nan\."),
    ("momentum", "0.9", r"batchnorm argument 'momentum': expected a number .* got '0\.9'\."),
    ("eps", -1e-3, r"batchnorm argument 'eps': expected a finite number >= 0, got -0\.001\."),
    ("eps", float("inf"), r"batchnorm argument 'eps': expected a finite number >= 0, "
                          r"got inf\."),
])
def test_batchnorm_refuses_a_momentum_or_eps_that_makes_nan(x_shape, gamma_shape, name,
                                                            value, pattern):
    # They were accepted: a negative eps gave NaN outputs, momentum 1.5 running
    # statistics that run away from the data.
    x = rng.rand(*x_shape)
    with pytest.raises(ValueError, match=pattern):
        layers.batchnorm(x, onp.ones(gamma_shape), onp.zeros(gamma_shape), **{name: value})


@pytest.mark.parametrize("x_shape", [(4, 3), (2, 3, 2, 2)], ids=["batchnorm", "spatial"])
def test_batchnorm_keeps_float32_with_numpy_float64_hyper_parameters(x_shape):
    # Under NumPy 2 a numpy.float64 momentum or eps made every output float64.
    x = rng.rand(*x_shape).astype(onp.float32)
    outs = layers.batchnorm(x, onp.ones(3, onp.float32), onp.zeros(3, onp.float32),
                            momentum=onp.float64(0.5), eps=onp.float64(1e-3))
    assert [o.dtype for o in outs] == [onp.float32] * 3


@pytest.mark.parametrize("momentum, eps", [(0.0, 0.5), (1.0, 1e-5)])
def test_batchnorm_takes_the_ends_of_its_ranges_and_matches_finite_differences(momentum, eps):
    x = rng.rand(5, 3)
    out, mean, var = layers.batchnorm(x, onp.ones(3), onp.zeros(3), momentum=momentum,
                                      eps=eps, running_mean=onp.ones(3))
    assert onp.allclose(mean, 1.0 if momentum == 1.0 else x.mean(axis=0))
    check_grads(lambda x: layers.batchnorm(x, onp.ones(3), onp.zeros(3), eps=eps,
                                           momentum=momentum)[0] ** 2,
                modes=["rev"], order=1)(x)


# ---- dtypes of initialised parameters -------------------------------------------------
@pytest.mark.parametrize("rule, config", [
    ("gaussian", {"stdvar": onp.float32(0.1)}),
    ("gaussian", {"mu": onp.float32(1.0), "stdvar": 0.5}),
    ("uniform", {"low": onp.float32(-0.5), "high": onp.float32(0.5)}),
])
def test_init_rules_draw_in_their_configs_float32(rule, config):
    # They drew float64 whatever the config (constant already kept float32).
    assert init.RULES[rule]((3, 2), config).dtype == onp.float32
    assert init.RULES[rule]((3, 2), {k: float(v) for k, v in config.items()}).dtype == \
        onp.float64


@pytest.mark.parametrize("rule", sorted(init.RULES))
def test_a_parameter_declared_float32_is_float32_after_init(rule):
    # xavier, gaussian, uniform and integer constants gave float64 parameters to a
    # model that declared float32 (the dtype was stored and ignored).
    model = ModelBase().add_param("w", (3, 2), init_rule=rule, dtype="float32")
    model.add_params({"b": {"shape": (2,), "dtype": onp.float32}})
    Solver(model, None, None, verbose=False).init()
    dtypes = {k: v.dtype for k, v in model.params.items()}
    assert dtypes == {"w": onp.float32, "b": onp.float32}


@pytest.mark.parametrize("call", [
    lambda: ModelBase().add_param("w", (2,), dtype="int32"),
    lambda: ModelBase().add_params({"w": {"shape": (2,), "dtype": "floot32"}}),
], ids=["add_param", "add_params"])
def test_a_declared_dtype_that_is_not_floating_is_refused_by_parameter(call):
    with pytest.raises(TypeError, match=r"ModelBase.add_params? 'w' 'dtype': expected a "
                       r"floating dtype such as 'float32', got '(int32|floot32)'\."):
        call()
