"""Gradients of NumPy's statistics functions at their edges: undefined slices, ties, zeros,
``returned`` and the old ``interpolation`` keyword."""
import inspect
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.numpy.statistics_gradients import COMPOSITES

from conftest import check_grad
from statistics_gradient_helpers import A, AN, QV, W4, _quiet, _with_nans


# ---- edge cases: undefined slices, ties, zeros -----------------------------------------------
ALL_NAN_ROW = _with_nans(A, [(1, 0), (1, 1), (1, 2), (1, 3), (0, 2)])
ONE_LEFT_ROW = _with_nans(A, [(2, 0), (2, 1), (2, 3)])  # ddof=1 leaves no degree of freedom


@pytest.mark.parametrize("name, x, kwargs, good_rows", [
    ("nanmean", ALL_NAN_ROW, {}, [0, 2]),
    ("nanvar", ALL_NAN_ROW, {}, [0, 2]),
    ("nanstd", ONE_LEFT_ROW, {"ddof": 1}, [0, 1]),
    ("nanmax", ALL_NAN_ROW, {}, [0, 2]),
    ("nanmin", ALL_NAN_ROW, {}, [0, 2]),
    ("nanmedian", ALL_NAN_ROW, {}, [0, 2]),
    ("nanquantile", ALL_NAN_ROW, {"q": 0.3}, [0, 2]),
    ("nanpercentile", ALL_NAN_ROW, {"q": 70.0}, [0, 2]),
    ("median", AN, {}, []),
    ("quantile", AN, {"q": 0.3}, []),
])
def test_undefined_slices_give_nan_and_zero_gradient(name, x, kwargs, good_rows):
    """Rows NumPy answers with NaN get a zero gradient; the others the right one."""
    ours = COMPOSITES[name](x, axis=1, **kwargs)
    theirs = getattr(onp, name)(x, axis=1, **kwargs)
    onp.testing.assert_allclose(ours, theirs, rtol=1e-12)
    bad_rows = [r for r in range(3) if r not in good_rows]
    assert onp.isnan(theirs[bad_rows]).all()
    g = grad(lambda a: getattr(np, name)(a, axis=1, **kwargs))(x)
    assert onp.isfinite(g).all() and (g[bad_rows] == 0).all()
    if good_rows:
        check_grad(lambda a: getattr(np, name)(a, axis=1, **kwargs)[good_rows], x)


def test_gradient_wrt_q_is_finite_where_a_slice_has_nan():
    g = grad(lambda q: np.quantile(AN, q, axis=1))(onp.array(0.3))
    assert g == 0


@pytest.mark.parametrize("name, expected", [
    ("nanmax", [0.0, 0.5, 0.0, 0.5, 0.0]),
    ("nanmin", [0.5, 0.0, 0.0, 0.0, 0.5]),
    ("ptp", [-0.5, 0.5, 0.0, 0.5, -0.5]),
])
def test_ties_share_the_gradient_evenly(name, expected):
    x = onp.array([1.0, 3.0, onp.nan if name != "ptp" else 2.0, 3.0, 1.0])
    onp.testing.assert_array_equal(grad(getattr(np, name))(x), expected)


def test_products_have_exact_gradients_at_zeros():
    onp.testing.assert_array_equal(grad(np.nanprod)(onp.array([0.0, 2.0, onp.nan, 3.0])),
                                   [6.0, 0.0, 0.0, 0.0])
    onp.testing.assert_array_equal(grad(np.nanprod)(onp.array([0.0, 2.0, 0.0])), [0, 0, 0])
    onp.testing.assert_array_equal(grad(np.nancumprod)(onp.array([2.0, 0.0, onp.nan, 3.0])),
                                   [1.0, 2.0 + 2.0 + 6.0, 0.0, 0.0])


def test_average_returned_gives_the_weight_sum_its_gradient():
    g = grad(lambda w: np.average(A, 1, w, True)[1])(W4)
    onp.testing.assert_allclose(g, onp.full(4, 3.0))  # each of 3 rows repeats sum(w)


def test_old_interpolation_keyword():
    if "interpolation" not in inspect.signature(onp.quantile).parameters:
        pytest.skip(f"NumPy {onp.__version__} has no 'interpolation' keyword (2.4 removed it)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        check_grad(lambda a: np.quantile(a, QV, 1, interpolation="higher"), A)
        onp.testing.assert_allclose(COMPOSITES["quantile"](A, QV, 1, interpolation="higher"),
                                    onp.quantile(A, QV, 1, interpolation="higher"))
