"""Facade fuzz round 10: every quantile method differentiable, and views of every
argument (atleast_*d of several, broadcast_arrays, meshgrid, adopted arrays) keep writes."""
import warnings

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from minpy_compat import grad

NUMPY_2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"
# The methods that had no gradient before ('linear', 'lower', 'higher', 'midpoint' and
# 'nearest' are covered by test_core_statistics_gradient_table).
METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "median_unbiased",
           "normal_unbiased"]
FUNCTIONS = ["quantile", "percentile", "nanquantile", "nanpercentile"]
rng = onp.random.default_rng(10)
A = rng.normal(size=(4, 7))
AN = A.copy()
AN[0, 2] = AN[2, 5] = onp.nan
QS = onp.array([0.0, 0.125, 0.25, 0.3, 0.375, 0.5, 0.61, 0.75, 0.9, 1.0])


def _scaled(name, q):
    return q * 100 if "percentile" in name else q


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", FUNCTIONS)
def test_every_method_matches_finite_differences(name, method):
    q = onp.array([0.13, 0.41, 0.77])
    check_grads(lambda x: getattr(np, name)(x, _scaled(name, q), axis=0, method=method),
                modes=["rev"], order=1)(A)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", range(1, 8))
def test_gradient_weights_rebuild_numpys_value(method, n):
    """Each result is sum(gradient * a) for the gradient of that result alone (the picks
    and weights are NumPy's), on every size and at the exact index boundaries."""
    a = rng.permutation(n * 3).reshape(3, n).astype(float) + 0.5
    for q in QS:
        want = onp.quantile(a, q, axis=1, method=method)
        for row in range(3):
            g = grad(lambda x: np.quantile(x, q, axis=1, method=method)[row])(a)
            assert onp.isclose(onp.sum(g * a), want[row]), (q, row)


@pytest.mark.parametrize("method", METHODS)
def test_nan_versions_skip_nans(method):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        g = grad(lambda x: np.sum(np.nanquantile(x, [0.2, 0.7], axis=1, method=method)))(AN)
        check_grads(lambda x: np.nanpercentile(x, [20.0, 70.0], axis=1, method=method),
                    modes=["rev"], order=1)(AN)
    assert onp.all(g[onp.isnan(AN)] == 0)
    assert onp.allclose(g.sum(axis=1), 2.0)


@pytest.mark.parametrize("method", ["hazen", "weibull", "interpolated_inverted_cdf",
                                    "median_unbiased", "normal_unbiased"])
def test_continuous_methods_differentiate_q(method):
    check_grads(lambda q: np.quantile(A, q, axis=1, method=method), modes=["rev"],
                order=1)(onp.array([0.13, 0.41, 0.77]))


@pytest.mark.parametrize("method", ["averaged_inverted_cdf", "closest_observation", "hazen"])
@pytest.mark.parametrize("axis", [None, (0, 2), -1])
def test_axes_and_keepdims(method, axis):
    a = rng.normal(size=(2, 3, 5))
    check_grads(lambda x: np.percentile(x, [21.0, 64.0], axis=axis, method=method,
                                        keepdims=True), modes=["rev"], order=1)(a)


@pytest.mark.parametrize("method", METHODS)
def test_float32_stays_float32(method):
    a = A.astype(onp.float32)
    assert grad(lambda x: np.sum(np.quantile(x, 0.3, axis=1, method=method)))(a).dtype == \
        onp.float32


@pytest.mark.skipif(not NUMPY_2, reason="weights= is new in NumPy 2.0")
@pytest.mark.parametrize("axis, shape", [(1, (7,)), (None, (4, 7)), (0, (4, 7))])
def test_weighted_inverted_cdf(axis, shape):
    w = rng.uniform(0.1, 2.0, size=shape)
    w.flat[0] = 0.0
    check_grads(lambda x: np.quantile(x, [0.0, 0.2, 0.6, 1.0], axis=axis,
                                      method="inverted_cdf", weights=w),
                modes=["rev"], order=1)(A)
    check_grads(lambda x: np.nanquantile(x, [0.2, 0.6], axis=None, method="inverted_cdf",
                                         weights=onp.ones((4, 7))),
                modes=["rev"], order=1)(AN)


