"""Gradients of NumPy functions that autograd has none for (minpy_compat/numpy/
derived_gradients.py's rules, registered by shape_, arithmetic_, calculus_, fft_ and
reduction_gradients.py): finite differences to second order, composites equal to NumPy,
float32 kept, and the refusals."""
import itertools

import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError
from minpy_compat.numpy import (arithmetic_gradients, calculus_gradients, derived_gradients,
                                fft_gradients, reduction_gradients, shape_gradients)

from conftest import check_grad

RNG = onp.random.RandomState(7)
V = RNG.randn(5)
M = RNG.randn(3, 4)
W = RNG.randn(2, 3, 4)
POS = onp.abs(M) + 0.5
ZEROS = onp.array([[1.5, 0.0, -0.7, 2.0], [0.0, 0.0, 1.2, -0.4]])  # one and two zeros a row
POINTS = onp.array([-0.5, 0.3, 1.2, 1.7, 2.6, 3.5])  # below, inside (off the knots), above
GRID = onp.array([0.0, 1.0, 2.0, 3.0])
NONFINITE = onp.where(M > 0.55, onp.inf, onp.where(M < -1.0, -onp.inf, M))
NONFINITE[1, 1] = onp.nan

# (name, args, kwargs, differentiated argnums); names are attributes of minpy_compat.numpy.
CASES = [
    # index-moving
    ("take", (M, [0, 2, 2, 5]), {}, [0]),
    ("take", (M, onp.array([[0, 3], [1, 1]])), {"axis": 1}, [0]),
    ("take", (V, [-1, 7, 7]), {"mode": "wrap"}, [0]),
    ("take", (V, [-1, 7]), {"mode": "clip"}, [0]),
    ("take_along_axis", (M, onp.argsort(M, axis=1)[:, :2]), {"axis": 1}, [0]),
    ("resize", (V, (3, 4)), {}, [0]),
    ("diagflat", (V[:3],), {"k": 1}, [0]),
    ("matrix_transpose", (W,), {}, [0]),
    ("delete", (M, [0, 2]), {"axis": 1}, [0]),
    ("delete", (V, 1), {}, [0]),
    ("insert", (V, 2, 7.5), {}, [0, 2]),
    ("insert", (M, [1, 1], V[:2]), {"axis": 1}, [0, 2]),
    ("insert", (M, 1, V[:3]), {"axis": 1}, [0, 2]),
    ("append", (M, M[:1]), {"axis": 0}, [0, 1]),
    ("append", (V, M), {}, [0, 1]),
    ("compress", ([True, False, True], M), {"axis": 0}, [1]),
    ("extract", (M > 0, M), {}, [1]),
    ("linalg.matrix_transpose", (W,), {}, [0]),
    ("linalg.diagonal", (W,), {"offset": 1}, [0]),
    ("flip", (W,), {"axis": (0, 2)}, [0]),
    ("flip", (M,), {}, [0]),
    ("pad", (M, ((1, 0), (2, 1))), {}, [0]),
    ("pad", (M, (1, 2)), {"mode": "constant", "constant_values": 9.0}, [0]),
    ("pad", (M, 2), {"mode": "reflect"}, [0]),
    ("pad", (M, ((1, 2), (0, 3))), {"mode": "symmetric"}, [0]),
    ("pad", (V, 3), {"mode": "wrap"}, [0]),
    ("pad", (M, 1, "edge"), {}, [0]),
    ("sort", (W,), {"axis": 1}, [0]),
    ("sort", (M,), {"axis": None}, [0]),
    ("sort", (V,), {}, [0]),
    ("msort", (M,), {}, [0]),
    ("partition", (M, 2), {"axis": 1}, [0]),
    ("broadcast_to", (V[:4], (3, 4)), {}, [0]),
    ("broadcast_to", (M[:1], (2, 3, 4)), {}, [0]),
    ("broadcast_to", (2.5, (3,)), {}, [0]),
    ("full_like", (M, V[:4]), {}, [1]),
    ("full_like", (M, 2.5), {"shape": (2, 3)}, [1]),
    ("where", (M > 0, 2.5, M), {}, [1, 2]),
    ("where", (M > 0, V[:4], M[:1]), {}, [1, 2]),
    ("broadcast_arrays", (V[:4], M), {}, [0, 1]),
    ("meshgrid", (V[:3], V[:2]), {}, [0, 1]),
    ("meshgrid", (V[:3], V[:2], V[:4]), {"indexing": "ij"}, [0, 1, 2]),
    ("meshgrid", (V[:3], V[:2]), {"sparse": True}, [0, 1]),
    # products, sums and differences
    ("cumsum", (W,), {"axis": -2}, [0]),
    ("cumsum", (M,), {"dtype": onp.float64}, [0]),
    ("cumprod", (M,), {"axis": 1}, [0]),
    ("cumprod", (M,), {}, [0]),
    ("cumprod", (ZEROS,), {"axis": 1}, [0]),
    ("cumprod", (ZEROS,), {"axis": 0}, [0]),
    ("cumproduct", (M,), {"axis": 0}, [0]),
    ("convolve", (V, V[:3]), {}, [0, 1]),
    ("convolve", (V[:2], V), {"mode": "same"}, [0, 1]),
    ("convolve", (V, V[:4]), {"mode": "same"}, [0, 1]),
    ("convolve", (V[:3], V), {"mode": "valid"}, [0, 1]),
    ("correlate", (V, V[:3]), {}, [0, 1]),
    ("correlate", (V[:2], V), {"mode": "same"}, [0, 1]),
    ("correlate", (V[:4], V), {"mode": "same"}, [0, 1]),
    ("correlate", (V, V[:2]), {"mode": "full"}, [0, 1]),
    ("vdot", (M, 2 * M + 1), {}, [0, 1]),
    ("trapezoid", (M,), {}, [0]),
    ("trapezoid", (M, onp.cumsum(POS[0])), {}, [0, 1]),
    ("trapezoid", (M, onp.cumsum(POS, axis=0)), {"axis": 0}, [0, 1]),
    ("trapz", (M,), {"dx": 0.5, "axis": 0}, [0]),
    ("trapz", (M, onp.cumsum(POS[0])), {}, [0, 1]),
    ("ediff1d", (M,), {"to_begin": [1.0], "to_end": [2.0, 3.0]}, [0]),
    ("ediff1d", (V,), {}, [0]),
    ("cumulative_sum", (M,), {"axis": 1, "include_initial": True}, [0]),
    ("cumulative_prod", (V,), {}, [0]),
    ("vander", (V[:3],), {"N": 4}, [0]),
    ("vander", (V[:3],), {"increasing": True}, [0]),
    # polynomials
    ("polyval", (V[:3], M), {}, [0, 1]),
    ("polyadd", (V[:2], V), {}, [0, 1]),
    ("polysub", (V, V[:3]), {}, [0, 1]),
    ("polymul", (V[:3], V), {}, [0, 1]),
    ("polyder", (V,), {"m": 2}, [0]),
    ("polyint", (V[:3],), {"m": 2, "k": [1.0, 2.0]}, [0]),
    # interpolation
    ("interp", (POINTS, GRID, V[:4]), {}, [0, 1, 2]),
    ("interp", (POINTS, list(GRID), list(V[:4])), {}, [0]),  # lists for xp and fp
    ("interp", (POINTS, GRID, V[:4]), {"left": -1.0, "right": 4.0}, [0, 2]),
    ("interp", (1.3, GRID, V[:4]), {}, [0, 2]),
    # elementwise ufuncs
    ("cbrt", (POS,), {}, [0]),
    ("positive", (M,), {}, [0]),
    ("fmod", (3 * M, V[:4] + 2.5), {}, [0, 1]),
    ("copysign", (M, -V[:4]), {}, [0, 1]),
    ("arctan2", (M, V[:4] + 2.0), {}, [0, 1]),
    ("arctan2", (ZEROS != 0, POS[:2]), {}, [1]),  # a bool first operand
    ("heaviside", (POS, 0.5), {}, [0, 1]),
    ("heaviside", (ZEROS, 0.5), {}, [1]),
    ("ldexp", (M, onp.array([1, 2, -1, 0])), {}, [0]),
    ("float_power", (POS, 2.5), {}, [0]),
    ("float_power", (POS, M), {}, [0, 1]),
    ("modf", (3 * M,), {}, [0]),
    ("divmod", (3 * M, 1.7), {}, [0, 1]),
    ("frexp", (M,), {}, [0]),
    ("sinc", (M,), {}, [0]),
    ("sinc", (onp.array([0.0, 0.5, -1.5]),), {}, [0]),  # autograd's rule: NaN at 0
    # reductions: where= masks, prod over zeros, diagonals
    ("sum", (M,), {"where": M > 0}, [0]),
    ("sum", (W,), {"axis": (0, 2), "where": W[0] > -0.5, "initial": 1.5}, [0]),
    ("mean", (M,), {"axis": 1, "where": M > -0.5, "keepdims": True}, [0]),
    ("prod", (M,), {"where": M > 0}, [0]),
    ("prod", (ZEROS,), {}, [0]),
    ("prod", (ZEROS,), {"axis": 1, "keepdims": True}, [0]),
    ("prod", (ZEROS,), {"axis": 0, "initial": 2.0}, [0]),
    ("prod", (W,), {"axis": (0, 2)}, [0]),
    ("max", (M,), {"axis": 0, "where": M < 0.8, "initial": -5.0}, [0]),
    ("amax", (M,), {"where": M < 0.8, "initial": -5.0}, [0]),
    ("min", (M,), {"axis": 1, "where": M > -0.8, "initial": 5.0}, [0]),
    ("amin", (M,), {"where": M > -0.8, "initial": 5.0}, [0]),
    ("max", (M,), {"axis": 1, "initial": 0.58}, [0]),  # initial wins in the last row
    ("amax", (W,), {"axis": (0, 2), "keepdims": True, "initial": 0.9}, [0]),
    ("min", (M,), {"axis": 0, "initial": -0.5, "where": M < 0.55}, [0]),
    ("amin", (M,), {"initial": -2.0}, [0]),
    ("var", (M,), {"axis": 1, "where": M > -0.9, "ddof": 1}, [0]),
    ("std", (M,), {"where": M > -0.9}, [0]),
    ("diagonal", (M,), {"offset": 1}, [0]),
    ("diagonal", (W,), {"offset": -1, "axis1": 2, "axis2": 1}, [0]),
    ("diag", (M,), {"k": -1}, [0]),
    ("diag", (V[:3],), {"k": 2}, [0]),
    ("tril", (V[:3],), {"k": -1}, [0]),  # a 1-D row repeated down a square
    ("triu", (W,), {"k": 1}, [0]),
    # fft
    ("fft.hfft", (V,), {}, [0]),
    ("fft.hfft", (V,), {"n": 6, "norm": "ortho"}, [0]),
    ("fft.ihfft", (V,), {}, [0]),
    ("fft.ihfft", (V,), {"n": 4, "norm": "forward"}, [0]),
    ("fft.rfft", (V,), {}, [0]),  # odd lengths: autograd has no rule, the composite runs
    ("fft.rfft", (M,), {"n": 6, "axis": 0, "norm": "ortho"}, [0]),  # even: autograd's rule
    ("fft.irfft", (V,), {}, [0]),
    ("fft.irfft", (M,), {"n": 5, "norm": "forward"}, [0]),
    ("fft.rfft2", (M[:, :3],), {}, [0]),
    ("fft.rfftn", (W,), {"s": (2, 3, 5), "axes": (0, 1, 2)}, [0]),
    ("fft.irfft2", (M,), {"s": (3, 5)}, [0]),
    ("fft.irfftn", (W,), {"s": (2, 3, 7), "axes": (0, 1, 2)}, [0]),
    # fft: n or s padding and cropping, and every norm (autograd's rule fits none of them)
    ("fft.rfft", (V[:4],), {"n": 6}, [0]),
    ("fft.rfft", (M,), {"n": 3, "norm": "forward"}, [0]),
    ("fft.rfft", (M,), {"norm": "forward"}, [0]),
    ("fft.rfft", (M,), {"n": 2, "axis": 0, "norm": "backward"}, [0]),
    ("fft.irfft", (M,), {"norm": "forward"}, [0]),
    ("fft.irfft", (V,), {"n": 5, "norm": "ortho"}, [0]),
    ("fft.irfft", (M,), {"n": 8, "axis": 0, "norm": "backward"}, [0]),
    ("fft.rfft2", (M,), {"norm": "forward"}, [0]),
    ("fft.rfft2", (M,), {"s": (2, 6)}, [0]),
    ("fft.rfftn", (W,), {"norm": "forward"}, [0]),
    ("fft.rfftn", (W,), {"s": (3, 2), "axes": (2, 0), "norm": "ortho"}, [0]),
    ("fft.irfft2", (M,), {"norm": "forward"}, [0]),
    ("fft.irfft2", (M,), {"s": (4, 4), "norm": "ortho"}, [0]),
    ("fft.irfftn", (W,), {"norm": "forward"}, [0]),
    ("fft.irfftn", (W,), {"s": (4, 5), "axes": (0, 2), "norm": "backward"}, [0]),
    ("fft.hfft", (V,), {"n": 9, "norm": "forward"}, [0]),
    ("fft.hfft", (M,), {"n": 4, "axis": 0, "norm": "backward"}, [0]),
    ("fft.ihfft", (M,), {"n": 6, "norm": "ortho"}, [0]),
    ("fft.ihfft", (V,), {"n": 3, "norm": "backward"}, [0]),
    # autograd's rules, which missed some of NumPy's arguments
    ("tile", (M, 2), {}, [0]),
    ("tile", (M, (2, 1, 3)), {}, [0]),
    ("tile", (W, (2, 3)), {}, [0]),
    ("tile", (M, (0, 2)), {}, [0]),
    ("repeat", (M, [1, 0, 2, 1]), {"axis": 1}, [0]),
    ("repeat", (M, 2), {"axis": -1}, [0]),
    ("repeat", (W, 3), {}, [0]),
    ("roll", (M, (1, 2)), {"axis": (0, 1)}, [0]),
    ("roll", (M, (1, 2)), {}, [0]),
    ("roll", (W, -1), {"axis": 2}, [0]),
    ("rot90", (M, 1), {"axes": (1, 0)}, [0]),
    ("transpose", (W, (0, -1, 1)), {}, [0]),  # negative axes mixed with positive ones
    ("transpose", (W, (-1, 0, -2)), {}, [0]),
    ("transpose", (W,), {}, [0]),
    ("rollaxis", (W, -1), {}, [0]),
    ("rollaxis", (W, 2, 1), {}, [0]),
    ("rot90", (W, 3), {"axes": (0, 2)}, [0]),
    ("rot90", (M, -2), {}, [0]),
    ("concatenate", ([M, 2 * M],), {"axis": None}, [0]),  # the list is traced as one array
    ("concatenate", ([M, 2 * M],), {"axis": 1}, [0]),
    ("stack", ([M, 2 * M],), {"axis": -1}, [0]),
    ("hstack", ([M, 2 * M],), {}, [0]),
    ("vstack", ([M, 2 * M],), {}, [0]),
    ("column_stack", ([M[0], 2 * M[1]],), {}, [0]),
    ("outer", (M[:2, :3], V[:4]), {}, [0, 1]),
    ("outer", (M, W[0, :2]), {}, [0, 1]),
    ("clip", (M, -0.5, 0.5), {}, [0]),
    ("clip", (M, None, 0.3), {}, [0]),
    ("clip", (M, V[:4] - 0.5, onp.array([[0.8], [0.3], [0.5]])), {}, [0, 1, 2]),  # crossing
    ("nan_to_num", (NONFINITE,), {"posinf": 9.0, "neginf": -9.0}, [0]),  # nan: 0 by default
    ("nan_to_num", (NONFINITE,), {"nan": 0.5, "posinf": 9.0, "neginf": -9.0}, [0]),
    ("diff", (M,), {"prepend": 0.5, "append": M[:, :2]}, [0]),
    ("diff", (M, 2, 0), {"prepend": M[:1]}, [0]),
    ("diff", (W,), {"axis": 1}, [0]),
    ("gradient", (M,), {}, [0]),
    ("gradient", (V,), {"edge_order": 2}, [0]),
    ("gradient", (M, 0.5, onp.cumsum(POS[0])), {"edge_order": 2}, [0, 1, 2]),
    ("gradient", (M, onp.cumsum(POS[:, 0])), {"axis": 0}, [0, 1]),
    ("gradient", (W, 2.0), {"axis": (2, 1), "edge_order": 2}, [0, 1]),
    ("gradient", (W,), {"axis": -3}, [0]),
    ("gradient", (M, [0.0, 1.0, 3.0]), {"axis": 0}, [0]),  # coordinates as a list
    ("unwrap", (V * 3.0,), {}, [0]),
    ("unwrap", (M * 4.0,), {"axis": 0, "discont": 3.0}, [0]),
    # more shapes
    ("unstack", (W,), {"axis": 1}, [0]),
    ("trace", (W,), {"offset": 1, "axis1": 1, "axis2": 2}, [0]),
    ("trace", (M,), {}, [0]),
    # unique, on distinct values (a sort; duplicates are tested below)
    ("unique", (V,), {}, [0]),
    ("unique", (M,), {"return_index": True, "return_inverse": True, "return_counts": True}, [0]),
    ("unique", (M,), {"axis": 0, "return_counts": True}, [0]),
    ("unique", (W,), {"axis": -1, "return_inverse": True}, [0]),
    ("unique_values", (M,), {}, [0]),
    ("unique_counts", (V,), {}, [0]),
    ("unique_inverse", (M,), {}, [0]),
    ("unique_all", (W,), {}, [0]),
]


