"""Gradient makers that name parameters the call left to their defaults get those defaults."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from minpy_compat import customop, grad


def _scaled_op():
    @customop('numpy')
    def scaled(x, y=3.0):
        return x * y
    scaled.def_grad(lambda ans, x, y: lambda g: g * y)
    scaled.def_grad(lambda ans, x, y: lambda g: onp.sum(g * x), argnum=1)
    return scaled


@pytest.mark.parametrize("call, expected", [
    (lambda op, a: op(a), 3.0),             # y left to its default
    (lambda op, a: op(a, 2.0), 2.0),        # y positional
    (lambda op, a: op(a, y=5.0), 5.0),      # y by keyword
])
def test_a_maker_naming_a_defaulted_parameter_sees_its_value(call, expected):
    op = _scaled_op()
    found = grad(lambda a: np.sum(call(op, a)))(onp.array([1.0, 2.0]))
    onp.testing.assert_array_equal(found, [expected, expected])
    check_grads(lambda a: np.sum(call(op, a)), modes=["rev"], order=1)(onp.array([0.5, -1.5]))


def test_a_traced_default_overridden_by_keyword_still_gets_its_gradient():
    op = _scaled_op()
    a = onp.array([1.0, 2.0])
    assert grad(lambda y: np.sum(op(a, y=y)))(2.0) == 3.0
    check_grads(lambda y: np.sum(op(a, y=y)), modes=["rev"], order=1)(0.7)


def test_def_multiple_grad_makers_get_the_defaults_too():
    @customop('numpy')
    def shifted(x, shift=1.5):
        return x + shift
    shifted.def_multiple_grad(lambda ans, x, shift: lambda g: (g, onp.sum(g)), (0, 1))
    onp.testing.assert_array_equal(grad(lambda x: np.sum(shifted(x)))(onp.ones(2)), [1.0, 1.0])


def test_a_maker_taking_the_call_as_made_is_called_as_before():
    seen = []

    @customop('numpy')
    def scaled(x, y=3.0):
        return x * y

    def maker(ans, *args, **kwargs):
        seen.append((len(args), sorted(kwargs)))
        return lambda g: g * args[1] if len(args) > 1 else g * 3.0
    scaled.def_grad(maker)
    grad(lambda a: np.sum(scaled(a)))(onp.ones(2))
    grad(lambda a: np.sum(scaled(a, y=2.0)))(onp.ones(2))
    assert seen == [(1, []), (1, ['y'])]  # MinPy's rule: (ans, *args, **kwargs) as called
