"""ndarray's interface on traced values: in-place methods and functions (the remaining
operators, copies and the attributes that only read the value in
``test_core_traced_methods_ops.py``; writes through views and reductions as methods in
``test_core_traced_methods_views.py``)."""
import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad

from conftest import check_grad

X = onp.array([[0.7, -1.2, 2.1, 0.3], [1.5, 0.4, -0.8, 1.9], [-0.6, 2.4, 0.9, -1.4]])
V = onp.array([1.3, -0.7, 0.5, 2.2, -1.6, 0.8])
WEIGHTS = onp.arange(1.0, 13.0).reshape(3, 4)


def weighted(a):
    """A total that tells every element apart (a gradient sent astray cannot hide)."""
    return np.sum(np.sin(a) * WEIGHTS.reshape(onp.shape(a)) if onp.size(a) == 12
                  else np.sin(a) * np.arange(1.0, onp.size(a) + 1.0).reshape(onp.shape(a)))


def check_value_and_grad(f, *args):
    """``f`` gives NumPy's value when traced, and finite differences' gradients to 2nd order."""
    plain = f(*[onp.array(a, copy=True) for a in args])
    traced_value = value_and_grad(f, list(range(len(args))))(*args)[0]
    onp.testing.assert_allclose(traced_value, plain, rtol=1e-12)
    check_grad(f, *args, order=2)


# ---- in-place methods ------------------------------------------------------------------
IN_PLACE_METHODS = {
    "fill with a traced scalar": lambda a, v: (a.__setitem__(slice(1, 2), 0.0),
                                               a[0].fill(v[0] * 2.0)),
    "fill with a constant": lambda a, v: a[1:].fill(0.5),
    "sort": lambda a, v: a.sort(),
    "sort axis 0": lambda a, v: a.sort(axis=0),
    "partition": lambda a, v: a.partition(2),
    "partition axis 0": lambda a, v: a.partition(1, axis=0),
    "put": lambda a, v: a.put([0, 5, 11], v[:3]),
    "put cycles the values": lambda a, v: a.put([0, 5, 11, 2], v[:2]),
    "put repeated index": lambda a, v: a.put([4, 4, 7], v[:3] * 3.0),
    "put negative index": lambda a, v: a.put([-1, -12], v[:2]),
    "put wrap": lambda a, v: a.put([13, -15], v[:2], mode="wrap"),
    "put clip": lambda a, v: a.put([40, -3], v[:2], mode="clip"),
    "flat setitem": lambda a, v: a.flat.__setitem__(slice(2, 9, 3), v[:3]),
    "flat setitem cycles": lambda a, v: a.flat.__setitem__([0, 1, 2, 3], v[:2]),
    "flat assignment": lambda a, v: setattr(a, "flat", v[:5]),
}


@pytest.mark.parametrize("name", IN_PLACE_METHODS)
def test_in_place_method_changes_every_name_and_differentiates(name):
    def f(x, v):
        a = x * 1.0
        alias = a
        IN_PLACE_METHODS[name](a, v)
        return weighted(alias) + np.sum(v ** 2)

    check_value_and_grad(f, X, V)


@pytest.mark.parametrize("shape", [(2, 3), (20,), 5, (4, 4)])
def test_resize_cuts_or_pads_with_zeros_as_numpy_does(shape):
    def f(x):
        a = x * 2.0
        a.resize(shape, refcheck=False)
        return weighted(a)

    check_value_and_grad(f, X)


def test_flat_reads_in_c_order():
    def f(x):
        a = x * 1.0
        return np.sum(a.flat[3:9] ** 2) + sum(a.flat) + a.flat[5] * len(a.flat)

    check_value_and_grad(f, X)


@pytest.mark.skipif(not hasattr(onp.ndarray, "itemset"), reason="ndarray.itemset was removed "
                    "in NumPy 2 (this environment's NumPy has none to follow)")
def test_itemset_writes_one_element():
    def f(x, v):
        a = x * 1.0
        a.itemset(5, v[0])
        a.itemset((2, 1), v[1] * 3.0)
        a.itemset(0, 3, v[2])
        return weighted(a)

    check_value_and_grad(f, X, V)


