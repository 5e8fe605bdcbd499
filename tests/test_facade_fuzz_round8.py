"""Facade fuzz round 8: string comparisons give Arrays on every NumPy, numpy.lib.recfunctions
through the facade, np.polynomial's functional forms differentiable (refused by name
elsewhere), and batched linear algebra on stacked inputs."""
import numpy as onp
import numpy.lib.recfunctions as rfn
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array
from minpy_compat.errors import TracedValueError

rng = onp.random.default_rng(8)


# ---- comparisons of string and bytes arrays ---------------------------------------------
COMPARISONS = [lambda a, s, t: a == s, lambda a, s, t: a != s, lambda a, s, t: a < t,
               lambda a, s, t: a <= s, lambda a, s, t: a > s, lambda a, s, t: a >= t,
               lambda a, s, t: s == a, lambda a, s, t: t > a, lambda a, s, t: a == a[::-1]]


@pytest.mark.parametrize("compare", COMPARISONS)
@pytest.mark.parametrize("first, second", [("a", "b"), (b"a", b"b")])
def test_string_comparisons_give_arrays(compare, first, second):
    """NumPy 1.x compared these outside the ufunc path: a plain ndarray came back."""
    values = [first, second]
    result = compare(np.array(values), first, second)
    assert type(result) is Array
    onp.testing.assert_array_equal(result, compare(onp.array(values), first, second))


def test_numeric_comparisons_are_unchanged():
    """A guard for the comparison operators above: numbers and traced values as before."""
    a = np.array([1.0, 2.0])
    assert type(a == 1.0) is Array and type(a < a) is Array
    assert grad(lambda x: np.sum(np.where(a < x, x, 0.0) ** 2))(np.array([0.0, 3.0])) \
        .tolist() == [0.0, 6.0]


# ---- numpy.lib.recfunctions -------------------------------------------------------------
def test_recfunctions_take_arrays_and_give_numpys_results():
    records = np.zeros(3, dtype=[("x", "f8"), ("y", "f8")])
    assert np.lib is onp.lib  # the facade leaves numpy.lib as NumPy's (documented)
    unstructured = rfn.structured_to_unstructured(records)
    onp.testing.assert_array_equal(unstructured, onp.zeros((3, 2)))
    appended = rfn.append_fields(records, "z", np.ones(3), usemask=False)
    assert appended.dtype.names == ("x", "y", "z")
    assert type(np.asarray(appended)) is Array  # one call gives the facade's type


def test_recfunctions_on_a_traced_value_are_refused():
    def loss(w):
        return np.sum(rfn.structured_to_unstructured(rfn.unstructured_to_structured(w)))
    with pytest.raises(TracedValueError,
                       match=r"numpy\.lib\.recfunctions\.unstructured_to_structured"):
        grad(loss)(np.ones((3, 2)))


# ---- np.polynomial's functional forms ---------------------------------------------------
FAMILIES = [("polynomial", "poly"), ("chebyshev", "cheb"), ("legendre", "leg"),
            ("hermite", "herm"), ("hermite_e", "herme"), ("laguerre", "lag")]
IDS = [prefix for _, prefix in FAMILIES]


def functions(submodule, prefix):
    ours = getattr(np.polynomial, submodule)
    theirs = getattr(onp.polynomial, submodule)
    return (lambda suffix: getattr(ours, prefix + suffix)), \
        (lambda suffix: getattr(theirs, prefix + suffix))


@pytest.mark.parametrize("submodule, prefix", FAMILIES, ids=IDS)
@pytest.mark.parametrize("c_shape, x_shape, tensor", [
    ((1,), (3,), True), ((4,), (), True), ((5,), (2, 3), True), ((3, 2), (4,), True),
    ((3, 4), (4,), False)])
def test_val_is_numpys_and_differentiable_in_c_and_x(submodule, prefix, c_shape, x_shape,
                                                     tensor):
    ours, theirs = functions(submodule, prefix)
    c, x = rng.normal(size=c_shape), rng.uniform(-1, 1, size=x_shape)
    onp.testing.assert_allclose(ours("val")(x, c, tensor), theirs("val")(x, c, tensor),
                                rtol=1e-12, atol=1e-12)
    check_grads(lambda c: ours("val")(x, c, tensor), modes=["rev"], order=1)(c)
    if x_shape:
        check_grads(lambda x: ours("val")(x, c, tensor), modes=["rev"], order=1)(x)
    check_grads(lambda c, x: ours("val")(x, c, tensor), modes=["rev"], order=1)(c, x)


