"""nn.init: float32 configs stay float32, the uniform rule, and named config mistakes."""
import numpy as onp
import pytest
from minpy_compat.nn import init
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver


# ---- init: float32 configs, uniform, named config mistakes --------------------------------
def test_constant_keeps_a_float32_value_float32():
    # A float32 value (or array) came back float64.
    assert init.constant((2, 3), {"value": onp.float32(0.5)}).dtype == onp.float32
    value = onp.array([1.0, 2.0], onp.float32)
    out = init.constant((3, 2), {"value": value})
    assert out.dtype == onp.float32 and out.tolist() == [[1.0, 2.0]] * 3
    assert init.constant((2,), {"value": 3}).dtype == onp.float64


def test_init_has_a_uniform_rule():
    # init.uniform did not exist (AttributeError), nor init_rule='uniform'.
    onp.random.seed(0)
    w = init.uniform((200,), {"low": -0.5, "high": 0.25})
    assert w.shape == (200,) and w.min() >= -0.5 and w.max() < 0.25 and w.min() < -0.4
    default = init.uniform((100,))
    assert abs(default).max() <= 0.07
    model = ModelBase().add_param("w", (3, 2), init_rule="uniform",
                                  init_config={"low": 1.0, "high": 2.0})
    Solver(model, None, None, verbose=False).init()
    assert 1.0 <= model.params["w"].min() and model.params["w"].max() < 2.0
    with pytest.raises(ValueError, match=r"init.uniform config 'high': expected a finite real "
                       r"number >= 1.0, got 0.5\."):
        init.uniform((2,), {"low": 1.0, "high": 0.5})


@pytest.mark.parametrize("call, error, pattern", [
    (lambda: init.gaussian((2,), {"stdvar": -1.0}), ValueError,
     r"init.gaussian config 'stdvar': expected a finite real number >= 0, got -1.0\."),
    (lambda: init.gaussian((2,), {"mu": "0"}), ValueError,
     r"init.gaussian config 'mu': expected a finite real number, got '0'\."),
    (lambda: init.constant((2,), {"value": "a"}), ValueError,
     r"init.constant 'value': expected a real number or an array of them, got 'a'\."),
    (lambda: init.constant((2,), {"value": 1j}), ValueError,
     r"init.constant 'value': expected a real number or an array of them, got 1j\."),
    (lambda: init.custom((2,), {"function": 3}), TypeError,
     r"init.custom 'function': expected a callable such as numpy.ones, got 3\."),
], ids=["gaussian-stdvar", "gaussian-mu", "constant-str", "constant-complex", "custom"])
def test_init_names_a_bad_config_value(call, error, pattern):
    # NumPy's "scale < 0", "could not convert string to float", "'int' object is not
    # callable" came out, naming neither the rule nor the option.
    with pytest.raises(error, match=pattern):
        call()
