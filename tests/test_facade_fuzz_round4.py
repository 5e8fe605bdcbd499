"""Round 4 of fuzzing ``minpy_compat.numpy`` against NumPy: random generators, ufunc
reductions, det at singular matrices, polyfit, pad's computed modes, qr(mode='complete')
of tall matrices, and traced keyword arguments. Values and dtypes against NumPy's,
gradients against float64 finite differences, in both environments (NumPy 1.23 and 2.x).
"""
import copy
import pickle
import warnings

import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError, TracedValueError
from minpy_compat.numpy.linalg_decompositions import householder_qr
from minpy_compat.numpy.pad_composites import pad_composite
from conftest import check_grad

rng = onp.random.RandomState(4)
X = rng.rand(3, 4) + 0.5  # positive: power, divide and logs stay defined


def _weights(shape):
    return onp.cos(1.3 * onp.arange(int(onp.prod(shape)))).reshape(shape)


# ---- numpy.random: Generator and RandomState draw Arrays, NumPy's numbers -----------------
GENERATOR_DRAWS = {
    "normal": lambda g: g.normal(size=3),
    "standard_normal-float32": lambda g: g.standard_normal(4, dtype=onp.float32),
    "random": lambda g: g.random((2, 2)),
    "integers": lambda g: g.integers(0, 9, size=5),
    "integers-scalar": lambda g: g.integers(9),
    "choice": lambda g: g.choice(10, size=3, replace=False),
    "permutation": lambda g: g.permutation(6),
    "exponential": lambda g: g.exponential(2.0, size=3),
    "multivariate_normal": lambda g: g.multivariate_normal([0.0, 1.0], onp.eye(2), size=2),
}


@pytest.mark.parametrize("name", sorted(GENERATOR_DRAWS))
def test_generator_draws_are_arrays_equal_to_numpys(name):
    draw = GENERATOR_DRAWS[name]
    ours, theirs = draw(np.random.default_rng(5)), draw(onp.random.default_rng(5))
    assert type(ours) is np.ndarray
    assert ours.dtype == onp.asarray(theirs).dtype
    onp.testing.assert_array_equal(ours, theirs)


def test_random_state_draws_are_arrays_equal_to_numpys():
    ours, theirs = np.random.RandomState(3), onp.random.RandomState(3)
    for call in (lambda r: r.randn(2, 3), lambda r: r.randint(0, 5, 4), lambda r: r.rand(3)):
        got = call(ours)
        assert type(got) is np.ndarray
        onp.testing.assert_array_equal(got, call(theirs))
    assert isinstance(ours, onp.random.RandomState) and isinstance(ours.get_state(), tuple)


def test_generator_is_numpys_and_survives_pickle_and_copy():
    g = np.random.default_rng(7)
    assert isinstance(g, onp.random.Generator) and isinstance(g, np.random.Generator)
    assert np.random.default_rng(g) is g
    g.random(3)
    for twin in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert type(twin) is type(g)
        onp.testing.assert_array_equal(twin.normal(size=4), copy.deepcopy(g).normal(size=4))
        assert type(twin.normal(size=2)) is np.ndarray
    shuffled = np.arange(6.0)
    np.random.default_rng(1).shuffle(shuffled)
    expected = onp.arange(6.0)
    onp.random.default_rng(1).shuffle(expected)
    onp.testing.assert_array_equal(shuffled, expected)


def test_generator_normal_and_uniform_take_traced_parameters():
    def loss(loc, scale):
        return np.sum(np.random.default_rng(2).normal(loc, scale, size=5) * _weights(5))
    z = onp.random.default_rng(2).standard_normal(5)
    g_loc, g_scale = grad(loss, (0, 1))(0.5, 2.0)
    onp.testing.assert_allclose(g_loc, _weights(5).sum())
    onp.testing.assert_allclose(g_scale, (z * _weights(5)).sum())
    onp.testing.assert_allclose(  # the draw itself is NumPy's
        getval(np.random.default_rng(2).normal(np.array([0.5, 1.0]), 2.0)),
        onp.random.default_rng(2).normal([0.5, 1.0], 2.0))
    check_grad(lambda low, high: np.random.RandomState(0).uniform(low, high, size=3),
               onp.array(-1.0), onp.array(2.0))
    check_grad(lambda low: np.random.default_rng(0).uniform(low=low, high=3.0, size=(2, 2)),
               onp.array([0.5, 1.0]))


