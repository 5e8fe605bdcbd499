"""``minpy_compat.numpy``: NumPy 2 names asked for under NumPy 1.x, and ``apply_along_axis``,
``apply_over_axes`` and ``vectorize`` on traced values. Gradients against float64 finite
differences."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array
from minpy_compat.errors import NumpyVersionError, TracedValueError
from minpy_compat.numpy.numpy2_names import ADDED, LINALG_ADDED
from conftest import check_grad
from facade_apply_helpers import _weighted, rng


NUMPY_VERSION = tuple(int(part) for part in onp.__version__.split(".")[:2])
NUMPY_1 = pytest.mark.skipif(NUMPY_VERSION >= (2, 0), reason=f"NumPy {onp.__version__} has "
                             "the NumPy 2 names (the refusal is for NumPy 1.x)")
NUMPY_2_2 = pytest.mark.skipif(NUMPY_VERSION < (2, 2), reason=f"NumPy {onp.__version__} "
                               "lacks some NumPy 2 names (matvec, vecmat: 2.2)")


# ---- NumPy 2 names under NumPy 1.x ---------------------------------------------------------
@NUMPY_1
@pytest.mark.parametrize("name, replacement", [("concat", "numpy.concatenate"),
                                               ("cumulative_sum", "numpy.cumsum"),
                                               ("unique_values", "numpy.unique")])
def test_a_numpy2_name_under_numpy1_names_the_release_and_the_old_spelling(name, replacement):
    with pytest.raises(NumpyVersionError, match=rf"^minpy_compat\.numpy\.{name}: expected "
                                                rf"NumPy 2\.\d or newer.*got NumPy 1\..*Use "
                                                rf"{replacement}"):
        getattr(np, name)
    assert not hasattr(np, name)  # an AttributeError: hasattr and getattr(..., None) work


@NUMPY_1
def test_a_numpy2_linalg_name_under_numpy1_is_refused_by_name():
    with pytest.raises(AttributeError, match=r"^minpy_compat\.numpy\.linalg\.svdvals: "
                                             r"expected NumPy 2\.0 or newer"):
        np.linalg.svdvals
    with pytest.raises(AttributeError, match=r"has no attribute 'no_such_name'"):
        np.no_such_name  # other unknown names keep NumPy's own message


@NUMPY_2_2
def test_every_listed_numpy2_name_exists_in_the_facade_on_numpy2():
    assert all(hasattr(np, name) for name in ADDED)
    assert all(hasattr(np.linalg, name) for name in LINALG_ADDED)


# ---- apply_along_axis, apply_over_axes ----------------------------------------------------
X3 = rng.normal(size=(2, 3, 4))
SLICE_FUNCTIONS = [("square", lambda r: r * r), ("sum", lambda r: np.sum(r * r)),
                   ("outer", lambda r: np.outer(r, r[:2])),
                   ("stack", lambda r: np.stack([np.sum(r), np.max(r)]))]


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("func", [f for _, f in SLICE_FUNCTIONS],
                         ids=[n for n, _ in SLICE_FUNCTIONS])
def test_apply_along_axis_gradient_and_value(func, axis):
    expected = onp.apply_along_axis(func, axis, X3)
    got = np.apply_along_axis(func, axis, X3)
    assert type(got) is Array and got.shape == expected.shape
    onp.testing.assert_allclose(got, expected)
    check_grad(lambda a: _weighted(np.apply_along_axis(func, axis, a)), X3, order=2)


def test_apply_along_axis_traced_through_extra_arguments_and_closures():
    check_grad(lambda a, s: _weighted(np.apply_along_axis(lambda r, t, u=1.0: r * t * u, 1,
                                                          a, s, u=2.0)), X3[0], 0.7)
    check_grad(lambda s: _weighted(np.apply_along_axis(lambda r: r * s, 0, X3[0])), 0.7)
    check_grad(lambda a: _weighted(onp.apply_along_axis(lambda r: r * r, 1, a)), X3[0])


def test_apply_along_axis_keeps_the_first_results_dtype_and_float32():
    rows = onp.array([[-1.0, 2.5], [1.0, 2.5]])
    first_int = lambda r: r.sum() if r[0] > 0 else 1  # noqa: E731
    onp.testing.assert_array_equal(np.apply_along_axis(first_int, 1, rows),
                                   onp.apply_along_axis(first_int, 1, rows))
    x32 = X3.astype(onp.float32)
    assert grad(lambda a: np.sum(np.apply_along_axis(lambda r: r * r, 1, a)))(x32).dtype == \
        onp.float32


@pytest.mark.parametrize("axes", [0, [0, 2], [-1, 0]])
def test_apply_over_axes_gradient_and_value(axes):
    onp.testing.assert_allclose(np.apply_over_axes(np.sum, X3, axes),
                                onp.apply_over_axes(onp.sum, X3, axes))
    check_grad(lambda a: _weighted(np.apply_over_axes(np.sum, a, axes)), X3, order=2)
    check_grad(lambda a: _weighted(onp.apply_over_axes(np.max, a, axes)), X3)
    with pytest.raises(ValueError, match="function is not returning an array of the correct"):
        grad(lambda a: np.sum(np.apply_over_axes(lambda v, axis: np.sum(v), a, [0, 1])))(X3)


# ---- vectorize -----------------------------------------------------------------------------
def _kinked(a, b):
    return a * b + (a if a > 0 else 0.0)


def test_vectorize_gives_arrays_and_numpys_values():
    got = np.vectorize(_kinked)(X3[0], 0.5)
    assert type(got) is Array
    onp.testing.assert_allclose(got, onp.vectorize(_kinked)(X3[0], 0.5))
    assert isinstance(np.vectorize(abs), onp.vectorize)


def test_vectorize_of_traced_arguments_matches_finite_differences():
    check_grad(lambda a, b: _weighted(np.vectorize(_kinked)(a, b)), X3[0], 0.5)
    check_grad(lambda a, b: _weighted(np.vectorize(_kinked)(a, b=b)), X3[0], 0.5)
    both = np.vectorize(lambda t: (t * t, t + 1.0))
    check_grad(lambda a: _weighted(both(a)[0]) + 2.0 * _weighted(both(a)[1]), X3[0])


def test_vectorize_excluded_arguments_pass_whole():
    shifted = np.vectorize(lambda t, p: t * p[0] + p[1], excluded={1})
    check_grad(lambda a, p: _weighted(shifted(a, p)), X3[0], onp.array([2.0, 3.0]))


def test_vectorize_keeps_otypes_and_float32():
    squared32 = np.vectorize(lambda t: t * t, otypes=[onp.float32])
    assert grad(lambda a: (np.sum(squared32(a)), squared32(a).dtype)[0])(X3[0]).shape == (3, 4)
    assert squared32(X3[0]).dtype == onp.float32
    x32 = X3[0].astype(onp.float32)
    assert grad(lambda a: np.sum(np.vectorize(lambda t: t * t)(a)))(x32).dtype == onp.float32


def test_vectorize_with_a_signature_refuses_traced_arguments_by_name():
    rows = np.vectorize(lambda r: r * r, signature="(n)->(n)")
    with pytest.raises(TracedValueError, match=r"^minpy_compat\.numpy\.vectorize: expected "
                                               r"signature=None for traced arguments"):
        grad(lambda a: np.sum(rows(a)))(X3[0])