def _function(name):
    target = np
    for part in name.split("."):
        target = getattr(target, part, None)
        if target is None:
            pytest.skip(f"numpy {onp.__version__} has no {name}")
    return target


def _weights(shape, salt):
    count = int(onp.prod(shape, dtype=int))
    return onp.cos(onp.arange(count) * 1.3 + salt).reshape(shape) + 1.5


def weighted_total(out):
    """A real number that depends on every float output element with its own weight, so a
    gradient sent to the wrong element cannot hide in a plain sum."""
    if isinstance(getval(out), (tuple, list)):  # traced, a tuple output is one box
        parts = [out[i] for i in range(len(getval(out)))]
    else:
        parts = [out]
    total = 0.0
    for salt, part in enumerate(parts):
        if onp.asarray(getval(part)).dtype.kind not in "fc":
            continue
        weights = _weights(onp.shape(part), salt)
        total = total + np.sum(np.real(part) * weights) + np.sum(np.imag(part) * onp.flip(weights))
    return total


def _differentiated(name, args, kwargs, argnums):
    fun = _function(name)

    def f(*values):
        full = list(args)
        for argnum, value in zip(argnums, values):
            full[argnum] = value
        return weighted_total(fun(*full, **kwargs))
    return f, [onp.asarray(args[i], dtype=float) if onp.ndim(args[i]) else float(args[i])
               for i in argnums]


