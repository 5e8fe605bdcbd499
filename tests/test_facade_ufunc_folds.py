"""ufunc.reduce / accumulate of any binary ufunc on traced values: values against NumPy's,
gradients against float64 finite differences."""
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from conftest import check_grad
from facade_fold_helpers import X, _weights


# ---- ufunc.reduce / accumulate of any binary ufunc on traced values -----------------------
FOLDS = [
    ("subtract", "reduce", {}), ("subtract", "reduce", {"axis": 1, "keepdims": True}),
    ("subtract", "accumulate", {"axis": -1}), ("subtract", "reduce", {"initial": None}),
    ("divide", "reduce", {"axis": 1}), ("divide", "accumulate", {}),
    ("logaddexp", "reduce", {"axis": None}), ("logaddexp", "reduce", {"axis": (0, 1)}),
    ("logaddexp", "reduce", {"axis": 1, "initial": 0.3}),
    ("logaddexp", "reduce", {"axis": 1, "where": onp.array([True, False, True, True])}),
    ("logaddexp", "accumulate", {"axis": 1}), ("logaddexp2", "reduce", {"axis": 0}),
    ("hypot", "reduce", {"axis": 0}), ("fmax", "reduce", {"axis": None}),
    ("fmin", "reduce", {"axis": 1, "initial": 0.7}), ("arctan2", "reduce", {"axis": 0}),
    ("copysign", "accumulate", {"axis": 0}), ("power", "accumulate", {"axis": 1}),
]


@pytest.mark.parametrize("ufunc, method, kwargs", FOLDS)
def test_ufunc_fold_matches_numpy_and_finite_differences(ufunc, method, kwargs):
    ours, theirs = getattr(getattr(np, ufunc), method), getattr(getattr(onp, ufunc), method)
    expected, kept = theirs(X, **kwargs), {}

    def loss(a):
        kept["value"] = ours(a, **kwargs)
        return np.sum(kept["value"] * _weights(onp.shape(expected)))
    g32 = grad(loss)(X.astype(onp.float32))
    assert g32.dtype == onp.float32 and getval(kept["value"]).dtype == onp.float32
    grad(loss)(X)
    got = onp.asarray(getval(kept["value"]))
    assert got.shape == expected.shape and got.dtype == expected.dtype
    onp.testing.assert_allclose(got, expected, rtol=1e-12)
    check_grad(loss, X)


def test_power_reduce_folds_left():
    # (2 ** 3) ** 2: NumPy 2.x's own power.reduce gives 4.0 here, NumPy 1.x 64.0
    kept = {}

    def keep(a):
        kept["value"] = np.power.reduce(a)
        return kept["value"]
    onp.testing.assert_allclose(grad(keep)(onp.array([2.0, 3.0, 2.0])),
                                [6 * 2.0 ** 5, 64 * 2 * onp.log(2.0), 64 * onp.log(8.0)])
    assert float(getval(kept["value"])) == 64.0
    w = _weights(3)

    def by_hand(a):
        return np.sum(((a[:, 0] ** a[:, 1]) ** a[:, 2]) ** a[:, 3] * w)
    onp.testing.assert_allclose(grad(lambda a: np.sum(np.power.reduce(a, axis=1) * w))(X),
                                grad(by_hand)(X), rtol=1e-12)


def test_ufunc_fold_second_order():
    check_grad(lambda a: np.logaddexp.reduce(a, axis=0), X, order=2)
    check_grad(lambda a: np.subtract.accumulate(a ** 2, axis=1), X, order=2)


def test_ufunc_fold_raises_numpys_errors():
    with pytest.raises(ValueError, match="not reorderable"):
        grad(lambda a: np.sum(np.subtract.reduce(a, axis=(0, 1))))(X)
    with pytest.raises(ValueError, match="reduce only supported for binary functions"):
        grad(lambda a: np.sum(np.negative.reduce(a)))(X)


def test_ufunc_fold_of_an_empty_axis_is_its_identity():
    g = grad(lambda a: np.sum(np.exp(np.logaddexp.reduce(a, axis=1))))(onp.ones((2, 0)))
    assert g.shape == (2, 0)
