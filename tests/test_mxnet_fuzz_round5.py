"""A fifth fuzzing pass over values that live in MXNet.

* ``np.reshape``/``ravel``/``transpose``/``swapaxes``/``moveaxis``/``squeeze``/
  ``expand_dims`` of a value in MXNet, or computed by MXNet, are views of their argument
  (writes reach it, under ``grad`` too), where NumPy's result is one.
* A traced value written into an MXArray that is not traced makes it traced, as it makes
  NumPy's Array (``out = np.zeros(n)`` under ``prefer_mxnet``, then ``out[i] = f(x)``).
* ``MXArray.flat``; ``np.asarray(MXArray)`` is the MXArray itself.

Tests that need MXNet take the ``mx`` fixture, which skips them without it.
"""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad, grad_and_loss
from minpy_compat.dispatch.policy import wrap_policy

X = onp.array([0.5, -1.0, 2.0, 1.5])
GRID = onp.arange(6.0).reshape(2, 3)


@pytest.fixture
def mx():
    return need_mxnet()


def _mx_array(data):
    from minpy_compat.backends import mxnet_backend
    return mxnet_backend.array(data)


# ---- functions whose result views their argument ---------------------------------------
VIEWS = {
    "reshape": (lambda a: np.reshape(a, (3, 2)), (0, 1)),
    "transpose": (lambda a: np.transpose(a), (0, 1)),
    "expand_dims": (lambda a: np.expand_dims(a, 0), (0, 0, 1)),
    "squeeze": (lambda a: np.squeeze(np.expand_dims(a, 1)), (0, 1)),
    "ravel": (lambda a: np.ravel(a), (1,)),
    "swapaxes": (lambda a: np.swapaxes(a, 0, 1), (0, 1)),
    "moveaxis": (lambda a: np.moveaxis(a, 0, 1), (0, 1)),
}


@pytest.mark.parametrize("name", ["reshape", "transpose", "expand_dims", "squeeze"])
def test_a_write_into_the_view_of_an_mxarray_reaches_it(mx, name):
    view_of, index = VIEWS[name]
    expected = GRID.copy()
    view_of(expected)[index] = 99.0
    with wrap_policy("prefer_mxnet"):
        a = _mx_array(GRID)
        view_of(a)[index] = 99.0
    onp.testing.assert_array_equal(onp.asarray(a), expected)


@pytest.mark.parametrize("name", ["reshape", "transpose", "expand_dims"])
def test_a_write_into_an_mxnet_view_of_a_numpy_array_reaches_it(mx, name):
    view_of, index = VIEWS[name]
    expected = GRID.copy()
    view_of(expected)[index] = 99.0
    with wrap_policy("prefer_mxnet"):
        a = np.array(GRID)
        view = view_of(a)
        view[index] = 99.0
    assert type(view).__name__ == "MXArray"  # computed by MXNet
    onp.testing.assert_array_equal(a, expected)
    spread = onp.broadcast_to(onp.ones(3), (2, 3))  # read-only, not contiguous: NumPy copies
    with wrap_policy("prefer_mxnet"):
        apart = view_of(spread)
        apart[index] = 2.0
    assert (spread == 1.0).all() and onp.asarray(apart)[index] == 2.0


def _scaled_through_view(view_of, index):
    def loss(x):
        a = x * 1.0
        v = view_of(a)
        v[index] = 10.0 * v[index]
        return np.sum(a * a)
    return loss


@pytest.mark.parametrize("name", list(VIEWS))
def test_a_traced_write_into_the_view_of_an_mxarray_reaches_it(mx, name):
    loss = _scaled_through_view(*VIEWS[name])
    expected = grad(loss)(GRID)
    with wrap_policy("prefer_mxnet"):
        got = grad(loss)(_mx_array(GRID))
    onp.testing.assert_allclose(onp.asarray(got), expected)


@pytest.mark.parametrize("name", ["reshape", "transpose", "expand_dims", "squeeze"])
def test_a_traced_write_into_an_mxnet_view_of_a_numpy_value_reaches_it(mx, name):
    loss = _scaled_through_view(*VIEWS[name])
    expected = grad(loss)(GRID)
    with wrap_policy("prefer_mxnet"):
        got = grad(loss)(GRID)
    onp.testing.assert_allclose(onp.asarray(got), expected)


def test_a_reshape_in_fortran_order_is_a_copy(mx):
    with wrap_policy("prefer_mxnet"):
        a = _mx_array(GRID)
        a.ravel(order="F")[0] = 50.0
        a.reshape(3, 2, order="F")[0, 0] = 50.0
        np.ravel(a, order="F")[0] = 50.0
    onp.testing.assert_array_equal(onp.asarray(a), GRID)


# ---- traced writes into an MXArray that is not traced ----------------------------------
def _buffer(x):
    out = np.zeros(3)
    for i in range(3):
        out[i] = np.sum(x * (i + 1))
    return np.sum(out * out)


