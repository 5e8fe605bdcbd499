"""polyfit (and interp's traced keyword) and pad's modes that compute their border: values
against NumPy's, gradients against float64 finite differences."""
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError
from minpy_compat.numpy.pad_composites import pad_composite
from conftest import check_grad
from facade_fold_helpers import X, _weights, rng


# ---- polyfit ---------------------------------------------------------------------------------
POLY_X = onp.linspace(-1.0, 2.0, 7)
POLY_W = onp.linspace(0.5, 1.5, 7)


@pytest.mark.parametrize("kwargs", [{}, {"w": POLY_W}, {"full": True}, {"cov": True},
                                    {"cov": "unscaled", "w": POLY_W}])
def test_polyfit_values_and_gradients(kwargs):
    y = rng.randn(7, 2)
    got, expected = np.polyfit(POLY_X, y, 2, **kwargs), onp.polyfit(POLY_X, y, 2, **kwargs)
    for mine, numpys in zip(got if isinstance(got, tuple) else [got],
                            expected if isinstance(expected, tuple) else [expected]):
        onp.testing.assert_allclose(onp.asarray(mine, float), onp.asarray(numpys, float))

    def first(xs, ys):
        out = np.polyfit(xs, ys, 2, **kwargs)
        return out[0] if isinstance(out, tuple) else out
    check_grad(lambda xs, ys: first(xs, ys) * _weights((3, 2)), POLY_X, y, rtol=1e-4)


def test_polyfit_weights_are_traced_by_keyword():
    y = rng.randn(7)
    check_grad(lambda w: np.polyfit(POLY_X, y, 2, w=w) * _weights(3), POLY_W, rtol=1e-4)
    assert grad(lambda ys: np.sum(np.polyfit(POLY_X.astype(onp.float32), ys, 1)))(
        y.astype(onp.float32)).dtype == onp.float32


def test_polyfit_refuses_a_rank_deficient_fit_by_name():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's RankWarning
        with pytest.raises(NoGradientFuncError, match=r"numpy\.polyfit argument 0: expected a "
                                                      r"fit of full rank .* got rank 2"):
            grad(lambda y: np.sum(np.polyfit(onp.array([0.0, 1.0, 1.0]), y, 2)))(
                onp.array([1.0, 2.0, 3.0]))


def test_interp_right_by_keyword_is_traced():
    grid, values = onp.array([0.0, 1.0, 2.0]), onp.array([1.0, 2.0, 3.0])
    assert float(grad(lambda r: np.sum(np.interp(onp.array([0.5, 5.0, 6.0]), grid, values,
                                                 right=r)))(2.0)) == 2.0


# ---- pad: modes that compute their border ----------------------------------------------------
PADS = [
    ("mean", 2, {}), ("mean", ((1, 2), (0, 3)), {}), ("mean", ((1, 2), (2, 1)), {"stat_length": 2}),
    ("mean", 1, {"stat_length": ((1, 2), (3, 1))}), ("median", ((2, 1), (1, 2)), {}),
    ("median", 2, {"stat_length": 2}), ("maximum", ((1, 2), (2, 0)), {}),
    ("minimum", 2, {"stat_length": 3}), ("linear_ramp", ((2, 3), (1, 2)), {}),
    ("linear_ramp", 2, {"end_values": ((1.0, -2.0), (0.5, 3.0))}),
    ("linear_ramp", (0, 3), {"end_values": 5}),
]


@pytest.mark.parametrize("mode, width, kwargs", PADS)
def test_pad_computed_modes(mode, width, kwargs):
    a = rng.randn(3, 4)
    expected = onp.pad(a, width, mode=mode, **kwargs)
    onp.testing.assert_allclose(pad_composite(a, width, mode, **kwargs), expected, rtol=1e-12)
    weights = _weights(expected.shape)
    check_grad(lambda x: np.pad(x, width, mode=mode, **kwargs) * weights, a)
    g32 = grad(lambda x: np.sum(np.pad(x, width, mode=mode, **kwargs) * weights))(
        a.astype(onp.float32))
    assert g32.dtype == onp.float32


def test_pad_computed_modes_second_order_and_1d():
    check_grad(lambda x: np.pad(x, 2, mode="mean") ** 2, rng.randn(3, 4), order=2)
    check_grad(lambda x: np.pad(x, (1, 3), mode="linear_ramp", end_values=2.0) ** 2,
               rng.randn(5), order=2)


def test_pad_with_a_function_as_mode_is_refused_by_name():
    with pytest.raises(NoGradientFuncError, match=r"numpy\.pad argument 0: expected a mode "
                                                  r"NumPy names .* got mode=<function"):
        grad(lambda x: np.sum(np.pad(x, 1, mode=lambda vector, width, axis, options: None)))(X)
