"""Gradients of NumPy's unique family and of the functions taking lists (continued from
``test_core_derived_gradients.py``): duplicates share a value's gradient as NumPy's
inverse and counts say, NaNs group as in NumPy, traced lists reach the differentiable
versions."""
import itertools

import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad

from conftest import check_grad
from derived_gradient_cases import M, V
from test_core_derived_gradients import _case_id, _function, _weights, weighted_total


ARRAY_API_UNIQUE = ["unique_values", "unique_counts", "unique_inverse", "unique_all"]
TIED = onp.array([3.0, 1.0, 3.0, 2.0, 1.0, 3.0])
TIED_ROWS = onp.array([[1.0, 2.0], [0.0, 5.0], [1.0, 2.0], [1.0, 0.0], [0.0, 5.0]])


def _grouping(name, x, kwargs):
    """NumPy's own (inverse, counts) for the call, the inverse flattened."""
    if name == "unique":
        options = {k: v for k, v in kwargs.items() if k in ("axis", "equal_nan")}
        _, inverse, counts = onp.unique(x, return_inverse=True, return_counts=True, **options)
    else:
        result = onp.unique_all(x)
        inverse, counts = result.inverse_indices, result.counts
    return onp.reshape(inverse, -1), counts


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_unique_splits_a_values_gradient_evenly_among_its_duplicates(dtype):
    g = grad(lambda x: np.sum(np.unique(x) * onp.array([1.0, 10.0, 100.0], dtype)))(
        TIED.astype(dtype))
    assert g.dtype == dtype
    onp.testing.assert_allclose(g, [100 / 3, 0.5, 100 / 3, 10.0, 0.5, 100 / 3], rtol=1e-6)
    g = grad(lambda x: np.sum(np.unique(x) * onp.array([1.0, 10.0], dtype)))(
        onp.array([[2.0, 1.0], [1.0, 1.0]], dtype))  # 2-d, axis=None
    onp.testing.assert_allclose(g, [[10.0, 1 / 3], [1 / 3, 1 / 3]], rtol=1e-6)
    weights = onp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype)
    g = grad(lambda x: np.sum(np.unique(x, axis=0) * weights))(TIED_ROWS.astype(dtype))
    assert g.dtype == dtype  # unique rows [0, 5], [1, 0], [1, 2]: the first and last twice
    onp.testing.assert_allclose(g, [[2.5, 3.0], [0.5, 1.0], [2.5, 3.0], [3.0, 4.0], [0.5, 1.0]])


# (name, kwargs, distinct base values, how x repeats them): x = tie(base) has duplicates,
# yet unique(tie(base)) is smooth in base, so finite differences in base check the gradient.
UNIQUE_TIES = [
    ("unique", {}, V[:3], lambda b: b[[2, 0, 2, 1, 0, 2]]),
    ("unique", {"return_inverse": True, "return_counts": True}, V[:4],
     lambda b: b[[[0, 1, 3], [1, 2, 0]]]),  # 2-d, axis=None
    ("unique", {"axis": 0, "return_index": True}, M, lambda b: b[[2, 0, 2, 1, 0]]),
    ("unique", {"axis": 1, "return_inverse": True}, M, lambda b: b[:, [1, 0, 3, 1, 2, 3]]),
    ("unique_values", {}, V[:3], lambda b: b[[1, 0, 1, 2, 1]]),
    ("unique_counts", {}, V[:3], lambda b: b[[[1, 0], [1, 2]]]),
    ("unique_inverse", {}, V[:4], lambda b: b[[3, 0, 1, 2, 0, 3]]),
    ("unique_all", {}, V[:3], lambda b: b[[[2, 2], [0, 1]]]),
]


@pytest.mark.parametrize("name, kwargs, base, tie", UNIQUE_TIES,
                         ids=[_case_id((c[0], (), c[1], None)) for c in UNIQUE_TIES])
