"""Gradients of NumPy's statistics functions: traced weights passed by keyword, and the
arguments that are refused."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError

from conftest import check_grad
from statistics_gradient_helpers import A, A3, NUMPY_2, QV, W12, X12, _quiet


# ---- traced weights, passed by keyword -------------------------------------------------------
SAMPLE = X12
LABELS = onp.array([0, 2, 2, 5, 1, 0, 2, 3, 3, 0, 1, 2])


@pytest.mark.parametrize("call", [
    lambda w: np.average(A, weights=w.reshape(3, 4)),
    lambda w: np.average(A, axis=1, weights=w[:4], returned=True)[0],
    pytest.param(lambda w: np.average(A3, axis=(0, 2), weights=w[:8].reshape(2, 4)),
                 marks=pytest.mark.skipif(not NUMPY_2, reason="NumPy 1.x: 1-D weights only")),
    lambda w: np.cov(A, aweights=w[:4]),
    lambda w: np.cov(A, fweights=onp.array([1, 2, 1, 3]), aweights=w[:4], ddof=0),
    lambda w: np.bincount(LABELS, weights=w),
    lambda w: np.bincount(LABELS, weights=w, minlength=9),
    lambda w: np.histogram(SAMPLE, weights=w)[0],
    lambda w: np.histogram(SAMPLE, bins=[-2.0, -0.5, 0.0, 1.0, 1.9], weights=w)[0],
    lambda w: np.histogram(SAMPLE, 3, range=(-1.0, 1.0), weights=w, density=True)[0],
], ids=["average", "average-axis-returned", "average-axes", "cov-aweights",
        "cov-both-weights", "bincount", "bincount-minlength", "histogram",
        "histogram-edges", "histogram-range-density"])
def test_weights_by_keyword_are_differentiable(call):
    check_grad(call, W12, order=2)


@pytest.mark.parametrize("call", [
    lambda np_, w: np_.bincount(LABELS, weights=w, minlength=7),
    lambda np_, w: np_.histogram(SAMPLE, weights=w),
    lambda np_, w: np_.histogram(SAMPLE, bins=5, range=(-1.0, 1.0), density=True, weights=w),
    lambda np_, w: np_.histogram(SAMPLE, bins=[SAMPLE.min(), 0.0, SAMPLE.max()],
                                 weights=w),  # values on the outer edges
    lambda np_, w: np_.average(A, axis=1, weights=w[:4], returned=True),
    lambda np_, w: np_.cov(A, aweights=w[:4]),
], ids=["bincount", "histogram", "histogram-range-density", "histogram-edges", "average",
        "cov"])
def test_traced_weights_give_numpys_values(call):
    seen = []

    def total(w):
        result = call(np, w)
        seen.append(result)
        return np.sum(result[0] if isinstance(result, tuple) else result)
    grad(total)(W12)
    theirs = call(onp, W12)
    theirs, ours = (r if isinstance(r, tuple) else (r,) for r in (theirs, seen[0]))
    for got, expected in zip(ours, theirs):
        got = onp.asarray(got.asnumpy() if hasattr(got, "asnumpy") else got)
        assert got.shape == expected.shape and got.dtype == expected.dtype
        onp.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-14)


def test_float32_weights_get_float32_gradients():
    w = W12.astype(onp.float32)
    for call in (lambda v: np.bincount(LABELS, weights=v), lambda v: np.average(SAMPLE, weights=v),
                 lambda v: np.histogram(SAMPLE, weights=v)[0]):
        assert grad(lambda v: np.sum(call(v) ** 2))(w).dtype == onp.float32


# ---- refusals --------------------------------------------------------------------------------
@pytest.mark.parametrize("call, match", [
    (lambda a: np.median(a.copy(), overwrite_input=True), r"median argument 3 'overwrite_input'"),
    (lambda a: np.nanmedian(a * 1, overwrite_input=True), r"nanmedian .*overwrite_input=False"),
    (lambda a: np.quantile(a * 1, QV, overwrite_input=True),
     r"quantile argument 4 'overwrite_input'.*in place"),
])
def test_uncovered_arguments_are_refused(call, match):
    with pytest.raises(NoGradientFuncError, match=match):
        grad(lambda a: np.sum(call(a)))(A.copy())
