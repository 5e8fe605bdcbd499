"""A seventh fuzzing pass over MXNet: writes through views of MXNet buffers, out=/where=.

* Writes through a view of a constant MXArray that a traced write made traced (``c =
  np.zeros(4); c[:2] = 2 * a; c.reshape(-1)[::2] += 3 * a``), and of a traced MXNet
  value: the view's methods (``c.T``, ``c.reshape``, ``c.ravel``) and NumPy's view
  functions (``np.flip``, ``np.split``, ``np.rot90``, ``np.atleast_2d``, ...) reach ``c``.
* ``c.T.reshape(-1)`` is a copy in NumPy (so are ``c.T.ravel()``, ``np.ravel(c.T)``):
  a write into it leaves ``c`` alone, traced or not.
* ``numpy.multiply(o, a, out=o, where=m)`` with an MXArray ``o`` under ``grad``: a masked
  write, as for NumPy's arrays.
* Under ``only_mxnet``, ``x[..., 0]`` of a 1-d array names the Ellipsis, not the count.

Each program runs under ``prefer_mxnet``; its value must equal the NumPy version's and its
gradient the float64 finite differences of the NumPy version. Tests that need MXNet take
the ``mx`` fixture, which skips them without it.
"""
import numpy
import numpy as onp
import pytest

from conftest import numeric_grad
from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from minpy_compat.errors import PolicyError

X = onp.array([0.5, -1.0, 2.0, 1.5])
MASK = onp.array([True, False, True, False])


@pytest.fixture
def mx():
    return need_mxnet()


def _total(program):
    return lambda a: np.sum(program(a))


def check_like_numpy(program, x=X, order=1):
    """``program`` under prefer_mxnet: NumPy's value, and gradients (of ``order``) equal
    to float64 finite differences of the NumPy version."""
    f = _total(program)
    with wrap_policy("only_numpy"):
        expected = float(onp.asarray(f(x)))
        slope = numeric_grad(f, [x], 0)
    with wrap_policy("prefer_mxnet"):
        got = float(onp.asarray(f(x)))
        gradient = onp.asarray(grad(f)(x), dtype=onp.float64)
    onp.testing.assert_allclose(got, expected, rtol=1e-12, err_msg="value")
    onp.testing.assert_allclose(gradient, slope, rtol=1e-5, atol=1e-7, err_msg="gradient")
    if order > 1:
        check_like_numpy(lambda a: grad(f)(a) * a, x, order - 1)


# ---- writes through views -------------------------------------------------------------------
def _every_other(view, a):
    view[::2] += 3 * a[:2]


def _first_row(view, a):
    view[0] += 3 * a[:2]


def _one(view, a):
    view[0] = 5 * a[3]


VIEWS = {
    "reshape_-1": (lambda c: c.reshape(-1), _every_other),
    "ravel": (lambda c: c.ravel(), _every_other),
    "T": (lambda c: c.T, _every_other),
    "reshape_2x2": (lambda c: c.reshape(2, 2), _first_row),
    "T_of_2x2": (lambda c: c.reshape(2, 2).T, _first_row),
    "swapaxes": (lambda c: c.reshape(2, 2).swapaxes(0, 1), _first_row),
    "np.reshape": (lambda c: np.reshape(c, (2, 2)), _first_row),
    "np.moveaxis": (lambda c: np.moveaxis(c.reshape(2, 2), 0, 1), _first_row),
    "np.flip": (lambda c: np.flip(c), _every_other),
    "np.fliplr": (lambda c: np.fliplr(c.reshape(2, 2)), _first_row),
    "np.flipud": (lambda c: np.flipud(c.reshape(2, 2)), _first_row),
    "np.rot90": (lambda c: np.rot90(c.reshape(2, 2)), _first_row),
    "np.split": (lambda c: np.split(c, 2)[1], _one),
    "np.array_split": (lambda c: np.array_split(c, 2)[0], _one),
    "np.hsplit": (lambda c: np.hsplit(c.reshape(2, 2), 2)[1], _one),
    "np.vsplit": (lambda c: np.vsplit(c.reshape(2, 2), 2)[1], _first_row),
    "np.atleast_2d": (lambda c: np.atleast_2d(c),
                      lambda view, a: view.__setitem__((0, slice(None, None, 2)),
                                                       view[0, ::2] + 3 * a[:2])),
    "T_reshape_slice": (lambda c: c.reshape(2, 2).T.reshape(-1)[1:], _one),  # a copy
    "T_ravel": (lambda c: c.reshape(2, 2).T.ravel(), _one),  # a copy
    "np.ravel_of_T": (lambda c: np.ravel(c.reshape(2, 2).T), _one),  # a copy
    "np.reshape_of_T": (lambda c: np.reshape(c.reshape(2, 2).T, 4), _one),  # a copy
    "T_reshape_3d": (lambda c: c.reshape(2, 2).T.reshape(2, 2, 1),  # a view
                     lambda view, a: view.__setitem__((0, slice(None), 0), 3 * a[:2])),
    "fancy_into_T": (lambda c: c.reshape(2, 2).T,
                     lambda view, a: view.__setitem__(([1, 0], [0, 1]), 3 * a[:2])),
    "mask_into_T": (lambda c: c.reshape(2, 2).T,
                    lambda view, a: view.__setitem__(view > 0.7, 3 * a[0])),
    "times_into_T": (lambda c: c.reshape(2, 2).T, lambda view, a: view.__imul__(a[:2])),
}


