"""Indexed assignment (continued from ``test_core_setitem.py``): a traced value written
into a constant Array, which becomes traced (``adopted.py``)."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.array import Array

from conftest import check_grad
from test_core_setitem import V


# ---- a traced value into a constant Array: the array becomes traced (adopted.py) -------
@pytest.mark.parametrize("index", [0, (1, 2), (slice(None), 1), ([0, 1], [2, 0]),
                                   (Ellipsis, slice(0, 2))])
def test_traced_value_into_a_constant_array(index):
    def f(v):
        out = np.ones((2, 3)) * 0.5
        slot = onp.shape(out[index])
        out[index] = v[:int(onp.prod(slot))].reshape(slot) * 3.0
        out[0, 0] += v[0] ** 2
        return np.sum(np.sin(out) * np.arange(1.0, 4.0))

    check_grad(f, V, order=2)


def test_rnn_style_loop_over_a_zeros_buffer():
    def f(w, x):
        h = np.zeros((4, 2))
        for t in range(1, 4):
            h[t] = np.tanh(w * h[t - 1] + x[t])
        return np.sum(h ** 2)

    check_grad(f, onp.array([0.3, -0.2]), onp.array([0.0, 0.5, -1.0, 2.0]), order=2)


@pytest.mark.parametrize("update", ["+=", "*=", "numpy out=", "ufunc reduce"])
def test_in_place_updates_of_a_constant_array_by_a_traced_value(update):
    def f(x):
        a = np.arange(1.0, 4.0)
        if update == "+=":
            a += x ** 2
        elif update == "*=":
            a *= x
        elif update == "numpy out=":
            onp.multiply(x, a, out=a)
        else:
            a[0] = onp.add.reduce(x)
        return np.sum(a * a)

    check_grad(f, onp.array([0.7, -1.2, 0.4]))


def test_an_adopted_array_acts_as_a_traced_value():
    def f(x):
        out = np.zeros((2, 3))
        out[1] = x
        rows = [np.sum(row) for row in out]  # iteration goes through the trace
        joined = onp.concatenate([out, x[None, :]])  # NumPy's function, differentiable
        return rows[1] * 2.0 + np.sum(onp.sin(out.T)) + joined.reshape(-1)[-1] * out.sum()

    check_grad(f, onp.array([0.7, -1.2, 0.4]))


def test_views_taken_before_and_after_the_assignment_both_see_it_as_numpys_do():
    seen = []

    def f(x):
        out = np.ones(3)
        before = out[1:]  # taken before the first traced write: it sees it (constant_views)
        out[:2] = x[:2]
        after = out[1:]
        seen.append(onp.array(before.asnumpy()))
        return np.sum(after * 5.0) + np.sum(before * 7.0)

    x = np.array([1.0, 2.0, 3.0])
    value, gradient = value_and_grad(f)(x)
    assert float(value) == float(f(x)) == 12.0 * 3.0
    onp.testing.assert_array_equal(seen[0], [2.0, 1.0])  # NumPy's view reads the write
    onp.testing.assert_array_equal(gradient, [0.0, 12.0, 0.0])


def test_after_grad_the_array_is_a_plain_array_with_its_memory_untouched():
    kept = []

    def f(x):
        out = np.zeros(3)
        kept.append(out)
        out[0] = x[0] * 2.0
        out[1:] += x[1:]
        onp.testing.assert_array_equal(out.asnumpy(), [2.0, 2.0, 3.0])  # the traced value
        return np.sum(out)

    grad(f)(np.array([1.0, 2.0, 3.0]))
    (out,) = kept
    assert type(out) is Array and not vars(out)
    onp.testing.assert_array_equal(out, [0.0, 0.0, 0.0])  # as a traced argument's would be
    out[0] = 7.0  # an ordinary array again: mutates in place
    assert out[0] == 7.0


def test_an_adopted_array_returned_as_the_output_carries_its_traced_value():
    from minpy_compat import grad_and_loss, make_vjp, value_and_grad

    def f(x):
        out = np.zeros(3)
        out[0] = x[0]
        out[2] = x[1] * x[2]
        return out

    x = np.array([0.7, 2.0, -0.5])
    expected = [0.7, 0.0, -1.0]
    onp.testing.assert_allclose(value_and_grad(f)(x)[0], expected)
    _, (first, [second]) = grad_and_loss(lambda x: (f(x), [f(x)]))(x)
    onp.testing.assert_allclose(first, expected)
    onp.testing.assert_allclose(second, expected)
    vjp, value = make_vjp(f)(x)
    onp.testing.assert_allclose(value, expected)
    onp.testing.assert_allclose(vjp(np.array([1.0, 0.0, 2.0])), [1.0, -1.0, 4.0])


def test_ops_recorded_before_the_assignment_keep_the_old_contents():
    def f(x):
        a = np.arange(1.0, 4.0)
        y = x * a  # the gradient of y needs a as it is now
        a[0] = x[0]
        return np.sum(y) + np.sum(a * x)

    # d/dx: a + (a with a0 -> x0) + [x0, 0, 0]
    onp.testing.assert_allclose(grad(f)(np.array([5.0, 1.0, 1.0])), [1 + 5 + 5, 4.0, 6.0])


def test_an_error_inside_grad_releases_the_array():
    kept = []

    def f(x):
        out = np.zeros(2)
        kept.append(out)
        out[0] = x[0]
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        grad(f)(np.ones(2))
    assert type(kept[0]) is Array and not vars(kept[0])
    onp.testing.assert_array_equal(grad(lambda x: np.sum(x * 2.0))(np.ones(2)), [2.0, 2.0])


def test_what_an_inner_grad_assigns_is_gone_when_it_returns():
    seen = []

    def f(x):
        out = np.ones(2)

        def inner(y):
            out[0] = y * x  # traced by both grads
            return np.sum(out) * y
        dy = grad(inner)(x * 1.0)  # (y x + 1) + x y at y = x: 2 x**2 + 1
        seen.append(out.asnumpy())
        return dy * np.sum(out)  # out is ones again, traced or not

    check_grad(f, 1.5)
    assert float(grad(f)(1.5)) == pytest.approx(2 * 4 * 1.5)
    onp.testing.assert_array_equal(seen[-1], [1.0, 1.0])


def test_float32_buffer_gives_float32_gradients():
    def f(x):
        out = np.zeros(3, dtype=onp.float32)
        out[1:] = x * 2
        return np.sum(out ** 2)

    g = grad(f)(np.array([1.0, 2.0], dtype=onp.float32))
    assert g.dtype == onp.float32
    onp.testing.assert_allclose(g, [8.0, 16.0])


def test_threads_adopt_their_own_arrays():
    import threading
    results, start = {}, threading.Barrier(4)

    def f(x):
        out = np.zeros(50)
        for i in range(50):
            out[i] = x * i
        return np.sum(out)

    def work(k):
        start.wait()
        results[k] = [float(grad(f)(float(k))) for _ in range(20)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {k: [float(sum(range(50)))] * 20 for k in range(4)}
