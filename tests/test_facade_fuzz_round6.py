"""Round 6 of fuzzing ``minpy_compat.numpy``: NumPy 2 names asked for under NumPy 1.x,
``apply_along_axis``/``apply_over_axes``/``vectorize`` on traced values, ``histogram2d``
and ``histogramdd`` with traced weights, ``sliding_window_view`` of traced values,
``nan_to_num``'s traced fill values, ``spacing``, a ufunc's ``where=`` with ``out=``, and
ufuncs autograd has no version of. Gradients against float64 finite differences.
"""
import numpy as onp
import pytest
from autograd.tracer import getval
from numpy.lib.stride_tricks import sliding_window_view

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array
from minpy_compat.errors import NoGradientFuncError, NumpyVersionError, TracedValueError
from minpy_compat.numpy.numpy2_names import ADDED, LINALG_ADDED
from conftest import check_grad

rng = onp.random.RandomState(6)
NUMPY_VERSION = tuple(int(part) for part in onp.__version__.split(".")[:2])
NUMPY_1 = pytest.mark.skipif(NUMPY_VERSION >= (2, 0), reason=f"NumPy {onp.__version__} has "
                             "the NumPy 2 names (the refusal is for NumPy 1.x)")
NUMPY_2_2 = pytest.mark.skipif(NUMPY_VERSION < (2, 2), reason=f"NumPy {onp.__version__} "
                               "lacks some NumPy 2 names (matvec, vecmat: 2.2)")


def _weighted(result):
    """``result`` times fixed weights, so a gradient check sees every entry apart."""
    weights = onp.cos(1.3 * onp.arange(onp.size(result))).reshape(onp.shape(result))
    return result * weights


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


# ---- a ufunc's where= with out= -----------------------------------------------------------
X2, Y1 = rng.normal(size=(3, 4)), rng.normal(size=4)
MASK = onp.array([[True, False, True, True], [False, False, True, True],
                  [True, True, False, True]])


def _into(ufunc, *inputs, start=0.0, **kwargs):
    out = np.full((3, 4), start)
    ufunc(*inputs, out=out, **kwargs)
    return out


@pytest.mark.parametrize("where", [MASK, onp.array([True, False, True, False]), False, True],
                         ids=["mask", "broadcast-mask", "False", "True"])
def test_ufunc_where_with_out_gradient(where):
    check_grad(lambda a, b: _weighted(_into(np.add, a, b, start=2.0, where=where)), X2, Y1)
    check_grad(lambda a, b: _weighted(_into(np.multiply, a, b, where=where)) + a, X2, Y1)


def test_ufunc_where_with_out_values_and_an_out_that_is_traced_already():
    def loss(a, b):
        expected = onp.zeros((3, 4))
        expected[0] = getval(a)[0] * 3.0
        onp.add(getval(a), b, where=MASK, out=expected)
        out = np.zeros((3, 4))
        out[0] = a[0] * 3.0  # out is traced before the ufunc writes into it
        assert np.add(a, b, where=MASK, out=out) is out
        onp.testing.assert_allclose(getval(out), expected)
        return _weighted(out)
    check_grad(loss, X2, Y1, argnums=[0])


def test_ufunc_where_never_differentiates_the_left_out_entries():
    x = onp.where(MASK, onp.abs(X2) + 0.1, 0.0)  # sqrt'(0) and log(0) are infinite
    for ufunc in (np.sqrt, np.log):
        gradient = grad(lambda a: np.sum(_into(ufunc, a, start=1.0, where=MASK)))(x)
        assert onp.all(onp.isfinite(gradient))
        check_grad(lambda a: _weighted(_into(ufunc, a, start=1.0, where=MASK)), x)


def test_ufunc_where_with_two_outputs_and_float32():
    out1, out2 = np.zeros((3, 4)), np.zeros((3, 4))

    def remainder(a):
        first, second = out1.copy(), out2.copy()
        np.divmod(a, 1.5, out=(first, second), where=MASK)
        return _weighted(second)
    check_grad(remainder, X2)
    x32 = X2.astype(onp.float32)
    assert grad(lambda a: np.sum(_into(np.multiply, a, a, where=MASK).astype(onp.float32)))(
        x32).dtype == onp.float32


def test_ufunc_dtype_with_out_on_traced_inputs_casts_first():
    out = np.zeros((3, 4), dtype=np.float32)
    x32 = X2.astype(onp.float32)
    got = grad(lambda a: np.sum(_into(np.add, a, 1.0, dtype=np.float32, where=MASK)))(x32)
    onp.testing.assert_array_equal(got, MASK.astype(onp.float32))
    assert grad(lambda a: np.sum(np.add(a, 1.0, out=out.copy(), dtype=np.float32)))(x32).dtype \
        == onp.float32


def test_ufunc_where_with_out_keeps_the_cast_check():
    with pytest.raises(TypeError, match=r"multiply\(out=\.\.\.\): expected a result that casts"):
        grad(lambda a: np.sum(_into(np.multiply, a, 1j, where=MASK)))(X2)


# ---- ufuncs autograd has no version of -------------------------------------------------------
def test_a_ufunc_without_a_traced_version_is_refused_by_name():
    squared = np.frompyfunc(lambda t: t * t, 1, 1)
    with pytest.raises(TracedValueError, match=r"^ufunc '<lambda> \(vectorized\)' on a traced "
                                               r"value: expected a ufunc minpy_compat can"):
        grad(lambda a: np.sum(squared(a)))(X2)
