"""Round 5 of fuzzing ``minpy_compat.numpy``: ``nextafter``, ``geomspace`` and ``i0``
gradients, complex inputs reduced in a real ``dtype`` (``prod``, ``cumprod``, ``var``,
``std``, ``nanvar``, ``nanstd``), and ``permutation``/``choice``/``shuffle`` of traced data.
Gradients against float64 finite differences, in both environments (NumPy 1.23 and 2.x).
"""
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError, TracedValueError
from minpy_compat.numpy.special_gradients import bessel_i1
from conftest import check_grad

rng = onp.random.RandomState(5)


def _weights(shape):
    return onp.cos(1.3 * onp.arange(int(onp.prod(shape)))).reshape(shape)


# ---- nextafter: g for x1, 0 for x2 --------------------------------------------------------
@pytest.mark.parametrize("shapes", [((), ()), ((3,), ()), ((2, 3), (3,)), ((3,), (2, 3))])
def test_nextafter_passes_g_to_x1_and_none_to_x2(shapes):
    x1, x2 = rng.normal(size=shapes[0]), rng.normal(size=shapes[1]) * 10
    g1, g2 = grad(lambda a, b: np.sum(np.nextafter(a, b) * 2.0), [0, 1])(x1, x2)
    assert onp.shape(g1) == onp.shape(x1) and onp.shape(g2) == onp.shape(x2)
    copies = onp.broadcast(x1, x2).size // onp.size(x1)  # x1's elements each feed this many
    onp.testing.assert_array_equal(g1, onp.full(onp.shape(x1), 2.0 * copies))
    onp.testing.assert_array_equal(g2, onp.zeros(onp.shape(x2)))


def test_nextafter_float32_gradient_stays_float32():
    x = onp.array([1.0, 2.0], onp.float32)
    assert grad(lambda x: np.sum(np.nextafter(x, onp.float32(0))))(x).dtype == onp.float32


# ---- geomspace ----------------------------------------------------------------------------
GEOMSPACE = [
    ("positive", 2.0, 50.0, {}),
    ("negative", -3.0, -0.5, {"num": 4}),
    ("no-endpoint", 0.5, 8.0, {"num": 5, "endpoint": False}),
    ("vector", onp.array([1.0, 2.0]), onp.array([10.0, 0.2]), {"num": 4, "axis": -1}),
    ("mixed-sign-rows", onp.array([1.0, -2.0]), onp.array([3.0, -0.4]), {"num": 3, "axis": 1}),
    ("broadcast", 1.5, onp.array([[4.0], [9.0]]), {"num": 3}),
]


@pytest.mark.parametrize("start, stop, kwargs", [c[1:] for c in GEOMSPACE],
                         ids=[c[0] for c in GEOMSPACE])
def test_geomspace_gradient_matches_finite_differences(start, stop, kwargs):
    weights = _weights(onp.shape(onp.geomspace(start, stop, **kwargs)))
    check_grad(lambda a, b: np.geomspace(a, b, **kwargs) * weights, start, stop, order=2)


def test_geomspace_float32_keeps_its_dtype():
    start = onp.float32(2.0)
    assert grad(lambda s: np.sum(np.geomspace(s, onp.float32(8.0), 3)))(start).dtype == \
        onp.float32


def test_geomspace_refuses_endpoints_of_opposite_signs_by_name():
    with pytest.raises(NoGradientFuncError, match=r"geomspace argument 1: expected endpoints "
                                                  r"of the same sign"):
        with onp.errstate(invalid="ignore"):  # NumPy's own NaNs between the two signs
            grad(lambda a: np.sum(np.nan_to_num(np.geomspace(a, 10.0, 3))))(-1.0)


def test_geomspace_refuses_complex_endpoints_by_name():
    with pytest.raises(NoGradientFuncError, match=r"geomspace argument 0: expected real"):
        grad(lambda a: np.sum(np.abs(np.geomspace(a, 10j, 3))))(1j)