def test_generator_methods_refuse_other_traced_parameters_by_name():
    with pytest.raises(TracedValueError, match=r"random\.Generator\.exponential: expected "
                                               r"constant parameters"):
        grad(lambda s: np.sum(np.random.default_rng(0).exponential(s, size=3)))(1.0)
    with pytest.raises(TracedValueError, match=r"random\.RandomState\.choice: expected "
                                               r"constant parameters"):  # permutation(x): round 5
        grad(lambda p: np.sum(np.random.RandomState(0).choice(3, 2, p=p)))(onp.ones(3) / 3)


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


# ---- det: adj(a)^T at singular matrices ----------------------------------------------------
def _adjugate_transpose(a):
    n = a.shape[-1]
    return onp.array([[(-1) ** (i + j) * onp.linalg.det(onp.delete(onp.delete(a, i, 0), j, 1))
                       for j in range(n)] for i in range(n)])


SINGULAR = {
    "2x2": onp.array([[1.0, 2.0], [2.0, 4.0]]),
    "rank-2-of-3": onp.arange(1.0, 10.0).reshape(3, 3),
    "rank-1-of-3": onp.outer([1.0, 2.0, 3.0], [1.0, -1.0, 2.0]),
    "zeros": onp.zeros((3, 3)),
}


@pytest.mark.parametrize("name", sorted(SINGULAR))
def test_det_gradient_is_the_adjugate_at_singular_matrices(name):
    a = SINGULAR[name]
    onp.testing.assert_allclose(grad(np.linalg.det)(a), _adjugate_transpose(a), atol=1e-10)
    check_grad(np.linalg.det, a)
    assert grad(np.linalg.det)(a.astype(onp.float32)).dtype == onp.float32


def test_det_second_order_at_a_singular_matrix_and_stacks():
    check_grad(lambda a: np.linalg.det(a) ** 2 + np.linalg.det(a), SINGULAR["rank-2-of-3"],
               order=2)
    stack = onp.stack([SINGULAR["rank-2-of-3"], rng.randn(3, 3)])
    check_grad(lambda a: np.linalg.det(a) * onp.array([1.0, -2.0]), stack)


def test_slogdet_at_a_singular_matrix():
    a = SINGULAR["2x2"]
    onp.testing.assert_array_equal(grad(lambda m: np.linalg.slogdet(m)[0])(a), onp.zeros((2, 2)))
    with pytest.raises(NoGradientFuncError, match=r"linalg\.slogdet argument 0: expected a "
                                                  r"nonsingular matrix .* Use det\(a\)"):
        grad(lambda m: np.linalg.slogdet(m)[1])(a)
    stack = onp.stack([a, onp.array([[2.0, 1.0], [1.0, 3.0]])])  # only the regular one used
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # -inf * 0 in the loss itself
        g = grad(lambda m: np.sum(np.where(onp.array([False, True]),
                                           np.linalg.slogdet(m)[1], 0.0)))(stack)
    onp.testing.assert_allclose(g[1], onp.linalg.inv(stack[1]).T)
    onp.testing.assert_array_equal(g[0], onp.zeros((2, 2)))


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


# ---- qr(mode='complete') of a tall matrix ----------------------------------------------------
@pytest.mark.parametrize("shape", [(3, 2), (5, 3), (4, 1), (2, 4, 2)])
def test_complete_qr_of_tall_matrices(shape):
    a = rng.randn(*shape)
    q, r = onp.linalg.qr(a, mode="complete")
    mine_q, mine_r = householder_qr(a)
    onp.testing.assert_allclose(mine_q, q, atol=1e-12)
    onp.testing.assert_allclose(mine_r, r, atol=1e-12)
    wq, wr = _weights(q.shape), _weights(r.shape)[::-1]

    def loss(x):
        q, r = np.linalg.qr(x, mode="complete")
        return np.sum(q * wq) + np.sum(r * wr)
    check_grad(loss, a)
    assert grad(loss)(a.astype(onp.float32)).dtype == onp.float32


def test_complete_qr_second_order_and_an_already_reduced_column():
    check_grad(lambda x: np.linalg.qr(x, mode="complete")[0] ** 2 * _weights((3, 3)),
               rng.randn(3, 2), order=2)
    reduced = onp.array([[1.0, 2.0], [0.0, 3.0], [0.0, 1.0]])
    # R and Q's first columns alone: the reduced rule
    g = grad(lambda x: np.sum(np.linalg.qr(x, mode="complete")[1]))(reduced)
    onp.testing.assert_allclose(g, grad(lambda x: np.sum(np.linalg.qr(x)[1]))(reduced))
    with pytest.raises(NoGradientFuncError, match=r"linalg\.qr argument 0: expected no column "
                                                  r"zero below the diagonal"):
        grad(lambda x: np.sum(np.linalg.qr(x, mode="complete")[0]))(reduced)
