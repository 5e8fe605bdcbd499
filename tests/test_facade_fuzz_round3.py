"""Round 3 of fuzzing ``minpy_compat.numpy`` against NumPy: forward values and gradients.

Each test pins a difference the fuzz scripts found (values, dtypes, gradients against
finite differences), in both environments (NumPy 1.23 and 2.x).
"""
import warnings

import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from conftest import check_grad

rng = onp.random.RandomState(11)
X = rng.randn(3, 4)
V = onp.array([0.3, 1.7, -2.2, 1.5, 2.5, -0.4])
NUMPY2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"


# ---- a result of integer or boolean dtype passes no gradient ---------------------------------
# Each is a count, a truncation or a truth value of x: piecewise constant, so d/dx is 0,
# even when the result is multiplied by floats afterwards.
INTEGER_RESULTS = {
    "astype-int": lambda a: a.astype(int),
    "astype-int32": lambda a: a.astype(onp.int32),
    "astype-bool": lambda a: a.astype(bool),
    "asarray-dtype": lambda a: np.asarray(a, dtype=int),
    "array-dtype": lambda a: np.array(a, dtype=onp.int16),
    "array-of-list": lambda a: np.array([a[0], a[1]], dtype=int),
    "sum-dtype": lambda a: np.sum(a, axis=0, dtype=int),
    "mean-dtype": lambda a: np.mean(a, axis=-1, dtype=int),
    "prod-dtype": lambda a: np.prod(a + 3.0, axis=0, dtype=onp.int64),
    "cumsum-dtype": lambda a: np.cumsum(a, dtype=onp.int32),
    "cumprod-dtype": lambda a: np.cumprod(a, axis=1, dtype=int),
    "nansum-dtype": lambda a: np.nansum(a, axis=0, dtype=int),
    "var-dtype": lambda a: np.var(a, axis=0, dtype=int),
    "einsum-dtype": lambda a: np.einsum("ij->j", a, dtype=int, casting="unsafe"),
    "ufunc-dtype": lambda a: np.add(a, 0.5, dtype=int, casting="unsafe"),
    "linspace-dtype": lambda a: np.linspace(a[0, 0], a[1, 1] + 5.0, 4, dtype=int),
}
if onp.lib.NumpyVersion(onp.__version__) >= "1.24.0":  # stack's dtype=
    INTEGER_RESULTS["stack-dtype"] = lambda a: np.stack([a, a], dtype=int, casting="unsafe")


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
@pytest.mark.parametrize("name", sorted(INTEGER_RESULTS))
def test_an_integer_result_passes_no_gradient(name, dtype):
    f = INTEGER_RESULTS[name]
    x, kept = X.astype(dtype), {}

    def loss(a):
        kept["value"] = f(a)
        return np.sum(kept["value"] * 1.5)
    g = grad(loss)(x)
    assert g.dtype == dtype and g.shape == x.shape
    onp.testing.assert_array_equal(g, onp.zeros_like(x))
    got, expected = onp.asarray(getval(kept["value"])), onp.asarray(f(x.view(np.ndarray)))
    assert got.dtype == expected.dtype and got.dtype.kind in "biu"  # NumPy's value, traced too
    onp.testing.assert_array_equal(got, expected)


