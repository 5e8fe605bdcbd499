"""A third fuzzing pass over the MXNet backend and the dispatch policies.

Raw NDArrays reach NumPy as their values under only_numpy; customop('mxnet') keeps a
0-d result 0-d; values that live in MXNet take writes (``a[i] = v``, ``a[i] += v``,
``ufunc.at``, ``fill``, ``put``, in-place operators), untraced and under ``grad``, with
NumPy's values, aliasing and gradients.

Tests that need MXNet take the ``mx`` fixture, which skips them without it.
"""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.dispatch.policy import wrap_policy

MXNET_POLICIES = ["prefer_mxnet", "only_mxnet"]
X = onp.array([0.3, -0.2, 0.5, 0.7])


@pytest.fixture
def mx():
    return need_mxnet()


# ---- raw NDArrays under only_numpy: their values, not object arrays ----------------------------
RAW_CASES = {"tanh": lambda a: np.tanh(a), "sum": lambda a: np.sum(a),
             "add": lambda a: np.add(a, 1.0), "cumsum": lambda a: np.cumsum(a)}


@pytest.mark.parametrize("name", list(RAW_CASES))
def test_a_raw_ndarray_under_only_numpy_is_its_values(mx, name):
    data = onp.array([1.0, 2.0], onp.float32)
    with wrap_policy("only_numpy"):
        got = onp.asarray(RAW_CASES[name](mx.nd.array(data)))
    expected = onp.asarray(RAW_CASES[name](data))
    assert got.dtype == expected.dtype == onp.float32 and got.shape == expected.shape
    onp.testing.assert_allclose(got, expected)


# ---- customop('mxnet'): a 0-d input gives a 0-d result -------------------------------------
def _doubled(mx):
    @customop('mxnet')
    def doubled(x, y=1.0):
        return x * 2.0 * y

    doubled.def_grad(lambda ans, x, y=1.0: lambda g: g * 2.0 * y, argnum=0)
    return doubled


def test_customop_mxnet_keeps_the_input_shape_0d_included(mx):
    doubled = _doubled(mx)
    for shape in [(), (1,), (3,)]:
        got = doubled(onp.full(shape, 1.5))
        assert got.shape == shape and float(onp.asarray(got).ravel()[0]) == 3.0


def test_customop_mxnet_0d_with_a_python_number_stays_0d_and_differentiates(mx):
    doubled = _doubled(mx)
    assert doubled(onp.array(1.5), 3.0).shape == ()
    check_fd(lambda x: doubled(x) ** 2, (onp.array(0.7),), (0,))


def test_customop_mxnet_0d_with_1d_gives_numpys_1d_shape_and_0d_alone_0d(mx):
    @customop('mxnet')
    def scaled(x, y):
        return x * y
    assert scaled(onp.array(2.0), onp.array([3.0])).shape == (1,)
    assert scaled(onp.array(2.0), onp.array(3.0)).shape == ()


# ---- writes into an MXArray that is not traced -----------------------------------------------
def _set(a):
    a[1] = 5.0


def _slice_add(a):
    a[1:3] += onp.ones(2, a.dtype)


def _mask(a):
    a[a > 0.4] = -1.0


def _reverse(a):
    a[::-1] = onp.arange(4.0)


def _repeated(a):
    a[[0, 0, 2]] = onp.array([1.0, 2.0, 3.0])


def _add_at(a):
    np.add.at(a, [0, 0, 3], 1.5)


def _multiply_at(a):
    np.multiply.at(a, [1, 1], 2.0)


def _fill(a):
    a.fill(0.25)


def _put(a):
    a.put([0, 2], [9.0, 8.0])


def _row_of_2d(a):
    b = a.reshape((2, 2))
    b[0][1] = 7.0  # a view of b's row: reaches b, and b reaches a


def _transposed(a):
    a.reshape((2, 2)).T[0, 1] = 6.0


def _in_place_ops(a):
    alias = a
    alias *= 2.0
    alias -= 1.0
    alias /= 4.0


WRITES = [_set, _slice_add, _mask, _reverse, _repeated, _add_at, _multiply_at, _fill, _put,
          _row_of_2d, _transposed, _in_place_ops]


@pytest.mark.parametrize("policy", MXNET_POLICIES)
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
@pytest.mark.parametrize("write", WRITES, ids=[w.__name__ for w in WRITES])
def test_writes_into_an_mxarray_give_numpys_values(mx, policy, dtype, write):
    from minpy_compat.backends.mxnet_array import MXArray
    expected = onp.tanh(X).astype(dtype)
    write(expected)
    with wrap_policy(policy):
        a = np.tanh(X.astype(dtype))
        assert type(a) is MXArray
        write(a)
    assert type(a) is MXArray and a.dtype == dtype
    onp.testing.assert_allclose(onp.asarray(a), expected, rtol=1e-6)


@pytest.mark.parametrize("policy", MXNET_POLICIES)
def test_a_copy_does_not_see_writes_and_an_alias_does(mx, policy):
    with wrap_policy(policy):
        a = np.tanh(X)
        copies = [a.copy(), +a, a.astype(onp.float64), np.copy(a)]
        alias = a
        a[0] = 10.0
        a += 1.0
    assert alias is a and float(alias[0]) == 11.0
    for copy in copies:
        onp.testing.assert_allclose(onp.asarray(copy), onp.tanh(X))


def test_a_bool_mxarray_takes_a_write_and_stays_bool(mx):
    with wrap_policy("prefer_mxnet"):
        mask = np.tanh(X) > 0
        mask[1] = True
        mask[0] = False
    assert mask.dtype == onp.bool_
    assert onp.asarray(mask).tolist() == [False, True, True, True]