def _row_of_buffer(x):
    out = np.zeros((2, 3))
    row = out[1]
    row[:] = x[:3] * 2
    return np.sum(out * x[0])


def _put(x):
    out = np.zeros(4)
    out.put([0, 2], x[:2])
    return np.sum(out ** 2)


def _fill(x):
    out = np.ones(4)
    out.fill(x[1])
    return np.sum(out * x)


def _add_at(x):
    out = np.zeros(3)
    np.add.at(out, [0, 0, 2], x[:3])
    return np.sum(out ** 2)


def _in_place_add(x):
    out = np.ones(4)
    alias = out
    out += x * 3  # changes the array both names hold
    return np.sum(alias ** 2)


def _used_before_the_write(x):
    out = np.ones(4)
    y = out * 2
    out[0] = x[0]
    return np.sum(y + out * x)


def _written_twice(x):
    out = np.zeros(4)
    out[1] = x[1]
    out[2] = out[1] * x[2]
    return np.sum(out * out)


def _facade_out(x):
    out = np.zeros(4)
    np.multiply(x, x, out=out)
    return np.sum(out * x)


def _numpy_ufunc_out(x):
    out = np.zeros(4)
    onp.multiply(x, x, out=out)
    return np.sum(out * x)


BUFFERS = [_buffer, _row_of_buffer, _put, _fill, _add_at, _in_place_add, _used_before_the_write,
           _written_twice, _facade_out, _numpy_ufunc_out]


@pytest.mark.parametrize("f", BUFFERS, ids=[f.__name__.strip("_") for f in BUFFERS])
def test_a_traced_write_into_an_mxnet_buffer_is_differentiable(mx, f):
    expected = grad(f)(X)  # NumPy's buffer (an Array) becomes traced
    with wrap_policy("prefer_mxnet"):
        got = grad(f)(X)
    onp.testing.assert_allclose(onp.asarray(got), expected)


@pytest.mark.parametrize("f", [_buffer, _row_of_buffer, _written_twice])
def test_a_traced_write_into_an_mxnet_buffer_matches_finite_differences(mx, f):
    with wrap_policy("prefer_mxnet"):
        check_fd(f, (X,), (0,))


def test_a_write_through_flat_into_an_mxnet_buffer_is_differentiable(mx):
    def f(x):
        out = np.zeros((2, 2))
        out.flat[[1, 2]] = x[:2]
        return np.sum(out ** 3)
    with wrap_policy("prefer_mxnet"):
        got = grad(f)(X)
    onp.testing.assert_allclose(onp.asarray(got), [3 * X[0] ** 2, 3 * X[1] ** 2, 0, 0])


def test_the_buffer_returned_is_the_loss_grad_and_loss_reports(mx):
    def f(x):
        out = np.zeros(())
        out[()] = np.sum(x * x)
        return out
    with wrap_policy("prefer_mxnet"):
        g, loss = grad_and_loss(f)(X)
    onp.testing.assert_allclose(onp.asarray(g), 2 * X)
    assert float(loss) == pytest.approx(float(onp.sum(X * X)))


def test_after_grad_the_buffer_is_an_mxarray_with_its_old_numbers(mx):
    kept = []

    def f(x):
        out = np.zeros(4)
        kept.append(out)
        out[1] = x[1]
        return np.sum(out)
    with wrap_policy("prefer_mxnet"):
        grad(f)(X)
        kept[0][0] = 5.0  # a plain MXArray again: it takes constant writes
    assert type(kept[0]).__name__ == "MXArray"
    onp.testing.assert_array_equal(onp.asarray(kept[0]), [5.0, 0.0, 0.0, 0.0])


# ---- flat and asarray ------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["prefer_mxnet", "only_numpy"])
def test_mxarray_flat_reads_and_writes_as_numpys(mx, policy):
    expected = GRID.copy()
    with wrap_policy(policy):
        a = _mx_array(GRID)
        assert len(a.flat) == 6 and float(a.flat[4]) == 4.0
        assert [float(v) for v in a.flat] == list(GRID.ravel())
        a.flat[1:3][0] = -7.0  # a read is a copy, as NumPy's
        a.flat[[0, 5]] = [-1.0, -2.0]
        expected.flat[[0, 5]] = [-1.0, -2.0]
        onp.testing.assert_array_equal(onp.asarray(a), expected)
        a.flat = 3.0
    onp.testing.assert_array_equal(onp.asarray(a), onp.full((2, 3), 3.0))


def test_asarray_of_an_mxarray_is_the_array_itself(mx):
    with wrap_policy("prefer_mxnet"):
        a = _mx_array(GRID)
        same = np.asarray(a)
        same[0, 0] = 42.0
        cast = np.asarray(a, dtype=onp.float32)
        cast[0, 1] = 42.0
    assert same is a and cast is not a
    assert onp.asarray(a)[0, 0] == 42.0 and onp.asarray(a)[0, 1] == 1.0