# ---- i0 and i1 ----------------------------------------------------------------------------
# i1 at these points, from scipy.special.i1 (Cephes' Chebyshev expansions)
I1_VALUES = {1e-8: 5.000000000000001e-09, 0.5: 0.25789430539089636, 2.0: 1.5906368546373295,
             10.0: 2670.988303701255, 100.0: 1.0683693903381625e+42,
             500.0: 2.5023034121760998e+215}


def test_i1_matches_reference_values_in_float64_and_is_odd():
    x = onp.array(list(I1_VALUES))
    onp.testing.assert_allclose(bessel_i1(x), list(I1_VALUES.values()), rtol=1e-14)
    onp.testing.assert_array_equal(bessel_i1(-x), -bessel_i1(x))
    assert bessel_i1(0.0) == 0.0


@pytest.mark.parametrize("shape", [(), (4,), (2, 3)])
def test_i0_gradient_matches_finite_differences_to_third_order(shape):
    x = rng.normal(size=shape) * 3
    check_grad(lambda x: np.i0(x) * _weights(shape), x, order=2)
    second = grad(grad(lambda t: np.i0(t)))
    third = grad(grad(grad(lambda t: np.i0(t))))(0.7)
    onp.testing.assert_allclose(third, (second(0.7 + 1e-6) - second(0.7 - 1e-6)) / 2e-6,
                                rtol=1e-7)


def test_i0_gradient_at_large_arguments_and_in_float32():
    x = onp.array([-300.0, 50.0, 700.0])
    got = grad(lambda x: np.sum(np.i0(x)))(x)
    h = 1e-6 * onp.abs(x)
    onp.testing.assert_allclose(got, (onp.i0(x + h) - onp.i0(x - h)) / (2 * h), rtol=1e-6)
    assert grad(lambda x: np.sum(np.i0(x)))(onp.ones(2, onp.float32)).dtype == onp.float32


# ---- complex inputs reduced in a real dtype: NumPy drops the imaginary parts ----------------
Z = onp.array([[1 + 2j, 3 - 1j, -2 + 0.5j], [0.5 - 1j, -1.5 + 0.3j, 2 + 2j]])
REAL_DTYPE = [
    ("prod", lambda z, **k: np.prod(z, **k), {}),
    ("prod-axis", lambda z, **k: np.prod(z, -1, float, keepdims=True), {}),
    ("cumprod", lambda z, **k: np.cumprod(z, **k), {}),
    ("cumprod-axis", lambda z, **k: np.cumprod(z, axis=0, **k), {}),
    ("var", lambda z, **k: np.var(z, **k), {}),
    ("var-axis-ddof", lambda z, **k: np.var(z, axis=1, ddof=1, **k), {}),
    ("std", lambda z, **k: np.std(z, axis=(0, 1), **k), {}),
    ("nanvar", lambda z, **k: np.nanvar(z, axis=0, **k), {}),
    ("nanstd", lambda z, **k: np.nanstd(z, **k), {}),
]


def _complex_numeric_grad(f, z, eps=1e-6):
    """autograd's gradient of a real ``f`` of complex ``z``: df/dx - i df/dy."""
    out = onp.zeros_like(z)
    for i in onp.ndindex(z.shape):
        step = onp.zeros_like(z)
        step[i] = eps
        dx = (f(z + step) - f(z - step)) / (2 * eps)
        dy = (f(z + 1j * step) - f(z - 1j * step)) / (2 * eps)
        out[i] = dx - 1j * dy
    return out


@pytest.mark.parametrize("reduce", [c[1] for c in REAL_DTYPE], ids=[c[0] for c in REAL_DTYPE])
def test_complex_input_with_a_real_dtype_differentiates_what_numpy_computes(reduce):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's ComplexWarning: the point of the test
        weights = _weights(onp.shape(reduce(Z, dtype=float)))
        got = grad(lambda z: np.sum(reduce(z, dtype=float) * weights))(Z)
        expected = _complex_numeric_grad(
            lambda z: float(onp.sum(onp.asarray(reduce(z, dtype=float)) * weights)), Z)
    onp.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)