def _case_id(case):
    name, args, kwargs, _ = case
    return f"{name}-{len(args)}-{'-'.join(f'{k}={v}' for k, v in kwargs.items())}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_gradient_matches_finite_differences_to_second_order(case):
    name, args, kwargs, argnums = case
    f, values = _differentiated(name, args, kwargs, argnums)
    check_grad(f, *values, order=2, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in derived_gradients.COMPOSITES],
                         ids=[_case_id(c) for c in CASES if c[0] in derived_gradients.COMPOSITES])
def test_composite_equals_numpy(case):
    """The gradient is the composite's, so the composite must compute NumPy's value."""
    name, args, kwargs, _ = case
    raw = _function(name).__wrapped__
    expected, got = raw(*args, **kwargs), derived_gradients.COMPOSITES[name](*args, **kwargs)
    if isinstance(expected, (tuple, list)):
        assert len(got) == len(expected)
        for e, g in zip(expected, got):
            onp.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)
    else:
        onp.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


def _exists(name):
    target = np
    for part in name.split("."):
        target = getattr(target, part, None)
    return target is not None


# The names the derived rules registered (statistics_ and linalg_gradients.py add more).
OWN = {name for module in (shape_gradients, arithmetic_gradients, calculus_gradients,
                           fft_gradients, reduction_gradients) for name in module.REGISTERED}