def test_a_traced_value_into_an_untraced_mxarray_makes_it_traced(mx):
    def f(x):
        out = np.zeros(4)
        out[0] = x[0]
        return np.sum(out)
    with wrap_policy("prefer_mxnet"):
        got = grad(f)(X)
    onp.testing.assert_allclose(onp.asarray(got), [1.0, 0.0, 0.0, 0.0])


def test_add_at_of_a_traced_value_into_an_untraced_mxarray_makes_it_traced(mx):
    def f(x):
        out = np.zeros(4)
        np.add.at(out, [0, 1, 2, 3], x)
        return np.sum(out)
    with wrap_policy("prefer_mxnet"):
        got = grad(f)(X)
    onp.testing.assert_allclose(onp.asarray(got), onp.ones(4))


def test_an_in_place_operator_that_would_change_the_shape_is_refused(mx):
    with wrap_policy("prefer_mxnet"), pytest.raises(ValueError, match=r"MXArray \+=: expected "
                                                    r"a result of shape \(4,\)"):
        a = np.tanh(X)
        a += onp.ones((2, 4))


def test_an_in_place_operator_that_would_change_the_kind_is_refused(mx):
    with wrap_policy("prefer_mxnet"), pytest.raises(TypeError, match=r"MXArray \+=: expected "
                                                    r"a result that casts to bool"):
        m = np.tanh(X) > 0
        m += 1.5


def test_numpys_own_errors_for_bad_writes(mx):
    with wrap_policy("prefer_mxnet"):
        a = np.tanh(X)
        with pytest.raises(IndexError):
            a[9] = 1.0
        with pytest.raises(ValueError):
            a[:] = onp.ones(3)
        onp.testing.assert_allclose(onp.asarray(a), onp.tanh(X))  # nothing written


# ---- writes into a traced MXNet value: gradients ---------------------------------------------
def _g_set(x, xp=np):
    y = xp.tanh(x)
    y[1] = x[0] * 3.0
    return xp.sum(y * y)


def _g_slice_add(x, xp=np):
    y = xp.tanh(x)
    y[1:3] += x[:2]
    return xp.sum(y * y)


def _g_add_at(x, xp=np):
    y = xp.tanh(x)
    xp.add.at(y, [0, 0, 2, 3], x)
    return xp.sum(y * y)


def _g_view_of_row(x, xp=np):
    y = xp.tanh(x).reshape((2, 2))
    y[0][1] = x[3] * 2.0
    row = y[1]
    row *= x[:2]
    return xp.sum(y * y)


def _g_repeated(x, xp=np):
    y = xp.tanh(x)
    y[[0, 0, 1]] = x[1:]
    return xp.sum(y * y)


def _g_in_place(x, xp=np):
    y = xp.tanh(x)
    alias = y
    y += y
    y -= x
    return xp.sum(alias * y)


def _g_transposed(x, xp=np):
    y = xp.tanh(x).reshape((2, 2))
    y.T[0, 1] = x[0] * 5.0
    y.ravel()[3] = 1.0
    return xp.sum(y * y)


def _g_fill_put(x, xp=np):
    y = xp.tanh(x)
    y.fill(0.5)
    y.put(1, x[2])
    return xp.sum(y * x)


def _g_copies(x, xp=np):
    y = xp.tanh(x)
    b, z = y.copy(), +y
    y[0] = 10.0
    return xp.sum(b * z) + xp.sum(y)


TRACED = [_g_set, _g_slice_add, _g_add_at, _g_view_of_row, _g_repeated, _g_in_place,
          _g_transposed, _g_fill_put, _g_copies]


def _numpy_reference(f):
    """``f`` on plain NumPy arrays: NumPy's own values and aliasing."""
    return lambda x: f(onp.array(x, dtype=float), xp=onp)


@pytest.mark.parametrize("f", TRACED, ids=[f.__name__ for f in TRACED])
def test_writes_into_a_traced_mxnet_value_give_numpys_value_and_gradient(mx, f):
    reference = _numpy_reference(f)
    steps = onp.eye(4) * 1e-6
    expected = onp.array([(reference(X + s) - reference(X - s)) / 2e-6 for s in steps])
    with wrap_policy("prefer_mxnet"):
        value = float(f(X))
        got = onp.asarray(grad(f)(X))
        check_fd(f, (X,), (0,))
    assert value == pytest.approx(float(reference(X)))
    onp.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("f", [_g_set, _g_slice_add, _g_view_of_row, _g_in_place],
                         ids=["set", "slice_add", "view_of_row", "in_place"])
def test_writes_into_a_traced_mxnet_value_under_only_mxnet(mx, f):
    with wrap_policy("only_numpy"):
        expected = onp.asarray(grad(f)(X))
    with wrap_policy("only_mxnet"):
        got = onp.asarray(grad(f)(X))
    onp.testing.assert_allclose(got, expected, rtol=1e-10)


def test_a_write_keeps_a_float32_traced_value_float32(mx):
    def f(x):
        y = np.tanh(x)
        y[0] = x[1] * 2.0
        assert y.dtype == onp.float32
        return np.sum(y)
    with wrap_policy("prefer_mxnet"):
        g = grad(f)(X.astype(onp.float32))
    assert g.dtype == onp.float32


def test_to_mxnet_passes_the_gradient_through(mx):
    from minpy_compat.backends.mxnet_writes import to_mxnet
    with wrap_policy("prefer_mxnet"):
        check_fd(lambda x: np.sum(to_mxnet(x * 1.0) ** 3), (X,), (0,))
