"""Dtypes through values and gradients: for the facade's differentiable functions (unary
elementwise, reductions, shape functions, linalg, fft) and float16/32/64, complex64/128
inputs, the value's dtype and shape are NumPy's, untraced and traced; the gradient has the
input's dtype and shape; in float64 and complex128 it matches finite differences. Then
mixed operands (Python scalars, float64 0-d and arrays, int and bool arrays: NumPy 1.23's
value-based casting or NumPy 2's promotion, whichever this env has), and the bugs the
sweep found."""
import warnings

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad

DTYPES = [onp.float16, onp.float32, onp.float64, onp.complex64, onp.complex128]
NUMPY2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"
RNG = onp.random.RandomState(11)
F64 = onp.float64


def _positive(dtype, shape=(2, 3)):
    x = RNG.uniform(0.2, 0.8, shape)
    if onp.dtype(dtype).kind == "c":
        x = x + 0.5j * RNG.uniform(0.2, 0.8, shape)
    return x.astype(dtype)


def _well_conditioned(dtype):
    m = RNG.uniform(-0.3, 0.3, (3, 3)) + (0.1j * RNG.uniform(-1, 1, (3, 3))
                                          if onp.dtype(dtype).kind == "c" else 0)
    return (m @ m.conj().T + 2 * onp.eye(3)).astype(dtype)


UNARY = ["negative", "exp", "log", "sqrt", "sin", "cos", "tan", "arcsin", "arctan", "sinh",
         "cosh", "tanh", "arcsinh", "arctanh", "exp2", "expm1", "log2", "log10", "log1p",
         "abs", "fabs", "square", "reciprocal", "sign", "real", "imag", "conj", "angle",
         "rad2deg", "deg2rad", "sinc", "cbrt", "positive", "sort_complex"]
CASES = {name: (lambda name: lambda m, x: getattr(m, name)(x))(name) for name in UNARY}
CASES.update({
    "sigmoid": lambda m, x: m.sigmoid(x) if m is np else 1 / (1 + onp.exp(-x)),
    "sum axis keepdims": lambda m, x: m.sum(x, axis=1, keepdims=True),
    "prod": lambda m, x: m.prod(x, axis=0), "mean": lambda m, x: m.mean(x, axis=-1),
    "var ddof": lambda m, x: m.var(x, axis=0, ddof=1), "std": lambda m, x: m.std(x),
    "max": lambda m, x: m.max(x, axis=1), "cumsum": lambda m, x: m.cumsum(x, axis=1),
    "cumprod": lambda m, x: m.cumprod(x), "nansum": lambda m, x: m.nansum(x, axis=0),
    "nanmean": lambda m, x: m.nanmean(x, axis=1), "median": lambda m, x: m.median(x, 0),
    "average": lambda m, x: m.average(x, axis=1, weights=[1.0, 2.0, 3.0]),
    "trace": lambda m, x: m.trace(x), "diff": lambda m, x: m.diff(x, axis=1),
    "reshape": lambda m, x: m.reshape(x, (3, 2)), "transpose": lambda m, x: m.transpose(x),
    "flip": lambda m, x: m.flip(x, 1), "roll": lambda m, x: m.roll(x, 1),
    "tile": lambda m, x: m.tile(x, (2, 1)), "repeat": lambda m, x: m.repeat(x, 2, axis=0),
    "concatenate": lambda m, x: m.concatenate([x, x], axis=1),
    "stack": lambda m, x: m.stack([x, x]), "pad": lambda m, x: m.pad(x, 1, "edge"),
    "sort": lambda m, x: m.sort(x, axis=1), "take": lambda m, x: m.take(x, [2, 0]),
    "outer": lambda m, x: m.outer(x, x), "dot": lambda m, x: m.dot(x, x.T),
    "einsum": lambda m, x: m.einsum("ij,kj->ik", x, x), "kron": lambda m, x: m.kron(x, x),
    "linspace": lambda m, x: m.linspace(x[0], x[1], 4, endpoint=False, axis=1),
    "fft.fft": lambda m, x: m.fft.fft(x), "fft.ifft n": lambda m, x: m.fft.ifft(x, n=4),
    "fft.fft2 ortho": lambda m, x: m.fft.fft2(x, norm="ortho"),
    "fft.rfft": lambda m, x: m.fft.rfft(x), "fft.irfft": lambda m, x: m.fft.irfft(x, n=4),
    "fft.fftshift": lambda m, x: m.fft.fftshift(x),
    "linalg.norm": lambda m, x: m.linalg.norm(x),
    "linalg.norm axis": lambda m, x: m.linalg.norm(x, ord=3, axis=1),
})
MATRIX_CASES = {
    "linalg.inv": lambda m, x: m.linalg.inv(x), "linalg.det": lambda m, x: m.linalg.det(x),
    "linalg.slogdet": lambda m, x: m.linalg.slogdet(x)[1],
    "linalg.solve": lambda m, x: m.linalg.solve(x, x[:, :1]),
    "linalg.cholesky": lambda m, x: m.linalg.cholesky(x),
    "linalg.eigvalsh": lambda m, x: m.linalg.eigvalsh(x),
    "linalg.svd values": lambda m, x: m.linalg.svd(x, compute_uv=False),
    "linalg.pinv": lambda m, x: m.linalg.pinv(x),
    "linalg.matrix_power": lambda m, x: m.linalg.matrix_power(x, 3),
    "linalg.norm 2": lambda m, x: m.linalg.norm(x, 2),
}
CASES.update(MATRIX_CASES)


def _input(name, dtype):
    return _well_conditioned(dtype) if name in MATRIX_CASES else _positive(dtype)


