"""A customop whose output holds only integers or booleans (labels, masks, argmax) is
piecewise constant: an argument with no registered gradient gets zeros, as the facade's
integer results do; a registered gradient (a straight-through estimator) is still used."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.errors import NoGradientFuncError

from conftest import check_grad, needs_mxnet

X = onp.array([[1.0, -3.0, 2.0], [0.5, 4.0, -1.0]])


@customop("numpy")
def predicted(scores):
    return onp.argmax(scores, axis=1)


@customop("numpy")
def positive(x):
    return x > 0


@customop("numpy")
def rounded(x):
    return onp.round(x).astype(onp.int64)


rounded.def_grad(lambda ans, x: lambda g: g.astype(x.dtype))  # straight through


@customop("numpy")
def scaled(x):
    return 2.0 * x


def _picked(x):
    return np.sum(np.take_along_axis(x, predicted(x)[:, None], axis=1))


def test_an_argmax_op_needs_no_gradient():
    expected = onp.zeros_like(X)
    expected[[0, 1], [2, 1]] = 1.0
    assert onp.array_equal(grad(_picked)(X), expected)
    check_grad(_picked, X)


def test_a_boolean_mask_op_needs_no_gradient():
    assert onp.array_equal(grad(lambda x: np.sum(positive(x) * x ** 2))(X),
                           onp.where(X > 0, 2 * X, 0.0))
    check_grad(lambda x: np.sum(positive(x) * x ** 2), X)


def test_a_registered_gradient_on_an_integer_output_is_still_used():
    # The straight-through estimator: d/dx sum(round(x) * 3) taken as 3 everywhere.
    assert onp.array_equal(grad(lambda x: np.sum(rounded(x) * 3.0))(X), onp.full_like(X, 3.0))


def test_a_float_output_without_a_gradient_still_names_the_missing_one():
    with pytest.raises(NoGradientFuncError, match=r"scaled argument 0 'x': expected a "
                                                  r"registered gradient, got none"):
        grad(lambda x: np.sum(scaled(x)))(X)


def test_zeros_keep_the_argument_dtype():
    x = X.astype(onp.float32)
    got = grad(lambda x: np.sum(positive(x) * x))(x)
    assert got.dtype == onp.float32 and onp.array_equal(got, (X > 0).astype(onp.float32))


@needs_mxnet
def test_an_mxnet_op_with_an_integer_output_needs_no_gradient():
    @customop("mxnet")
    def sign_bits(x):
        return (x > 0).astype("int32")
    x = onp.array([1.0, -2.0, 3.0], onp.float32)
    assert onp.array_equal(grad(lambda x: np.sum(sign_bits(x) * x))(x), [1.0, 0.0, 1.0])
