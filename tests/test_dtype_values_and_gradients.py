"""Dtypes through values and gradients: for the facade's differentiable functions (unary
elementwise, reductions, shape functions, linalg, fft) and float16/32/64, complex64/128
inputs, the value's dtype and shape are NumPy's, untraced and traced; the gradient has the
input's dtype and shape; in float64 and complex128 it matches finite differences; mixed
operands give this NumPy's dtype."""
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from dtype_fuzz_helpers import RNG, numeric_grad


DTYPES = [onp.float16, onp.float32, onp.float64, onp.complex64, onp.complex128]


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
