"""Dtypes: the bugs the dtype sweep found, each pinned by a test."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from dtype_fuzz_helpers import RNG, numeric_grad


NUMPY2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"


F64 = onp.float64


# ---- what the sweep found ------------------------------------------------------------------
X = RNG.uniform(0.2, 0.8, (3, 4))
Z = X + 1j * X[::-1]
POSITIONAL = {  # NumPy's dtype/out/ddof/keepdims by position: autograd's rules took other ones
    "mean keepdims": lambda m, x: m.mean(x, 0, None, None, True),
    "var dtype": lambda m, x: m.var(x, 0, F64),
    "var ddof": lambda m, x: m.var(x, 0, None, None, 1),
    "var keepdims": lambda m, x: m.var(x, (0, 1), F64, None, 1, True),
    "std ddof keepdims": lambda m, x: m.std(x, 1, None, None, 1, True),
    "sum keepdims": lambda m, x: m.sum(x, 0, None, None, True),
    "prod keepdims": lambda m, x: m.prod(x, 1, F64, None, True),
    "method mean": lambda m, x: x.mean(0, F64, None, True),
    "method var": lambda m, x: x.var(1, None, None, 1),
    "method sum": lambda m, x: x.sum(0, F64, None, True),
}
COMPLEX_VARIANCE = {  # var of complex numbers is the mean of |x - mean|^2
    "var where": lambda m, z: m.var(z, axis=0, where=X > 0.3),
    "std where": lambda m, z: m.std(z, axis=1, where=X > 0.3),
    "var mean=": lambda m, z: m.var(z, axis=0, mean=onp.mean(Z, axis=0, keepdims=True))
    if NUMPY2 else m.var(z, axis=0),
    "var correction": lambda m, z: m.var(z, axis=1, correction=1) if NUMPY2 else
    m.var(z, axis=1, ddof=1),
}
LINSPACE = {
    "dtype": lambda m, a, b: m.linspace(a, b, 4, dtype=F64),
    "endpoint": lambda m, a, b: m.linspace(a, b, 5, endpoint=False),
    "axis": lambda m, a, b: m.linspace(a, b, 3, axis=-1),
    "retstep": lambda m, a, b: m.linspace(a, b, 4, retstep=True)[1] * 3.0,
    "positional": lambda m, a, b: m.linspace(a, b, 4, False, False, None, 1),
    "logspace": lambda m, a, b: m.logspace(a, b, 4, base=2.0),
    "logspace endpoint": lambda m, a, b: m.logspace(a, b, 3, False, 3.0, None, 1),
}


def _fd_check(fun, *args, argnum=0):
    x = args[argnum]

    def loss(v):
        full = list(args)
        full[argnum] = v
        y = fun(np, *full)
        return np.real(np.sum(y * onp.cos(onp.arange(onp.size(y))).reshape(onp.shape(y))))
    onp.testing.assert_allclose(grad(loss)(x), numeric_grad(loss, x), rtol=1e-4, atol=1e-6)
    return loss


@pytest.mark.parametrize("name", POSITIONAL)
def test_reduction_arguments_by_position(name):
    _fd_check(POSITIONAL[name], X)
    g = grad(lambda x: np.sum(POSITIONAL[name](np, x)))(X.astype(onp.float32))
    assert g.dtype == onp.float32


@pytest.mark.parametrize("name", COMPLEX_VARIANCE)
def test_complex_variance_with_options(name):
    onp.testing.assert_allclose(COMPLEX_VARIANCE[name](np, Z), COMPLEX_VARIANCE[name](onp, Z))
    _fd_check(COMPLEX_VARIANCE[name], Z)


@pytest.mark.parametrize("name", LINSPACE)
@pytest.mark.parametrize("argnum", [0, 1])
def test_linspace_and_logspace_endpoints(name, argnum):
    a, b = onp.array([0.3, -0.4]), onp.array([1.2, 0.9])
    onp.testing.assert_allclose(LINSPACE[name](np, a, b), LINSPACE[name](onp, a, b))
    _fd_check(LINSPACE[name], a, b, argnum=argnum)
    g = grad(lambda s: np.sum(LINSPACE[name](np, s, b)))(a.astype(onp.float32))
    assert g.dtype == onp.float32


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.booleans(), st.floats(-3, 3), st.floats(-3, 3))
def test_linspace_gradient_is_the_weight_of_each_endpoint(num, endpoint, start, stop):
    """Each point is (1 - t) start + t stop: d sum / d start = sum(1 - t)."""
    fractions = onp.arange(num) / ((num - 1 if endpoint else num) or 1)
    d_start, d_stop = grad(lambda a, b: np.sum(np.linspace(a, b, num, endpoint=endpoint)),
                           argnum=[0, 1])(start, stop)
    onp.testing.assert_allclose([d_start, d_stop], [onp.sum(1 - fractions), onp.sum(fractions)],
                                atol=1e-12)


@pytest.mark.skipif(not NUMPY2, reason="NumPy 1.x's sign(z) is sign(z.real): a step")
@pytest.mark.parametrize("sign", [lambda z: np.sign(z), lambda z: onp.sign(z)],
                         ids=["facade", "numpy ufunc"])
def test_complex_sign_is_z_over_abs_z_in_numpy2(sign):
    z = onp.array([1 + 2j, -0.5 + 0.3j, 0j, 2 - 1j])
    w = onp.array([0.3 + 0.4j, -1.2, 0.7 - 0.2j, 0.5j])

    def loss(v):
        return np.real(np.sum(sign(v) * w))
    expected = numeric_grad(loss, z)
    expected[2] = 0  # no gradient at 0, as sign of a real 0
    onp.testing.assert_allclose(grad(loss)(z), expected, atol=1e-6)
    assert grad(loss)(z.astype(onp.complex64)).dtype == onp.complex64
    assert np.sign.nin == 1  # still a ufunc


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64, onp.complex128])
def test_sort_complex_gradient_follows_the_order(dtype):
    x = onp.array([0.3 + 1j, 0.3 - 1j, 0.9, 0.5] if dtype == onp.complex128 else
                  [0.3, 0.1, 0.9, 0.5], dtype)
    g = grad(lambda v: np.real(np.sum(np.sort_complex(v) * onp.arange(1.0, 5.0))))(x)
    assert g.dtype == x.dtype
    onp.testing.assert_allclose(g, [2, 1, 4, 3] if dtype == onp.complex128 else [2, 1, 4, 3])


@pytest.mark.parametrize("name", ["arctan2", "copysign"])
def test_elementwise_with_a_bool_first_operand(name):
    f, other = getattr(np, name), onp.array([True, False, True])
    for dtype in (onp.float32, onp.float64):
        x = onp.array([0.4, -0.5, 0.7], dtype)
        g = grad(lambda v: np.sum(f(other, v) * onp.array([1.0, 2.0, 3.0])))(x)
        assert g.dtype == dtype
    _fd_check(lambda m, a, b: getattr(m, name)(a, b), other, x, argnum=1)


@pytest.mark.parametrize("zero_d", [onp.array(2.5), 2.5, onp.float32(1.5)], ids=repr)
def test_convolve_with_a_0d_factor(zero_d):
    v = onp.array([0.3, -0.5, 0.7])
    for args, argnum in (((v, zero_d), 1), ((zero_d, v), 0)):
        if onp.ndim(zero_d) == 0 and not isinstance(zero_d, float):
            args = tuple(onp.asarray(a, F64) for a in args)
        g = grad(lambda s: np.sum(np.convolve(*[s if i == argnum else a for i, a in
                                                enumerate(args)])))(args[argnum])
        assert onp.shape(g) == ()
        onp.testing.assert_allclose(g, onp.sum(v))
