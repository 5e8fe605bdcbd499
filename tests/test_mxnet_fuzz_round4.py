"""A fourth fuzzing pass over values that live in MXNet: writes through their views.

A view of an MXArray (``a[::-1]``, ``a[None]``, ``a.swapaxes``, ``a.squeeze``, and any
view NumPy makes of it: under ``only_numpy``, or ``np.flip``/``np.split``/... on the
NumPy path) takes writes that reach ``a``, as NumPy's view would; ``a.flatten()`` is a
copy; ``copy.copy``/``copy.deepcopy`` keep an MXArray an MXArray.

Tests that need MXNet take the ``mx`` fixture, which skips them without it.
"""
import copy

import numpy as onp
import pytest

from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat.dispatch.policy import wrap_policy

POLICIES = ["only_numpy", "prefer_mxnet"]


@pytest.fixture
def mx():
    return need_mxnet()


def _mx_array(data):
    from minpy_compat.backends import mxnet_backend
    return mxnet_backend.array(data)


def _same(got, expected):
    got = onp.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    onp.testing.assert_array_equal(got, expected)


# ---- a view written through reaches its base, as in NumPy --------------------------------
def _flip_write(a):
    r = a[::-1]
    r[0] = 100
    return a


def _step_write(a):
    r = a[::-2]
    r[1:3] = 100
    return a


def _newaxis_write(a):
    r = a[None]
    r[0, 1] = 5
    return a


def _rows_flip_add(a):
    r = a[:, ::-1]
    r[0] += 10
    return a


def _nested_flip(a):
    a[1][::-1][0] = 77
    return a


def _swapaxes_write(a):
    r = a.swapaxes(0, 1)
    r[0] = 100
    return a


def _squeeze_write(a):
    r = a[None].squeeze()
    r[0, 0] = -4
    return a


def _reshape_write(a):
    r = a.reshape(4, 3)
    r[0] = 0
    r[-1, -1] = 9
    return a


def _transpose_fill(a):
    a.T.fill(2.0)
    return a


def _row_iadd(a):
    r = a[1]
    r += 10
    return a


def _flatten_copy(a):
    r = a.flatten()
    r[0] = 100
    return a, r


VIEW_PROGRAMS = {f.__name__.lstrip("_"): f for f in (
    _flip_write, _step_write, _newaxis_write, _rows_flip_add, _nested_flip, _swapaxes_write,
    _squeeze_write, _reshape_write, _transpose_fill, _row_iadd, _flatten_copy)}
FLAT_PROGRAMS = {"flip_write", "step_write", "newaxis_write"}
MXNET_VIEWS = {"reshape_write", "transpose_fill", "row_iadd", "flatten_copy"}  # right before
CASES = [(policy, name) for policy in POLICIES for name in sorted(VIEW_PROGRAMS)
         if policy == "only_numpy" or name not in MXNET_VIEWS]


@pytest.mark.parametrize("policy, name", CASES)
def test_a_write_into_a_view_of_an_mxarray_reaches_it(mx, policy, name):
    data = onp.arange(12.0) if name in FLAT_PROGRAMS else onp.arange(12.0).reshape(3, 4)
    expected = VIEW_PROGRAMS[name](data.copy())
    with wrap_policy(policy):
        got = VIEW_PROGRAMS[name](_mx_array(data))
    for g, e in zip(got, expected) if type(expected) is tuple else [(got, expected)]:
        _same(g, e)


# ---- NumPy's views of an MXArray: writeable, and written through --------------------------
NUMPY_VIEWS = {
    "np.flip": lambda m, a: m.flip(a, 0),
    "np.rot90": lambda m, a: m.rot90(a),
    "np.moveaxis": lambda m, a: m.moveaxis(a, 0, 1),
    "np.atleast_3d": lambda m, a: m.atleast_3d(a),
    "np.split[1]": lambda m, a: m.split(a, 3)[1],
    "np.hsplit[0]": lambda m, a: m.hsplit(a, 2)[0],
    "np.ravel": lambda m, a: m.ravel(a),
    "np.squeeze": lambda m, a: m.squeeze(a),
}


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("name", sorted(NUMPY_VIEWS))
def test_numpy_views_of_an_mxarray_take_writes_that_reach_it(mx, policy, name):
    data = onp.arange(12.0, dtype=onp.float32).reshape(3, 4)
    expected = data.copy()
    view = NUMPY_VIEWS[name](onp, expected)
    view[...] = -1.0
    with wrap_policy(policy):
        a = _mx_array(data)
        got = NUMPY_VIEWS[name](np, a)
        got[...] = -1.0
    _same(got, onp.asarray(view))
    _same(a, expected)


def test_a_view_under_only_numpy_is_writeable_with_numpy_casting(mx):
    data = onp.arange(6, dtype=onp.int32).reshape(2, 3)
    expected = data.copy()
    expected.T[1] = 7.9  # cast to int32 as NumPy casts on assignment
    with wrap_policy("only_numpy"):
        a = _mx_array(data)
        a.T[1] = 7.9
    _same(a, expected)


# ---- copies keep the value in MXNet ---------------------------------------------------------
@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy])
def test_copy_module_keeps_a_written_mxarray_in_mxnet(mx, copier):
    a = _mx_array(onp.arange(4.0))
    a[::-1][0] = 9.0
    b = copier(a)
    assert type(b) is type(a)
    b[0] = -1.0
    _same(b, onp.array([-1.0, 1.0, 2.0, 9.0]))
    _same(a, onp.array([0.0, 1.0, 2.0, 9.0]))