def test_unique_gradient_with_duplicates_follows_numpys_inverse_and_counts(name, kwargs, base,
                                                                           tie):
    """grad x[i] = g[inverse[i]] / counts[inverse[i]] (slices along ``axis``), and its
    sum over the duplicates (and its own gradient) matches finite differences."""
    fun = _function(name)
    x = tie(base)
    g = grad(lambda x: weighted_total(fun(x, **kwargs)))(x)
    inverse, counts = _grouping(name, x, kwargs)
    out = fun(x, **kwargs)
    values = out[0] if isinstance(out, tuple) else out
    weights = _weights(onp.shape(values), 0)  # weighted_total's weights for the values
    axis = kwargs.get("axis")
    if axis is None:
        expected = (weights.ravel()[inverse] / counts[inverse]).reshape(x.shape)
    else:
        view = [1] * x.ndim
        view[axis] = -1
        expected = onp.take(weights, inverse, axis=axis) / counts[inverse].reshape(view)
    onp.testing.assert_allclose(g, expected, rtol=1e-12)
    check_grad(lambda b: weighted_total(fun(tie(b), **kwargs)), base, order=2, rtol=1e-4,
               atol=1e-5)


@pytest.mark.parametrize("axis", [None, 0])
@pytest.mark.parametrize("flags", list(itertools.product([False, True], repeat=3)),
                         ids=lambda flags: "".join("ivc"[i] if f else "-" for i, f in
                                                   enumerate(flags)))
def test_traced_unique_returns_numpys_outputs_with_only_the_values_traced(flags, axis):
    kwargs = dict(zip(("return_index", "return_inverse", "return_counts"), flags), axis=axis)
    expected = onp.unique(TIED_ROWS, **kwargs)
    expected = expected if isinstance(expected, tuple) else (expected,)
    seen = []

    def f(x):
        out = np.unique(x, **kwargs)
        seen.append(out if isinstance(out, tuple) else (out,))
        return np.sum(seen[-1][0] ** 2)

    g = grad(f)(TIED_ROWS)
    plain = np.unique(TIED_ROWS, **kwargs)
    for got in (seen[0], plain if isinstance(plain, tuple) else (plain,)):
        assert len(got) == len(expected)
        for part, want in zip(got, expected):
            part = getval(part)
            assert part.dtype == want.dtype and part.shape == want.shape
            onp.testing.assert_array_equal(part, want)
    assert all(isinstance(part, np.ndarray) for part in seen[0][1:])  # untraced Arrays
    inverse, counts = _grouping("unique", TIED_ROWS, {"axis": axis})
    share = counts[inverse].reshape(TIED_ROWS.shape if axis is None else (-1, 1))
    onp.testing.assert_allclose(g, 2 * TIED_ROWS / share)


def test_unique_groups_nans_as_numpy_does():
    x = onp.array([onp.nan, 1.0, onp.nan, 2.0, 1.0])
    g = grad(lambda x: np.sum(np.unique(x) * onp.array([1.0, 10.0, 100.0])))(x)
    onp.testing.assert_array_equal(g, [50.0, 0.5, 50.0, 10.0, 0.5])  # one NaN, counted twice
    g = grad(lambda x: np.sum(np.unique(x, equal_nan=False) * onp.array([1.0, 10, 100, 1000])))(x)
    assert sorted(g[[0, 2]]) == [100.0, 1000.0]  # each NaN its own value
    onp.testing.assert_array_equal(g[[1, 3, 4]], [0.5, 10.0, 0.5])


@pytest.mark.parametrize("name", ARRAY_API_UNIQUE)
def test_array_api_unique_counts_every_nan_apart(name):
    fun = _function(name)
    x = onp.array([onp.nan, 1.0, onp.nan, 2.0, 1.0, 1.0])
    weights = onp.array([1.0, 10.0, 100.0, 1000.0])
    seen = []

    def f(x):
        out = fun(x)
        seen.append(out)
        return np.sum((out.values if isinstance(out, tuple) else out) * weights)

    g = grad(f)(x)
    expected = getattr(onp, name)(x)
    named = isinstance(expected, tuple)
    assert type(seen[0]) is type(expected) if named else not isinstance(seen[0], tuple)
    for part, want in zip(seen[0] if named else [seen[0]], expected if named else [expected]):
        onp.testing.assert_array_equal(getval(part), want)
        assert getval(part).dtype == want.dtype and getval(part).shape == want.shape
    assert sorted(g[[0, 2]]) == [100.0, 1000.0]
    onp.testing.assert_allclose(g[[1, 3, 4, 5]], [1 / 3, 10.0, 1 / 3, 1 / 3])


