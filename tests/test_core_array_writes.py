"""Writes NumPy refuses are refused under grad too; ``Array.resize`` works as NumPy's does.

Read-only arrays (``x.diagonal()``, ``broadcast_to``'s result, an argument the caller made
read-only) raise NumPy's ValueError when written. Under ``grad`` the traced value used to
accept the write silently, so the same code ran traced and failed untraced.

Every result of ``minpy_compat.numpy`` is a view of the array NumPy computed, so NumPy's
``resize`` refused it ("it does not own its data") where NumPy's own result resizes.
"""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from conftest import check_grad


def _write_diagonal(x):
    d = x.diagonal()
    d[0] = 5.0
    return (d * x[0]).sum()


def _add_into_broadcast(x):
    d = np.broadcast_to(x[0], (2, 3))
    d += 1.0
    return d.sum()


def _write_argument(x):
    x[0] = 1.0
    return x.sum()


@pytest.mark.parametrize("func", [_write_diagonal, _add_into_broadcast])
def test_read_only_views_refuse_writes_traced_as_untraced(func):
    x = onp.arange(9.0).reshape(3, 3)
    with pytest.raises(ValueError, match="read-only"):
        func(x)  # NumPy's own refusal, untraced
    with pytest.raises(ValueError, match=r"traced (indexed assignment|\+=): expected a "
                                         r"writeable array, got a read-only one"):
        grad(func)(x)


def test_read_only_argument_refuses_writes_under_grad():
    read_only = onp.broadcast_to(onp.arange(3.0), (2, 3))
    with pytest.raises(ValueError, match="read-only"):
        grad(_write_argument)(read_only)
    writeable = onp.arange(6.0).reshape(2, 3)
    assert onp.array_equal(grad(_write_argument)(writeable),
                           [[0, 0, 0], [1, 1, 1]])
    assert onp.array_equal(writeable, onp.arange(6.0).reshape(2, 3))  # the caller's, untouched


def test_in_place_on_a_traced_scalar_still_rebinds():
    # A NumPy scalar's flags say read-only; s += 1 rebinds it in NumPy, and under grad too.
    def f(x):
        s = np.sum(x * x)
        s += 1.0
        s *= 2.0
        return s
    check_grad(f, onp.linspace(-1.0, 1.0, 6).reshape(2, 3))


def test_read_only_constant_array_refuses_a_traced_value_and_stays_unchanged():
    constant = np.broadcast_to(np.array([1.0, 2.0]), (2, 2))

    def f(x):
        constant[0] = x
        return constant.sum()
    with pytest.raises(ValueError, match="constant array: expected a writeable array, "
                                         "got a read-only one"):
        grad(f)(onp.array([3.0, 4.0]))
    assert type(constant) is np.ndarray and not constant.flags.writeable
    assert onp.array_equal(constant, [[1.0, 2.0], [1.0, 2.0]])


# ---- Array.resize ---------------------------------------------------------------------
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("new_shape", [(3, 3), (2,), 5, (2, 2)])
def test_resize_equals_numpys_on_the_same_data(order, new_shape):
    ours = np.array(onp.arange(6.0, dtype=onp.float32).reshape(2, 3), order=order)
    theirs = onp.array(onp.arange(6.0, dtype=onp.float32).reshape(2, 3), order=order)
    ours.resize(new_shape)
    theirs.resize(new_shape)
    assert type(ours) is np.ndarray
    assert ours.dtype == onp.float32 and ours.shape == theirs.shape
    assert onp.array_equal(ours, theirs)
    ours.resize(7)  # and again, now that it owns its memory
    theirs.resize(7)
    assert onp.array_equal(ours, theirs)


@pytest.mark.parametrize("change", ["shape", "dtype"])
def test_resize_after_the_shape_or_dtype_was_set_equals_numpys(change):
    ours, theirs = np.zeros((2, 3)), onp.zeros((2, 3))
    setattr(ours, change, (6,) if change == "shape" else "int32")
    setattr(theirs, change, (6,) if change == "shape" else "int32")
    ours.resize(14)  # NumPy refused it: "it does not own its data"
    theirs.resize(14)
    assert type(ours) is np.ndarray and ours.dtype == theirs.dtype
    onp.testing.assert_array_equal(ours, theirs)


def test_resize_takes_several_integers_and_keeps_same_size_reshapes():
    a = np.zeros(4)
    a.resize(2, 3)
    assert a.shape == (2, 3)
    a.resize((3, 2))
    assert a.shape == (3, 2)


def test_resize_refuses_a_shared_array_unless_refcheck_is_off():
    a = np.zeros(4)
    alias = a
    with pytest.raises(ValueError, match="Array.resize: expected an array nothing else "
                                         "refers to .*refcheck=False"):
        a.resize(6)
    assert a.shape == (4,)
    a.resize(6, refcheck=False)
    assert alias.shape == (6,) and onp.array_equal(alias, onp.zeros(6))


def test_resize_of_a_slice_is_refused_as_numpy_refuses_it():
    part = np.arange(6.0)[1:]
    with pytest.raises(ValueError, match="does not own its data"):
        part.resize(3)
    with pytest.raises(ValueError, match="does not own its data"):
        onp.arange(6.0)[1:].resize(3)


def test_resize_of_a_view_of_the_callers_array_leaves_that_array_alone():
    mine = onp.arange(4.0)
    view = np.asarray(mine)
    if view is not mine:
        with pytest.raises(ValueError):
            view.resize(2)
    assert onp.array_equal(mine, onp.arange(4.0))


def test_unary_plus_is_a_copy_that_a_later_write_does_not_reach():
    # NumPy: z = +y is a new array. Traced, +y was y itself, so y[0] = 10 zeroed z's gradient.
    def f(x):
        y = np.tanh(x)
        z = +y
        y[0] = 10.0
        return np.sum(z * x)
    x = onp.array([0.5, -1.0, 2.0])
    check_grad(f, x)
    tanh = onp.tanh(x)
    assert onp.allclose(grad(f)(x), tanh + x * (1 - tanh ** 2))
