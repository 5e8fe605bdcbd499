"""A NumPy integer as ``axis`` (``np.int64(0)``, as ``argmax`` or ``shape`` arithmetic gives)
works under ``grad`` as a Python int does; the reductions' gradients refused it
("'numpy.int64' object is not iterable")."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from conftest import check_grad

REDUCTIONS = {
    "sum": lambda x, a: np.sum(x, axis=a), "mean": lambda x, a: np.mean(x, axis=a),
    "max": lambda x, a: np.max(x, axis=a), "amin": lambda x, a: np.amin(x, axis=a),
    "prod": lambda x, a: np.prod(x, axis=a), "nansum": lambda x, a: np.nansum(x, axis=a),
    "nanmean": lambda x, a: np.nanmean(x, axis=a), "nanmax": lambda x, a: np.nanmax(x, axis=a),
    "ptp": lambda x, a: np.ptp(x, axis=a), "x.max": lambda x, a: x.max(axis=a),
    "logsumexp": lambda x, a: np.log(np.sum(np.exp(x), axis=a)),
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@pytest.mark.parametrize("axis_type", [onp.int64, onp.int32])
def test_numpy_integer_axis_gives_the_python_int_gradient(name, axis_type):
    reduce = REDUCTIONS[name]
    x = onp.array([[0.5, 2.0, -1.0], [1.5, -0.25, 3.0]])
    expected = grad(lambda x: np.sum(reduce(x, 1) ** 2))(x)
    got = grad(lambda x: np.sum(reduce(x, axis_type(1)) ** 2))(x)
    assert onp.allclose(got, expected)
    check_grad(lambda x: np.sum(reduce(x, axis_type(-1)) ** 2), x)


def test_prod_with_a_zero_and_a_numpy_integer_axis():
    x = onp.arange(6.0).reshape(2, 3)
    got = grad(lambda x: np.sum(np.prod(x, axis=onp.int64(0)) ** 2))(x)
    assert onp.allclose(got, grad(lambda x: np.sum(np.prod(x, axis=0) ** 2))(x))
    assert onp.allclose(got, [[0.0, 32.0, 100.0], [0.0, 8.0, 40.0]])