def _numpy(name, dtype):
    """NumPy's result for this case, or None where NumPy refuses the dtype."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return onp.asarray(CASES[name](onp, _input(name, dtype)))
        except (TypeError, ValueError, onp.linalg.LinAlgError):
            return None


ACCEPTED = [(name, dtype) for name in CASES for dtype in DTYPES
            if _numpy(name, dtype) is not None]
DIFFERENTIABLE = [(name, dtype) for name, dtype in ACCEPTED
                  if _numpy(name, dtype).dtype.kind in "fc"]


def _loss(name, weights, seen=None):
    def loss(x):
        y = CASES[name](np, x)
        if seen is not None:
            seen.update(dtype=y.dtype, shape=y.shape)
        return np.real(np.sum(y * weights))
    return loss


def _ids(params):
    return [f"{name}-{onp.dtype(dtype).name}" for name, dtype in params]


@pytest.mark.parametrize("name, dtype", ACCEPTED, ids=_ids(ACCEPTED))
def test_value_dtype_and_shape_are_numpys(name, dtype):
    expected = _numpy(name, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = CASES[name](np, np.array(_input(name, dtype)))
    assert (got.dtype, got.shape) == (expected.dtype, expected.shape)


@pytest.mark.parametrize("name, dtype", DIFFERENTIABLE, ids=_ids(DIFFERENTIABLE))
@pytest.mark.filterwarnings("ignore::numpy.ComplexWarning" if hasattr(onp, "ComplexWarning")
                            else "ignore::numpy.exceptions.ComplexWarning")
def test_traced_value_and_gradient_keep_dtypes(name, dtype):
    expected, x, seen = _numpy(name, dtype), _input(name, dtype), {}
    g = grad(_loss(name, onp.ones(expected.shape), seen))(x)
    assert (seen["dtype"], seen["shape"]) == (expected.dtype, expected.shape)
    assert (g.dtype, g.shape) == (x.dtype, x.shape)


def numeric_grad(loss, x, eps=1e-6):
    """Central differences; for complex ``x`` autograd's convention d/dre - 1j d/dim."""
    out = onp.zeros_like(x)
    for i in onp.ndindex(x.shape):
        for part, unit in ((1, 1.0), (-1j, 1j)) if x.dtype.kind == "c" else ((1, 1.0),):
            up, down = x.copy(), x.copy()
            up[i] += eps * unit
            down[i] -= eps * unit
            out[i] += part * (float(loss(up)) - float(loss(down))) / (2 * eps)
    return out


FD_CASES = [(name, dtype) for name, dtype in DIFFERENTIABLE
            if dtype in (onp.float64, onp.complex128)]


@pytest.mark.parametrize("name, dtype", FD_CASES, ids=_ids(FD_CASES))
@pytest.mark.filterwarnings("ignore::numpy.ComplexWarning" if hasattr(onp, "ComplexWarning")
                            else "ignore::numpy.exceptions.ComplexWarning")
def test_float64_gradient_matches_finite_differences(name, dtype):
    x = _input(name, dtype)
    weights = RNG.uniform(-1, 1, _numpy(name, dtype).shape)
    loss = _loss(name, weights)
    onp.testing.assert_allclose(grad(loss)(x), numeric_grad(loss, x), rtol=1e-4, atol=1e-5)


# ---- mixed operands: the result's dtype is this NumPy's, each float gradient its input's --
OPERANDS = {"float": 2.5, "int": 2, "f64 0-d": onp.array(2.5), "f64 scalar": onp.float64(2.5),
            "f64 array": onp.array([1.5, 2.5, 0.5]), "f16 array": onp.ones(3, onp.float16),
            "f32 0-d": onp.array(1.5, onp.float32), "i32 array": onp.arange(1, 4, dtype="i4"),
            "u8 array": onp.arange(1, 4, dtype="u1"), "bool array": onp.array([1, 0, 1], bool),
            "c64 array": onp.array([1 + 1j, 2, 1j], onp.complex64)}
BINARY = ["add", "subtract", "multiply", "divide", "power", "maximum", "minimum", "fmax",
          "hypot", "arctan2", "logaddexp", "copysign", "float_power", "mod", "heaviside",
          "dot", "outer", "convolve", "where"]
MIXED = [(f, o, first) for f in BINARY for o in OPERANDS for first in (True, False)]


def _binary(m, name, a, b):
    if name == "where":
        return m.where(onp.array([True, False, True]), a, b)
    return getattr(m, name)(a, b)


@pytest.mark.parametrize("name, other, first", MIXED,
                         ids=[f"{f}-{o}-{'ab'[not first]}" for f, o, first in MIXED])
def test_float32_with_mixed_operand(name, other, first):
    x, o = onp.array([0.3, 0.5, 0.7], onp.float32), OPERANDS[other]
    args = (x, o) if first else (o, x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = onp.asarray(_binary(onp, name, *args))
        except TypeError:
            pytest.skip(f"NumPy {onp.__version__} refuses {name} with {other}")
        got = _binary(np, name, *args)
    assert (got.dtype, got.shape) == (expected.dtype, expected.shape)
    if expected.dtype.kind not in "fc":
        return
    for argnum, arg in enumerate(args):
        if onp.result_type(arg).kind != "f" or type(arg) in (int, float):
            continue

        def loss(v):
            full = list(args)
            full[argnum] = v
            return np.real(np.sum(_binary(np, name, *full)))
        with warnings.catch_warnings():  # x / False is inf, as NumPy says; dtypes are the point
            warnings.simplefilter("ignore", RuntimeWarning)
            g = grad(loss)(arg)
        assert (g.dtype, g.shape) == (onp.result_type(arg), onp.shape(arg))


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
