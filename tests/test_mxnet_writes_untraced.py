"""Values that live in MXNet and are not traced take writes (``a[i] = v``, ``a[i] += v``,
``ufunc.at``, ``fill``, ``put``, in-place operators) with NumPy's values and aliasing.

Tests that need MXNet take the ``mx`` fixture, which skips them without it."""
import numpy as onp
import pytest

from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from mxnet_write_helpers import X


MXNET_POLICIES = ["prefer_mxnet", "only_mxnet"]


@pytest.fixture
def mx():
    return need_mxnet()


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