def test_every_registered_function_has_a_case_and_every_case_was_registered():
    names = {c[0] for c in CASES}
    assert OWN <= names, sorted(OWN - names)
    present = {name for name in names if _exists(name)} - {"append"}  # autograd's, via concatenate
    assert present <= OWN, sorted(present - OWN)


# float_power computes in float64 by definition; the others take only Python floats here.
FLOAT32 = [c for c in CASES if c[0] != "float_power" and
           any(onp.ndim(c[1][i]) for i in c[3])]


@pytest.mark.parametrize("case", FLOAT32, ids=[_case_id(c) for c in FLOAT32])
def test_float32_in_float32_gradient_out(case):
    name, args, kwargs, argnums = case
    f, values = _differentiated(name, args, kwargs, argnums)
    values = [v.astype(onp.float32) if isinstance(v, onp.ndarray) else v for v in values]
    array_argnums = [i for i, v in enumerate(values) if isinstance(v, onp.ndarray)]
    grads = grad(f, array_argnums)(*values)
    for g in grads if isinstance(grads, list) else [grads]:
        assert g.dtype == onp.float32, (name, g.dtype)


# ---- what stays refused, and says so -------------------------------------------------------
@pytest.mark.parametrize("mode, kwargs, match", [
    (lambda vector, width, axis, options: None, {},
     r"pad argument 0: expected a mode NumPy names .* got mode=<function"),
])
def test_pad_refuses_modes_that_compute_values(mode, kwargs, match):
    with pytest.raises(NoGradientFuncError, match=match):
        grad(lambda x: np.sum(np.pad(x, 1, mode=mode, **kwargs)))(M)


