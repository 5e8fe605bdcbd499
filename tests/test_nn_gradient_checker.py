"""utils.gradient_checker.quick_grad_check: returns True when right, raises when wrong."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import customop
from minpy_compat.errors import GradientCheckError, NonScalarOutputError
from minpy_compat.nn import layers
from minpy_compat.utils.gradient_checker import quick_grad_check


@customop("numpy")
def off_by_a_little(x):
    return onp.sum(x ** 2)


off_by_a_little.def_grad(lambda ans, x: lambda g: 2.2 * g * x)


def test_a_right_gradient_passes_and_prints(capsys):
    x = onp.random.RandomState(0).standard_normal((3, 4))
    assert quick_grad_check(lambda x: np.sum(layers.sigmoid(x) ** 2), x) is True
    assert "Gradient projection OK" in capsys.readouterr().out


def test_a_wrong_gradient_raises():
    with pytest.raises(GradientCheckError, match=r"quick_grad_check: expected the gradient "
                                                 r"projection to match finite differences"):
        quick_grad_check(off_by_a_little, onp.ones(5), verbose=False)
    with pytest.raises(AssertionError):  # a plain assert-style failure for pytest users
        quick_grad_check(off_by_a_little, onp.ones(5), verbose=False)


def test_non_scalar_outputs_are_refused():
    with pytest.raises(NonScalarOutputError, match="quick_grad_check: expected a function "
                                                   "returning a scalar"):
        quick_grad_check(lambda x: x * 2, onp.ones(3))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_a_nan_gradient_does_not_pass():
    with pytest.raises(GradientCheckError):
        quick_grad_check(lambda x: np.sum(np.sqrt(x)), onp.zeros(3), verbose=False)


def test_rs_chooses_the_direction():
    x = onp.ones(4)
    f = lambda x: np.sum(np.exp(x))  # noqa: E731
    assert quick_grad_check(f, x, verbose=False, rs=onp.random.RandomState(3))
