"""The update rules keep float32 state, refuse hyper-parameters that make a step NaN, and
take the ends of their ranges; a float32 model trains float32 end to end."""
import numpy as onp
import pytest
from minpy_compat.nn import optim
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.solver import Solver
from toolkit_helpers import Linear
from toolkit_float32_helpers import data


# ---- update rules: float32 and hyper-parameter ranges ------------------------------------
@pytest.mark.parametrize("rule", ["sgd_momentum", "rmsprop", "adam"])
@pytest.mark.parametrize("dw_dtype, scalar", [(onp.float64, float), (onp.float32, onp.float64)],
                         ids=["float64-dw", "numpy-float64-config"])
def test_update_rules_keep_float32_state_for_a_float32_weight(rule, dw_dtype, scalar):
    # The velocity, cache and moments came back float64 (the weight was cast back).
    w = onp.ones((2, 3), onp.float32)
    config = {k: scalar(v) for k, v in optim.DEFAULTS[rule].items()}
    for _ in range(2):
        w, config = optim.RULES[rule](w, onp.full((2, 3), 0.5, dw_dtype), config)
    assert w.dtype == onp.float32
    for key in optim.STATE[rule][:2]:
        assert config[key].dtype == onp.float32


@pytest.mark.parametrize("rule, config, pattern", [
    ("sgd", {"learning_rate": float("nan")},
     r"sgd config 'learning_rate': expected a finite real number >= 0, got nan\."),
    ("sgd", {"learning_rate": -0.1},
     r"sgd config 'learning_rate': expected a finite real number >= 0, got -0\.1\."),
    ("sgd_momentum", {"momentum": 1.5},
     r"sgd_momentum config 'momentum': expected a real number in \[0, 1\], got 1\.5\."),
    ("rmsprop", {"decay_rate": 1.0},
     r"rmsprop config 'decay_rate': expected a real number in \[0, 1\), got 1\.0\."),
    ("rmsprop", {"epsilon": -1e-8},
     r"rmsprop config 'epsilon': expected a finite real number >= 0, got -1e-08\."),
    ("adam", {"beta1": 1.0}, r"adam config 'beta1': expected a real number in \[0, 1\), "
                             r"got 1\.0\."),
    ("adam", {"beta2": -0.5}, r"adam config 'beta2': expected a real number in \[0, 1\), "
                              r"got -0\.5\."),
    ("adam", {"t": -1}, r"adam config 't': expected a step count: an int >= 0, got -1\."),
    ("adam", {"t": 1.5}, r"adam config 't': expected a step count: an int >= 0, got 1\.5\."),
])
def test_update_rules_refuse_hyper_parameters_that_make_a_step_nan(rule, config, pattern):
    # Each was accepted: NaN weights (beta1=1, decay_rate 1.5, t=-1) or a runaway step.
    w = onp.ones(3)
    with pytest.raises(ValueError, match=pattern):
        optim.RULES[rule](w, onp.ones(3), dict(config))
    with pytest.raises(ValueError, match=pattern):  # and when the Solver is built
        Solver(Linear(), None, None, update_rule=rule, optim_config=dict(config))


@pytest.mark.parametrize("rule, key, value, got", [
    ("sgd_momentum", "velocity", onp.array(["a", "b", "c"]), r"ndarray of shape \(3,\) <U1"),
    ("adam", "m", onp.ones(3, complex), r"ndarray of shape \(3,\) complex128"),
])
def test_update_rules_refuse_state_that_is_not_real_numbers(rule, key, value, got):
    # NumPy's "can't multiply sequence" came out, or complex moments were silently cut.
    with pytest.raises(TypeError, match=rf"{rule} config '{key}': expected real numbers, "
                       rf"got {got}"):
        optim.RULES[rule](onp.ones(3), onp.ones(3), {key: value})


@pytest.mark.parametrize("rule", sorted(optim.RULES))
def test_update_rules_take_the_ends_of_their_ranges(rule):
    edges = {"learning_rate": 0.0, "momentum": 1.0, "decay_rate": 0.0, "beta1": 0.0,
             "beta2": 0.0, "epsilon": 0.5}
    config = {k: edges[k] for k in optim.DEFAULTS[rule]}
    w, _ = optim.RULES[rule](onp.ones(3), onp.ones(3), config)
    onp.testing.assert_array_equal(w, onp.ones(3))


def test_a_float32_model_trains_float32_end_to_end():
    X, y = data(8, onp.float32)
    solver = Solver(Linear("float32"), NDArrayIter(X, y, batch_size=4), NDArrayIter(X, y),
                    num_epochs=2, update_rule="rmsprop", verbose=False,
                    optim_config={"learning_rate": onp.float64(0.01)})
    solver.train()
    assert {v.dtype for v in solver.model.params.values()} == {onp.dtype(onp.float32)}
    assert {c["cache"].dtype for c in solver.optim_configs.values()} == {onp.dtype(onp.float32)}
