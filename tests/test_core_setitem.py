"""Indexed assignment: differentiable inside grad, in place outside (NumPy's semantics)."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.array import Array
from minpy_compat.errors import TracedValueError

from conftest import check_grad

A = onp.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]])
V = onp.array([0.9, -0.4, 1.1, 0.2, -0.6, 0.8])


@pytest.mark.parametrize("index", [0, (1, 2), (slice(None), 1), ([0, 1], [2, 0]),
                                   (Ellipsis, slice(0, 2))])
def test_assignment_gradients_for_old_contents_and_value(index):
    def f(a, v):
        a = a * 1.0
        a[index] = v[:onp.size(a[index])].reshape(onp.shape(a[index])) * 3.0
        return np.sum(a ** 2 * np.arange(1.0, 4.0))

    check_grad(f, A, V, order=2)


def test_augmented_assignment_gradients():
    def f(a, v):
        a = a + 0.0
        a[0] += v[:3]
        a[:, 1] *= 2.0
        return np.sum(np.sin(a))

    check_grad(f, A, V, order=2)


# A repeated integer index writes one slot twice; NumPy keeps the last write, so the
# earlier writers must get zero gradient (and ``+=`` increments once, not twice).
REPEATED = [[0, 0], [1, 0, 1, 1], (slice(None), [2, 2, 0]), ([1, 1, 0], [0, 0, 2]),
            (onp.array([[1, 1], [0, 1]]), 2)]
W = onp.linspace(-1.1, 1.3, 12)  # enough values for the largest slot above


@pytest.mark.parametrize("index", REPEATED)
def test_repeated_index_gradient_goes_to_the_last_write(index):
    def f(a, v):
        a = a * 1.0
        slot = onp.shape(onp.empty_like(A)[index])
        a[index] = v[:int(onp.prod(slot))].reshape(slot) * 3.0
        return np.sum(a ** 2 * np.arange(1.0, 4.0))

    check_grad(f, A, W, order=2)


@pytest.mark.parametrize("index", REPEATED)
def test_repeated_index_augmented_assignment_matches_numpy(index):
    def f(a, v):
        a = a * 1.0
        slot = onp.shape(onp.empty_like(A)[index])
        a[index] += v[:int(onp.prod(slot))].reshape(slot)
        return np.sum(np.sin(a) * np.arange(1.0, 4.0))

    plain = A.copy()
    plain[index] += W[:plain[index].size].reshape(plain[index].shape)
    onp.testing.assert_allclose(value_and_grad(f)(A, W)[0],
                                onp.sum(onp.sin(plain) * onp.arange(1.0, 4.0)))
    check_grad(f, A, W, order=2)


def test_broadcast_value_into_a_repeated_index_counts_once():
    def f(a, s):
        a = a * 1.0
        a[[0, 0], [1, 1]] = s
        return np.sum(a * np.array([1.0, 2.0, 3.0]))

    ga, gs = grad(f, [0, 1])(A, 2.0)
    onp.testing.assert_array_equal(ga, [[1, 0, 3], [1, 2, 3]])
    assert float(gs) == 2.0


def test_broadcast_value_gets_summed_gradient():
    def f(a, s):
        a = a * 1.0
        a[:, 1:] = s
        return np.sum(a * np.array([1.0, 2.0, 3.0]))

    ga, gs = grad(f, [0, 1])(A, 2.0)
    onp.testing.assert_array_equal(ga, [[1, 0, 0], [1, 0, 0]])
    assert float(gs) == 10.0


def test_float32_value_keeps_its_dtype():
    def f(a, v):
        a = a * 1.0
        a[0] = v
        return np.sum(a)
    g = grad(f, [0, 1])(A.astype(onp.float32), V[:3].astype(onp.float32))[1]
    assert g.dtype == onp.float32


def test_outside_grad_assignment_mutates_in_place():
    a = np.zeros(3)
    alias = a
    a[1] = 5.0
    a[0] += 2.0
    onp.testing.assert_array_equal(alias, [2.0, 5.0, 0.0])


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


def test_views_after_the_assignment_are_traced_views_before_keep_the_old_numbers():
    def f(x):
        out = np.ones(3)
        before = out[1:]
        out[:2] = x[:2]
        after = out[1:]
        onp.testing.assert_array_equal(before, [1.0, 1.0])  # as x[0] taken before x[0] = v
        return np.sum(after * 5.0) + np.sum(before * 7.0)

    onp.testing.assert_array_equal(grad(f)(np.array([1.0, 2.0, 3.0])), [0.0, 5.0, 0.0])


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


def test_assigning_a_traced_value_into_a_plain_numpy_array_is_refused():
    """A plain ndarray cannot become traced. NumPy converts the value itself: for a slice
    that raises our error; for one element NumPy raises its own, caused by ours."""
    def into_slice(x):
        out = onp.zeros(2)
        out[:] = x
        return np.sum(out)

    def into_element(x):
        out = onp.zeros(2)
        out[0] = x[0]
        return np.sum(out)

    with pytest.raises(TracedValueError, match="numpy.asarray on a traced value"):
        grad(into_slice)(np.ones(2))
    with pytest.raises(ValueError) as raised:
        grad(into_element)(np.ones(2))
    assert isinstance(raised.value.__cause__, TracedValueError)
    assert "float()/int() of a traced value" in str(raised.value.__cause__)


def test_assigning_a_traced_value_into_a_parameter_is_refused():
    from minpy_compat import Parameter

    def f(x):
        p = Parameter(onp.zeros(2), name="w")
        p[0] = x[0]
        return np.sum(p)

    with pytest.raises(TracedValueError, match="indexed assignment into a constant array: "
                                               "expected an Array .* going into a Parameter"):
        grad(f)(np.ones(2))


def _plain_ndarray_plus_equals(x):
    out = onp.zeros(2)
    out += x


def test_out_with_where_keeps_the_old_entries_and_their_gradient():
    def f(x):
        out = x[::-1] * 3.0
        onp.add(x, 1.0, out=out, where=onp.array([True, False]))
        return np.sum(out * np.array([2.0, 5.0]))

    check_grad(f, onp.array([0.4, -1.3]))
    assert onp.allclose(grad(f)(np.array([0.4, -1.3])), [17.0, 0.0])


def test_out_that_cannot_be_traced_is_refused_clearly():
    def f(x):
        _plain_ndarray_plus_equals(x)
        return np.sum(x)

    with pytest.raises(TracedValueError, match=r"numpy.add\(out=...\): expected out= arrays "
                                               r"from minpy_compat.numpy.*, got an out= ndarray\."):
        grad(f)(np.ones(2))


def test_out_with_a_narrowing_cast_is_refused_as_numpy_does():
    def f(x):
        counts = np.zeros(2, dtype=int)
        counts += x
        return np.sum(x)

    with pytest.raises(TypeError, match=r"numpy.add\(out=...\): expected a result that casts "
                                        r"to the out= array's int64 under casting='same_kind', "
                                        r"got a float64 result"):
        grad(f)(np.ones(2))


def test_in_place_numpy_methods_on_an_adopted_array_record_the_change():
    def f(x):
        out = np.zeros(4)
        out[:3] = x * onp.array([3.0, -1.0, 2.0])
        out.sort()
        out[1:3].fill(x[0] * 5.0)
        out.put([3], x[1])
        return np.sum(out * np.arange(1.0, 5.0))

    check_grad(f, onp.array([0.4, 1.3, -0.7]), order=2)


def test_an_adopted_array_refuses_float_and_int_clearly():
    def f(x):
        out = np.zeros(1)
        out[0] = x[0]
        for convert in (float, int):
            with pytest.raises(TracedValueError, match=r"float\(\)/int\(\) of a traced value"):
                convert(out)
        out //= 0.5  # an in-place operator still changes the array
        return np.sum(out)

    onp.testing.assert_array_equal(grad(f)(np.ones(1)), [0.0])


def test_resizing_an_adopted_array_is_refused():
    def f(x):
        out = np.zeros(2)
        out[0] = x[0]
        out.resize(3)
        return np.sum(out)

    with pytest.raises(TracedValueError, match=r"resize\(\) on a traced array"):
        grad(f)(np.ones(2))


WRITES_THROUGH_VIEWS = {
    "chained index": lambda out, v: out[0].__setitem__(1, v[0]),
    "row in place": lambda out, v: out[1].__iadd__(v[1] * 2.0),
    "strided fill": lambda out, v: out[1, ::2].fill(v[2]),
    "all of them": lambda out, v: [out[0].__setitem__(1, v[0]), out[1].__iadd__(v[1] * 2.0),
                                   out[1, ::2].fill(v[2]), out[0][::2].__imul__(v[1])],
}


@pytest.mark.parametrize("name", WRITES_THROUGH_VIEWS)
def test_writes_into_views_of_a_constant_buffer_reach_the_buffer(name):
    def f(v):
        out = np.ones((2, 3)) * 0.5
        WRITES_THROUGH_VIEWS[name](out, v)
        return np.sum(np.sin(out) * np.arange(1.0, 7.0).reshape(2, 3))

    v = onp.array([0.4, 1.3, -0.7])
    plain = onp.ones((2, 3)) * 0.5
    WRITES_THROUGH_VIEWS[name](plain, v)
    onp.testing.assert_allclose(value_and_grad(f)(v)[0],
                                onp.sum(onp.sin(plain) * onp.arange(1.0, 7.0).reshape(2, 3)))
    check_grad(f, v, order=2)


def test_starting_from_a_traced_array_makes_assignment_work():
    def f(x):
        out = x * 0
        out[0] = x[1] ** 2
        out[1] = x[0] * 3
        return np.sum(out)

    onp.testing.assert_array_equal(grad(f)(np.array([1.0, 2.0])), [3.0, 4.0])


# ---- property: a zeros buffer behaves as a traced one (x * 0) ------------------------------
_SLOTS = st.one_of(st.integers(0, 4), st.tuples(st.integers(0, 4), st.integers(1, 5)).map(
    lambda ab: slice(min(ab), max(ab) + 1)))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_SLOTS, st.sampled_from(["=", "+=", "*="]), st.integers(0, 4)),
                min_size=1, max_size=6))
def test_a_constant_buffer_gives_what_a_traced_buffer_gives(writes):
    """The same writes into ``np.zeros(5)`` (adopted) and into ``x * 0`` (traced from the
    start) give the same value and gradients."""
    def run(x, buffer):
        for slot, op, source in writes:
            value = np.sin(x[source]) * (source + 1.0)
            if op == "=":
                buffer[slot] = value
            elif op == "+=":
                buffer[slot] += value
            else:
                buffer[slot] *= value
        return np.sum(buffer * np.arange(1.0, 6.0)) + np.sum(buffer ** 2)

    x = onp.linspace(-1.0, 1.5, 5)
    adopted = value_and_grad(lambda x: run(x, np.zeros(5)))(x)
    traced = value_and_grad(lambda x: run(x, x * 0.0))(x)
    onp.testing.assert_allclose(adopted[0], traced[0], rtol=1e-12)
    onp.testing.assert_allclose(adopted[1], traced[1], rtol=1e-12, atol=1e-15)
