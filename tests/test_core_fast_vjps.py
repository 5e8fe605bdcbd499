"""The fast VJPs (numpy/fast_vjps.py) against the general ones behind them.

Each case builds both VJPs from the same raw call, pulls the same random ``g`` back
through both, and asserts equal gradients of equal dtype and shape; it also asserts
the fast path really took the call (a broken eligibility check would make every case
pass through the general VJP and test nothing). Calls the fast path must leave alone
are checked to fall through. Finite differences for the same ops are in
test_core_facade.py (REGISTERED_CASES) and reach these VJPs through ``grad``.
"""
import autograd.numpy as anp
import numpy as onp
import pytest
from autograd.core import primitive_vjps
from autograd.numpy import numpy_wrapper

import minpy_compat.numpy as np
from minpy_compat import grad, registry
from minpy_compat.numpy.fast_vjps import FAST_VJPS

RNG = onp.random.default_rng(7)


def _values(shape, dtype, positive=False):
    values = RNG.standard_normal(shape)
    return (onp.abs(values) + 0.5 if positive else values).astype(dtype)


def _both(fun, argnums, args, kwargs=None):
    """(fast gradients, general gradients) of ``fun(*args)`` for one random ``g``."""
    kwargs = kwargs or {}
    ans = fun.fun(*args, **kwargs)
    fast = FAST_VJPS[fun](argnums, ans, args, kwargs)
    assert fast is not None, f"the fast path declined {fun.__name__}{argnums}"
    general = registry.general_vjp(fun)(argnums, ans, args, kwargs)
    g = onp.asarray(RNG.standard_normal(onp.shape(ans))).astype(ans.dtype)[()]
    return list(fast(g)), list(general(g))


def _assert_same(fast, general):
    assert len(fast) == len(general)
    for ours, theirs in zip(fast, general):
        ours, theirs = onp.asarray(ours), onp.asarray(theirs)
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
        onp.testing.assert_allclose(ours, theirs, rtol=2e-6 if ours.dtype == onp.float64
                                    else 2e-3)


DTYPES = [onp.float64, onp.float32, onp.float16]
# (x shape, y shape): equal, broadcast both ways, a scalar side, 0-d arrays, a keepdims
# column, leading and length-1 axes summed together, two leading axes on the other side
BINARY_SHAPES = [((3, 4), (3, 4)), ((3, 4), (4,)), ((1, 4), (3, 1)), ((3, 4), ()), ((), ()),
                 ((3, 4), (3, 1)), ((2, 3, 4), (3, 1)), ((4,), (2, 3, 4))]
