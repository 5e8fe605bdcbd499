"""Ufunc methods on traced values (``at``, ``reduceat``, running extremes), the memory-order
gradients of ``reshape``/``ravel``, and ``x.dot(out=)`` under grad."""
import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from conftest import check_grad
from minpy_compat import grad
from minpy_compat.errors import TracedValueError

rng = onp.random.default_rng(7)
X = rng.normal(size=(3, 8))
V = onp.array([1.5, 2.0, -0.5, 3.0])
IDS = onp.array([1, 3, 1, 1])


def _at_plain(ufunc, a, indices, *b):
    """What NumPy's own ufunc.at leaves in a copy of ``a``."""
    a = onp.array(a, copy=True)
    ufunc.at(a, indices, *b)
    return a


# ---- ufunc.at -----------------------------------------------------------------------
AT_CASES = {
    "add, repeats": (numpy.add, IDS),
    "subtract, repeats": (numpy.subtract, IDS),
    "multiply, repeats": (numpy.multiply, IDS),
    "maximum, repeats": (numpy.maximum, onp.array([0, 2, 0, 2])),
    "divide, no repeats": (numpy.divide, onp.array([0, 3, 2, 1])),
    "power, repeats": (numpy.power, onp.array([2, 2, 0, 2])),
}


@pytest.mark.parametrize("ufunc, indices", AT_CASES.values(), ids=list(AT_CASES))
def test_ufunc_at_on_a_traced_array_matches_numpy_and_finite_differences(ufunc, indices):
    a = onp.array([1.2, 0.7, 1.9, 1.4])
    b = onp.array([0.8, 1.3, 1.1, 0.6])
    weights = onp.arange(1.0, 5.0)

    def f(a, b):
        a = a * 1.0
        ufunc.at(a, indices, b)
        return np.sum(a * weights)

    assert onp.isclose(f(a, b), onp.sum(_at_plain(ufunc, a, indices, b) * weights))
    check_grad(f, a, b, argnums=[0, 1], order=2)


def test_add_at_scatters_rows_into_a_constant_array():  # an embedding's gradient
    table, gy = rng.normal(size=(5, 3)), rng.normal(size=(4, 3))

    def f(gy):
        scattered = np.zeros_like(table)
        np.add.at(scattered, IDS, gy)
        return np.sum(scattered ** 2)

    expected = _at_plain(numpy.add, onp.zeros_like(table), IDS, gy)
    assert onp.isclose(f(gy), onp.sum(expected ** 2))
    onp.testing.assert_allclose(grad(f)(gy), 2 * expected[IDS])
    check_grad(f, gy, order=2)


def test_unary_ufunc_at_applies_once_per_repeat():
    def f(x):
        x = x * 1.0
        numpy.negative.at(x, [1, 1, 1, 3])  # slot 1 negated three times, slot 3 once
        return np.sum(x * onp.arange(4.0))

    onp.testing.assert_array_equal(grad(f)(V), [0.0, -1.0, 2.0, -3.0])


def test_ufunc_at_with_tuple_mask_and_view_targets():
    m = onp.arange(4.0).reshape(2, 2) + 0.5

    def on_pairs(m):
        m = m * 1.0
        numpy.add.at(m, (onp.array([0, 0, 1]), onp.array([1, 1, 0])), m[1, 1])
        return np.sum(m * m)

    def on_a_mask(x):
        x = x * 1.0
        numpy.multiply.at(x, onp.array([True, True, False, True]), 3.0)
        return np.sum(x * x)

    def on_a_view(x):  # the write reaches the array the view belongs to
        y = x * 1.0
        tail = y[1:]
        numpy.add.at(tail, [0, 0], tail[2])
        return np.sum(y * onp.arange(4.0))

    def on_a_view_plain(x):
        y = x.copy()
        tail = y[1:]
        numpy.add.at(tail, [0, 0], tail[2])
        return onp.sum(y * onp.arange(4.0))

    assert onp.isclose(on_a_view(V), on_a_view_plain(V))
    onp.testing.assert_array_equal(grad(on_a_view)(V), [0.0, 1.0, 2.0, 5.0])
    for f, x in ((on_pairs, m), (on_a_mask, V), (on_a_view, V)):
        check_grad(f, x, order=2)


def test_ufunc_at_adopts_a_constant_array_and_keeps_float32():
    def f(x):
        a = np.zeros(4, dtype=np.float32)
        np.add.at(a, [0, 1, 1], x[:3])
        return np.sum(a * np.arange(1.0, 5.0, dtype=np.float32))

    x = onp.arange(1.0, 5.0, dtype=onp.float32)
    g = grad(f)(x)
    assert g.dtype == onp.float32
    onp.testing.assert_array_equal(g, [1.0, 2.0, 2.0, 0.0])


def test_ufunc_at_errors_come_from_numpy_before_any_write():
    def out_of_range(x):
        y = x * 1.0
        with pytest.raises(IndexError, match="out of bounds"):
            np.add.at(y, [7], 1.0)
        return np.sum(y)  # y untouched

    onp.testing.assert_array_equal(grad(out_of_range)(V), onp.ones(4))

    def into_plain_numpy(x):
        numpy.add.at(onp.zeros(4), [0], x[0])

    with pytest.raises(TracedValueError, match=r"numpy.add.at: expected a target from "
                                               r"minpy_compat.numpy .*got a plain numpy.ndarray"):
        grad(into_plain_numpy)(V)