# ---- NumPy's in-place functions ----------------------------------------------------
IN_PLACE_FUNCTIONS = {
    "put": lambda a, v: np.put(a, [1, 6, 6, -1], v[:3]),
    "put wrap": lambda a, v: np.put(a, [13, 2], v[:2], mode="wrap"),
    "put_along_axis": lambda a, v: np.put_along_axis(
        a, onp.array([[3], [0], [1]]), v[:3].reshape(3, 1), axis=1),
    "put_along_axis broadcast": lambda a, v: np.put_along_axis(
        a, onp.array([[2, 0, 1, 2]]), v[:4], axis=0),
    "put_along_axis flat": lambda a, v: np.put_along_axis(a, onp.array([0, 7, 11]), v[:3],
                                                          axis=None),
    "putmask": lambda a, v: np.putmask(a, X > 0.5, v[:4]),
    "place": lambda a, v: np.place(a, X > 0.5, v[:4]),
    "copyto": lambda a, v: np.copyto(a, v[:4]),
    "copyto where": lambda a, v: np.copyto(a, v[:4] * 2.0, where=X < 1.0),
    "fill_diagonal": lambda a, v: np.fill_diagonal(a, v[:2]),
    "fill_diagonal wrap": lambda a, v: np.fill_diagonal(a.reshape(6, 2), v[0], wrap=True),
}


@pytest.mark.parametrize("name", IN_PLACE_FUNCTIONS)
def test_in_place_function_on_a_traced_array(name):
    def f(x, v):
        a = x * 1.0
        if name == "fill_diagonal wrap":
            tall = a.reshape(6, 2)
            np.fill_diagonal(tall, v[0] * 3.0, wrap=True)
            return weighted(tall)
        IN_PLACE_FUNCTIONS[name](a, v)
        return weighted(a)

    check_value_and_grad(f, X, V)


def test_fill_diagonal_of_a_cube():
    def f(x, v):
        a = np.reshape(x[:, :3] * 1.0, (1, 3, 3)) * np.ones((3, 1, 1))
        np.fill_diagonal(a, v[:2])
        return weighted(a.reshape(27)[:12])

    check_value_and_grad(f, X, V)


def test_plain_numpy_in_place_functions_on_traced_values_come_here_too():
    def ours(x, v):
        a = x * 1.0
        np.put(a, [0, 3], v[:2])
        np.fill_diagonal(a, v[2])
        return weighted(a)

    def plain_numpy(x, v):
        a = x * 1.0
        numpy.put(a, [0, 3], v[:2])
        numpy.fill_diagonal(a, v[2])
        return weighted(a)

    for got, expected in zip(grad(plain_numpy, [0, 1])(X, V), grad(ours, [0, 1])(X, V)):
        onp.testing.assert_array_equal(got, expected)


def test_a_constant_buffer_filled_by_in_place_functions_is_traced():
    def f(v):
        buffer = np.zeros((3, 4))
        np.copyto(buffer, v[:4])
        np.put(buffer, [5], v[4] * 2.0)
        np.fill_diagonal(buffer, v[5])
        return weighted(buffer)

    check_value_and_grad(f, V)


def test_in_place_functions_outside_grad_are_numpy():
    a = np.zeros((3, 3))
    np.fill_diagonal(a, 2.0)
    np.put(a, [1], 5.0)
    expected = onp.zeros((3, 3))
    onp.fill_diagonal(expected, 2.0)
    onp.put(expected, [1], 5.0)
    onp.testing.assert_array_equal(a, expected)


@pytest.mark.parametrize("bad, error", [
    (lambda a, v: np.put(a, [20], v[:1]), IndexError),
    (lambda a, v: a.put([0, 20], v[:2]), IndexError),
    (lambda a, v: np.place(a, X > 0, v[:0]), ValueError),
    (lambda a, v: np.copyto(a, v[:3]), ValueError),
    (lambda a, v: np.copyto(a, v[:4].astype(onp.complex128)), TypeError),
    (lambda a, v: np.put_along_axis(a, onp.array([[9]]), v[:1], axis=1), IndexError),
])
def test_a_bad_in_place_call_raises_numpy_error_and_changes_nothing(bad, error):
    seen = {}

    def f(x, v):
        a = x * 1.0
        with pytest.raises(error):
            bad(a, v)
        seen["after"] = a.asnumpy()
        return weighted(a)

    onp.testing.assert_array_equal(grad(f)(X, V), onp.cos(X) * WEIGHTS)
    onp.testing.assert_array_equal(seen["after"], X)