@pytest.mark.skipif(NUMPY_2, reason="NumPy 2 removed the 'interpolation' keyword")
def test_interpolation_keyword_of_numpy_1():
    check_grads(lambda x: np.quantile(x, 0.3, axis=1, interpolation="hazen"),
                modes=["rev"], order=1)(A)


# ---- views of every argument keep writes ------------------------------------------------------
def _adopted(np_, x, n):
    """A constant Array that a traced write made traced: ``c = zeros(n); c[0] = x``."""
    c = np_.zeros(n)
    c[0] = x
    return c


def _check_against_numpy(f, x=1.5, step=1e-6):
    """``grad(f(np))`` equals the central difference of ``f(numpy)`` (NumPy's own writes)."""
    numeric = (f(onp, x + step) - f(onp, x - step)) / (2 * step)
    assert onp.isclose(grad(lambda v: f(np, v))(x), numeric, rtol=1e-6)


@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_atleast_of_several_arrays_is_differentiable(name, which):
    def f(x):
        arrays = [np.ones(2), np.ones(3), np.ones(1)]
        arrays[which] = x * onp.arange(1.0, 4.0)
        return np.sum(getattr(np, name)(*arrays)[which] ** 2)
    check_grads(f, modes=["rev"], order=1)(1.5)
    assert type(getattr(np, name)(onp.ones(2), onp.ones(3))) is \
        type(getattr(onp, name)(onp.ones(2), onp.ones(3)))


@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
@pytest.mark.parametrize("first_adopted", [False, True])
def test_writes_into_views_of_later_adopted_arguments_arrive(name, first_adopted):
    def f(np_, x):
        d = _adopted(np_, x, 2) if first_adopted else np_.ones(2)
        c = _adopted(np_, x, 3)
        view = getattr(np_, name)(d, c)[1]
        view[onp.unravel_index(1, view.shape)] = 2 * x   # c[1] = 2x, as in NumPy
        return np_.sum(c * c) + np_.sum(d * d)
    _check_against_numpy(f)


def test_broadcast_arrays_pass_writes_where_nothing_is_broadcast():
    def f(np_, x):
        c = x * onp.arange(1.0, 4.0)
        d = _adopted(np_, x, 3)
        _, view_c, view_d = np_.broadcast_arrays(onp.ones(3), c, d)
        view_c[1] = x ** 2
        view_d[2] = 3 * x
        return np_.sum(c * c) + np_.sum(d * d)
    _check_against_numpy(f)


@pytest.mark.parametrize("adopted", [False, True])
@pytest.mark.parametrize("make", [
    lambda c: np.broadcast_arrays(np.ones((2, 3)), c)[1],
    lambda c: np.meshgrid(np.ones(2), c, copy=False)[1],
], ids=["broadcast_arrays", "meshgrid"])
def test_writes_into_broadcast_views_stay_refused(make, adopted):
    def f(x):
        c = _adopted(np, x, 3) if adopted else x * np.ones(3)
        make(c)[0, 1] = x
        return np.sum(c)
    with pytest.raises(ValueError, match="traced indexed assignment: expected a writeable "
                                         "array, got a read-only one"):
        grad(f)(1.5)


@pytest.mark.parametrize("adopted", [False, True])
@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_sparse_meshgrid_without_copy_passes_writes(adopted, indexing):
    def f(np_, x):
        c = _adopted(np_, x, 3) if adopted else x * onp.arange(1.0, 4.0)
        grids = np_.meshgrid(np_.ones(2), c, copy=False, sparse=True, indexing=indexing)
        grids[1][(1, 0) if indexing == "xy" else (0, 1)] = 2 * x ** 2
        return np_.sum(c * c)
    _check_against_numpy(f)