def _adopted(a):
    """A constant MXArray made traced by a traced write."""
    c = np.zeros(4)
    c[:2] = 2 * a[:2]
    return c


def _traced(a):
    return a * 1.0 + np.array([0.0, 0.0, 1.0, 0.0])


@pytest.mark.parametrize("base", [_adopted, _traced], ids=["adopted", "traced"])
@pytest.mark.parametrize("name", list(VIEWS))
def test_a_write_through_a_view_reaches_the_mxnet_buffer_as_in_numpy(mx, name, base):
    view, write = VIEWS[name]

    def program(a):
        c = base(a)
        write(view(c), a)
        return c * a
    check_like_numpy(program)


@pytest.mark.parametrize("name", ["T_reshape_slice", "T_ravel", "np.ravel_of_T",
                                  "np.reshape_of_T", "T_reshape_3d", "np.flip", "np.rot90"])
def test_a_write_through_a_view_of_an_untraced_mxarray_matches_numpy(mx, name):
    view, write = VIEWS[name]

    def program():
        c = np.zeros(4)
        c[:2] = onp.array([1.0, -2.0])
        write(view(c), X)
        return onp.asarray(c)
    with wrap_policy("only_numpy"):
        expected = program()
    with wrap_policy("prefer_mxnet"):
        onp.testing.assert_array_equal(program(), expected)


def test_second_order_through_chained_views(mx):
    def program(a):
        c = np.zeros(4)
        c[:2] = a[:2] ** 2
        v = c.reshape(2, 2).T
        v[1] *= a[2:]
        np.flip(c)[:2] += a[:2] * a[3]
        return c * a
    check_like_numpy(program, order=2)


# ---- out= an MXArray, with where= -------------------------------------------------------------
WHERE = {
    "multiply_into_itself": lambda o, a: numpy.multiply(o, a, out=o, where=MASK),
    "add_of_constant": lambda o, a: numpy.add(np.ones(4) * 2.0, a * a, out=o, where=MASK),
    "where_true": lambda o, a: numpy.multiply(o, a, out=o, where=True),
    "out_tuple": lambda o, a: numpy.multiply(o, a, out=(o,), where=MASK),
    "mxnet_mask": lambda o, a: numpy.multiply(o, a, out=o, where=np.array(MASK)),
}


@pytest.mark.parametrize("name", list(WHERE))
def test_ufunc_where_into_an_mxarray_out_is_a_masked_write(mx, name):
    def program(a):
        o = np.ones(4) * 3.0
        WHERE[name](o, a)
        return o * a
    check_like_numpy(program)


def test_ufunc_where_into_an_mxarray_out_keeps_it_and_its_float32(mx):
    from minpy_compat.backends.mxnet_array import MXArray
    seen = {}

    def f(a):
        o = np.ones(4, dtype=onp.float32)
        numpy.multiply(o, a, out=o, where=MASK)
        seen["kind"], seen["dtype"] = type(o).__name__, o.dtype
        return np.sum(o * a)
    with wrap_policy("prefer_mxnet"):
        gradient = grad(f)(X.astype(onp.float32))
    assert seen["dtype"] == onp.float32 and gradient.dtype == onp.float32
    assert seen["kind"] in ("MXArray", "AdoptedMXArray")
    onp.testing.assert_allclose(onp.asarray(gradient), [1.0, 1.0, 4.0, 1.0], rtol=1e-6)


# ---- only_mxnet refusals of indexing name the reason ----------------------------------------
@pytest.mark.parametrize("shape, index, reason", [
    ((3,), (Ellipsis, 0), "index Ellipsis"), ((2, 3), (Ellipsis, 0), "index Ellipsis"),
    ((3,), (None, 0), "index None")])
def test_only_mxnet_getitem_names_the_index_it_cannot_run(mx, shape, index, reason):
    with wrap_policy("only_mxnet"):
        x = np.ones(shape)
        with pytest.raises(PolicyError, match=rf"numpy\.getitem .*only in NumPy for {reason}"):
            x[index]


def test_only_mxnet_getitem_with_too_many_indices_is_numpys_index_error(mx):
    with wrap_policy("only_mxnet"):
        x = np.ones(3)
        with pytest.raises(IndexError, match="too many indices"):
            x[0, 0]