# ---- reduceat ---------------------------------------------------------------------------
@pytest.mark.parametrize("ufunc", [numpy.add, numpy.multiply, numpy.maximum, numpy.minimum])
@pytest.mark.parametrize("indices", [[0, 4, 1, 5], [0, 3, 3, 7], [2]])
def test_reduceat_matches_numpy_and_finite_differences(ufunc, indices):
    def f(x):
        return np.sum(ufunc.reduceat(x, indices, axis=1) ** 2)

    assert onp.isclose(f(X), onp.sum(ufunc.reduceat(X, indices, axis=1) ** 2))
    check_grad(f, X, order=2)


def test_reduceat_with_no_indices_and_float32():
    g = grad(lambda x: np.sum(numpy.add.reduceat(x, [], axis=1)))(X)
    onp.testing.assert_array_equal(g, onp.zeros_like(X))
    x32 = X.astype(onp.float32)
    assert grad(lambda x: np.sum(np.add.reduceat(x, [0, 2], axis=-1)))(x32).dtype == onp.float32


# ---- running extremes ---------------------------------------------------------------------
def test_running_maximum_sends_the_gradient_to_the_element_that_set_it():
    x = onp.array([1.0, 3.0, 2.0, 5.0, 5.0, 1.0])
    f = lambda x: np.sum(np.maximum.accumulate(x) * onp.arange(6.0))  # noqa: E731
    assert onp.isclose(f(x), onp.sum(numpy.maximum.accumulate(x) * onp.arange(6.0)))
    onp.testing.assert_array_equal(grad(f)(x), [0.0, 3.0, 0.0, 3.0, 9.0, 0.0])  # latest tie


@pytest.mark.parametrize("ufunc", [numpy.maximum, numpy.minimum, numpy.fmax, numpy.fmin])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_running_extremes_match_finite_differences(ufunc, axis):
    def f(x):
        return np.sum(ufunc.accumulate(x, axis=axis) ** 2)

    assert onp.isclose(f(X), onp.sum(ufunc.accumulate(X, axis=axis) ** 2))
    check_grad(f, X, order=2)


def test_running_maximum_through_a_nan_and_fmax_skipping_it():
    x = onp.array([1.0, onp.nan, 3.0])
    onp.testing.assert_array_equal(grad(lambda x: np.sum(np.maximum.accumulate(x)))(x),
                                   [1.0, 2.0, 0.0])  # the NaN holds the running maximum
    onp.testing.assert_array_equal(grad(lambda x: np.sum(np.fmax.accumulate(x)))(x),
                                   [2.0, 0.0, 1.0])


def test_ufunc_methods_numpy_refuses_raise_numpys_error():
    with pytest.raises(ValueError, match=r"reduce only supported for binary functions"):
        grad(lambda x: np.sum(numpy.negative.reduce(x)))(V)


# ---- memory-order reshapes ------------------------------------------------------------
LAYOUTS = {
    "ravel K of a transpose": lambda x: x.T.ravel("K"),
    "ravel K of a flipped permutation": lambda x: np.ravel(x.transpose(2, 0, 1)[::-1], "K"),
    "ravel K of a strided view": lambda x: x[:, ::2].transpose(1, 2, 0).ravel("K"),
    "ravel A of a transpose": lambda x: np.ravel(x.T, "A"),
    "flatten K": lambda x: x.T.flatten("K"),
    "reshape A": lambda x: x.T.reshape((4, 6), order="A"),
    "reshape copy=True": lambda x: np.reshape(x.T, (4, 6), order="A", copy=True),
}


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_memory_order_reshapes_send_each_gradient_to_its_element(name):
    if "copy=" in name and onp.lib.NumpyVersion(onp.__version__) < "2.1.0":
        pytest.skip(f"reshape(copy=) is new in NumPy 2.1; this is NumPy {onp.__version__}")
    layout, x = LAYOUTS[name], rng.normal(size=(2, 3, 4))
    weights = rng.normal(size=onp.shape(layout(x)))
    f = lambda x: np.sum(layout(x) * weights)  # noqa: E731
    onp.testing.assert_array_equal(layout(np.array(x)), layout(x))
    check_grad(f, x, order=2)


def test_ravel_a_of_a_fortran_array_gradient_lands_on_the_same_elements():
    m = onp.arange(6.0).reshape(2, 3)  # m.T is Fortran-ordered: 'A' reads it column-wise
    g = grad(lambda m: np.sum(m.T.ravel("A") * onp.arange(6.0)))(m)
    onp.testing.assert_array_equal(g, m)  # autograd's rule gave m.T's C order


# ---- dot(out=) ----------------------------------------------------------------------------
def test_traced_dot_method_writes_into_out():
    m = rng.normal(size=(2, 3))

    def f(m):
        out = np.zeros((2, 2))
        result = m.dot(m.T, out=out)
        assert result is out
        return np.sum(out ** 2)

    assert onp.isclose(f(m), onp.sum((m @ m.T) ** 2))
    check_grad(f, m, order=2)
