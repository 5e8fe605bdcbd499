"""customop fixes from the fuzzing pass: pickling, scalar results, and a plain-NumPy gradient
differentiated again (the error names the op)."""
import multiprocessing
import pickle

import numpy
import numpy as onp
import pytest
import minpy_compat.numpy as np
from minpy_compat import Array, customop, grad
from minpy_compat.errors import TracedValueError

from conftest import check_grad, needs_mxnet
from customop_fix_helpers import W, X, mul


@customop('numpy')
def total(x):
    return float(numpy.sum(x))


total.def_grad(lambda ans, x: lambda g: g * numpy.ones_like(x))


# ---- 6. pickling, 7. scalar results ----------------------------------------------------------
def test_op_pickles_by_reference():
    assert pickle.loads(pickle.dumps(mul)) is mul
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        got = pool.apply(total, (onp.ones(3),))
    assert float(got) == 3.0


def test_op_defined_in_a_function_does_not_pickle():
    @customop('numpy')
    def local(x):
        return x
    with pytest.raises((pickle.PicklingError, AttributeError), match=r"local"):
        pickle.dumps(local)


def test_python_number_result_is_a_0d_array():
    out = total(X)
    assert type(out) is Array and out.shape == () and float(out) == pytest.approx(X.sum())
    check_grad(total, X)


def test_python_int_result_is_a_0d_array_that_works_under_grad():
    @customop('numpy')
    def positives(x):
        return int(numpy.sum(x > 0))
    positives.def_grad_zero()
    x = onp.array([1.0, -2.0, 3.0])
    assert type(positives(x)) is Array and positives(x) == 2
    onp.testing.assert_array_equal(grad(lambda x: np.sum(x) * positives(x))(x), [2.0] * 3)


@needs_mxnet
def test_mxnet_python_number_result_is_a_0d_array():
    @customop('mxnet')
    def mx_total(x):
        return float(x.sum().asscalar())
    out = mx_total(X)
    assert out.shape == () and float(out) == pytest.approx(X.sum())


# ---- a plain-NumPy gradient differentiated again: the error names the op ---------------
@customop("numpy")
def cube_plain(x):
    return x ** 3


cube_plain.def_grad(lambda ans, x: lambda g: g * 3 * numpy.square(numpy.asarray(x)))


@customop("numpy")
def cube_both(x, y):
    return x ** 3 + y


cube_both.def_multiple_grad(
    lambda ans, x, y: lambda g: (g * 3 * np.square(x), numpy.asarray(g) * 1.0), argnums=(0, 1))


def test_second_order_through_a_plain_numpy_gradient_names_the_op():
    first = grad(lambda x: np.sum(cube_plain(x)))
    assert onp.allclose(first(X), 3 * X ** 2)  # first order: plain NumPy is fine
    with pytest.raises(TracedValueError, match=r"cube_plain gradient for argument 0 'x', "
                                               r"differentiated again .*expected a gradient "
                                               r"function written with minpy_compat.numpy"):
        grad(lambda x: np.sum(first(x)))(X)
    assert onp.allclose(first(X), 3 * X ** 2)  # and nothing is left behind


def test_second_order_failing_in_the_gradient_itself_names_the_op_and_group():
    first = grad(lambda y, x: np.sum(cube_both(x, y) * y))
    with pytest.raises(TracedValueError, match=r"cube_both def_multiple_grad for arguments "
                                               r"\(0, 1\), differentiated again"):
        grad(lambda y: np.sum(first(y, X)))(W)


@needs_mxnet
def test_second_order_through_an_mxnet_customop_names_the_op():
    @customop("mxnet")
    def squared_on_mxnet(x):
        return x * x
    squared_on_mxnet.def_grad(lambda ans, x: lambda g: 2 * g * x)
    first = grad(lambda x: np.sum(squared_on_mxnet(x)))
    assert onp.allclose(first(X), 2 * X)
    with pytest.raises(TracedValueError, match=r"squared_on_mxnet: customop\('mxnet'\) gradient: "
                                               r"expected a first-order gradient"):
        grad(lambda x: np.sum(first(x)))(X)
