"""customop fixes from the fuzzing pass: mixed float32/float64 inputs, def_multiple_grad's
argnums, complex64 gradients of built-in ops."""
import numpy
import numpy as onp
import pytest
import minpy_compat.numpy as np
from minpy_compat import customop, grad, registry
from minpy_compat.errors import ArgnumError, GradientShapeError

from conftest import check_grad
from customop_fix_helpers import W, X, mul, rng


# ---- 3. mixed float32 / float64 inputs -------------------------------------------------------
def test_wider_float_gradient_is_cast_to_the_argument_dtype():
    x32 = X.astype(onp.float32)
    g = grad(lambda x: np.sum(mul(x, W)))(x32)
    assert g.dtype == onp.float32
    onp.testing.assert_array_equal(g, W.astype(onp.float32))
    assert grad(lambda w: np.sum(mul(x32, w)))(W).dtype == onp.float64


def test_real_or_wider_gradient_for_a_complex64_argument_is_cast():
    z = (X + 1j * W).astype(onp.complex64)

    @customop('numpy')
    def real_part(z):
        return numpy.real(z)
    real_part.def_grad(lambda ans, z: lambda g: g.astype(onp.float64))  # a real float64 one
    g = grad(lambda z: np.sum(real_part(z)))(z)
    assert g.dtype == onp.complex64
    onp.testing.assert_array_equal(g, onp.ones_like(z))


@pytest.mark.parametrize("dtype, bad, got", [
    (onp.float32, lambda g: g + 0j, "complex64"),
    (onp.float64, lambda g: onp.ones(g.shape, onp.int64), "int64"),
    (onp.complex128, lambda g: g.astype(onp.complex64), "complex64"),
])
def test_gradient_of_another_kind_or_less_precision_is_still_refused(dtype, bad, got):
    @customop('numpy')
    def lossy(x):
        return numpy.abs(x)
    lossy.def_grad(lambda ans, x: bad)
    name = onp.dtype(dtype).name
    with pytest.raises(GradientShapeError, match=rf"lossy gradient for argument 0 'x': expected "
                                                 rf"shape \(2, 3\) {name}, got shape \(2, 3\) "
                                                 rf"{got}"):
        grad(lambda x: np.sum(lossy(x)))(X.astype(dtype))


# ---- 4. def_multiple_grad's argnums ----------------------------------------------------------
@pytest.mark.parametrize("argnums, match", [
    (0, r"expected argnums, a non-empty tuple of ints, got 0\. For one argument use "
        r"def_grad\(fn, argnum\)"),
    ((), r"expected argnums, a non-empty tuple of ints, got \(\)"),
    ((0, 0), r"expected distinct argnums, got \(0, 0\) \(repeats 0\)\. List each argnum once"),
    ((1, 0, 1), r"expected distinct argnums, got \(1, 0, 1\) \(repeats 1\)"),
])
def test_def_multiple_grad_refuses_bad_argnums_at_registration(argnums, match):
    @customop('numpy')
    def pair(x, y):
        return x * y
    with pytest.raises(ArgnumError, match=r"pair.def_multiple_grad: " + match):
        pair.def_multiple_grad(lambda ans, x, y: lambda g: (g * y, g * x), argnums=argnums)
    assert registry.registered_argnums(pair) == []


def test_def_multiple_grad_accepts_a_list():
    @customop('numpy')
    def pair(x, y):
        return x * y
    pair.def_multiple_grad(lambda ans, x, y: lambda g: (g * y, g * x), argnums=[0, 1])
    check_grad(pair, X, W)


# ---- 5. complex64 gradients of built-in ops --------------------------------------------------
Z = (rng.normal(size=(3, 3)) + 1j * rng.normal(size=(3, 3)))
HERMITIAN = Z @ Z.conj().T + 3 * onp.eye(3)
COMPLEX_CASES = [
    ("mean", lambda a: np.real(np.mean(a)), Z),
    ("var", lambda a: np.var(a), Z),
    ("std", lambda a: np.std(a), Z),
    ("max", lambda a: np.real(np.max(np.real(a) * a)), Z[0]),
    ("log10", lambda a: np.real(np.sum(np.log10(a))), Z),
    ("exp2", lambda a: np.real(np.sum(np.exp2(a))), Z),
    ("pinv", lambda a: np.real(np.sum(np.linalg.pinv(a))), Z),
    ("solve", lambda a: np.real(np.sum(np.linalg.solve(a, onp.ones(3)))), Z),
    ("irfft", lambda a: np.sum(np.sin(np.fft.irfft(a))), Z),
    ("eigh", lambda a: np.sum(np.linalg.eigh(a)[0] ** 2), HERMITIAN),
    ("cholesky", lambda a: np.real(np.sum(np.linalg.cholesky(a))), HERMITIAN),
]


@pytest.mark.parametrize("f, z", [c[1:] for c in COMPLEX_CASES], ids=[c[0] for c in COMPLEX_CASES])
def test_complex64_input_gets_a_complex64_gradient(f, z):
    g64 = grad(f)(z.astype(onp.complex64))
    assert g64.dtype == onp.complex64
    onp.testing.assert_allclose(g64, grad(f)(z), rtol=2e-3, atol=2e-4)


@pytest.mark.parametrize("f", [
    lambda a: np.real(np.sum(np.dot(a, W.T * (1 + 2j)))),
    lambda a: np.real(np.sum(np.matmul(a, W.T * (1 - 1j)))),
    lambda a: np.real(np.sum(np.inner(a, W * 1j))),
    lambda a: np.real(np.sum(np.where(a > 0, a * (1 + 2j), a))),
], ids=["dot", "matmul", "inner", "where"])
def test_real_input_meeting_a_complex_operand_gets_a_real_gradient(f):
    assert grad(f)(X.astype(onp.float32)).dtype == onp.float32
    assert grad(f)(X).dtype == onp.float64
    check_grad(f, X)
