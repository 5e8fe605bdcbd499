"""Indexed assignment (continued from ``test_core_setitem.py``): the writes that are
refused, ``out=``, writes through views and the constant-buffer property."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.errors import TracedValueError

from conftest import check_grad


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
