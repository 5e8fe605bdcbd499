"""Views of a constant buffer taken inside a traced function before the first traced write
into it see that write, as NumPy's views do (``constant_views.py``); a float written into
an integer or boolean buffer passes no gradient (``assignment.py``)."""
import gc

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.array import Array

from conftest import check_grad

WEIGHTS = onp.array([1.0, 2.0, 3.0])


def _row_then_write(b):
    a = np.zeros((2, 3))
    row = a[1]
    a[1] = b
    return np.sum(row * WEIGHTS)


def _rearranged_views(b):
    a = np.zeros((2, 3))
    t, flat = a.T, a.reshape(-1)
    a[1] = b * b
    return np.sum(t[:, 1] * WEIGHTS) + np.sum(flat ** 2)


def _view_of_a_view_and_in_place_add(b):
    a = np.zeros((2, 3))
    row = a[1]
    tail = row[1:]
    a += b
    return np.sum(tail * 3.0) + np.sum(row)


def _ufunc_at_and_out(b):
    a = np.ones(3)
    reversed_a = np.flip(a)
    np.add.at(a, [0, 1], b[:2])
    np.multiply(a, b, out=a)
    return np.sum(reversed_a * WEIGHTS)


def _write_into_a_view_first(b):
    a = np.zeros((2, 3))
    row, column = a[0], a[:, 1]
    row[1] = b[0]  # row is written first, then a (through it)
    a[1, 1] = b[2] * 2.0
    return np.sum(column * onp.array([5.0, 7.0])) + np.sum(row * row)


def _two_writes(b):
    a = np.zeros(3)
    whole = a[:]
    a[0] = b[0]
    a[1] = b[1] * 3.0
    return np.sum(whole * whole)


def _other_views(b):
    a = np.zeros((3, 3))
    diagonal, new_axis, ellipsis, plain = np.diagonal(a), a[None], a[...], a.view()
    a[:] = b
    return (np.sum(diagonal * 2.0) + np.sum(new_axis) + np.sum(ellipsis[0]) +
            np.sum(plain[2] * b))


def _view_of_a_0d_buffer(b):
    a = np.zeros(())
    lifted = a[None]
    a[...] = b[0] * b[1]
    return np.sum(lifted * 3.0)


PROGRAMS = [_row_then_write, _rearranged_views, _view_of_a_view_and_in_place_add,
            _ufunc_at_and_out, _write_into_a_view_first, _two_writes, _other_views,
            _view_of_a_0d_buffer]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__.strip("_"))
def test_a_view_taken_before_the_first_write_reads_it_under_grad(program):
    x = onp.array([1.0, 2.0, 3.0])
    value, _ = value_and_grad(program)(x)
    assert float(value) == float(program(np.array(x)))  # the same value as outside grad
    check_grad(program, x)


def test_float32_gradients_stay_float32_through_such_a_view():
    x = onp.array([1.0, 2.0, 3.0], onp.float32)

    def f(b):
        a = np.zeros((2, 3), onp.float32)
        row = a[1]
        a[1] = b * b
        return np.sum(row)

    gradient = grad(f)(x)
    assert gradient.dtype == onp.float32
    onp.testing.assert_array_equal(gradient, 2 * x)


def test_second_order_through_such_a_view():
    def f(b):
        a = np.zeros(3)
        view = a[::-1]
        a[:] = b ** 3
        return np.sum(view)

    check_grad(f, onp.array([0.5, -1.0, 2.0]), order=2)


def test_after_grad_the_views_and_the_buffer_are_plain_arrays_with_their_old_numbers():
    kept = []

    def f(b):
        a = np.zeros(3)
        view = a[1:]
        a[:] = b
        kept.extend([a, view])
        return np.sum(view)

    onp.testing.assert_array_equal(grad(f)(onp.array([1.0, 2.0, 3.0])), [0.0, 1.0, 1.0])
    buffer, view = kept
    assert type(buffer) is Array and type(view) is Array
    assert not vars(buffer) and not vars(view)
    onp.testing.assert_array_equal(buffer, [0.0, 0.0, 0.0])  # the memory was never written
    assert view.base is buffer


def test_a_view_taken_before_grad_was_called_keeps_its_numbers():
    a = np.zeros(3)
    outside = a[1:]

    def f(b):
        a[:] = b
        return np.sum(outside * b[1:])

    onp.testing.assert_array_equal(grad(f)(onp.array([1.0, 2.0, 3.0])), [0.0, 0.0, 0.0])


def test_views_that_died_are_not_kept():
    def f(b):
        a = np.zeros(4)
        for i in range(200):  # 200 views taken and dropped
            a[i % 4:].sum()
        gc.collect()
        a[:] = b
        return np.sum(a)

    onp.testing.assert_array_equal(grad(f)(onp.ones(4)), onp.ones(4))


# ---- writes into integer and boolean buffers -----------------------------------------
@pytest.mark.parametrize("dtype, expected", [(int, [1.0, 2.0]), (bool, [1.0, 0.0])])
def test_a_float_written_into_an_integer_buffer_passes_no_gradient(dtype, expected):
    def f(v):
        buffer = np.zeros(2, dtype=dtype)
        buffer[:] = v
        return np.sum(buffer * v)

    x = onp.array([1.5, 0.0]) if dtype is bool else onp.array([1.5, 2.5])
    onp.testing.assert_array_equal(grad(f)(x), expected)  # d(trunc(v) * v)/dv = trunc(v)


def test_every_integer_buffer_write_passes_no_gradient():
    def f(v):
        copied = np.zeros(2, dtype=int)
        np.copyto(copied, v, casting="unsafe")
        put = np.zeros(2, dtype=int)
        put.put([0, 1], v)
        filled = np.zeros(2, dtype=int)
        filled.fill(v[0])
        return np.sum(copied * v) + np.sum(put * v) + np.sum(filled * v)

    onp.testing.assert_array_equal(grad(f)(onp.array([1.5, 2.5])), [3.0, 5.0])


def test_a_float_buffer_still_passes_the_gradient_of_what_was_written():
    def f(v):
        buffer = np.zeros(3)
        buffer[1:] = v
        return np.sum(buffer * buffer)

    check_grad(f, onp.array([1.5, 2.5]))
