"""Writes into the views NumPy's functions return reach the array they view, under grad too.

Each case computes a loss that writes into ``view(y)`` and then reads ``y``. Outside grad
NumPy's shared memory makes the write visible; under grad the value and the gradient must
agree with it (they were silently missing the write for the function forms before)."""
import numpy
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from conftest import check_grad, numeric_grad
from minpy_compat import grad

X = onp.arange(1.0, 7.0).reshape(2, 3)
X3 = onp.linspace(-1.0, 1.0, 24).reshape(2, 3, 4)
WEIGHTS = onp.arange(6.0).reshape(2, 3) + 1.5

VIEWS = {
    "np.reshape": lambda y, lib: lib.reshape(y, (3, 2)),
    "np.reshape order A of a transpose": lambda y, lib: lib.reshape(y.T, (2, 3), order="A"),
    "np.ravel": lambda y, lib: lib.ravel(y),
    "np.ravel K of a transpose": lambda y, lib: lib.ravel(y.T, "K"),
    "np.transpose": lambda y, lib: lib.transpose(y),
    "np.transpose axes": lambda y, lib: lib.transpose(y[None], (2, 0, 1)),
    "np.swapaxes": lambda y, lib: lib.swapaxes(y, 0, 1),
    "np.moveaxis": lambda y, lib: lib.moveaxis(y[None], 0, -1),
    "np.squeeze": lambda y, lib: lib.squeeze(y[None]),
    "np.expand_dims": lambda y, lib: lib.expand_dims(y, 1)[0],
    "np.atleast_3d": lambda y, lib: lib.atleast_3d(y),
    "np.flip": lambda y, lib: lib.flip(y),
    "np.fliplr": lambda y, lib: lib.fliplr(y),
    "np.flipud": lambda y, lib: lib.flipud(y),
    "np.rot90": lambda y, lib: lib.rot90(y),
    "np.rot90 k=3": lambda y, lib: lib.rot90(y, 3),
    "np.rot90 k=2": lambda y, lib: lib.rot90(y, 2),
    "np.split": lambda y, lib: lib.split(y, 3, axis=1)[1],
    "np.array_split": lambda y, lib: lib.array_split(y.ravel(), 4)[1],
    "np.hsplit": lambda y, lib: lib.hsplit(y, [1])[1],
    "np.vsplit": lambda y, lib: lib.vsplit(y, 2)[1],
    "method reshape order A": lambda y, lib: y.T.reshape(6, order="A"),
    "method ravel K": lambda y, lib: y.T.ravel("K"),
    "np.asarray": lambda y, lib: lib.asarray(y),
    "np.real": lambda y, lib: lib.real(y),
}


def _write_then_read(view, lib):
    def loss(x):
        y = x * 1.0
        v = view(y, lib)
        v[0] = 100.0 * x[0, 1]  # a scalar or a row, into the view's first slot
        v[-1] *= 3.0
        return lib.sum(y * WEIGHTS)
    return loss


@pytest.mark.parametrize("name", list(VIEWS))
def test_writes_into_function_views_reach_the_array(name):
    ours, plain = _write_then_read(VIEWS[name], np), _write_then_read(VIEWS[name], numpy)
    assert onp.isclose(ours(X), plain(X))
    onp.testing.assert_allclose(grad(ours)(X), numeric_grad(plain, [X], 0), rtol=1e-5, atol=1e-6)
    check_grad(ours, X, order=2)


def test_numpy_functions_called_on_traced_values_keep_views_too():
    def loss(x, lib):
        y = x * 1.0
        numpy.transpose(y)[0] = x[1, :2]  # NumPy's own function, dispatched to ours
        return lib.sum(y * WEIGHTS)

    assert onp.isclose(loss(X, np), loss(X, numpy))
    onp.testing.assert_allclose(grad(lambda x: loss(x, np))(X),
                                numeric_grad(lambda x: loss(x, numpy), [X], 0), atol=1e-6)


def test_copies_stay_copies():
    def loss(x):
        y = x * 1.0
        if onp.lib.NumpyVersion(onp.__version__) >= "2.1.0":
            np.reshape(y, (3, 2), copy=True)[0] = 7.0
        np.ravel(y[:, ::2])[0] = 7.0  # not contiguous: ravel copies in NumPy too
        return np.sum(y * WEIGHTS)

    onp.testing.assert_array_equal(grad(loss)(X), WEIGHTS)


def test_complex_views_write_their_part_only():
    def loss(z, lib):
        w = z * (1 + 0j)
        lib.real(w)[0] = 5.0 * lib.imag(w)[1]
        lib.imag(w)[1] = 2.0
        return lib.sum(lib.abs(w) ** 2)

    z = onp.array([1 + 2j, 3 - 1j, 0.5 + 0.5j])
    assert onp.isclose(loss(z, np), loss(z, numpy))
    check_grads(lambda z: loss(z, np), modes=["rev"], order=2)(z)


def test_split_and_flip_errors_are_numpys():
    def uneven(x):
        return np.sum(np.split(x, 4, axis=1)[0])

    with pytest.raises(ValueError, match="equal division"):
        grad(uneven)(X3)
    with pytest.raises(ValueError, match="2-d"):
        grad(lambda x: np.sum(np.fliplr(x)))(onp.ones(3))