def test_interp_refuses_periods():
    with pytest.raises(NoGradientFuncError, match=r"interp argument 0: expected period=None"):
        grad(lambda x: np.sum(np.interp(x, GRID, V[:4], period=4.0)))(POINTS)


def test_where_gradient_of_a_broadcast_scalar_is_a_scalar():
    """autograd's rule gives a scalar argument a gradient of the output's shape."""
    picked = onp.array([True, False, True])
    g = grad(lambda s: np.sum(np.where(picked, s, onp.zeros(3))))(2.0)
    assert onp.shape(g) == () and float(g) == 2.0


def test_select_is_differentiable_in_choices_and_default():
    x = onp.array([-1.0, 0.5, 2.0, 3.0])

    def f(x):
        return np.sum(np.select([x > 2.5, x > 1, x > 0], [x ** 2, 3 * x, -x], default=x ** 3))
    onp.testing.assert_allclose(grad(f)(x), [3.0, -1.0, 3.0, 6.0])
    g_numpy = grad(lambda x: np.sum(onp.select([x > 0], [x ** 2], default=-x)))(x)
    onp.testing.assert_allclose(g_numpy, [-1.0, 1.0, 4.0, 6.0])
    plain = np.select([x > 0], [x], default=0.0)
    assert isinstance(plain, np.ndarray) and plain.tolist() == [0.0, 0.5, 2.0, 3.0]


def test_sort_gradient_follows_ties_to_one_place_each():
    x = onp.array([[2.0, 1.0, 2.0], [0.0, 0.0, 0.0]])
    g = grad(lambda x: np.sum(np.sort(x, axis=1) * onp.array([1.0, 10.0, 100.0])))(x)
    assert sorted(g[0].tolist()) == [1.0, 10.0, 100.0]
    assert sorted(g[1].tolist()) == [1.0, 10.0, 100.0]


# ---- unique: duplicates share their value's gradient evenly ----------------------------------
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
