"""``minpy_compat.numpy``: ``histogram2d`` and ``histogramdd`` with traced weights,
``sliding_window_view`` of traced values, ``nan_to_num``'s traced fill values, ``spacing``.
Gradients against float64 finite differences."""
import numpy as onp
import pytest
from autograd.tracer import getval
from numpy.lib.stride_tricks import sliding_window_view

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array
from minpy_compat.errors import NoGradientFuncError, TracedValueError
from conftest import check_grad
from facade_apply_helpers import _weighted, rng


# ---- histogram2d, histogramdd: traced weights -----------------------------------------------
XS, YS = rng.normal(size=30), rng.normal(size=30)
XS[3], YS[4] = 5.0, -9.0  # outliers for the ranges below
WEIGHTS = rng.uniform(size=30)
HISTOGRAM2D = [{}, {"bins": [2, 4]}, {"bins": [onp.array([-3.0, 0.0, 5.0]), 3]},
               {"range": [[-1, 1], [-1, 1]], "bins": 3}, {"density": True, "bins": 3}]


@pytest.mark.parametrize("kwargs", HISTOGRAM2D, ids=lambda k: ",".join(k) or "defaults")
def test_histogram2d_weights_gradient_and_values(kwargs):
    check_grad(lambda w: _weighted(np.histogram2d(XS, YS, weights=w, **kwargs)[0]), WEIGHTS)
    expected = onp.histogram2d(XS, YS, weights=WEIGHTS, **kwargs)

    def loss(w):
        got = np.histogram2d(XS, YS, weights=w, **kwargs)
        for ours, numpys in zip(got, expected):
            onp.testing.assert_allclose(getval(ours), numpys)
        assert all(type(edges) is Array for edges in got[1:])
        return np.sum(got[0])
    grad(loss)(WEIGHTS)


@pytest.mark.parametrize("kwargs", [{}, {"bins": (2, 3, 2)}, {"density": True, "bins": 2},
                                    {"range": [(-1, 1)] * 3, "bins": 3}],
                         ids=["defaults", "bins", "density", "range"])
def test_histogramdd_weights_gradient(kwargs):
    sample = rng.normal(size=(30, 3))
    check_grad(lambda w: _weighted(np.histogramdd(sample, weights=w, **kwargs)[0]), WEIGHTS)
    check_grad(lambda w: _weighted(onp.histogramdd(sample, weights=w, **kwargs)[0]), WEIGHTS)


def test_histogramdd_of_sequences_float32_weights_and_traced_samples():
    columns = [XS, YS]
    check_grad(lambda w: _weighted(np.histogramdd(columns, bins=3, weights=w)[0]), WEIGHTS)
    w32 = WEIGHTS.astype(onp.float32)
    assert grad(lambda w: np.sum(np.histogram2d(XS, YS, weights=w)[0] ** 2))(w32).dtype == \
        onp.float32
    with pytest.raises(NoGradientFuncError, match=r"^minpy_compat\.numpy\.histogram2d argument "
                                                  r"0 'x': expected a function with a gradient"):
        grad(lambda x, w: np.sum(np.histogram2d(x, YS, weights=w)[0] ** 2), [0, 1])(XS, WEIGHTS)


# ---- sliding_window_view --------------------------------------------------------------------
@pytest.mark.parametrize("shape, window, axis", [((6,), 3, None), ((3, 4), (2, 2), None),
                                                 ((3, 4), 2, 0), ((2, 3, 4), (2, 3), (2, 1))])
def test_sliding_window_view_of_traced_values(shape, window, axis):
    x = rng.normal(size=shape)

    def loss(a):
        windows = sliding_window_view(a, window, axis)
        onp.testing.assert_array_equal(getval(windows),
                                       sliding_window_view(getval(a), window, axis))
        return _weighted(windows)
    check_grad(loss, x, order=2)
    x32 = x.astype(onp.float32)
    assert grad(lambda a: np.sum(sliding_window_view(a, window, axis)))(x32).dtype == \
        onp.float32


def test_sliding_window_view_refuses_writeable_windows_of_traced_values():
    with pytest.raises(TracedValueError, match=r"sliding_window_view argument 'writeable': "
                                               r"expected writeable=False"):
        grad(lambda a: np.sum(sliding_window_view(a, 2, writeable=True)))(onp.ones(4))


# ---- nan_to_num's fill values, spacing ------------------------------------------------------
SPECIAL = onp.array([1.0, onp.nan, onp.inf, -onp.inf, 2.0, onp.inf])


def test_nan_to_num_fill_values_get_the_gradient_of_the_entries_they_fill():
    def filled(nan, posinf, neginf):
        return _weighted(np.nan_to_num(SPECIAL, nan=nan, posinf=posinf, neginf=neginf))
    check_grad(filled, 0.5, onp.array([3.0]), -2.0)
    weights = _weighted(onp.ones(6))
    assert grad(lambda p: np.sum(np.nan_to_num(SPECIAL, True, 0.0, p) * onp.ones(6)))(3.0) == 2.0
    assert grad(lambda n: np.sum(np.nan_to_num(SPECIAL, nan=n) * weights))(0.0) == weights[1]
    assert grad(lambda p: np.sum(np.nan_to_num(SPECIAL.astype(onp.float32), posinf=p)))(
        onp.float32(1.0)).dtype == onp.float32


def test_nan_to_num_refuses_a_traced_fill_of_a_complex_array_by_name():
    with pytest.raises(NoGradientFuncError, match=r"^minpy_compat\.numpy\.nan_to_num argument "
                                                  r"3 'posinf': expected a real x"), \
            onp.errstate(invalid="ignore"):  # inf * 1j has a NaN real part
        grad(lambda p: np.abs(np.sum(np.nan_to_num(SPECIAL * 1j, posinf=p))))(3.0)


def test_spacing_has_a_zero_gradient():
    x = onp.array([1.0, -3.0, 0.0, 1e300])
    onp.testing.assert_array_equal(grad(lambda a: np.sum(np.spacing(a) + a))(x), onp.ones(4))
    assert grad(lambda a: np.sum(np.spacing(a)))(x[:3].astype(onp.float32)).dtype == onp.float32