def test_prod_of_complex_in_a_real_dtype_over_zero_real_parts():
    z = onp.array([1j, 2 + 1j, 3.0 + 0j])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = grad(lambda z: np.prod(z, dtype=float))(z)
    onp.testing.assert_allclose(got, [6.0, 0.0, 0.0])


# ---- permutation, choice, shuffle of traced data ----------------------------------------------
X = onp.arange(1.0, 13.0).reshape(3, 4)
PICKS = [  # (id, pick, makers that have it: RandomState's choice takes 1-d data, no axis)
    ("permutation", lambda r, x: r.permutation(x), ("default_rng", "RandomState")),
    ("permutation-axis", lambda r, x: r.permutation(x, axis=-1), ("default_rng",)),
    ("choice", lambda r, x: r.choice(x, 5), ("default_rng",)),
    ("choice-1d", lambda r, x: r.choice(x[1], 5), ("default_rng", "RandomState")),
    ("choice-no-replace-axis", lambda r, x: r.choice(x, 2, replace=False, axis=1),
     ("default_rng",)),
    ("choice-no-replace-1d", lambda r, x: r.choice(x[2], 3, replace=False),
     ("default_rng", "RandomState")),
    ("choice-p", lambda r, x: r.choice(x[0], (2, 2), p=[0.2, 0.5, 0.1, 0.2]),
     ("default_rng", "RandomState")),
]
PICK_CASES = [(maker, pick) for _, pick, makers in PICKS for maker in makers]


@pytest.mark.parametrize("maker, pick", PICK_CASES,
                         ids=[f"{maker}-{name}" for name, _, makers in PICKS for maker in makers])
def test_picking_traced_data_draws_numpys_values_and_is_differentiable(maker, pick):
    ours, theirs = getattr(np.random, maker), getattr(onp.random, maker)
    onp.testing.assert_array_equal(pick(ours(3), X), pick(theirs(3), X))
    weights = _weights(onp.shape(pick(theirs(3), X)))
    check_grad(lambda x: pick(ours(3), x) ** 2 * weights, X)


def test_shuffle_of_traced_data_shuffles_numpys_way_in_place():
    def shuffled(x, seed=5):
        y = x * 1.0
        np.random.default_rng(seed).shuffle(y)
        return y
    expected = X.copy()
    onp.random.default_rng(5).shuffle(expected)
    onp.testing.assert_array_equal(shuffled(np.array(X)), expected)
    check_grad(lambda x: shuffled(x) ** 2 * _weights(X.shape), X)


def test_module_functions_pick_traced_data_as_the_global_state_does():
    np.random.seed(11)
    got = grad(lambda x: np.sum(np.random.choice(x[0], 3) * onp.arange(3.0)))(X)
    onp.random.seed(11)
    index = onp.random.choice(4, 3)
    expected = onp.zeros_like(X)
    onp.add.at(expected[0], index, onp.arange(3.0))
    onp.testing.assert_array_equal(got, expected)
    np.random.seed(2)
    permuted = grad(lambda x: np.sum(np.random.permutation(x)[0]))(X)
    onp.random.seed(2)
    assert permuted[onp.random.permutation(3)[0]].tolist() == [1.0] * 4


def test_picking_refuses_a_traced_population_size_and_traced_probabilities():
    with pytest.raises(TracedValueError, match=r"Generator\.choice: expected traced data of at "
                                               r"least one dimension"):
        grad(lambda x: np.sum(np.random.default_rng(0).choice(x, 2)))(3.0)
    with pytest.raises(TracedValueError, match=r"random\.choice: expected constant"):
        grad(lambda p: np.sum(np.random.choice(X[0], 2, p=p)))(onp.ones(4) / 4)


def test_a_refused_traced_parameter_names_what_does_take_traced_values():
    # The message listed normal and uniform only, after permutation/choice/shuffle learned to.
    with pytest.raises(TracedValueError, match=r"Generator\.exponential: expected constant "
                                               r"parameters \(normal and uniform take traced "
                                               r"ones, and permutation, choice and shuffle"):
        grad(lambda s: np.sum(np.random.default_rng(0).exponential(s, size=2)))(1.5)