BINARY = [anp.add, anp.subtract, anp.multiply, anp.true_divide]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", BINARY_SHAPES)
@pytest.mark.parametrize("fun", BINARY, ids=lambda f: f.__name__)
@pytest.mark.parametrize("argnums", [(0,), (1,), (0, 1)])
def test_binary_arithmetic_matches_general(fun, shapes, dtype, argnums):
    x = _values(shapes[0], dtype, positive=True)[()]  # [()] : 0-d becomes a NumPy scalar
    y = _values(shapes[1], dtype, positive=True)[()]
    _assert_same(*_both(fun, argnums, (x, y)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fun", [anp.exp, anp.log, anp.tanh, anp.negative],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("shape", [(3, 4), ()])
def test_unary_functions_match_general(fun, dtype, shape):
    _assert_same(*_both(fun, (0,), (_values(shape, dtype, positive=True)[()],)))


@pytest.mark.parametrize("exponent", [2, 3, 0.5, -1.5])
@pytest.mark.parametrize("shape", [(3, 4), ()])
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_power_with_constant_exponent_matches_general(exponent, shape, dtype):
    x = _values(shape, dtype, positive=True)[()]
    ans = x ** exponent
    if ans.dtype != x.dtype:  # NumPy 1.x: a float32 scalar to a Python power is float64
        assert FAST_VJPS[anp.power]((0,), ans, (x, exponent), {}) is None
        return
    _assert_same(*_both(anp.power, (0,), (x, exponent)))


@pytest.mark.parametrize("fun", [anp.dot, anp.matmul], ids=lambda f: f.__name__)
@pytest.mark.parametrize("shapes", [((5, 3), (3, 4)), ((5, 3), (3,)), ((3,), (3, 4)),
                                    ((3,), (3,))])
@pytest.mark.parametrize("argnums", [(0,), (1,), (0, 1)])
def test_products_match_general(fun, shapes, argnums):
    x, y = (_values(shape, onp.float32) for shape in shapes)
    _assert_same(*_both(fun, argnums, (x, y)))


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
@pytest.mark.parametrize("argnums", [(0,), (1,), (0, 1)])
def test_matrix_products_of_transposed_operands_match_general(dtype, argnums):
    """A layer's product with Fortran-ordered and transposed operands (x.T @ w, x @ w.T)."""
    x, w = _values((3, 5), dtype), _values((4, 3), dtype)
    _assert_same(*_both(anp.dot, argnums, (x.T, w.T)))
    _assert_same(*_both(anp.matmul, argnums, (onp.asfortranarray(x.T), w.T)))


def test_matrix_product_of_mixed_dtypes_takes_the_general_path():
    x, w = _values((2, 3), onp.float64), _values((3, 4), onp.float32)
    ans = anp.dot.fun(x, w)
    assert FAST_VJPS[anp.dot]((1,), ans, (x, w), {}) is None


def test_traced_array_adds_no_init():
    """``lean_call`` and ``trace_leaves`` set a TracedArray's three slots themselves, as
    autograd's ``Box.__init__`` does: a class on its way there that defined ``__init__``
    would be skipped."""
    from autograd.tracer import Box
    from minpy_compat.array import TracedArray
    owners = [cls for cls in TracedArray.__mro__ if "__init__" in vars(cls)]
    assert owners[0] is Box, owners


@pytest.mark.parametrize("fun", [anp.maximum, anp.minimum], ids=lambda f: f.__name__)
@pytest.mark.parametrize("argnums", [(0,), (1,), (0, 1)])
def test_choices_without_ties_match_general(fun, argnums):
    x, y = _values((3, 4), onp.float32), _values((4,), onp.float32)
    _assert_same(*_both(fun, argnums, (x, y)))


REDUCTIONS = [anp.sum, numpy_wrapper._primitive_mean, anp.max, anp.min]


@pytest.mark.parametrize("fun", REDUCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("kwargs", [{}, {"axis": 0}, {"axis": -1, "keepdims": True},
                                    {"axis": (0, 2)}, {"keepdims": True}])
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_reductions_match_general(fun, kwargs, dtype):
    _assert_same(*_both(fun, (0,), (_values((2, 3, 4), dtype),), kwargs))


@pytest.mark.parametrize("argnums", [(0,), (1,), (0, 1)])
def test_choices_with_ties_split_like_general(argnums):
    x = onp.array([[1.0, 2.0, 3.0], [2.0, 0.5, 3.0]])
    _assert_same(*_both(anp.maximum, argnums, (x, onp.array([1.0, 2.0, 3.0]))))


def test_reductions_with_ties_split_like_general():
    x = onp.array([[1.0, 3.0, 3.0], [2.0, 2.0, 0.5]], onp.float32)
    _assert_same(*_both(anp.max, (0,), (x,), {"axis": 1}))


# ---- what the fast path must leave to the general VJPs -----------------------------
DECLINED = [
    ("mixed float dtypes", anp.add, (0,), (onp.ones(3, onp.float32), onp.ones(3)), {}),
    ("integer result", anp.add, (0,), (onp.ones(3, int), onp.ones(3, int)), {}),
    ("complex result", anp.multiply, (0,), (onp.ones(3, complex), onp.ones(3, complex)), {}),
    ("Python float argument", anp.multiply, (0,), (2.0, onp.ones(3)), {}),
    ("where= keyword", anp.sum, (0,), (onp.ones(3),), {"where": onp.array([1, 0, 1], bool)}),
    ("dtype= keyword", anp.sum, (0,), (onp.ones(3, onp.float32),), {"dtype": onp.float64}),
    ("array exponent", anp.power, (0,), (onp.ones(3), onp.ones(3)), {}),
]


@pytest.mark.parametrize("why, fun, argnums, args, kwargs", DECLINED,
                         ids=[case[0] for case in DECLINED])
def test_fast_path_declines(why, fun, argnums, args, kwargs):
    ans = fun.fun(*args, **kwargs)
    assert FAST_VJPS[fun](argnums, ans, args, kwargs) is None


def test_every_fast_vjp_sits_in_front_of_its_general_one():
    for fun, fast in FAST_VJPS.items():
        assert primitive_vjps[fun].fast is fast
        assert registry.general_vjp(fun) is not primitive_vjps[fun]


def test_float32_training_step_keeps_float32_through_the_fast_path():
    w = _values((4, 3), onp.float32)
    x = _values((5, 4), onp.float32)

    def loss(w):
        h = np.tanh(np.dot(x, w) + 1.0)
        return np.mean(np.exp(h) - np.log(h * h + 1.0) / 2.0) + np.max(-h)
    g = grad(loss)(w)
    assert g.dtype == onp.float32
    g64 = grad(loss)(w.astype(onp.float64))
    onp.testing.assert_allclose(g, g64, rtol=1e-4, atol=1e-6)


def test_gradient_of_a_gradient_through_fast_vjps():
    """A fast VJP's closure must accept a traced ``g`` (differentiating a VJP itself)."""
    from minpy_compat import make_vjp
    x = onp.array([0.3, -0.2, 0.8])
    v = onp.array([1.0, 2.0, -1.0])

    def pulled_back(v):
        vjp, _ = make_vjp(lambda x: np.exp(x) * np.tanh(x) + np.sum(x * x))(x)
        return np.sum(vjp(v) ** 2)
    # d/dv sum(J^T v)^2 = 2 J J^T v, with J the Jacobian at x
    jacobian = onp.diag(onp.exp(x) * onp.tanh(x) + onp.exp(x) / onp.cosh(x) ** 2) + 2 * x
    onp.testing.assert_allclose(grad(pulled_back)(v), 2 * jacobian @ jacobian.T @ v,
                                rtol=1e-10)


def test_the_sums_for_a_pair_of_shapes_are_worked_out_once():
    """``summing_to``'s functions depend on the two shapes only: kept per pair, and right for
    every g of that shape (a bias row, a keepdims column, a scalar side)."""
    from minpy_compat.numpy.fast_shapes import summing_to
    for g_shape, shape, axes in [((5, 3), (3,), 0), ((130, 4), (130, 1), 1), ((5, 3), (5, 1), 1)]:
        summed = summing_to(g_shape, shape)
        assert summed is summing_to(g_shape, shape)
        for _ in range(2):
            g = _values(g_shape, onp.float64)
            onp.testing.assert_allclose(summed(g), g.sum(axis=axes).reshape(shape), rtol=1e-12)
    assert summing_to((5, 3), (5, 3)) is None