@pytest.mark.parametrize("submodule, prefix", FAMILIES, ids=IDS)
@pytest.mark.parametrize("suffix, points, c_shape", [
    ("val2d", 2, (3, 2)), ("grid2d", 2, (2, 3)), ("val3d", 3, (2, 2, 3)),
    ("grid3d", 3, (2, 1, 2))])
def test_nd_forms_are_numpys_and_differentiable(submodule, prefix, suffix, points, c_shape):
    ours, theirs = functions(submodule, prefix)
    xs = [rng.uniform(-1, 1, size=3) for _ in range(points)]
    c = rng.normal(size=c_shape)
    onp.testing.assert_allclose(ours(suffix)(*xs, c), theirs(suffix)(*xs, c), rtol=1e-12)
    check_grads(lambda c: ours(suffix)(*xs, c), modes=["rev"], order=1)(c)
    check_grads(lambda x: ours(suffix)(x, *xs[1:], c), modes=["rev"], order=1)(xs[0])


@pytest.mark.parametrize("submodule, prefix", FAMILIES, ids=IDS)
@pytest.mark.parametrize("c_shape, m, axis", [((4,), 1, 0), ((5,), 2, 0), ((2,), 3, 0),
                                              ((3, 4), 2, 1), ((1,), 0, 0)])
def test_der_is_numpys_and_differentiable(submodule, prefix, c_shape, m, axis):
    ours, theirs = functions(submodule, prefix)
    c = rng.normal(size=c_shape)
    onp.testing.assert_allclose(ours("der")(c, m, 0.5, axis), theirs("der")(c, m, 0.5, axis),
                                rtol=1e-12, atol=1e-12)
    check_grads(lambda c: ours("der")(c, m, 0.5, axis), modes=["rev"], order=1)(c)


@pytest.mark.parametrize("submodule, prefix", FAMILIES, ids=IDS)
@pytest.mark.parametrize("c_shape, m, k, lbnd, axis", [
    ((3,), 1, [], 0, 0), ((4,), 2, [1.0, -2.0], 0.5, 0), ((3, 2), 1, [0.25], -1, 0),
    ((2, 3), 2, [], 0.5, 1), ((1,), 1, [3.0], 0.5, 0)])
def test_int_is_numpys_and_differentiable(submodule, prefix, c_shape, m, k, lbnd, axis):
    ours, theirs = functions(submodule, prefix)
    c = rng.normal(size=c_shape)
    expected = theirs("int")(c, m, k, lbnd, 2.0, axis)
    onp.testing.assert_allclose(ours("int")(c, m, k, lbnd, 2.0, axis), expected,
                                rtol=1e-12, atol=1e-12)
    check_grads(lambda c: ours("int")(c, m, k, lbnd, 2.0, axis), modes=["rev"], order=1)(c)
    traced = grad(lambda c: np.sum(ours("int")(c, m, k, lbnd, 2.0, axis)))(c)
    assert traced.shape == c.shape


@pytest.mark.parametrize("submodule, prefix", FAMILIES, ids=IDS)
def test_int_of_a_zero_series_keeps_numpys_length(submodule, prefix):
    """NumPy integrates a one-term zero series to one term (no trailing zero)."""
    ours, theirs = functions(submodule, prefix)
    zero, seen = onp.zeros(1), []

    def loss(c):
        integral = ours("int")(c, 2, [1.0, 2.0], 0.5)
        seen.append(integral._value)
        return np.sum(integral)
    assert grad(loss)(zero).shape == (1,)
    onp.testing.assert_allclose(seen[0], theirs("int")(zero, 2, [1.0, 2.0], 0.5))


@pytest.mark.parametrize("submodule, prefix", FAMILIES, ids=IDS)
def test_float32_stays_float32(submodule, prefix):
    ours, _ = functions(submodule, prefix)
    c, x = onp.ones(3, onp.float32), onp.linspace(-1, 1, 4).astype(onp.float32)
    for suffix, call in [("val", lambda f, c: f(x, c)), ("der", lambda f, c: f(c)),
                         ("int", lambda f, c: f(c))]:
        assert call(ours(suffix), c).dtype == onp.float32
        assert grad(lambda c: np.sum(call(ours(suffix), c)))(c).dtype == onp.float32
    assert grad(lambda x: np.sum(ours("val")(x, c)))(x).dtype == onp.float32


