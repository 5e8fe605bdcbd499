"""The array types: Array acts as NumPy everywhere; traced values act as Arrays."""
import pickle

import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import Array, Number, cpu, grad
from minpy_compat.errors import NoGradientFuncError, TracedValueError

from conftest import check_grad


def test_array_is_a_numpy_array_with_minpy_extras():
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    assert isinstance(a, numpy.ndarray) and isinstance(a, Array) and np.ndarray is Array
    plain = a.asnumpy()
    assert type(plain) is numpy.ndarray
    plain[0, 0] = 100  # a copy: the Array is untouched
    assert a[0, 0] == 1.0
    assert a.context == cpu() and a.wait_to_read() is a
    assert type(numpy.asarray(a)) in (numpy.ndarray, Array)
    onp.testing.assert_array_equal(numpy.asarray(a), [[1, 2], [3, 4]])


def test_array_prints_like_numpy():
    a = np.array([1.5, 2.0], dtype=np.float32)
    assert repr(a) == repr(numpy.array([1.5, 2.0], dtype=numpy.float32))
    assert str(a) == str(numpy.array([1.5, 2.0], dtype=numpy.float32))
    assert str(np.sum(a)) == "3.5"


def test_scalar_results_are_0d_arrays_with_numpy_values():
    total = np.sum(np.arange(4.0))
    assert isinstance(total, Array) and total.shape == () and float(total) == 6.0
    assert f"{total:.1f}" == "6.0" and total.asnumpy() == 6.0


def test_number_is_a_float_with_extras():
    n = Number(2.5)
    assert isinstance(n, float) and n.asnumpy() == 2.5 and n.val == 2.5 and n.context == cpu()


def test_array_pickles_as_data():
    a = np.arange(3.0)
    b = pickle.loads(pickle.dumps(a))
    assert isinstance(b, Array) and b.tolist() == [0.0, 1.0, 2.0]


def test_pandas_and_matplotlib_accept_arrays():
    pandas = pytest.importorskip("pandas", reason="pandas is not installed")
    matplotlib = pytest.importorskip("matplotlib",
                                     reason="matplotlib is not installed (full environment only)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    a = np.linspace(0, 1, 5)
    frame = pandas.DataFrame({"x": a, "y": a ** 2})
    assert frame["y"].iloc[-1] == 1.0
    fig, ax = plt.subplots()
    line, = ax.plot(a, a ** 2)
    onp.testing.assert_array_equal(line.get_ydata(), (a ** 2).asnumpy())
    plt.close(fig)


def test_traced_values_offer_array_methods_and_attributes():
    seen = {}

    def f(x):
        seen["shape"], seen["ndim"], seen["dtype"] = x.shape, x.ndim, x.dtype
        seen["value"] = x.asnumpy()
        seen["context"] = x.context
        y = x.T.dot(x).reshape(4).reshape((2, 2)).astype(np.float64)
        return y.sum() + x.transpose().mean() + x.copy().max()

    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    grad(f)(x)
    assert seen["shape"] == (2, 2) and seen["ndim"] == 2 and seen["dtype"] == onp.float64
    assert type(seen["value"]) is numpy.ndarray and seen["context"] == cpu()
    check_grad(lambda x: x.T.dot(x).reshape(4).sum() + x.transpose().mean(), x.asnumpy())


def test_plain_numpy_functions_on_traced_values_stay_differentiable():
    def f(x):
        y = numpy.sin(x) + numpy.add.reduce(x) + numpy.multiply.outer(x, x).sum()
        z = numpy.concatenate([y, numpy.cumsum(x)])
        return numpy.sum(numpy.stack([z, z]) ** 2) + numpy.maximum.reduce(x)

    check_grad(f, onp.array([0.3, -0.2, 0.9]))


@pytest.mark.parametrize("bad, match", [
    (lambda x: numpy.asarray(x), r"numpy.asarray on a traced value"),
    (lambda x: float(x[0]), r"float\(\)/int\(\) of a traced value"),
    (lambda x: numpy.sin(x, out=numpy.empty(2)), r"numpy.sin\(out=...\)"),
    (lambda x: numpy.trim_zeros(x),
     r"minpy_compat.numpy.trim_zeros argument 0 'filt': expected a function with a gradient \(the "
     r"backward pass of grad reached it\)"),
])
def test_gradient_losing_numpy_calls_raise_clearly(bad, match):
    with pytest.raises((TracedValueError, NoGradientFuncError), match=match):
        grad(lambda x: numpy.sum(bad(x)))(np.array([1.0, 2.0]))


def test_no_object_arrays_from_traced_values():
    with pytest.raises(TracedValueError):
        grad(lambda x: numpy.array([x[0], x[1]]).sum())(np.array([1.0, 2.0]))
    # minpy_compat.numpy.array does build them, differentiably
    onp.testing.assert_array_equal(
        grad(lambda x: np.sum(np.array([x[0] * 2, x[1]]) ** 2))(np.array([1.0, 2.0])), [8.0, 4.0])


def test_in_place_arithmetic_on_traced_values_mutates_the_name():
    def f(x):
        y = x * 1.0
        alias = y
        y += x
        y *= 3.0
        return np.sum(alias)  # the alias sees the in-place change, as in NumPy

    onp.testing.assert_array_equal(grad(f)(np.ones(2)), [6.0, 6.0])


def test_in_place_op_that_would_change_the_shape_is_refused():
    def f(x):
        y = x * 1.0
        y += np.ones((2, 2))
        return np.sum(y)

    with pytest.raises(ValueError, match=r"traced \+=: expected a result of shape \(2,\)"):
        grad(f)(np.ones(2))


def test_isinstance_ndarray_holds_for_plain_and_traced_values():
    seen = []
    assert isinstance(numpy.ones(2), np.ndarray) and isinstance(np.ones(2), np.ndarray)
    assert not isinstance([1.0], np.ndarray) and not isinstance(1.0, np.ndarray)
    grad(lambda x: seen.append(isinstance(x, np.ndarray)) or np.sum(x))(np.ones(2))
    assert seen == [True]


def test_named_tuple_results_hold_arrays():
    result = np.linalg.svd(np.array([[2.0, 0.0], [0.0, 1.0]]))
    assert all(type(part) is Array for part in result)
    onp.testing.assert_allclose(result[1], [2.0, 1.0])
