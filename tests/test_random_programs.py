"""Random NumPy programs, run twice: with minpy_compat.numpy under grad and with plain NumPy.

A program is 3-12 steps over 1-3 float64 inputs of small shapes; each step applies one entry
of OPS (elementwise ufuncs with broadcasting, reductions, shape functions, indexing, joins,
products, sorts, writes into copies and into views of copies) to values made earlier. Every
value must equal NumPy's (dtype, shape, numbers to 1e-12); the gradient of a weighted sum of
all values must match central differences wherever those are stable under two step sizes
(points near a kink are skipped); gradients have the input's shape and dtype, and the
float32 program gives float32 gradients. The regression tests for the bugs it found follow.
"""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from random_program_helpers import _hypothesis_pick, check_program


@settings(deadline=None, max_examples=1200, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NaN gradients at kinks, allowed above
def test_random_program_matches_numpy_and_finite_differences(data):
    check_program(_hypothesis_pick(data))


# ---- regressions the fuzzer found ------------------------------------------------------------
ZERO_D = [onp.array(1.5), onp.float64(1.5), onp.array(1.5, onp.float32)]


@pytest.mark.parametrize("x", ZERO_D, ids=["0-d", "numpy scalar", "0-d float32"])
@pytest.mark.parametrize("fn, expected", [
    (lambda a: a[()] + np.fmax(a, a), 2.0),  # fmax's two 0-d gradients, then an index's
    (lambda a: a[...] + a * a, 4.0),
], ids=["fmax", "multiply"])
def test_index_of_0d_input_adds_into_numpy_scalar_gradients(fn, expected, x):
    # the 0-d gradients summed to a NumPy scalar, and adding x[()]'s gradient into it raised
    # TypeError: first operand must be array
    g = grad(fn)(x)
    assert g.dtype == onp.asarray(x).dtype and g.shape == ()
    onp.testing.assert_allclose(float(g), expected, rtol=1e-6)


def _write_through_new_axis(a):
    c = np.zeros(())
    c[None] *= a
    c[None] += a
    c[None, None] *= a
    c[None][0] += 2 * a
    return c * a


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_write_through_new_axis_of_0d_array_under_grad(dtype):
    # c[None] += a on a 0-d np.zeros(()) raised ValueError: multiple indices are not
    # supported for 0d arrays (the view's slots in its 0-d base)
    x = onp.array(1.5, dtype)
    value = float(_write_through_new_axis(np.array(x)))
    onp.testing.assert_allclose(value, 1.5 ** 3 + 2 * 1.5 ** 2, rtol=1e-6)
    g = grad(_write_through_new_axis)(x)
    assert g.dtype == dtype
    onp.testing.assert_allclose(float(g), 3 * 1.5 ** 2 + 4 * 1.5, rtol=1e-6)


W23 = onp.cos(onp.arange(6.0)).reshape(2, 3)


def _write_through_flat_view_of_copy(N, a, copy):
    c = copy(a.T)
    flat = c.reshape(-1)  # a view when c is C-ordered, as x.copy() makes it
    flat[:4] = flat[:4] ** 2
    return N.sum(c * W23)


@pytest.mark.parametrize("copy", [lambda t: t.copy(), lambda t: t.copy(order="C"),
                                  lambda t: t.copy(order="F"), lambda t: t.copy("K")],
                         ids=["copy()", "order C", "order F", "order K"])
def test_method_copy_of_transposed_value_is_c_ordered_under_grad(copy):
    # x.T.copy() under grad kept the transposed layout (np.copy's order='K'), so a write
    # through c.reshape(-1) landed in other elements: right value, wrong gradient; and
    # x.copy(order=...) raised TypeError
    x = onp.linspace(-1, 1, 6).reshape(3, 2)
    expected = _write_through_flat_view_of_copy(onp, x.copy(), copy)
    assert float(_write_through_flat_view_of_copy(np, np.array(x), copy)) == expected
    g = grad(lambda a: _write_through_flat_view_of_copy(np, a, copy))(x)
    ones = onp.eye(6)
    fd = [(_write_through_flat_view_of_copy(onp, x + 1e-6 * e.reshape(3, 2), copy) -
           _write_through_flat_view_of_copy(onp, x - 1e-6 * e.reshape(3, 2), copy)) / 2e-6
          for e in ones]
    onp.testing.assert_allclose(onp.asarray(g).ravel(), fd, rtol=1e-6, atol=1e-8)
