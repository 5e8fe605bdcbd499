"""nn.optim update rules and nn.init initialisers."""
import numpy as onp
import pytest

from minpy_compat.array import Array
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn import init, optim


def test_sgd_step():
    w, config = optim.sgd(onp.ones(3), onp.arange(3.0), {"learning_rate": 0.5})
    onp.testing.assert_allclose(w, [1.0, 0.5, 0.0])
    assert isinstance(w, Array)
    _, config = optim.sgd(onp.ones(3), onp.ones(3))
    assert config == {"learning_rate": 1e-2}


def test_sgd_momentum_accumulates_velocity():
    config = {"learning_rate": 0.1, "momentum": 0.5}
    w, config = optim.sgd_momentum(onp.zeros(2), onp.ones(2), config)
    onp.testing.assert_allclose(w, [-0.1, -0.1])
    w, config = optim.sgd_momentum(w, onp.ones(2), config)
    onp.testing.assert_allclose(config["velocity"], [-0.15, -0.15])
    onp.testing.assert_allclose(w, [-0.25, -0.25])


def test_rmsprop_matches_its_formula():
    dw = onp.array([1.0, -2.0])
    w, config = optim.rmsprop(onp.zeros(2), dw, {"learning_rate": 0.1, "decay_rate": 0.9})
    cache = 0.1 * dw ** 2
    onp.testing.assert_allclose(config["cache"], cache)
    onp.testing.assert_allclose(w, -0.1 * dw / (onp.sqrt(cache) + 1e-8))


def test_adam_first_step_is_learning_rate_times_sign():
    w, config = optim.adam(onp.zeros(3), onp.array([3.0, -0.5, 2.0]), {"learning_rate": 0.01})
    onp.testing.assert_allclose(w, [-0.01, 0.01, -0.01], rtol=1e-6)
    assert config["t"] == 1
    w, config = optim.adam(w, onp.array([3.0, -0.5, 2.0]), config)
    assert config["t"] == 2
    onp.testing.assert_allclose(w, [-0.02, 0.02, -0.02], rtol=1e-6)


@pytest.mark.parametrize("rule", sorted(optim.RULES))
def test_every_rule_minimises_a_quadratic(rule):
    w, config = onp.array([3.0, -2.0]), {"learning_rate": 0.05}
    for _ in range(300):
        w, config = optim.RULES[rule](w, 2 * onp.asarray(w), config)
    assert onp.abs(w).max() < 0.2


@pytest.mark.parametrize("rule", sorted(optim.RULES))
def test_misspelt_optim_config_is_refused(rule):
    with pytest.raises(UnknownOptionError, match=rf"{rule} config: expected options among "
                                                 r"'learning_rate'.*got 'lr'"):
        optim.RULES[rule](onp.ones(1), onp.ones(1), {"lr": 0.1})


def test_xavier_is_glorot_uniform():
    onp.random.seed(0)
    w = init.xavier((300, 200), {})
    bound = onp.sqrt(6 / 500)
    assert w.shape == (300, 200) and onp.abs(w).max() <= bound
    assert abs(w.std() - bound / onp.sqrt(3)) < 0.01 * bound
    assert init.xavier((4, 2, 3, 3)).shape == (4, 2, 3, 3)


def test_gaussian_constant_custom():
    onp.random.seed(1)
    g = init.gaussian((400, 100), {"mu": 2.0, "stdvar": 0.5})
    assert abs(g.mean() - 2.0) < 0.01 and abs(g.std() - 0.5) < 0.01
    assert abs(init.gaussian((1000,)).std() - 0.001) < 1e-4
    onp.testing.assert_array_equal(init.constant((2, 2), {"value": 7}), onp.full((2, 2), 7.0))
    onp.testing.assert_array_equal(init.constant((3,)), onp.zeros(3))
    onp.testing.assert_array_equal(init.custom((2,), {"function": onp.ones}), onp.ones(2))
    onp.testing.assert_array_equal(init.custom((2,)), onp.zeros(2))
    assert all(isinstance(init.RULES[r]((2,), {}), Array) for r in init.RULES)


def test_seeded_initialisers_are_reproducible():
    onp.random.seed(5)
    a = init.xavier((3, 3))
    onp.random.seed(5)
    onp.testing.assert_array_equal(a, init.xavier((3, 3)))


@pytest.mark.parametrize("rule, config, match", [
    ("gaussian", {"std": 1.0}, r"init.gaussian config: expected options among 'mu', "
                               r"'stdvar', got 'std'"),
    ("constant", {"val": 1.0}, "init.constant config.*'value'.*got 'val'"),
    ("xavier", {"gain": 2}, "init.xavier config: expected options among none, got 'gain'"),
])
def test_misspelt_init_config_is_refused(rule, config, match):
    with pytest.raises(UnknownOptionError, match=match):
        init.RULES[rule]((2, 2), config)


def test_custom_init_shape_is_checked():
    with pytest.raises(ValueError, match=r"init.custom 'function': expected an array of "
                                         r"shape \(2, 2\), got shape \(4,\)"):
        init.custom((2, 2), {"function": lambda shape: onp.zeros(4)})