def test_an_integer_factor_is_a_constant_and_a_float_cast_is_not():
    # d/dx (int(x) * x) = int(x): the integer factor is a constant, not x again
    check_grad(lambda a: a.astype(int) * a, V)
    check_grad(lambda a: np.sum(a, axis=0, dtype=int) * a, X)
    check_grad(lambda a: np.sum(a, axis=0, dtype=onp.float64) ** 2, X, order=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the gradient's real part, taken without a warning
        check_grad(lambda a: np.asarray(a, dtype=complex).real ** 2, V)
        check_grad(lambda a: np.abs(a.astype(onp.complex128) * (1 + 2j)), V)
    g = grad(lambda a: np.sum(a.astype(onp.float32) * V))(V)  # a float cast passes g on
    assert g.dtype == onp.float64
    onp.testing.assert_allclose(g, V, rtol=1e-6)
    assert grad(lambda a: np.sum(a.astype(onp.float64) ** 2))(V.astype(onp.float32)).dtype == \
        onp.float32


def test_a_ufunc_keeps_numpys_casting_check_for_an_integer_dtype():
    with pytest.raises(TypeError, match="same_kind"):
        grad(lambda a: np.sum(np.add(a, 1.0, dtype=int)))(V)


# ---- cholesky reads the lower triangle -------------------------------------------------------
def _positive_definite(n, seed):
    b = onp.random.RandomState(seed).randn(n, n)
    return b @ b.T + n * onp.eye(n)


SPD = _positive_definite(3, 1)
NOT_SYMMETRIC = SPD + onp.triu(onp.random.RandomState(2).randn(3, 3), 1)  # upper part unread
WEIGHTS = onp.random.RandomState(3).randn(3, 3)


@pytest.mark.parametrize("a", [SPD, NOT_SYMMETRIC, onp.stack([SPD, NOT_SYMMETRIC.T])],
                         ids=["symmetric", "upper-differs", "stack"])
def test_cholesky_gradient_goes_to_the_lower_triangle(a):
    check_grad(lambda m: np.linalg.cholesky(m) * WEIGHTS, a, order=2)
    g = grad(lambda m: np.sum(np.linalg.cholesky(m) * WEIGHTS))(a)
    assert not onp.any(onp.triu(g, 1))  # NumPy never reads the upper triangle
    g32 = grad(lambda m: np.sum(np.linalg.cholesky(m) * WEIGHTS))(a.astype(onp.float32))
    assert g32.dtype == onp.float32
    onp.testing.assert_allclose(g32, g, rtol=1e-3, atol=1e-4)


def _complex_finite_differences(f, z, eps=1e-6):
    """autograd's convention for a real loss of complex z: df/dx - i df/dy."""
    out = onp.zeros_like(z)
    for i in onp.ndindex(z.shape):
        for step, unit in ((1.0, 1.0), (-1.0j, 1.0j)):
            moved_up, moved_down = z.copy(), z.copy()
            moved_up[i] += eps * unit
            moved_down[i] -= eps * unit
            out[i] += step * (f(moved_up) - f(moved_down)) / (2 * eps)
    return out


def test_complex_cholesky_gradient_matches_finite_differences():
    b = onp.random.RandomState(4).randn(3, 3) + 1j * onp.random.RandomState(5).randn(3, 3)
    h = b @ b.conj().T + 3 * onp.eye(3) + onp.triu(onp.ones((3, 3)) * (0.5 - 0.2j), 1)
    w = WEIGHTS + 1j * WEIGHTS.T

    def loss(module):
        return lambda m: module.sum(module.real(module.linalg.cholesky(m) * w))
    onp.testing.assert_allclose(grad(loss(np))(h), _complex_finite_differences(loss(onp), h),
                                rtol=1e-5, atol=1e-6)


@pytest.mark.skipif(not NUMPY2, reason="cholesky(upper=True) is NumPy 2 only")
def test_cholesky_upper_reads_the_upper_triangle():
    check_grad(lambda m: np.linalg.cholesky(m, upper=True) * WEIGHTS, NOT_SYMMETRIC.T, order=2)


# ---- piecewise: a value kept from inside grad keeps its numbers ------------------------------
PIECEWISE = [
    lambda m, a: m.piecewise(a, [a > 0], [lambda t: t * 2, 1]),
    lambda m, a: m.piecewise(a, [a > 0, a < -1], [lambda t: t ** 2, 1.5, lambda t: -t]),
    lambda m, a: m.piecewise(a, a > 0, [lambda t: t * 3]),
    lambda m, a: m.piecewise(a[0], a[0] > 0, [lambda t: t * 2, 1.0]),
    lambda m, a: m.piecewise(a, [True, False, True, False, True, True], [lambda t: t * 2, 3]),
    lambda m, a: m.piecewise(a, [a > 0], [lambda t, k: t * k, 0.5], 4.0),
]


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
@pytest.mark.parametrize("case", range(len(PIECEWISE)))
def test_piecewise_value_outlives_the_trace(case, dtype):
    f, x = PIECEWISE[case], V.astype(dtype)
    kept = {}

    def loss(a):
        kept["value"] = f(np, a)
        return np.sum(kept["value"])
    assert grad(loss)(x).dtype == dtype
    got, expected = onp.asarray(getval(kept["value"])), f(onp, x)
    assert got.dtype == expected.dtype
    onp.testing.assert_array_equal(got, expected)
    if dtype == onp.float64:
        check_grad(lambda a: f(np, a), x, order=2)


def test_piecewise_wrong_number_of_functions_raises_numpys_error():
    with pytest.raises(ValueError, match="with 1 condition"):
        grad(lambda a: np.sum(np.piecewise(a, [a > 0], [1, 2, 3])))(V)


# ---- solve: gradients summed back over the broadcast stack -----------------------------------
_rs = onp.random.RandomState(6)
SOLVE_CASES = {
    "a-2d-b-stack": (_rs.randn(3, 3) + 3 * onp.eye(3), _rs.randn(2, 3, 4)),
    "a-stack-of-1": (_rs.randn(1, 3, 3) + 3 * onp.eye(3), _rs.randn(4, 3, 2)),
    "a-4d-b-4d": (_rs.randn(2, 1, 3, 3) + 3 * onp.eye(3), _rs.randn(1, 5, 3, 2)),
}
if NUMPY2:  # a 1-D b is a vector for every matrix of the stack
    SOLVE_CASES["a-stack-b-1d"] = (_rs.randn(2, 3, 3) + 3 * onp.eye(3), _rs.randn(3))
else:  # NumPy 1 reads a b with one axis fewer than a as a stack of vectors
    SOLVE_CASES["a-stack-b-vectors"] = (_rs.randn(1, 3, 3) + 3 * onp.eye(3), _rs.randn(4, 3))


@pytest.mark.parametrize("name", sorted(SOLVE_CASES))
def test_solve_gradient_over_broadcast_stacks(name):
    a, b = SOLVE_CASES[name]
    onp.linalg.solve(a, b)  # a call NumPy accepts
    check_grad(lambda m, v: np.linalg.solve(m, v) * onp.cos(onp.arange(
        onp.linalg.solve(a, b).size)).reshape(onp.linalg.solve(a, b).shape), a, b, order=2)
    ga, gb = grad(lambda m, v: np.sum(np.linalg.solve(m, v)), [0, 1])(
        a.astype(onp.float32), b.astype(onp.float32))
    assert ga.dtype == gb.dtype == onp.float32 and ga.shape == a.shape and gb.shape == b.shape


# ---- cross: broadcast vectors get gradients of their own shape -------------------------------
CROSS_CASES = [
    ((3,), (4, 3), {}),
    ((2, 1, 3), (4, 3), {}),
    ((3, 4), (1, 3), {"axisa": 0}),
    ((4, 1, 3), (3, 5), {"axisb": 0, "axisc": 0}),
    ((5, 2), (3,), {}),  # a 2-vector's z is 0
]


@pytest.mark.parametrize("shapes", range(len(CROSS_CASES)))
def test_cross_gradient_over_broadcast_vectors(shapes):
    from minpy_compat.numpy.linalg_products import numpy_cross_composite
    shape_a, shape_b, kwargs = CROSS_CASES[shapes]
    a, b = onp.random.RandomState(7).randn(*shape_a), onp.random.RandomState(8).randn(*shape_b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # NumPy 2 on 2-vectors
        expected = onp.cross(a, b, **kwargs)
        onp.testing.assert_array_equal(numpy_cross_composite(a, b, **kwargs), expected)
        weights = onp.cos(onp.arange(expected.size)).reshape(expected.shape)
        check_grad(lambda x, y: np.cross(x, y, **kwargs) * weights, a, b, order=2)
        ga, gb = grad(lambda x, y: np.sum(np.cross(x, y, **kwargs)), [0, 1])(
            a.astype(onp.float32), b.astype(onp.float32))
    assert ga.dtype == gb.dtype == onp.float32 and ga.shape == a.shape and gb.shape == b.shape


# ---- full_like: a traced fill value keeps its gradient ---------------------------------------
@pytest.mark.parametrize("fill", [onp.array(1.5), V[:4]], ids=["scalar", "row"])
def test_full_like_fill_value_gradient(fill):
    check_grad(lambda q: np.full_like(X, q) * X, fill, order=2)
    check_grad(lambda q: np.full_like(X, fill_value=q, shape=(2, 3, 4)) * 2.0, fill)
    g32 = grad(lambda q: np.sum(np.full_like(X.astype(onp.float32), q)))(fill)
    assert g32.dtype == onp.float64  # the fill value's own dtype
    kept = {}

    def loss(q):
        kept["value"] = np.full_like(X.astype(onp.float32), q)
        return np.sum(kept["value"])
    assert grad(loss)(fill.astype(onp.float32)).dtype == onp.float32
    expected = onp.full_like(X.astype(onp.float32), fill)
    assert getval(kept["value"]).dtype == expected.dtype
    onp.testing.assert_array_equal(getval(kept["value"]), expected)
    # an integer result is a constant
    assert not onp.any(grad(lambda q: np.sum(np.full_like(X.astype(int), q) * 1.0))(fill))


# ---- traced arrays passed by keyword ---------------------------------------------------------
SQUARE = onp.random.RandomState(9).randn(3, 3) + 3 * onp.eye(3)
BY_KEYWORD = {
    "take": (lambda a: np.take(a=a, indices=[0, 2, 2]), V),
    "sort": (lambda a: np.sort(a=a), V),
    "cumsum": (lambda a: np.cumsum(a=a, axis=0), X),
    "median": (lambda a: np.median(a=a, axis=1), X),
    "average": (lambda a: np.average(a=a, weights=onp.arange(1.0, 5.0), axis=1), X),
    "percentile": (lambda a: np.percentile(a=a, q=30), V),
    "roll": (lambda a: np.roll(a=a, shift=2), V),
    "pad": (lambda a: np.pad(array=a, pad_width=1, mode="reflect"), V),
    "trace": (lambda a: np.trace(a=a, offset=1), X),
    "tensordot": (lambda b: np.tensordot(X, b=b, axes=1), X.T),
    "kron": (lambda b: np.kron(V[:2], b=b), V[:3]),
    "cross": (lambda b: np.cross(V[:3], b=b), V[3:]),
    "linalg.inv": (lambda a: np.linalg.inv(a=a), SQUARE),
    "linalg.det": (lambda a: np.linalg.det(a=a), SQUARE),
    "fft.rfft": (lambda a: np.real(np.fft.rfft(a=a)), V),
    "round": (lambda a: np.round(a=a, decimals=1) + a, V),
    "gradient": (lambda a: np.gradient(f=a), V),
    "swapaxes": (lambda a: np.swapaxes(a, axis1=0, axis2=1) * onp.arange(12.0).reshape(4, 3), X),
    "swapaxes-a": (lambda a: np.swapaxes(a=a, axis1=1, axis2=0) * onp.arange(12.0).reshape(4, 3),
                   X),
    "real": (lambda a: np.real(val=a) ** 2, V),
}


@pytest.mark.parametrize("name", sorted(BY_KEYWORD))
def test_a_traced_array_passed_by_keyword_is_differentiated(name):
    f, x = BY_KEYWORD[name]
    check_grad(f, x)
    assert grad(lambda a: np.sum(f(a)))(x.astype(onp.float32)).dtype == onp.float32


def test_a_write_into_a_keyword_view_reaches_the_array():
    def f(a):
        view = np.swapaxes(a, axis1=0, axis2=1)
        view[0] = 2.0 * view[1]
        return a * onp.arange(12.0).reshape(3, 4)
    check_grad(f, X)