def test_untraced_calls_give_arrays():
    P = np.polynomial.polynomial
    assert type(P.polyval(onp.arange(3.0), [1.0, 2.0])) is Array
    assert type(P.polyadd([1.0], [2.0, 3.0])) is Array
    assert type(np.polynomial.chebyshev.chebder([1.0, 2.0, 3.0])) is Array
    assert np.polynomial.Polynomial is onp.polynomial.Polynomial


def test_polynomial_modules_import_as_numpys_do():
    import minpy_compat.numpy.polynomial.chebyshev as chebyshev
    from minpy_compat.numpy.polynomial import legendre
    assert np.polynomial.chebyshev is chebyshev and np.polynomial.legendre is legendre
    c = onp.array([1.0, 2.0])
    assert grad(lambda c: np.sum(chebyshev.chebval(0.5, c)))(c).tolist() == [1.0, 0.5]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(FAMILIES), st.integers(1, 7), st.integers(0, 3), st.integers(0, 3))
def test_val_der_int_match_numpy_on_random_degrees(family, degree, m, x_size):
    submodule, prefix = family
    ours, theirs = functions(submodule, prefix)
    c, x = rng.normal(size=degree), rng.uniform(-1.5, 1.5, size=x_size)
    onp.testing.assert_allclose(grad(lambda c: np.sum(ours("val")(x, c)))(c),
                                theirs("vander")(x, degree - 1).sum(axis=0), rtol=1e-10,
                                atol=1e-10)
    for suffix in ("der", "int"):
        expected = theirs(suffix)(c, m)
        traced = grad(lambda c: np.sum(ours(suffix)(c, m) * onp.arange(1, len(expected) + 1)))
        assert traced(c).shape == c.shape
        onp.testing.assert_allclose(ours(suffix)(c, m), expected, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("call, match", [
    (lambda c: np.polynomial.polynomial.polyadd(c, c),
     r"numpy\.polynomial\.polynomial\.polyadd on a traced value"),
    (lambda c: np.polynomial.chebyshev.chebfit(c, onp.arange(3.0), 1),  # traced y: round 15
     r"numpy\.polynomial chebfit argument 'x': expected a constant"),
    (lambda c: np.polynomial.Polynomial(c)(1.0), r"series class such as Polynomial"),
    (lambda c: onp.polynomial.Chebyshev(c), r"series class such as Polynomial"),
    (lambda c: onp.polynomial.legendre.legval(0.5, c),
     r"numpy\.polynomial\.legendre\.legval \(NumPy's, not the facade's\)"),
    (lambda c: np.polynomial.polynomial.polyder(onp.ones(3), 1, c[0]),
     r"polyder argument 'scl': expected a constant"),
    (lambda c: np.polynomial.hermite.hermint(onp.ones(3), 1, [c[0]]),
     r"hermint argument 'k': expected a constant"),
])
def test_polynomial_refusals_name_the_function(call, match):
    with pytest.raises(TracedValueError, match=match):
        grad(lambda c: np.sum(call(c)))(onp.ones(3))


def test_nd_points_of_different_shapes_are_refused():
    with pytest.raises(ValueError, match=r"polyval2d: expected points of one shape"):
        grad(lambda c: np.sum(np.polynomial.polynomial.polyval2d(
            onp.ones(2), onp.ones(3), c)))(onp.ones((2, 2)))


# ---- batched linear algebra on stacked inputs -------------------------------------------
L, NL = np.linalg, onp.linalg


def _square(batch, n):
    return rng.normal(size=batch + (n, n)) + 3 * onp.eye(n)


def _spd(batch, n):
    a = rng.normal(size=batch + (n, n))
    return a @ onp.swapaxes(a, -1, -2) + n * onp.eye(n)


def _tall(batch, n):
    return rng.normal(size=batch + (n + 1, n))


LINALG = [  # name, function of the module, makers of the inputs
    ("solve_matrix_rhs", lambda M, a, b: M.solve(a, b), (_square, lambda s, n: rng.normal(
        size=s + (n, 2)))),
    ("inv", lambda M, a: M.inv(a), (_square,)),
    ("det", lambda M, a: M.det(a), (_square,)),
    ("slogdet", lambda M, a: M.slogdet(a)[1], (_square,)),
    ("eigh", lambda M, a: M.eigh(a)[0], (_spd,)),
    ("eigh_vectors", lambda M, a: abs(M.eigh(a)[1][..., 0, :]), (_spd,)),
    ("cholesky", lambda M, a: M.cholesky(a), (_spd,)),
    ("qr_r", lambda M, a: M.qr(a)[1], (_tall,)),
    ("svd_values", lambda M, a: M.svd(a, full_matrices=False)[1], (_tall,)),
    ("svd_product", lambda M, a: (lambda u, s, vh: u @ (s[..., None] * vh))(
        *M.svd(a, full_matrices=False)), (_tall,)),
    ("pinv", lambda M, a: M.pinv(a), (_tall,)),
    ("matrix_power_-2", lambda M, a: M.matrix_power(a, -2), (_square,)),
    ("matrix_power_-1", lambda M, a: M.matrix_power(a, -1), (_square,)),
    ("norm_nuc", lambda M, a: M.norm(a, "nuc", axis=(-2, -1)), (_tall,)),
    ("norm_2", lambda M, a: M.norm(a, 2, axis=(-1, -2)), (_tall,)),
    ("norm_-2", lambda M, a: M.norm(a, -2, axis=(-2, -1), keepdims=True), (_tall,)),
    ("norm_1", lambda M, a: M.norm(a, 1, axis=(-2, -1)), (_tall,)),
    ("norm_-inf", lambda M, a: M.norm(a, -onp.inf, axis=(-2, -1)), (_tall,)),
    ("cond", lambda M, a: M.cond(a), (_square,)),
    ("cond_fro", lambda M, a: M.cond(a, "fro"), (_square,)),
    ("cond_-1", lambda M, a: M.cond(a, -1), (_square,)),
]


@pytest.mark.parametrize("name, function, makers", LINALG, ids=[c[0] for c in LINALG])
@pytest.mark.parametrize("batch", [(), (2,), (2, 1)])
def test_batched_linalg_is_numpys_and_differentiable(name, function, makers, batch):
    args = [make(batch, 3) for make in makers]
    onp.testing.assert_allclose(function(L, *[np.array(a) for a in args]),
                                function(NL, *args), rtol=1e-9, atol=1e-12)
    check_grads(lambda *a: function(L, *a), modes=["rev"], order=1)(*args)
    single = [onp.asarray(a, onp.float32) for a in args]
    assert function(L, *single).dtype == onp.float32
    assert grad(lambda a: np.sum(function(L, a, *single[1:])))(single[0]).dtype == onp.float32


@pytest.mark.parametrize("b_shape", [(3,), (2, 3), (4, 3), (2, 3, 1), (1, 3, 2)])
def test_solve_follows_this_numpys_right_hand_side_rule(b_shape):
    """NumPy 2 reads b as a vector only when it is 1-d; NumPy 1.x when b.ndim == a.ndim - 1."""
    a, b = _square((2,), 3), rng.normal(size=b_shape)
    try:
        expected = NL.solve(a, b)
    except ValueError:
        with pytest.raises(ValueError):
            L.solve(np.array(a), b)
        return
    onp.testing.assert_allclose(L.solve(np.array(a), b), expected, rtol=1e-10)
    check_grads(lambda a, b: L.solve(a, b), modes=["rev"], order=1)(a, b)


def test_lstsq_and_tensorsolve_are_differentiable():
    a, b = rng.normal(size=(5, 3)), rng.normal(size=(5, 2))
    check_grads(lambda a, b: L.lstsq(a, b, rcond=None)[0], modes=["rev"], order=1)(a, b)
    t = rng.normal(size=(6, 2, 3)) + 3 * onp.eye(6).reshape(6, 2, 3)
    onp.testing.assert_allclose(L.tensorsolve(np.array(t), onp.ones(6)),
                                NL.tensorsolve(t, onp.ones(6)))
    check_grads(lambda t, b: L.tensorsolve(t, b), modes=["rev"], order=1)(t, onp.ones(6))


@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, onp.inf, "fro"])
def test_cond_of_a_singular_matrix_is_refused_by_name(p):
    """NumPy gives inf; under grad its backward inverted the matrix (LinAlgError)."""
    singular = onp.stack([onp.zeros((2, 2)), onp.eye(2)])
    assert onp.isinf(L.cond(np.array(singular), p)[0])
    with pytest.raises(ValueError, match=r"linalg\.cond argument 0: expected nonsingular"):
        grad(lambda a: np.sum(L.cond(a, p)))(singular)
