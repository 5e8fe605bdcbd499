"""Gradient rules that autograd had wrong or missing for some of NumPy's arguments
(minpy_compat/numpy/: shape_, arithmetic_, calculus_, fft_, reduction_ and
statistics_gradients.py): the cases a fuzzer found, with exact expected values;
test_core_derived_gradients.py's table checks the same functions by finite differences
to second order."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad

from conftest import check_grad

X = onp.arange(6.0).reshape(2, 3)
WEIGHTS = onp.arange(12.0).reshape(2, 6)


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_tile_repeats_an_int_along_the_last_axis(dtype):
    g = grad(lambda x: np.sum(np.tile(x, 2) * WEIGHTS.astype(dtype)))(X.astype(dtype))
    assert g.dtype == dtype
    onp.testing.assert_array_equal(g, WEIGHTS[:, :3] + WEIGHTS[:, 3:])


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_max_with_a_winning_initial_gives_zero_not_nan(dtype):
    g = grad(lambda a: np.max(a, initial=10.0))(onp.array([1.0, 2.0, 3.0], dtype))
    assert g.dtype == dtype
    onp.testing.assert_array_equal(g, [0.0, 0.0, 0.0])
    rows = onp.array([[1.0, 5.0], [3.0, -1.0]], dtype)
    g = grad(lambda a: np.sum(np.min(a, axis=1, keepdims=True, initial=0.0,
                                     where=a < 4.0) * onp.array([[2.0], [3.0]])))(rows)
    onp.testing.assert_array_equal(g, [[0.0, 0.0], [0.0, 3.0]])


def test_max_splits_a_tie_with_initial_as_ties_are_split():
    """``initial`` counts as one more candidate: two elements tied with it get a third each."""
    g = grad(lambda a: np.max(a, initial=2.0))(onp.array([2.0, 1.0, 2.0]))
    onp.testing.assert_allclose(g, [1 / 3, 0.0, 1 / 3])
    g = grad(lambda a: np.max(a))(onp.array([2.0, 1.0, 2.0]))  # without it: halves
    onp.testing.assert_allclose(g, [0.5, 0.0, 0.5])


@pytest.mark.parametrize("a_shape, b_shape", [((2, 3), (4,)), ((2, 3), (2, 2)), ((), (3,))])
def test_outer_gradients_have_their_inputs_shapes(a_shape, b_shape):
    rng = onp.random.RandomState(0)
    a, b = onp.asarray(rng.randn(*a_shape)), rng.randn(*b_shape)
    weights = rng.randn(a.size, b.size)
    check_grad(lambda a, b: np.sum(np.outer(a, b) ** 2 * weights), a, b, order=2)
    ga, gb = grad(lambda a, b: np.sum(np.outer(a, b)), [0, 1])(a.astype(onp.float32),
                                                               b.astype(onp.float32))
    assert ga.shape == a_shape and gb.shape == b_shape and ga.dtype == onp.float32


def test_diff_with_traced_prepend_and_append():
    a, front, back = onp.array([1.0, 2.0, 4.0]), onp.array([0.5]), onp.array([3.0, -1.0])

    def f(a, front, back):
        return np.diff(a, prepend=front, append=back) ** 2
    onp.testing.assert_allclose(f(a, front, back), onp.diff(a, prepend=front, append=back) ** 2)
    check_grad(f, a, front, back, order=2)
    check_grad(lambda a, c: np.diff(a, 2, prepend=c) ** 2, onp.ones((2, 3)) + X ** 2, 0.5,
               order=2)
    grads = grad(f, [0, 1, 2])(*(v.astype(onp.float32) for v in (a, front, back)))
    assert [g.dtype for g in grads] == [onp.float32] * 3


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_concatenate_flattens_with_axis_none(dtype):
    a, b = X.astype(dtype), onp.arange(4.0, dtype=dtype)
    out = np.concatenate([a, b ** 2], axis=None)
    onp.testing.assert_array_equal(out, onp.concatenate([a, b ** 2], axis=None))
    ga, gb = grad(lambda a, b: np.sum(np.concatenate([a, b ** 2, a], axis=None) *
                                      onp.arange(16.0)), [0, 1])(a, b)
    assert ga.dtype == gb.dtype == dtype
    onp.testing.assert_array_equal(ga, onp.arange(6.0).reshape(2, 3) + onp.arange(10.0, 16.0)
                                   .reshape(2, 3))
    onp.testing.assert_array_equal(gb, 2 * b * onp.arange(6.0, 10.0))
    if dtype == onp.float64:
        check_grad(lambda a, b: np.concatenate([a, b ** 2], axis=None) * onp.arange(10.0),
                   a, b, order=2)


def test_numpy2s_concat_alias_is_the_same_function():
    if not hasattr(onp, "concat"):
        pytest.skip(f"numpy {onp.__version__} has no concat")
    assert np.concat is np.concatenate
    g = grad(lambda a: np.sum(np.concat([a, a], axis=None) ** 2))(X)
    onp.testing.assert_allclose(g, 4 * X)


def test_clip_gives_traced_bounds_the_gradient_where_they_are_taken():
    g = grad(lambda lo: np.sum(np.clip(onp.array([0.0, 2.0]), lo, 3.0)))(onp.ones(2))
    onp.testing.assert_array_equal(g, [1.0, 0.0])
    x = onp.array([[-1.0, 0.2, 0.5, 2.0], [-1.0, 0.2, 0.5, 2.0]])
    weights = onp.arange(8.0).reshape(2, 4)
    gx, glo, ghi = grad(lambda x, lo, hi: np.sum(np.clip(x, lo, hi) * weights), [0, 1, 2])(
        x, onp.zeros(4), onp.array([[1.0], [0.3]]))
    onp.testing.assert_array_equal(gx, [[0, 1, 2, 0], [0, 5, 0, 0]])
    onp.testing.assert_array_equal(glo, [4, 0, 0, 0])  # summed down to the bound's shape
    onp.testing.assert_array_equal(ghi, [[3], [13]])
    # A bound tied with x takes g; a_max wins where the bounds cross (NumPy applies it last).
    gx, glo, ghi = grad(lambda x, lo, hi: np.sum(np.clip(x, lo, hi)), [0, 1, 2])(
        onp.array([1.0, 5.0]), onp.array([1.0, 4.0]), onp.array([2.0, 3.0]))
    onp.testing.assert_array_equal(gx, [0.0, 0.0])
    onp.testing.assert_array_equal(glo, [1.0, 0.0])
    onp.testing.assert_array_equal(ghi, [0.0, 1.0])


def test_clip_keeps_float32_with_python_float_bounds():
    g = grad(lambda x: np.sum(np.clip(x, 0.3, None)))(onp.array([0.1, 0.3, 0.7], onp.float32))
    assert g.dtype == onp.float32
    onp.testing.assert_array_equal(g, [0.0, 0.0, 1.0])  # 0.3 ties with the bound


def test_clip_with_numpy2_keywords():
    try:
        onp.clip(onp.ones(2), min=0.0)
    except TypeError:
        pytest.skip(f"numpy {onp.__version__} has no clip(min=, max=)")
    g = grad(lambda a: np.sum(np.clip(a, min=1.5)))(onp.array([1.0, 2.0]))
    onp.testing.assert_array_equal(g, [0.0, 1.0])


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_nan_to_num_passes_g_to_finite_entries_only(dtype):
    x = onp.array([1.0, onp.nan, onp.inf, -onp.inf, -2.0], dtype)
    g = grad(lambda a: np.sum(np.nan_to_num(a, nan=0.0, posinf=5.0, neginf=-5.0) * 3.0))(x)
    assert g.dtype == dtype
    onp.testing.assert_array_equal(g, [3.0, 0.0, 0.0, 0.0, 3.0])


def test_interp_slope_of_each_segment_and_zero_outside():
    xp, fp = [0.0, 1.0, 2.0], [0.0, 2.0, 3.0]
    g = grad(lambda a: np.sum(np.interp(a, xp, fp)))(onp.array([0.5, 1.5, -1.0, 2.5]))
    onp.testing.assert_array_equal(g, [2.0, 1.0, 0.0, 0.0])


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's: no degrees of freedom left
@pytest.mark.parametrize("name", ["nanstd", "nanvar"])
@pytest.mark.parametrize("ddof", [0, 1])
def test_nan_statistics_of_one_valid_entry_have_zero_gradient(name, ddof):
    fun = getattr(np, name)
    x = onp.array([[1.0, onp.nan, onp.nan], [1.0, 2.0, onp.nan]])
    g = grad(lambda a: np.sum(fun(a, axis=1, ddof=ddof)))(x)
    onp.testing.assert_array_equal(g[0], 0.0)
    assert not onp.isnan(g).any()
    g = grad(lambda a: fun(a, ddof=ddof))(onp.array([1.0, onp.nan], onp.float32))
    assert g.dtype == onp.float32 and g.tolist() == [0.0, 0.0]
    check_grad(lambda a: fun(a, axis=1, ddof=ddof), x[1:, :2], order=2)


def test_std_of_one_element_left_by_where_has_zero_gradient():
    g = grad(lambda x: np.std(x, where=x < 1.5))(onp.array([1.0, 2.0, 3.0]))
    onp.testing.assert_array_equal(g, [0.0, 0.0, 0.0])
