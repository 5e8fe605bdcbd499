"""Traced views see later writes into the array they view (``live_views.py``).

Each function is run three ways. Plain NumPy gives the value. The facade outside ``grad``
must give the same value, and so must ``grad_and_loss``. Finite differences (float64,
orders 1 and 2) check the gradient.
"""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad, grad_and_loss

from conftest import check_grad

X = onp.array([[0.3, -1.1, 0.8], [1.7, 0.2, -0.6]])


def _same_value_everywhere(f, x):
    """f's value on plain NumPy, on the facade and under grad_and_loss: all one number."""
    plain = float(f(onp, onp.array(x)))
    onp.testing.assert_allclose(float(f(np, np.array(x))), plain, rtol=1e-12)
    _, loss = grad_and_loss(lambda x: f(np, x))(x)
    onp.testing.assert_allclose(float(loss), plain, rtol=1e-12)


def _slice_then_write_base(N, x):
    a = x * 1.0
    v = a[0, 0:2]
    a[0, 0] = 10.0 * x[1, 1]  # v[0] now reads it
    return N.sum(v * v) + N.sum(N.sin(a))


def _transpose_then_write_base(N, x):
    a = x * 1.0
    t = a.T
    column = t[:, 1]
    a[1] *= x[0]  # row 1 of a is column 1 of t
    return N.sum(N.sin(t) * N.arange(6.0).reshape(3, 2)) + N.sum(column ** 2)


def _reshape_then_add_to_base(N, x):
    a = x * 2.0
    flat = a.reshape(-1)
    a += x ** 2
    return N.sum(N.cos(flat) * N.arange(6.0))


def _view_of_a_view(N, x):
    a = x * 1.0
    row = a[1]
    pair = row[1:]
    a[1, 2] = x[0, 0] * x[0, 1]
    return N.sum(pair * N.array([3.0, 5.0]))


def _sibling_views(N, x):
    a = x + 0.0
    whole_row = a[0]
    tail = a[0, 1:]
    whole_row[2] = N.tanh(x[1, 0])  # through a[0] into a, and from a to tail
    return N.sum(tail ** 3)


def _shape_set_after_the_view(N, x):
    a = x.reshape(-1) * 1.0
    head = a[1:4]
    columns = a.reshape(2, 3).T  # a rearrangement of a, and a view of that
    a.shape = (3, 2)
    a[1, 0] = x[1, 2] * 4.0  # flat slot 2: head[1], columns[2, 0]
    return N.sum(N.exp(head)) + N.sum(N.sin(columns) * N.arange(6.0).reshape(3, 2))


def _views_of_an_adopted_array(N, x):
    out = N.zeros((2, 3))
    out[0] = x[0]  # out is traced from here on
    row = out[1]
    out[1] = x[1] * x[0]
    out[:, 0] += 1.0
    return N.sum(row * row) + N.sum(out[0])


def _function_views_then_write_base(N, x):
    a = x * 1.0
    moved = N.moveaxis(a, 0, 1)
    rows = N.reshape(a, (3, 2))
    a[:, 1] = x[:, 0] * 3.0
    weights = N.arange(6.0).reshape(3, 2)
    return N.sum(N.sin(moved) * weights) + N.sum(rows ** 2 * weights)


def _real_part_then_write_base(N, x):
    z = x * (1.0 + 0.5j)
    real, imag = N.real(z), N.imag(z)
    z[1] = x[0] * (2.0 - 1.0j)
    return N.sum(real * real * N.arange(6.0).reshape(2, 3)) + N.sum(N.sin(imag))


def _writes_by_numpy_functions(N, x):
    a = x * 1.0
    first, second = a[0], a[1]
    N.copyto(a[0], x[1] * 3.0)  # into a view, which writes through and refreshes first
    N.add.at(a, (1, 0), 5.0 * x[0, 0])
    a.sort(axis=1)
    N.fill_diagonal(a, 0.5 * x[0, 1])
    N.sum(x, axis=0, out=a[1])
    return N.sum(first * N.arange(3.0)) + N.sum(N.sin(second) * first)


