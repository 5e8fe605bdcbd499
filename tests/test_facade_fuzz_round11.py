"""Facade fuzz round 11: order statistics, sorting and index results under grad.

Index, count and truth-value results (lexsort, isin, digitize, where(c), frexp's exponents,
...) come back as values, so they index; no-gradient functions (argmax, argsort, isnan, ...)
read lists of traced values; joins take lists of traced scalars; traced quantile weights
pass with a zero gradient."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.traced_array import TracedArray

NUMPY_2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"
rng = onp.random.default_rng(11)
A = rng.normal(size=(3, 5))


def _fd(function, x):
    check_grads(function, modes=["rev"], order=1)(x)


# ---- index and count results are values -----------------------------------------------------
INDEXING = {
    "lexsort": lambda x: x[0][np.lexsort(x)] * onp.arange(5.0),
    "lexsort_keys": lambda x: x[1][np.lexsort((x[0], x[2]))] * onp.arange(5.0),
    "where_traced": lambda x: x[np.where(x)],
    "isin": lambda x: x[np.isin(x, x[0])],
    "signbit": lambda x: x[np.signbit(x)] * 3.0,
    "digitize": lambda x: x.ravel()[np.digitize(x, [-1.0, 0.0, 1.0]).ravel()],
    "frexp": lambda x: np.frexp(x)[0] * np.frexp(x)[1],
    "tril_indices_from": lambda x: x[:, :3][np.tril_indices_from(x[:, :3])],
    "histogram": lambda x: x.ravel()[np.histogram(x, bins=4)[0]] * 1.5,
    "nanargmax": lambda x: x.ravel()[np.nanargmax(x, axis=1)],
}


@pytest.mark.parametrize("name", sorted(INDEXING))
def test_index_results_index_under_grad(name):
    _fd(INDEXING[name], A)


@pytest.mark.parametrize("call", [lambda x: np.lexsort(x), lambda x: np.isin(x, [0.5]),
                                  lambda x: np.where(x)[1], lambda x: np.frexp(x)[1],
                                  lambda x: np.digitize(x, [0.0]), lambda x: np.signbit(x)])
def test_index_results_are_plain_values(call):
    seen = []
    grad(lambda x: seen.append(call(x)) or np.sum(x))(A)
    assert type(seen[0]) is not TracedArray
    assert onp.array_equal(seen[0], call(A))


def test_lexsort_then_index_matches_numpys_order():
    keys = onp.array([1.0, 0.0, 1.0, 0.0, 2.0])
    g = grad(lambda x: np.sum(x[np.lexsort((x, keys))] * onp.arange(5.0)))(A[0])
    assert onp.array_equal(g[onp.lexsort((A[0], keys))], onp.arange(5.0))


# ---- no-gradient functions read lists of traced values --------------------------------------
LISTED = ["argmax", "argmin", "argsort", "argwhere", "nonzero", "flatnonzero", "count_nonzero",
          "isnan", "isfinite", "sign", "floor", "all", "any"]


@pytest.mark.parametrize("name", LISTED)
def test_no_gradient_functions_read_lists_of_traced_values(name):
    x0, seen = 1.5, []

    def f(x):
        seen.append(getattr(np, name)([[x, -2.0 * x], [0.0, x * x]]))
        return x * 3.0
    assert grad(f)(x0) == 3.0
    want = getattr(onp, name)([[x0, -2.0 * x0], [0.0, x0 * x0]])
    got = seen[0]
    for have, expected in zip(got if type(got) is tuple else (got,),
                              want if type(want) is tuple else (want,)):
        assert onp.array_equal(have, expected)


def test_argmax_of_a_list_then_index():
    g = grad(lambda x: x[np.argmax([x[0], x[1], 0.5 * x[2]])] * 2.0)(onp.array([1.0, 3.0, 4.0]))
    assert onp.array_equal(g, [0.0, 2.0, 0.0])


def test_traced_keyword_of_a_no_gradient_function():
    assert grad(lambda x: x * np.isclose([x, 1.0], b=x)[0])(2.0) == 1.0


@pytest.mark.parametrize("name", ["argmax", "argsort", "isnan"])
def test_ragged_list_of_traced_values_is_refused_by_name(name):
    with pytest.raises(ValueError, match=rf"numpy\.{name} argument 0: expected a rectangular"):
        grad(lambda x: getattr(np, name)([[x, 2.0], [3.0]]) * 0 + x)(1.0)


# ---- joins of lists of traced scalars ---------------------------------------------------------
@pytest.mark.parametrize("name, kwargs", [("concatenate", {}), ("concatenate", {"axis": None}),
                                          ("hstack", {}), ("vstack", {})])
def test_joins_of_lists_of_traced_scalars(name, kwargs):
    def f(x):
        return getattr(np, name)([[x[0], x[1]], [x[1] * x[2], 2.0]], **kwargs)
    x0 = onp.array([0.5, -1.5, 2.0])
    want = getattr(onp, name)([[x0[0], x0[1]], [x0[1] * x0[2], 2.0]], **kwargs)
    values = []
    grad(lambda x: values.append(f(x)) or np.sum(f(x)))(x0)
    assert onp.array_equal(values[0], want)
    _fd(f, x0)


def test_concatenate_with_a_nested_list_along_axis_1():
    _fd(lambda x: np.concatenate([[[x[0], x[1]]], [[x[2], 2.0]]], axis=1), A[0])


def test_join_of_a_ragged_traced_item_is_refused_by_name():
    with pytest.raises(ValueError, match=r"numpy\.concatenate argument 0 'arrays' item 1: "
                                         r"expected a rectangular"):
        grad(lambda x: np.sum(np.concatenate([[x, x], [[x], [x, x]]])))(1.0)


def test_join_of_nested_lists_of_different_depths_fails_as_numpy():
    with pytest.raises(ValueError, match="same number of dimensions"):
        grad(lambda x: np.sum(np.concatenate([[x, x], [[x]]])))(1.0)


# ---- quantiles with traced weights (NumPy 2) ------------------------------------------------
needs_weights = pytest.mark.skipif(not NUMPY_2, reason="quantile weights= needs NumPy 2")
WA = onp.array([3.0, 1.0, 2.0, 5.0, 4.0])
WW = onp.array([1.0, 2.0, 1.0, 1.0, 3.0])


@needs_weights
@pytest.mark.parametrize("name, q", [("quantile", 0.4), ("percentile", 40.0),
                                     ("nanquantile", 0.4), ("nanpercentile", 40.0)])
def test_traced_weights_have_zero_gradient(name, q):
    function = getattr(np, name)
    g = grad(lambda w: function(WA, q, method="inverted_cdf", weights=w))(WW)
    assert onp.array_equal(g, onp.zeros(5))
    assert function(WA, q, method="inverted_cdf", weights=WW) == \
        getattr(onp, name)(WA, q, method="inverted_cdf", weights=WW)


@needs_weights
def test_traced_weights_and_data_together():
    g = grad(lambda a, w: np.quantile(a * w, 0.4, axis=0, method="inverted_cdf", weights=w),
             argnum=[0, 1])(WA, WW)
    picked = onp.quantile(WA * WW, 0.4, method="inverted_cdf", weights=WW)
    assert onp.array_equal(g[0], onp.where(WA * WW == picked, WW, 0.0))
    assert onp.array_equal(g[1], onp.where(WA * WW == picked, WA, 0.0))


@needs_weights
def test_weights_in_a_list_of_traced_values():
    g = grad(lambda w0: np.quantile(WA, [0.3, 0.8], method="inverted_cdf",
                                    weights=[w0, 1.0, 2.0, 1.0, 1.0]))(2.0)
    assert g == 0.0


@needs_weights
def test_float32_weights_keep_float32():
    g = grad(lambda w: np.quantile(WA.astype(onp.float32), 0.4, method="inverted_cdf",
                                   weights=w))(WW.astype(onp.float32))
    assert g.dtype == onp.float32