@pytest.mark.parametrize("name, kwargs", [("unique", {}), ("unique", {"return_counts": True}),
                                          ("unique", {"axis": 0, "return_inverse": True})]
                         + [(name, {}) for name in ARRAY_API_UNIQUE])
def test_numpy_unique_on_traced_values_has_the_same_gradient(name, kwargs):
    _function(name)  # skips where this NumPy lacks the name
    x = TIED_ROWS if "axis" in kwargs else TIED
    ours = grad(lambda x: weighted_total(getattr(np, name)(x, **kwargs)))(x)
    numpys = grad(lambda x: weighted_total(getattr(onp, name)(x, **kwargs)))(x)
    onp.testing.assert_array_equal(numpys, ours)
    assert onp.all(ours != 0)


# ---- functions whose arrays come in lists (list_arguments.py) ------------------------------
LISTED = {
    "select": lambda x: np.select([x > 0.5, x > -0.5], [x ** 2, 3 * x], default=x ** 3),
    "dstack": lambda x: np.dstack([x, x ** 2, 2.0 * onp.ones((3, 4))]),
    "block": lambda x: np.block([[x, x[:, :1] ** 2], [onp.ones((1, 4)), x[:1, :1] * 3]]),
    "block-1d": lambda x: np.block([x[0], x[1] ** 2]),
    "choose": lambda x: np.choose(onp.array([0, 2, 1, 1]), [x[0], x[1] ** 2, x[2] * 3]),
    "choose-wrap": lambda x: np.choose(onp.array([3, -1, 1, 0]), [x[0], x[1] ** 2, x[2]],
                                       mode="wrap"),
    "piecewise": lambda x: np.piecewise(x, [x < 0, x > 1], [lambda t: -t, lambda t: t ** 2,
                                                            lambda t: 2 * t]),
    "piecewise-constant": lambda x: np.piecewise(x, [x < 0], [0.5, lambda t: t ** 3]),
}


@pytest.mark.parametrize("name", sorted(LISTED))
def test_list_argument_functions_match_numpy_and_finite_differences(name):
    f = LISTED[name]
    x = 1.5 * M
    numpy_value = {"select": lambda x: onp.select([x > 0.5, x > -0.5], [x ** 2, 3 * x], x ** 3),
                   }.get(name)
    plain = f(x)  # untraced: NumPy's own function, result wrapped
    assert isinstance(plain, np.ndarray)
    if numpy_value is not None:
        onp.testing.assert_allclose(plain, numpy_value(x))
    check_grad(lambda x: weighted_total(f(x)), x, order=2, rtol=1e-4, atol=1e-5)


def test_numpy_functions_on_traced_lists_come_to_the_differentiable_versions():
    g = grad(lambda x: np.sum(onp.dstack([x, x ** 2])))(M)
    onp.testing.assert_allclose(g, 1 + 2 * M)
    g = grad(lambda x: np.sum(onp.block([[x], [x ** 2]])))(M)
    onp.testing.assert_allclose(g, 1 + 2 * M)


def test_block_keeps_numpys_shape_checks():
    with pytest.raises(ValueError):
        grad(lambda x: np.sum(np.block([[x, x[:2]]])))(M)


def test_numpy_integer_scalars_are_differentiated_as_floats():
    assert float(grad(lambda x: x ** 2)(onp.int64(3))) == 6.0
    assert float(grad(lambda x: x ** 2)(onp.int32(3))) == 6.0