CASES = [_slice_then_write_base, _transpose_then_write_base, _reshape_then_add_to_base,
         _view_of_a_view, _sibling_views, _shape_set_after_the_view,
         _views_of_an_adopted_array, _function_views_then_write_base,
         _real_part_then_write_base, _writes_by_numpy_functions]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__.strip("_"))
def test_a_view_reads_what_was_written_into_its_base(f):
    _same_value_everywhere(f, X)
    check_grad(lambda x: f(np, x), X, order=2)


def test_the_first_example_gives_numpys_value_and_gradient():
    def f(x):
        a = x * 1.0
        v = a[0:2]
        a[0] = 10.0 * x[1]
        return np.sum(v * v)

    gradient, loss = grad_and_loss(f)(onp.array([1.0, 2.0, 3.0]))
    assert float(loss) == 404.0  # (10 * 2) ** 2 + 2 ** 2, as NumPy computes it
    onp.testing.assert_array_equal(gradient, [0.0, 404.0, 0.0])


def test_float32_stays_float32():
    x = X.astype(onp.float32)
    gradient = grad(lambda x: _slice_then_write_base(np, x))(x)
    assert gradient.dtype == onp.float32
    onp.testing.assert_allclose(gradient, grad(lambda x: _slice_then_write_base(np, x))(X),
                                rtol=1e-5)


def test_a_scalar_read_is_a_copy_not_a_view():
    def f(N, x):
        a = x * 1.0
        s = a[0, 1]  # NumPy: a scalar, which a write into s never reaches a with
        s += 100.0
        a[0, 1] = 7.0  # nor does a write into a reach s
        return N.sum(a) + s * x[1, 1]

    _same_value_everywhere(f, X)
    check_grad(lambda x: f(np, x), X)


def test_a_resized_array_no_longer_reaches_its_views():
    def f(x):
        a = x * 1.0
        row = a[1]
        a.resize((3, 3), refcheck=False)  # NumPy moves the memory: row no longer sees a
        a[1] = 9.0
        onp.testing.assert_array_equal(row.asnumpy(), X[1])
        return np.sum(row * a[0])

    onp.testing.assert_allclose(grad(f)(X), [X[1], X[0]])


def test_views_nobody_holds_are_dropped():
    def f(x):
        a = x * 1.0
        for i in range(500):
            a[i % 2, 0] = a[1 - i % 2][1] * 0.5  # a temporary view of a, every step
        assert len(a._views) < 130  # (the list is cleaned as it grows; 500 without it)
        return np.sum(a)

    grad(f)(X)


# ---- random programs: views taken, writes made anywhere, compared with NumPy -------------
VIEWS = [lambda a: a[0], lambda a: a[:, 1:], lambda a: a.T, lambda a: a[::-1, ::2],
         lambda a: a.reshape(-1), lambda a: a[1:, :2], lambda a: a[None, 0]]
WRITES = [
    lambda t, x, N: t.__setitem__(0, N.sin(x[0, 0])),
    lambda t, x, N: t.__setitem__(Ellipsis, x[1, 2] * 2.0),
    lambda t, x, N: t.__iadd__(x[0, 1] ** 2),
    lambda t, x, N: t.__imul__(x[1, 0]),
]


def _program(steps):
    """A function of x: take views of a, of each other, write into any of them."""
    def f(N, x):
        a = x * 1.0
        held = [a]
        for kind, which, what in steps:
            target = held[which % len(held)]
            if kind == "view":
                if target.ndim == 2 and min(target.shape) >= 2:
                    held.append(VIEWS[what](target))
                elif target.ndim == 1:
                    held.append(target[::-1])
            else:
                WRITES[what](target, x, N)
        return sum(N.sum(N.sin(h) * (i + 1)) for i, h in enumerate(held))
    return f


STEPS = st.lists(st.tuples(st.sampled_from(["view", "write"]), st.integers(0, 7),
                           st.integers(0, 6)).map(lambda s: (s[0], s[1], s[2] % (
                               len(VIEWS) if s[0] == "view" else len(WRITES)))),
                 min_size=1, max_size=8)


@settings(deadline=None, max_examples=150, database=None)
@given(STEPS)
def test_random_views_and_writes_match_numpy(steps):
    f = _program(steps)
    _same_value_everywhere(f, X)
    check_grad(lambda x: f(np, x), X)
